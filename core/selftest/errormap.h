// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "selftest/tolerance.h"
#include "tensor/tensor.h"

namespace carton {

// Which error an error map shows per element.
enum class ErrorMapKind {
    Absolute, // |actual - expected|
    Relative, // |actual - expected| / |expected| (0 when both are 0, +inf when only expected is)
    Excess,   // |actual - expected| - (atol + rtol * |expected|): > 0 exactly where allclose fails
};

// The per-element error of `actual` against `expected` as a float32 tensor of
// their (common) shape, for the self-test panel's error map (a heatmap in the
// tensor viewer). Both tensors must be numeric and of the same shape; dtypes may
// differ (both are widened to double first). NaN/Inf elements follow the
// comparison's rules: equal non-finite values (inf == inf of the same sign, NaN ==
// NaN with tolerance.equalNan) have error 0, any other pair with a non-finite side
// has error +inf. `tolerance` is only used by Excess and for equalNan.
// Fails (ErrorCode::Usage) for non-numeric tensors or different shapes, and
// (ErrorCode::Limit) when the map would exceed `maxBytes`.
CARTONCORE_EXPORT Result<Tensor> errorMap(const Tensor &actual, const Tensor &expected, ErrorMapKind kind,
                                          const Tolerance &tolerance = {}, qint64 maxBytes = qint64(2) << 30);

} // namespace carton
