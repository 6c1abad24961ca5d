// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <array>
#include <cstdint>

namespace carton {

// Viridis (matplotlib's perceptually uniform colour scale) at t in [0, 1] (clamped),
// as 8-bit R, G, B: the one definition the window's heatmaps and the HTML reports'
// error maps share.
CARTONCORE_EXPORT std::array<std::uint8_t, 3> viridis(double t);

} // namespace carton
