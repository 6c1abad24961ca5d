// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "links/linkfetcher.h"

#include <QString>

namespace carton {

class Carton;

struct UnpackOptions {
    bool fetchLinks = false; // fetch linked files (else they are skipped and reported)
    bool overwrite = false;  // allow a non-empty target folder
    FetchOptions fetch;
    QStringList only; // extract just these paths (empty: everything); a folder
                      // path ("misc") selects everything below it; a path that
                      // matches nothing fails with ErrorCode::NotFound
};

struct UnpackResult {
    int filesWritten = 0; // files and symlinks created (or fetched)
    qint64 bytesWritten = 0;
    QStringList skippedLinked; // linked files not fetched
};

// Extracts a carton into `folder`: every path checked (no traversal, absolute
// paths, escaping links, duplicates), sizes and ratios capped by the carton's
// Limits, CRC/sha256 checked, symlinks recreated only when they stay inside the
// folder. Each file is written to a temporary name and renamed; on error or
// cancel the files written so far are removed. Nothing is written outside `folder`.
//
// Details: every file is first written under a temporary name in its final
// folder and all are renamed at the end, so a failure or cancel leaves the
// target as it was (files it created removed, folders it created removed).
// Folders are created one level at a time and checked through their canonical
// path, so a pre-existing symlink in the target cannot redirect a write outside
// it; an existing file (or symlink) of the same name is replaced, never written
// through. Every stored file's sha256 is checked against MANIFEST while it is
// written (a mismatch fails with ErrorCode::Integrity). A symlink is recreated
// as a relative link to its final target; when `only` selects a symlink but
// not its target, the target's bytes are written under the link's name instead.
// Unpacking a folder carton into itself (or into/around its folder) is refused.
CARTONCORE_EXPORT Result<UnpackResult> unpackCarton(const Carton &carton, const QString &folder,
                                                    const UnpackOptions &options = {}, Progress *progress = nullptr);

} // namespace carton
