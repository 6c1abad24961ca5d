// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "tensor/tensor.h"

#include <QString>

namespace carton {

// A small inline error map for an HTML report: |b − a| per element (errorMap,
// Absolute) as a PNG in a data: URI (nothing fetched), viridis from 0 to the largest
// finite difference, magenta where one side is not finite, with its colour scale.
// The tensor is laid out as rows × its last dimension (a vector is one row); a map
// larger than 160 × 80 pixels keeps the largest difference of each block. Returns
// <figure class="errormap">…</figure>, or a <p class="small"> saying why there is
// no map (not numeric, shapes differ, too large).
CARTONCORE_EXPORT QString errorMapFigureHtml(const Tensor &a, const Tensor &b, const QString &caption);

} // namespace carton
