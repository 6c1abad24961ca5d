// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "selftest/selftestresult.h"

#include <QStringList>

namespace carton {

class Carton;
class CartonEdits;
class RunnerSession;
class Progress;
struct CartonInfo;
struct SelfTestOptions;

struct RecordOptions {
    // Self-tests to record, as SelfTestOptions::tests (empty: all).
    QStringList tests;
    // Record self-tests that already have an expected_out too (their tensors are
    // replaced); without it they are skipped and say so. An expected_out table that
    // is present but empty names nothing: it is filled either way.
    bool overwrite = false;
    bool fetchLinks = false;
    bool runDespiteSpecMismatch = false;
};

// One output the model returned for a self-test, to be kept as expected_out.
struct RecordedOutput {
    QString name;          // the output's name (the expected_out key)
    Tensor tensor;         // what the model returned
    QString tensorName;    // its tensor_data name; set by applyRecording()
    bool replaced = false; // applyRecording() rewrote the tensor the old expected_out named
};

struct TestRecording {
    enum class Outcome {
        Recorded, // outputs holds what the model returned
        Skipped,  // it already has a non-empty expected_out and overwrite was not asked for
        Failed,   // the model did not run on it, or returned what cannot be kept: see reason
    };
    int index = 0; // position in [[self_test]]
    QString name;  // its name, or "self_test[INDEX]"
    Outcome outcome = Outcome::Skipped;
    QString reason; // Skipped / Failed: why
    QList<RecordedOutput> outputs;
};

// What recording found: the run that produced the outputs (timings, sandbox, log)
// and per selected self-test what is to be kept.
struct Recording {
    SelfTestRun run;
    QList<TestRecording> tests;

    qsizetype count(TestRecording::Outcome outcome) const
    {
        qsizetype n = 0;
        for (const TestRecording &t : tests)
            n += t.outcome == outcome;
        return n;
    }
};

// Runs the selected self-tests through `session` (runSelfTests: the same loading,
// checks and sandboxed host as `carton selftest`) and keeps every output the model
// returned. A self-test that already has a non-empty expected_out is Skipped unless
// options.overwrite; one the model does not run on (cannot run, error, cancelled)
// or whose returned output contradicts its [[output]] is Failed with the reason,
// and so is one returning a nested tensor (tensor_data keeps it as inner tensors,
// which a runner's output is not). Fails like runSelfTests (no carton.toml, an
// unknown self-test name).
CARTONCORE_EXPORT Result<Recording> recordOutputs(const Carton &carton, RunnerSession &session,
                                                  const RecordOptions &options, Progress *progress = nullptr);

// Writes the Recorded self-tests of `recording` into `info` and `edits`: each
// output becomes a tensor_data tensor (its bytes in memory, tensor_N.bin or, for
// strings, tensor_N.toml; index.toml rewritten) and the self-test's expected_out
// names them in the order the outputs were returned. A new tensor is named
// "<self-test>_<output>" as a slug (uniqueTensorName; made unique with _2, _3...). With an expected_out already
// there, the tensor it named for that output is rewritten under its own name when
// nothing else refers to it; otherwise a new tensor is added. Sets each
// RecordedOutput's tensorName and replaced. `edits`' carton.toml is set from the
// new `info`. Fails (nothing changed) when index.toml cannot be read.
CARTONCORE_EXPORT Status applyRecording(Recording &recording, CartonInfo &info, CartonEdits &edits);

} // namespace carton
