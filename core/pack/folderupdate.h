// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "package/cartonedits.h"

#include <QString>

namespace carton {

// Writes the files `edits` holds in memory (FileSource::Kind::Bytes: what
// putBytes() and setInfo() made) into the unpacked carton `folder`, which is the
// edits' original: tensor data first, then tensor_data/index.toml, then
// carton.toml, so that a failure part-way leaves no reference to a file that is
// not there. A file that did not exist is written as a NewFile (appears complete
// or not at all, not fsynced: as cp); one that did is replaced atomically
// (QSaveFile). A MANIFEST in the folder gets the new files' sha256 lines (it is
// left alone when there is none). Files from disk, removals and renames are not
// written: ErrorCode::Unsupported before anything is touched.
CARTONCORE_EXPORT Status writeEditsToFolder(const CartonEdits &edits, const QString &folder);

} // namespace carton
