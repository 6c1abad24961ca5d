// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// What a self-test run found: one SelfTestRun with a SelfTestResult per
// [[self_test]] and an ExampleResult per [[example]]. Plain values: copy them,
// keep them, re-judge them with judge() (selftestengine.h), serialise them with
// selftestreport.h. Tensors are implicitly shared, so copies are cheap.

#include "cartoncore_export.h"
#include "format/cartoninfo.h"
#include "runner/sandbox.h"
#include "selftest/tensorcompare.h"
#include "selftest/tolerance.h"
#include "tensor/tensor.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <chrono>
#include <optional>

namespace carton {

enum class SelfTestStatus {
    Passed,    // every expected output matched within tolerance
    Failed,    // an output differs, has the wrong shape/dtype, is missing, or contradicts its [[output]]
    CannotRun, // the self-test itself is broken: tensors missing or contradicting the specs, bad tolerance table
    Error,     // the runner failed (crash, timeout, protocol error...): see reason and runnerLog
    NotRun,    // cancelled before it ran
};
CARTONCORE_EXPORT QString
selfTestStatusName(SelfTestStatus status); // "passed", "failed", "cannot run", "error", "not run"

// One output of one self-test.
struct OutputResult {
    enum class Kind {
        Compared,   // expected and returned
        Missing,    // in expected_out, not returned by the model
        Unexpected, // returned, not in expected_out (reported, not a failure)
    };
    QString name;
    Kind kind = Kind::Compared;
    std::optional<Tensor> expected;
    std::optional<Tensor> actual;
    // The returned tensor contradicts its [[output]] (dtype, shape, symbols bound by
    // the inputs): a failure. Empty when it fits or there is no [[output]] for it.
    QString specProblem;
    std::optional<TensorComparison> comparison; // Compared only

    // True when this output does not make its test fail.
    bool ok() const { return specProblem.isEmpty() && kind != Kind::Missing && (!comparison || comparison->passed()); }
};

struct SelfTestResult {
    int index = 0; // position in [[self_test]]
    QString name;  // its name, or "self_test[INDEX]"
    QString description;
    SelfTestStatus status = SelfTestStatus::NotRun;
    QString reason;                  // why it did not pass (empty when passed)
    QStringList notes;               // things worth knowing that do not change the status
    CartonTolerance cartonTolerance; // its [self_test.tolerance]
    QList<OutputResult> outputs;     // expected_out order, then unexpected outputs
    std::optional<std::chrono::nanoseconds> inferenceTime;
    bool firstInference = false; // this test's inference was the run's first (includes warm-up)
    QString runnerLog;           // the runner's log after an error
    SelfTest asRun;              // the [[self_test]] as it was run: found again by it after edits (Keep as Tolerance)
    QString bindings;            // the shape symbols its inputs bound ("batch=2, seq=128"), SymbolBindings::text()
};

enum class ExampleStatus { Ran, CannotRun, Error, NotRun };
CARTONCORE_EXPORT QString exampleStatusName(ExampleStatus status); // "ran", "cannot run", "error", "not run"

// One sample_out entry of an example with what the model returned for it. No
// verdict: examples "don't need to be runnable". A tensor sample is compared for
// information; a misc file (an image...) is only named.
struct ExampleOutput {
    QString name;
    QString sampleRef;            // "@tensor_data/x" / "@misc/y.png"; empty for outputs not in sample_out
    std::optional<Tensor> sample; // a tensor_data sample
    std::optional<Tensor> actual;
    std::optional<TensorComparison> comparison;
};

struct ExampleResult {
    int index = 0;
    QString name; // its name, or "example[INDEX]"
    QString description;
    ExampleStatus status = ExampleStatus::NotRun;
    QString reason;
    QStringList notes;
    QList<ExampleOutput> outputs;
    std::optional<std::chrono::nanoseconds> inferenceTime;
    bool firstInference = false;
    QString runnerLog;
};

struct SelfTestRun {
    QString cartonPath;
    QString modelName;
    QString modelHash;
    QString runnerName; // [runner] runner_name of the carton
    QString runner;     // the runner that ran it, RunnerSession::runner(): "noop 1.0.0"
    ToleranceSettings tolerances;
    std::chrono::nanoseconds loadTime{0}; // RunnerSession::loadTime()
    std::chrono::nanoseconds wallTime{0}; // the whole run, loading tensors and comparing included
    std::optional<std::chrono::nanoseconds> firstInference;
    QList<std::chrono::nanoseconds> laterInferences; // in run order
    QList<SelfTestResult> tests;
    QList<ExampleResult> examples;
    bool cancelled = false;
    QString runnerLog;   // at the end of the run
    SandboxInfo sandbox; // how the model's code was confined (RunnerSession::sandbox())
    QString forced;      // RunnerSession::forced(): a runner the carton does not ask for, forced

    qsizetype count(SelfTestStatus status) const
    {
        qsizetype n = 0;
        for (const SelfTestResult &t : tests)
            n += t.status == status;
        return n;
    }
    qsizetype count(ExampleStatus status) const
    {
        qsizetype n = 0;
        for (const ExampleResult &e : examples)
            n += e.status == status;
        return n;
    }
    // The CLI's exit code: 0 when every selected self-test passed (also when the
    // carton has none), 1 when any failed, could not run, errored or was not run.
    int exitCode() const { return count(SelfTestStatus::Passed) == tests.size() ? 0 : 1; }
};

} // namespace carton
