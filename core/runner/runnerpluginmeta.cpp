// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runnerpluginmeta.h"

#include "format/semver.h"

#include <QJsonArray>
#include <cmath>

namespace carton {

namespace {

constexpr std::pair<RunnerOptionSpec::Type, const char *> kTypes[] = {
    {RunnerOptionSpec::Type::String, "string"}, {RunnerOptionSpec::Type::Integer, "integer"},
    {RunnerOptionSpec::Type::Float, "float"},   {RunnerOptionSpec::Type::Boolean, "boolean"},
    {RunnerOptionSpec::Type::Any, "any"},
};

QJsonValue toJson(const RunnerOpt &opt)
{
    return std::visit([](const auto &v) { return QJsonValue(v); }, opt);
}

QString describe(const RunnerOpt &opt)
{
    return std::visit(
        [](const auto &v) -> QString {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, QString>)
                return QStringLiteral("the string \"%1\"").arg(v);
            else if constexpr (std::is_same_v<T, bool>)
                return v ? QStringLiteral("true") : QStringLiteral("false");
            else
                return QString::number(v);
        },
        opt);
}

// Converts `value` to the option's type; nullopt when it cannot.
std::optional<QJsonValue> convert(const RunnerOptionSpec &spec, const RunnerOpt &value, bool fromText)
{
    using Type = RunnerOptionSpec::Type;
    if (fromText && std::holds_alternative<QString>(value)) {
        const QString &text = std::get<QString>(value);
        bool ok = false;
        switch (spec.type) {
        case Type::String:
        case Type::Any:
            return QJsonValue(text);
        case Type::Integer: {
            const qint64 v = text.toLongLong(&ok);
            return ok ? std::optional<QJsonValue>(QJsonValue(v)) : std::nullopt;
        }
        case Type::Float: {
            const double v = text.toDouble(&ok);
            return ok ? std::optional<QJsonValue>(QJsonValue(v)) : std::nullopt;
        }
        case Type::Boolean:
            if (text == u"true" || text == u"1")
                return QJsonValue(true);
            if (text == u"false" || text == u"0")
                return QJsonValue(false);
            return std::nullopt;
        }
    }
    switch (spec.type) {
    case Type::Any:
        return toJson(value);
    case Type::String:
        if (std::holds_alternative<QString>(value))
            return toJson(value);
        break;
    case Type::Integer:
        if (std::holds_alternative<qint64>(value))
            return toJson(value);
        break;
    case Type::Float:
        if (std::holds_alternative<double>(value))
            return toJson(value);
        if (std::holds_alternative<qint64>(value))
            return QJsonValue(double(std::get<qint64>(value)));
        break;
    case Type::Boolean:
        if (std::holds_alternative<bool>(value))
            return toJson(value);
        break;
    }
    return std::nullopt;
}

} // namespace

bool RunnerOptionSpec::matches(const QString &key) const
{
    if (name.endsWith(u".*"))
        return key.startsWith(name.chopped(1)) && key.size() > name.size() - 1;
    return key == name;
}

QString RunnerOptionSpec::typeName(Type type)
{
    for (const auto &[t, n] : kTypes) {
        if (t == type)
            return QString::fromLatin1(n);
    }
    return {};
}

