// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "selftest/backendcompare.h"

#include <QJsonArray>
#include <QString>

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
};

// [{"test", "output", "max_abs_diff", "mean_abs_diff", "max_rel_diff", "mean_rel_diff",
//   "elements_off", "elements", "rtol", "atol", "passed", "problem"?}] in run order;
// an output one side did not return (or a self-test one side could not run) has
// "passed": false, its "problem" and no figures.
CARTONCORE_EXPORT QJsonArray outputsDiffJson(const OutputsDiff &outputs);
// Terminal lines: "PASS t1 y: max abs 0.008, mean abs …, max rel …, 3 of 4 elements off".
CARTONCORE_EXPORT QString outputsDiffText(const OutputsDiff &outputs);
// An HTML section (<section>…</section>) for the review report (diffReportHtml).
CARTONCORE_EXPORT QString outputsDiffHtml(const OutputsDiff &outputs);

} // namespace carton
