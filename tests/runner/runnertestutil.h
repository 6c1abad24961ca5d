// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Helpers for the runner tests: where the build put the host and the plugins, and
// cartons written as folders in code.

#include "package/carton.h"
#include "runner/runnersessionfactory.h"
#include "testpaths.h"
#include "testutil.h"

#include <QDir>
#include <QMap>
#include <QTemporaryDir>
#include <cstring>

namespace runnertest {

inline QString hostPath()
{
    return testutil::binaryPath(u"/bin/carton-runner-host");
}
inline QString pluginDir()
{
    return testutil::binaryPath(u"/lib/carton-studio/runners");
}
inline QString testPluginDir()
{
    return testutil::binaryPath(u"/lib/carton-studio/test-runners");
}

// Options that find this build's host and plugins (and nothing installed).
inline carton::RunOptions runOptions()
{
    carton::RunOptions o;
    o.hostExecutable = hostPath();
    o.pluginSearchPaths = {testPluginDir(), pluginDir()};
    return o;
}

// Writes a folder carton: carton.toml with the given [runner] section appended
// to a minimal header, and extra files (path -> bytes).
inline bool writeCarton(const QString &dir, const QByteArray &runnerToml, const QMap<QString, QByteArray> &files = {},
                        const QByteArray &specsToml = {})
{
    QByteArray toml = "spec_version = 1\nmodel_name = \"test\"\n" + specsToml + "\n" + runnerToml;
    if (!testutil::writeFile(dir + QStringLiteral("/carton.toml"), toml))
        return false;
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        if (!testutil::writeFile(dir + u'/' + it.key(), it.value()))
            return false;
    }
    return true;
}

// The carton at `path`, or null when it cannot be opened.
inline std::unique_ptr<carton::Carton> openCarton(const QString &path)
{
    carton::Result<std::unique_ptr<carton::Carton>> c = carton::Carton::open(path);
    return c ? std::move(*c) : nullptr;
}

inline QByteArray floats(std::initializer_list<float> values)
{
    QByteArray out;
    for (float v : values)
        out.append(reinterpret_cast<const char *>(&v), sizeof v);
    return out;
}

inline QList<float> toFloats(const QByteArray &bytes)
{
    QList<float> out(bytes.size() / qsizetype(sizeof(float)));
    std::memcpy(out.data(), bytes.constData(), size_t(out.size()) * sizeof(float));
    return out;
}

// The [runner] section of a python-runner carton whose model/attacks.py has
// get_model(action, target).
inline QByteArray attackRunnerToml(const QString &action, const QString &target)
{
    return "[runner]\nrunner_name = \"python\"\nrequired_framework_version = \">=3.0\"\nrunner_compat_version = 1\n"
           "[runner.opts]\nentrypoint_package = \"attacks\"\nentrypoint_fn = \"get_model\"\n"
           "\"model.action\" = \"" +
           action.toUtf8() + "\"\n\"model.target\" = \"" + target.toUtf8() + "\"\n";
}

// Runs a python-runner carton (model/attacks.py = `script`, made by
// get_model(action, target)) once on x = [1, 2] with `options`; keeps the
// session's sandbox report and log.
inline carton::Result<carton::TensorMap> runAttack(const QByteArray &script, const QString &action,
                                                   const QString &target, const carton::RunOptions &options,
                                                   carton::SandboxInfo *info = nullptr, QString *log = nullptr)
{
    using namespace carton;
    QTemporaryDir dir;
    if (!writeCarton(dir.path(), attackRunnerToml(action, target), {{QStringLiteral("model/attacks.py"), script}}))
        return makeError(ErrorCode::Io, QStringLiteral("cannot write the carton"));
    auto carton = openCarton(dir.path());
    if (!carton)
        return makeError(ErrorCode::Io, QStringLiteral("cannot open the carton"));
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, options);
    if (!session) {
        if (info)
            *info = {};
        return session.error();
    }
    const TensorMap in{
        {QStringLiteral("x"), Tensor::numeric(QStringLiteral("x"), DType::Float32, {2}, floats({1.f, 2.f}))}};
    Result<TensorMap> out = (*session)->infer(in);
    if (info)
        *info = (*session)->sandbox();
    if (log)
        *log = (*session)->log();
    return out;
}

} // namespace runnertest
