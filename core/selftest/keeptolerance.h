// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// "Keep as Tolerance": turn what a run measured (the minimum passing atol of an
// output) into the carton's own [self_test.tolerance], so that the self-test
// passes from then on without anyone typing figures.

#include "base/result.h"
#include "cartoncore_export.h"
#include "format/cartontolerance.h"
#include "selftest/selftestresult.h"

namespace carton {

// `value` rounded up to one significant digit, so that it reads well in
// carton.toml: 0.00994 -> 0.01, 0.0123 -> 0.02, 3.2e-7 -> 4e-7, 7 -> 7. Never
// smaller than `value`; 0 stays 0; negative or not finite: returned as is.
CARTONCORE_EXPORT double roundUpReadable(double value);

// The [self_test.tolerance] of `result` with a tolerance kept that makes the
// compared float outputs pass as the run judged them: the rtol that was applied
// and the minimum passing atol rounded up (roundUpReadable). With `output`, for
// that output only ([self_test.tolerance.<output>]); empty: for the whole
// self-test ([self_test.tolerance], per-output rtol/atol of the outputs it covers
// removed so that it applies to them; equal_nan kept). Other entries are kept.
// Fails (ErrorCode::Usage, the message says why) when the output was not compared
// or was compared exactly (integers, strings), when no finite atol makes it pass
// (a NaN/Inf mismatch), or — for the whole self-test — when its outputs were
// judged with different rtols (keep per output then) or none can take a tolerance.
CARTONCORE_EXPORT Result<CartonTolerance> keptTolerance(const SelfTestResult &result, const QString &output = {});

} // namespace carton
