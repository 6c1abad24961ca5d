// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "package/carton.h"
#include "runner/runnersession.h"
#include "selftest/backendcompare.h"
#include "selftest/selftestengine.h"

#include <QJsonArray>
#include <QList>
#include <QString>
#include <functional>
#include <memory>

namespace carton {

// `carton diff --run`: A's and B's models run (each in its own sandboxed runner
// host, as self-tests run) on the same self-test inputs, and B's outputs compared
// with A's by the one tensor comparison (A is the reference), as Polygraphy's
// `--compare` does for two backends: per output the max and mean absolute and
// relative errors, the elements off at the tolerance in force, pass or fail.
struct OutputsDiff {
    QString inputsFrom; // "a" or "b": whose self-tests' inputs both models ran on
    SelfTestRun runA, runB;
    BackendComparison comparison;
    // Compares runB with runA again under `tolerances` (the kept tensors: nothing runs).
    void judge(const ToleranceSettings &tolerances, const CompareOptions &compare = {});
};

// Opens a runner session for one side's carton. What is asked before its code runs
// (consent, the safety scan) and how (sandbox, runner choice) is the caller's: the
// CLI's RunnerCli, the Compare tab's RunConsent before its job starts.
using OpenSession = std::function<Result<std::unique_ptr<RunnerSession>>(const Carton &carton, Progress *progress)>;

// `carton diff --run` and the Compare tab's Outputs: A's model, then B's, each opened
// once through `open` and run on the self-test inputs of each side in `inputsFrom`
// ("a", "b", or both, in that order), then B's outputs judged against A's (judge())
// per side. `options.tolerances` are those in force; the runs' tensors are kept.
// Fails with the opener's or the engine's error, or ErrorCode::Cancelled when
// `progress` is cancelled (the running host is killed by the engine).
CARTONCORE_EXPORT Result<QList<OutputsDiff>> runOutputsDiff(const Carton &a, const QString &pathA, const Carton &b,
                                                            const QString &pathB, const QStringList &inputsFrom,
                                                            const OpenSession &open, const SelfTestOptions &options,
                                                            Progress *progress = nullptr);

// The formatters take runOutputsDiff's list (one entry per side whose inputs ran)
// and say whose inputs each row ran on.
// [{"test", "inputs": "a"|"b", "output", "max_abs_diff", "mean_abs_diff", "max_rel_diff",
//   "mean_rel_diff", "elements_off", "elements", "rtol", "atol", "passed", "problem"?}] in
// run order (A's inputs' rows first); an output one side did not return (or a self-test
// one side could not run) has "passed": false, its "problem" and no figures.
CARTONCORE_EXPORT QJsonArray outputsDiffJson(const QList<OutputsDiff> &outputs);
// Per side a heading "Outputs (both models on A's self-test inputs; B against A):",
// then lines "PASS t1 y: max abs 0.008, mean abs …, max rel …, 3 of 4 elements off".
CARTONCORE_EXPORT QString outputsDiffText(const QList<OutputsDiff> &outputs);
// An HTML section (<section>…</section>) for the review report (diffReportHtml):
// per side "On A's self-test inputs" with its table, then the error maps.
CARTONCORE_EXPORT QString outputsDiffHtml(const QList<OutputsDiff> &outputs);
// Whether B's outputs agree with A's on every side's inputs.
CARTONCORE_EXPORT bool outputsAgree(const QList<OutputsDiff> &outputs);
// "a", "b", or "both" when both sides' inputs ran.
CARTONCORE_EXPORT QString outputsInputsFrom(const QList<OutputsDiff> &outputs);

} // namespace carton
