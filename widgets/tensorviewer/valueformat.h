// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "tensor/tensor.h"

#include <QString>

namespace studio {

// How the viewer writes numbers.
enum class NumberFormat {
    Auto,       // shortest text that reads back the same value (core's valueAsText)
    Fixed,      // floats with a fixed number of decimals
    Scientific, // floats as d.ddde±xx
    Hex,        // integers as their two's complement bits, 0x-prefixed (floats as Auto)
};

// Element `i` of the numeric tensor `block` in `format` (`precision` decimals for
// Fixed/Scientific). Integers and bools are exact in every format but Hex.
QString formatValue(const carton::Tensor &block, qint64 i, NumberFormat format, int precision = 6);

} // namespace studio
