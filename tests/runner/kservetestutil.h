// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// What tst_kserverunner (the wire format) and tst_kservesessions (models, shapes,
// failures) share: cartons whose runner only a server URL can run, the session
// opened on them, and small tensor helpers.

#include "kservetestserver.h"
#include "runnertestutil.h"
#include "testpaths.h"

#include <QtEndian>

Q_DECLARE_METATYPE(KserveTestModel)

namespace kservetest {

using namespace carton;
using namespace Qt::StringLiterals;
using Kind = KserveTestModel::Kind;

// A carton whose runner is torchscript >=99 (never installed here) and whose
// [runner.opts] the kserve runner does not know: a server URL must ignore both.
inline QByteArray cartonToml(const QString &modelName, const QByteArray &specs)
{
    return "spec_version = 1\nmodel_name = \"" + modelName.toUtf8() + "\"\n" + specs +
           "\n[runner]\nrunner_name = \"torchscript\"\nrequired_framework_version = \">=99.0.0\"\n"
           "runner_compat_version = 1\n[runner.opts]\nnum_threads = 4\n";
}

inline QByteArray spec(const char *kind, const char *name, const char *dtype, const char *shape)
{
    return QByteArray("[[") + kind + "]]\nname = \"" + name + "\"\ndtype = \"" + dtype + "\"\nshape = " + shape + "\n";
}

template <typename T>
QByteArray le(std::initializer_list<T> values)
{
    QByteArray out;
    for (T v : values) {
        const T x = qToLittleEndian(v);
        out.append(reinterpret_cast<const char *>(&x), sizeof x);
    }
    return out;
}

struct Opened {
    std::unique_ptr<Carton> carton;
    Result<std::unique_ptr<RunnerSession>> session = makeError(ErrorCode::Usage, u"not opened"_s);
    QStringList warnings;
};

inline Opened openOn(const QString &dir, const QByteArray &toml, const QString &url, const QStringList &opts = {},
                     const QString &model = {})
{
    Opened o;
    if (!testutil::writeFile(dir + u"/carton.toml"_s, toml))
        return o;
    o.carton = runnertest::openCarton(dir);
    if (!o.carton)
        return o;
    RunOptions options = runnertest::runOptions();
    for (const QString &kv : opts) {
        Result<QPair<QString, RunnerOpt>> p = parseRunnerOptionOverride(kv);
        if (p)
            options.optionOverrides.append(*p);
    }
    RunnerChoice choice;
    choice.kserveUrl = url;
    choice.kserveModel = model;
    o.session = openRunnerSession(*o.carton, choice, options, &o.warnings);
    return o;
}

// For QVERIFY2, which evaluates its message even when the check passes.
template <typename T>
QByteArray errorText(const Result<T> &r)
{
    return r ? QByteArray() : r.error().toString().toUtf8();
}

inline bool sameTensor(const Tensor &a, const Tensor &b)
{
    return a.name() == b.name() && a.dtype() == b.dtype() && a.shape() == b.shape() && a.data() == b.data() &&
           a.stringValues() == b.stringValues();
}

} // namespace kservetest