Result<RunnerPluginInfo> parseRunnerPluginMetaData(const QJsonObject &m, const QString &path)
{
    auto fail = [&](const QString &msg) { return makeError(ErrorCode::Format, msg, path); };
    RunnerPluginInfo info;
    info.path = path;
    info.runnerName = m.value(u"runner_name").toString();
    if (info.runnerName.isEmpty())
        return fail(QStringLiteral("plugin metadata: \"runner_name\" must be a non-empty string"));
    info.frameworkVersion = m.value(u"framework_version").toString();
    if (const Result<SemVersion> version = parseSemVersion(info.frameworkVersion); !version)
        return fail(QStringLiteral("plugin metadata: \"framework_version\" must be a semantic version (\"%1\": %2)")
                        .arg(info.frameworkVersion, version.error().message));
    const QJsonValue compat = m.value(u"runner_compat_versions");
    if (!compat.isArray() || compat.toArray().isEmpty())
        return fail(
            QStringLiteral("plugin metadata: \"runner_compat_versions\" must be a non-empty array of integers"));
    for (const QJsonValue &v : compat.toArray()) {
        if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()))
            return fail(QStringLiteral("plugin metadata: \"runner_compat_versions\" must hold integers"));
        info.compatVersions.append(qint64(v.toDouble()));
    }
    info.description = m.value(u"description").toString();
    const QJsonValue options = m.value(u"options");
    if (!options.isUndefined() && !options.isArray())
        return fail(QStringLiteral("plugin metadata: \"options\" must be an array"));
    for (const QJsonValue &v : options.toArray()) {
        const QJsonObject o = v.toObject();
        RunnerOptionSpec spec;
        spec.name = o.value(u"name").toString();
        if (spec.name.isEmpty())
            return fail(QStringLiteral("plugin metadata: every option needs a \"name\""));
        const QString type = o.value(u"type").toString(QStringLiteral("any"));
        bool known = false;
        for (const auto &[t, n] : kTypes) {
            if (type == QLatin1StringView(n)) {
                spec.type = t;
                known = true;
            }
        }
        if (!known)
            return fail(QStringLiteral("plugin metadata: option \"%1\" has type \"%2\"; expected string, integer, "
                                       "float, boolean or any")
                            .arg(spec.name, type));
        spec.defaultValue = o.value(u"default");
        spec.description = o.value(u"description").toString();
        info.options.append(spec);
    }
    return info;
}

Result<ResolvedRunnerOptions> resolveRunnerOptions(const RunnerPluginInfo &plugin, const RunnerOpts &cartonOpts,
                                                   const RunnerOpts &overrides)
{
    ResolvedRunnerOptions out;
    for (const RunnerOptionSpec &spec : plugin.options) {
        if (!spec.defaultValue.isUndefined() && !spec.defaultValue.isNull() && !spec.name.endsWith(u".*"))
            out.options.insert(spec.name, spec.defaultValue);
    }
    auto apply = [&](const RunnerOpts &opts, bool fromText, const QString &origin) -> Status {
        for (const auto &[key, value] : opts) {
            const RunnerOptionSpec *spec = nullptr;
            for (const RunnerOptionSpec &s : plugin.options) {
                if (s.matches(key)) {
                    spec = &s;
                    break;
                }
            }
            if (!spec) {
                const QString warning = QStringLiteral("runner option '%1' (%2) is not known to runner %3 %4")
                                            .arg(key, origin, plugin.runnerName, plugin.frameworkVersion);
                if (!out.warnings.contains(warning))
                    out.warnings.append(warning);
                out.options.insert(key, toJson(value));
                continue;
            }
            const std::optional<QJsonValue> converted = convert(*spec, value, fromText);
            if (!converted)
                return makeError(ErrorCode::Usage,
                                 QStringLiteral("runner option '%1' (%2) must be of type %3, not %4")
                                     .arg(key, origin, RunnerOptionSpec::typeName(spec->type), describe(value)));
            out.options.insert(key, *converted);
        }
        return {};
    };
    if (Status s = apply(cartonOpts, false, QStringLiteral("from [runner.opts]")); !s)
        return s.error();
    if (Status s = apply(overrides, true, QStringLiteral("given for this run")); !s)
        return s.error();
    return out;
}

Result<QPair<QString, RunnerOpt>> parseRunnerOptionOverride(const QString &text)
{
    const qsizetype eq = text.indexOf(u'=');
    if (eq <= 0)
        return makeError(ErrorCode::Usage, QStringLiteral("runner option \"%1\" must be written KEY=VALUE").arg(text));
    return QPair<QString, RunnerOpt>(text.left(eq), RunnerOpt(text.mid(eq + 1)));
}

} // namespace carton
