// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton runners [--json]
#include "commands.h"
#include "output.h"
#include "runner/runnerregistry.h"
#include "runner/runnersessionfactory.h"

#include <QJsonArray>
#include <QJsonObject>
#include <cmath>

namespace cli {

using namespace carton;

namespace {

QString valueText(const QJsonValue &v)
{
    if (v.isString())
        return u'"' + v.toString() + u'"';
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isDouble()) {
        const double d = v.toDouble();
        return d == std::floor(d) && std::abs(d) < 9.0e15 ? QString::number(qint64(d)) : QString::number(d);
    }
    return QString();
}

QJsonObject pluginJson(const RunnerPluginInfo &p)
{
    QJsonArray compat;
    for (qint64 v : p.compatVersions)
        compat.append(v);
    QJsonArray options;
    for (const RunnerOptionSpec &o : p.options) {
        QJsonObject opt{{QStringLiteral("name"), o.name},
                        {QStringLiteral("type"), RunnerOptionSpec::typeName(o.type)},
                        {QStringLiteral("description"), o.description}};
        if (!o.defaultValue.isUndefined() && !o.defaultValue.isNull())
            opt.insert(QStringLiteral("default"), o.defaultValue);
        options.append(opt);
    }
    return QJsonObject{
        {QStringLiteral("runner_name"), p.runnerName},      {QStringLiteral("framework_version"), p.frameworkVersion},
        {QStringLiteral("runner_compat_versions"), compat}, {QStringLiteral("path"), p.path},
        {QStringLiteral("description"), p.description},     {QStringLiteral("options"), options}};
}

} // namespace

int runRunners(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("List the runner plugins found (CARTON_RUNNER_PATH, the per-user folder, the folder next to "
                       "this program), their versions and options, and the files that could not be used."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    parser.addOption(json);
    int exitCode = Success;
    if (!parseArgs(parser, QStringLiteral("runners"), args, 0, &exitCode))
        return exitCode;

    const RunnerRegistry registry = RunnerRegistry::scan();
    const QString host = findRunnerHost();
    if (parser.isSet(json)) {
        QJsonArray plugins;
        for (const RunnerPluginInfo &p : registry.plugins())
            plugins.append(pluginJson(p));
        QJsonArray problems;
        for (const RunnerLoadProblem &p : registry.problems())
            problems.append(QJsonObject{{QStringLiteral("path"), p.path}, {QStringLiteral("message"), p.message}});
        printJson(QJsonDocument(
            QJsonObject{{QStringLiteral("search_paths"), QJsonArray::fromStringList(registry.searchPaths())},
                        {QStringLiteral("runner_host"), host},
                        {QStringLiteral("plugins"), plugins},
                        {QStringLiteral("problems"), problems}}));
        return Success;
    }
    QString out;
    if (registry.plugins().isEmpty())
        out += QStringLiteral("No runner plugins found.\n");
    for (const RunnerPluginInfo &p : registry.plugins()) {
        QStringList compat;
        for (qint64 v : p.compatVersions)
            compat << QString::number(v);
        out += QStringLiteral("%1 %2 (runner_compat_version %3)\n  %4\n")
                   .arg(p.runnerName, p.frameworkVersion, compat.join(u", "), p.path);
        if (!p.description.isEmpty())
            out += QStringLiteral("  %1\n").arg(p.description);
        for (const RunnerOptionSpec &o : p.options) {
            const QString def = valueText(o.defaultValue);
            out += QStringLiteral("  option %1 (%2%3)%4\n")
                       .arg(o.name, RunnerOptionSpec::typeName(o.type),
                            def.isEmpty() ? QString() : QStringLiteral(", default %1").arg(def),
                            o.description.isEmpty() ? QString() : QStringLiteral(": ") + o.description);
        }
    }
    for (const RunnerLoadProblem &p : registry.problems())
        out += QStringLiteral("problem: %1: %2\n").arg(p.path, p.message);
    out += QStringLiteral("Searched: %1\n").arg(registry.searchPaths().join(u", "));
    out += QStringLiteral("Runner host: %1\n").arg(host.isEmpty() ? QStringLiteral("not found") : host);
    printOut(out);
    return Success;
}

} // namespace cli
