// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "format/cartoninfo.h"
#include "package/cartonedits.h"

namespace studio {

// Same paths with the same sources.
bool sameFiles(const carton::CartonEdits &a, const carton::CartonEdits &b);

// Everything a CartonDocument edits, as one value: carton.toml (typed) and the
// files with where their bytes come from. CartonEdits' carton.toml entry is not
// used: saving writes `info`. Copies are cheap (implicitly shared Qt containers),
// so every undo step keeps the whole state before and after.
struct DocumentState {
    carton::CartonInfo info;
    carton::CartonEdits files;

    bool operator==(const DocumentState &o) const { return info == o.info && sameFiles(files, o.files); }
};

} // namespace studio
