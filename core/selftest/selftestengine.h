// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "runner/runnersession.h"
#include "selftest/selftestresult.h"
#include "selftest/tensorcompare.h"
#include "selftest/tolerance.h"

#include <QStringList>

namespace carton {

class Carton;
struct CartonInfo;
struct SelfTest;
class Progress;

struct SelfTestOptions {
    ToleranceSettings tolerances;
    // Self-tests to run, by name, by "self_test[N]" or by index ("0"); empty: all.
    QStringList tests;
    bool runExamples = true;
    // A self-test whose tensors contradict [[input]]/[[output]] (dtype, shape,
    // symbols, an undeclared name) cannot run; with this set it runs anyway and
    // the contradictions become notes (upstream's own test.carton has both kinds).
    bool runDespiteSpecMismatch = false;
    bool fetchLinks = false; // load tensors that are only in LINKS (downloads)
    CompareOptions compare;
};

// Runs the carton's self-tests (and examples) through a loaded model:
// for each selected [[self_test]], in order:
//  1. reads its [self_test.tolerance] (a bad table: cannot run);
//  2. loads its input and expected_out tensors from tensor_data (a missing or
//     unreadable tensor, or a reference that is not @tensor_data/: cannot run);
//  3. checks them against [[input]]/[[output]] and binds shape symbols, in that
//     order, once per self-test (a contradiction: cannot run, with the reason);
//  4. calls session.infer once (an error: status Error with the runner's log);
//  5. compares each expected output (tolerances resolved per output, see
//     resolveTolerance) and checks each returned tensor against its [[output]]
//     with the symbols bound by the inputs; missing outputs fail, unexpected ones
//     are noted.
// Then each [[example]] whose inputs are all tensors runs the same way; its
// outputs are kept next to sample_out without a verdict.
// Progress: one step per self-test and example; cancel is checked between them
// (and passed to infer): the rest are NotRun and `cancelled` is set.
// Fails only for a carton without a readable carton.toml, or when options.tests
// names a self-test that does not exist (ErrorCode::Usage); everything else is a
// per-test status.
CARTONCORE_EXPORT Result<SelfTestRun> runSelfTests(const Carton &carton, RunnerSession &session,
                                                   const SelfTestOptions &options, Progress *progress = nullptr);

// Indices of the self-tests `selectors` name, in [[self_test]] order (all when
// empty): a name, "self_test[N]" or "N". ErrorCode::Usage naming the self-tests
// there are when a selector matches none.
CARTONCORE_EXPORT Result<QList<int>> selectSelfTests(const CartonInfo &info, const QStringList &selectors);
// How messages, undo steps and reports name self_test[index]: its name, or
// "self_test[INDEX]" when it has none.
CARTONCORE_EXPORT QString selfTestName(const SelfTest &test, qsizetype index);

// The input tensors of self_test[index], loaded whole from tensor_data (the
// engine's own loading; no spec checks). Fails naming the reference that cannot be loaded.
CARTONCORE_EXPORT Result<TensorMap> loadSelfTestInputs(const Carton &carton, int index, bool fetchLinks = false);

// Re-judges a finished run with other tolerances, without running the model:
// every compared output is compared again from the kept tensors and each status
// that came from comparisons (Passed / Failed) is derived again. CannotRun, Error
// and NotRun stay. Example comparisons are refreshed too.
CARTONCORE_EXPORT void judge(SelfTestRun &run, const ToleranceSettings &tolerances, const CompareOptions &compare = {});

} // namespace carton
