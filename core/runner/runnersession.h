// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The contract between the self-test engine (core/selftest) and whatever runs a
// model: a runner-host process (core/runner), a KServe v2 server, or a test double.
// Header-only so that both sides can be built separately; the runner library
// provides the implementations.

#include "base/result.h"
#include "runner/sandbox.h"
#include "tensor/tensor.h"

#include <QMap>
#include <QString>
#include <chrono>
#include <optional>

namespace carton {

class Progress;

// Named tensors in and out of one inference (inputs by the carton's input names).
using TensorMap = QMap<QString, Tensor>;

// One loaded model. `infer` may be called many times; the model is loaded once.
// An error from `infer` is that inference failing (crash, signal, timeout, limit,
// protocol error): its message says which, and `log()` holds the runner's stderr
// tail. Not thread-safe: one call at a time.
class RunnerSession {
public:
    virtual ~RunnerSession() = default;

    virtual Result<TensorMap> infer(const TensorMap &inputs, Progress *progress = nullptr) = 0;
    // The runner's diagnostic output so far (bounded; the tail is kept).
    virtual QString log() const = 0;
    // How long loading the model took, for the report.
    virtual std::chrono::nanoseconds loadTime() const = 0;
    // What the runner host measured around the model's own infer of the last
    // successful infer() (no encoding, transfer or decoding of tensors), and the
    // host's peak resident set so far: for benchmarks. Empty when not measured.
    virtual std::optional<std::chrono::nanoseconds> lastModelTime() const { return std::nullopt; }
    virtual std::optional<qint64> peakRssBytes() const { return std::nullopt; }
    // Whether and how the model's code is confined, for the report.
    virtual SandboxInfo sandbox() const
    {
        SandboxInfo none;
        none.reason = QStringLiteral("the model runs in this process");
        return none;
    }

    // Set when the user forced a runner the carton does not ask for ("torchscript
    // 1.13.1, although the carton asks for torchscript >=2.0 (compat 1)"): every
    // report of the run says so. Empty when the runner matches.
    QString forced() const { return m_forced; }
    void setForced(const QString &note) { m_forced = note; }
    // The runner that runs the model, for reports and the run history: "noop
    // 1.0.0", "kserve 1.0.0 at http://host:8000 (model \"m\")". Empty when unknown.
    QString runner() const { return m_runner; }
    void setRunner(const QString &runner) { m_runner = runner; }

private:
    QString m_forced;
    QString m_runner;
};

} // namespace carton
