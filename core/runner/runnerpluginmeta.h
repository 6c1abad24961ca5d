// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "format/cartoninfo.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

namespace carton {

// One option a runner plugin understands, from its metadata.
struct CARTONCORE_EXPORT RunnerOptionSpec {
    enum class Type { String, Integer, Float, Boolean, Any };
    QString name; // "num_threads", or a prefix pattern "model.*"
    Type type = Type::Any;
    QJsonValue defaultValue{QJsonValue::Undefined}; // Undefined (or null): no default
    QString description;

    bool matches(const QString &key) const;
    static QString typeName(Type type);
};

// A runner plugin as its metadata describes it (read without loading it).
struct RunnerPluginInfo {
    QString path; // the library file
    QString runnerName;
    QString frameworkVersion;
    QList<qint64> compatVersions;
    QString description;
    QList<RunnerOptionSpec> options;
};

// Reads the "MetaData" object of a plugin; errors name the field and what was expected.
CARTONCORE_EXPORT Result<RunnerPluginInfo> parseRunnerPluginMetaData(const QJsonObject &metaData, const QString &path);

// The options a run passes to the plugin: the plugin's defaults, then the
// carton's [runner.opts], then `overrides` (values given as text are converted
// to the option's type: "4" for an integer). A key no option matches is passed
// on with a warning ("runner option 'x' is not known to runner noop"); a value
// of the wrong type is an ErrorCode::Usage error naming the option.
struct ResolvedRunnerOptions {
    QJsonObject options;
    QStringList warnings;
};
CARTONCORE_EXPORT Result<ResolvedRunnerOptions>
resolveRunnerOptions(const RunnerPluginInfo &plugin, const RunnerOpts &cartonOpts, const RunnerOpts &overrides);

// "key=value" from a command line, kept as text (resolveRunnerOptions converts it).
CARTONCORE_EXPORT Result<QPair<QString, RunnerOpt>> parseRunnerOptionOverride(const QString &text);

} // namespace carton
