// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "diff/cartondiff.h"

#include <QJsonObject>

namespace carton {

// The comparison as JSON (what `carton diff --json` prints):
// {"a": {"path", "model_hash"}, "b": {...}, "identical": bool,
//  "breaking": N, "compatible": N, "content_bytes_read": N,
//  "changes": [{"section", "kind", "item", "field"?, "before"?, "after"?, "class", "reason"}...],
//  "files": [{"path", "kind", "sha256_a"?, "sha256_b"?, "size_a"?, "size_b"?, "unified_diff"?, "note"?,
//             "tensor"?: {"name_a", "name_b", "dtype_a", "dtype_b", "shape_a", "shape_b", "compared",
//                         "elements", "mismatches", "max_abs_error", "max_rel_error", "message"}}...]}
// "changes" lists every change (unchanged rows are left out); "files" lists the
// changed files only.
CARTONCORE_EXPORT QJsonObject diffToJson(const CartonDiff &diff);

} // namespace carton
