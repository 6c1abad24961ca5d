// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runnerregistry.h"

#include "format/semver.h"
#include "runner/runnerplugin.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QLibrary>
#include <QPluginLoader>
#include <QStandardPaths>

namespace carton {

namespace {

QString compatText(const QList<qint64> &versions)
{
    QStringList parts;
    for (qint64 v : versions)
        parts << QString::number(v);
    return parts.join(u", ");
}

} // namespace

QStringList RunnerRegistry::defaultSearchPaths()
{
    QStringList out;
    const QString env = qEnvironmentVariable("CARTON_RUNNER_PATH");
    for (const QString &p : env.split(QDir::listSeparator(), Qt::SkipEmptyParts))
        out << QDir::cleanPath(p);
    const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (!data.isEmpty())
        out << QDir::cleanPath(data + QStringLiteral("/carton-studio/runners"));
    if (QCoreApplication::instance())
        out << QDir::cleanPath(QCoreApplication::applicationDirPath() +
                               QStringLiteral("/../lib/carton-studio/runners"));
    out.removeDuplicates();
    return out;
}

RunnerRegistry RunnerRegistry::scan(const QStringList &folders)
{
    RunnerRegistry r;
    r.m_searchPaths = folders;
    for (const QString &folder : folders) {
        const QDir dir(folder);
        if (!dir.exists())
            continue;
        const QFileInfoList files = dir.entryInfoList(QDir::Files, QDir::Name);
        for (const QFileInfo &fi : files) {
            if (!QLibrary::isLibrary(fi.fileName()))
                continue;
            const QString path = fi.absoluteFilePath();
            QPluginLoader loader(path);
            const QJsonObject meta = loader.metaData();
            if (meta.isEmpty()) {
                r.m_problems.append({path, QStringLiteral("not a Qt plugin (no plugin metadata)")});
                continue;
            }
            const QString iid = meta.value(u"IID").toString();
            if (iid != QLatin1StringView(kRunnerPluginIid)) {
                if (iid.startsWith(u"org.cartonstudio.Runner/"))
                    r.m_problems.append({path, QStringLiteral("runner interface %1; this build loads %2")
                                                   .arg(iid, QLatin1StringView(kRunnerPluginIid))});
                else
                    r.m_problems.append({path, QStringLiteral("not a runner plugin (interface \"%1\", expected \"%2\")")
                                                   .arg(iid, QLatin1StringView(kRunnerPluginIid))});
                continue;
            }
            Result<RunnerPluginInfo> info = parseRunnerPluginMetaData(meta.value(u"MetaData").toObject(), path);
            if (!info) {
                r.m_problems.append({path, info.error().message});
                continue;
            }
            r.m_plugins.append(std::move(*info));
        }
    }
    return r;
}

RunnerRegistry RunnerRegistry::fromPlugins(QList<RunnerPluginInfo> plugins)
{
    RunnerRegistry r;
    r.m_plugins = std::move(plugins);
    return r;
}

Result<RunnerPluginInfo> RunnerRegistry::select(const RunnerInfo &runner, const RunnerChoice &choice) const
{
    const QString name = choice.runnerName.isEmpty() ? runner.runnerName : choice.runnerName;
    QList<const RunnerPluginInfo *> named;
    for (const RunnerPluginInfo &p : m_plugins) {
        if (p.runnerName == name)
            named.append(&p);
    }
    if (named.isEmpty()) {
        QStringList installed;
        for (const RunnerPluginInfo &p : m_plugins)
            installed << p.runnerName + u' ' + p.frameworkVersion;
        installed.removeDuplicates();
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("no runner plugin named \"%1\" is installed (installed: %2; searched %3)")
                             .arg(name, installed.isEmpty() ? QStringLiteral("none") : installed.join(u", "),
                                  m_searchPaths.join(u", ")));
    }
    if (!choice.frameworkVersion.isEmpty()) {
        QStringList versions;
        for (const RunnerPluginInfo *p : std::as_const(named))
            versions << p->frameworkVersion;
        named.removeIf([&](const RunnerPluginInfo *p) { return p->frameworkVersion != choice.frameworkVersion; });
        if (named.isEmpty()) {
            versions.removeDuplicates();
            return makeError(ErrorCode::NotFound, QStringLiteral("runner %1 %2 is not installed (installed: %1 %3)")
                                                      .arg(name, choice.frameworkVersion, versions.join(u", ")));
        }
    }
    if (choice.force) {
        const RunnerPluginInfo *best = named.first();
        for (const RunnerPluginInfo *p : named) {
            if (*parseSemVersion(p->frameworkVersion) > *parseSemVersion(best->frameworkVersion))
                best = p;
        }
        return *best;
    }
    if (name != runner.runnerName)
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("the carton needs runner \"%1\", not \"%2\"").arg(runner.runnerName, name));
    const Result<VersionReq> req = VersionReq::parse(runner.requiredFrameworkVersion);
    if (!req)
        return makeError(ErrorCode::Format,
                         QStringLiteral("required_framework_version \"%1\" is not a version "
                                        "requirement: %2")
                             .arg(runner.requiredFrameworkVersion, req.error().message),
                         QStringLiteral("carton.toml: runner.required_framework_version"));
    QStringList reasons;
    for (const RunnerPluginInfo *p : named) {
        const bool versionOk = req->matches(p->frameworkVersion);
        const bool compatOk = p->compatVersions.contains(runner.runnerCompatVersion);
        if (versionOk && compatOk)
            return *p;
        if (!versionOk)
            reasons << QStringLiteral("%1 %2 is installed; the carton requires %1 %3")
                           .arg(name, p->frameworkVersion, runner.requiredFrameworkVersion);
        else
            reasons << QStringLiteral("%1 %2 loads runner_compat_version %3; the carton has %4")
                           .arg(name, p->frameworkVersion, compatText(p->compatVersions))
                           .arg(runner.runnerCompatVersion);
    }
    reasons.removeDuplicates();
    return makeError(ErrorCode::NotFound, QStringLiteral("no installed runner matches: %1").arg(reasons.join(u"; ")));
}

std::optional<RunnerPluginInfo> RunnerRegistry::forceCandidate(const RunnerInfo &runner,
                                                               const RunnerChoice &choice) const
{
    if (choice.force || !choice.kserveUrl.isEmpty() || select(runner, choice))
        return std::nullopt;
    RunnerChoice forced = choice;
    forced.force = true;
    Result<RunnerPluginInfo> plugin = select(runner, forced);
    if (!plugin)
        return std::nullopt;
    return *plugin;
}

} // namespace carton
