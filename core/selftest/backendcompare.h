// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Two backends side by side: the same self-tests run on backend A (the usual
// runner) and backend B (another runner or version, a KServe server), and each
// output B returned compared with what A returned (A is the reference), with the
// same tensor comparison and tolerances as against expected_out.

#include "cartoncore_export.h"
#include "selftest/selftestresult.h"
#include "selftest/tensorcompare.h"
#include "selftest/tolerance.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace carton {

// One output of one self-test on both backends.
struct BackendOutputDiff {
    QString name;
    std::optional<Tensor> a; // what backend A returned (absent: not returned)
    std::optional<Tensor> b;
    // Why A and B cannot be compared ("not returned by backend B"); empty when compared.
    QString problem;
    // B against A (A as the expected side) under the tolerance in force for this
    // output; a shape or dtype difference is its verdict, with both shapes/dtypes.
    std::optional<TensorComparison> comparison;
    bool agrees() const { return problem.isEmpty() && comparison && comparison->passed(); }
};

struct BackendTestDiff {
    int index = 0;
    QString name;
    SelfTestStatus statusA = SelfTestStatus::NotRun; // against expected_out
    SelfTestStatus statusB = SelfTestStatus::NotRun;
    // Set when a side did not run the model (error, cannot run, not run): no
    // outputs to compare. Naming the side and its reason.
    QString problem;
    QList<BackendOutputDiff> outputs; // A's order, then outputs only B returned
    // False when an output differs beyond tolerance, is returned by one side
    // only, or when only one side ran the model.
    bool agrees() const;
};

struct BackendComparison {
    QString backendA; // SelfTestRun::runner of each side
    QString backendB;
    QList<BackendTestDiff> tests;    // in the runs' order
    qsizetype disagreements() const; // self-tests whose outputs disagree
    bool agrees() const { return disagreements() == 0; }
};

// Compares run B's outputs with run A's, self-test by self-test (matched by
// [[self_test]] index; both runs come from the same carton and selection).
// Tolerances: resolveTolerance(tolerances, the self-test's [self_test.tolerance],
// output, A's dtype), the same as against expected_out. A self-test that neither
// side could run (both CannotRun: a broken self-test) is not a disagreement.
CARTONCORE_EXPORT BackendComparison compareBackends(const SelfTestRun &a, const SelfTestRun &b,
                                                    const ToleranceSettings &tolerances,
                                                    const CompareOptions &compare = {});

// {backend_a, backend_b, agree, disagreements, self_tests: [{index, name, status_a,
//  status_b, agree, problem?, outputs: [{name, agree, problem?, a?: {dtype, shape},
//  b?: {...}, comparison?: comparisonToJson}]}]}
CARTONCORE_EXPORT QJsonObject backendComparisonToJson(const BackendComparison &comparison);

} // namespace carton
