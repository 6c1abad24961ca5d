// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "diff/cartondiff.h"
#include "format/cartoninfo.h"

namespace carton {

// The inputs and outputs of two cartons, matched by name, each difference
// classified for callers:
// breaking   - dtype changed; rank changed; a fixed dimension changed; a symbol split
//              (dims that were bound together now are not) or merged (dims that could
//              differ must now agree); a new input (calls without it fail); an input
//              or output removed or renamed (a removed spec and an added one with the
//              same dtype and shape); an input's shape or dimension narrowed (from
//              `*` or a symbol to something fixed).
// compatible - descriptions and internal names; a new output; a dimension or shape
//              relaxed to a symbol or `*`; a symbol renamed everywhere; an output's
//              shape narrowed (callers get what they already accepted).
// Unchanged specs give one Unchanged entry each (field empty).
CARTONCORE_EXPORT QList<DiffEntry> diffSpecs(const CartonInfo &a, const CartonInfo &b);

// "float32 [batch, 3]": a spec's dtype and shape as one text.
CARTONCORE_EXPORT QString specSummary(const TensorSpec &spec);

} // namespace carton
