// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

namespace carton {

// numpy.allclose tolerances for one output: an element passes when
// |actual - expected| <= atol + rtol * |expected|.
struct Tolerance {
    double rtol = 1e-5;
    double atol = 1e-8;
    bool equalNan = false; // NaN == NaN
    bool operator==(const Tolerance &) const = default;
};

} // namespace carton
