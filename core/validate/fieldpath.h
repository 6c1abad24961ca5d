// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QString>

namespace carton {

// A field path of DiagnosticLocation::field taken apart, the one parser of them:
//   "model_name"                 section "model_name"
//   "required_platforms[3]"      section "required_platforms", index 3
//   "input[2].shape[1]"          section "input", index 2, member "shape", memberIndex 1
//   "self_test[0].inputs.x.y"    section "self_test", index 0, member "inputs", key "x.y"
//   "runner.opts.threads"        section "runner", member "opts", key "threads"
//   "tensor[0].file"             section "tensor", index 0, member "file"
// `key` is the whole rest after the member (tensor and option names may hold dots).
struct CARTONCORE_EXPORT FieldPath {
    QString section;
    int index = -1;       // -1 when the section has no [N]
    QString member;       // empty when there is none
    int memberIndex = -1; // -1 when the member has no [N]
    QString key;          // empty when there is none

    static FieldPath parse(QStringView field);
    // True for "input[N]...", "output[N]..." and the like: a row of a table.
    bool isItemOf(QStringView table) const { return index >= 0 && section == table; }

    bool operator==(const FieldPath &) const = default;
};

} // namespace carton
