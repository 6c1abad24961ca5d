// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "documentstate.h"

#include <memory>

namespace carton {
class Carton;
}

namespace studio {

// Writes a document's state to `path` as a .carton (saveCarton, zstd level 1:
// read once by a runner host, then dropped; unchanged entries of a .carton copied
// raw) and opens it: what Run Self-tests and Record Outputs run on while the
// document is edited and not saved. `original` is the document's original (the
// state's files point into it). Any thread; never throws.
carton::Result<std::shared_ptr<const carton::Carton>>
writeStateCopy(const DocumentState &state, const std::shared_ptr<const carton::Carton> &original, const QString &path,
               carton::Progress *progress = nullptr);

// The copy's file name: the document's name as a .carton ("model.carton" for
// "model" or "model.carton"), so that what asks before a run names the carton
// the user knows.
QString stateCopyName(const QString &displayName);

} // namespace studio
