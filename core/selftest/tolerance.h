// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "format/cartontolerance.h"
#include "format/dtype.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringView>
#include <optional>

namespace carton {

// numpy.allclose tolerances for one output: an element passes when
// |actual - expected| <= atol + rtol * |expected|.
struct Tolerance {
    double rtol = 1e-5;
    double atol = 1e-8;
    bool equalNan = false; // NaN == NaN
    bool operator==(const Tolerance &) const = default;
};

// Named tolerance levels. The figures depend on the dtype (tolerancePreset):
// - Exact:       rtol 0, atol 0 (bit-for-bit results, e.g. the same runner again).
// - Close:       the default. float32/float64: numpy's rtol 1e-5, atol 1e-8.
//                float16: rtol 1e-3, atol 1e-5; bfloat16: rtol 1.6e-2, atol 1e-5 —
//                torch.testing's figures: one rounding of a float16 result is
//                already up to 2^-11 ≈ 4.9e-4 relative (bfloat16: 2^-8 ≈ 3.9e-3),
//                so numpy's 1e-5 would fail every half-precision model.
// - Approximate: 100x Close's rtol (at most 5e-2) and 1000x its atol (other
//                BLAS, GPU vs CPU, TF32, fused kernels reordering sums).
// - Loose:       rtol 1e-2, atol 1e-3 (float16/bfloat16: 1e-1, 1e-2): quantised
//                models, another framework.
enum class TolerancePreset { Exact, Close, Approximate, Loose };

CARTONCORE_EXPORT QString tolerancePresetName(TolerancePreset preset); // "exact", "close", ...
CARTONCORE_EXPORT std::optional<TolerancePreset> parseTolerancePreset(QStringView name);
// The preset's figures for `dtype` (integers, bools, strings: always exact).
CARTONCORE_EXPORT Tolerance tolerancePreset(TolerancePreset preset, DType dtype);

// What the user asked for (CLI options, GUI controls).
struct ToleranceSettings {
    TolerancePreset preset = TolerancePreset::Close;
    ToleranceOverride all;
    QMap<QString, ToleranceOverride> perOutput;
    bool useCartonTolerances = true; // false: ignore [self_test.tolerance]

    // Applies one command-line value of `--rtol` / `--atol` ("1e-4" for every
    // output, "y:1e-3" for output y; the last ':' splits, so names may hold ':').
    // Fails (ErrorCode::Usage) on an unknown option name or a value that is not a
    // finite number >= 0.
    Status applyOption(QStringView option, QStringView value);
    bool operator==(const ToleranceSettings &) const = default;
};

// The tolerance for one output: each of rtol, atol and equal_nan comes from the
// first level that sets it, in this order:
//   1. the user's per-output value (--atol y:1e-3)
//   2. the user's value for every output (--rtol 1e-4)
//   3. the carton's [self_test.tolerance.<output>]
//   4. the carton's [self_test.tolerance]
//   5. the preset for the output's dtype.
// Integers, bools and strings are compared exactly whatever is set.
CARTONCORE_EXPORT Tolerance resolveTolerance(const ToleranceSettings &settings, const CartonTolerance &carton,
                                             const QString &output, DType dtype);

} // namespace carton
