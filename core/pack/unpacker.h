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
    bool fetchLinks = false;    // fetch linked files (else they are skipped and reported)
    bool overwrite = false;     // allow a non-empty target folder
    FetchOptions fetch;
    QStringList only;           // extract just these paths (empty: everything)
};

struct UnpackResult {
    int filesWritten = 0;
    qint64 bytesWritten = 0;
    QStringList skippedLinked;  // linked files not fetched
};

// Extracts a carton into `folder`: every path checked (no traversal, absolute
// paths, escaping links, duplicates), sizes and ratios capped by the carton's
// Limits, CRC/sha256 checked, symlinks recreated only when they stay inside the
// folder. Each file is written to a temporary name and renamed; on error or
// cancel the files written so far are removed. Nothing is written outside `folder`.
CARTONCORE_EXPORT Result<UnpackResult> unpackCarton(const Carton &carton, const QString &folder,
                                                    const UnpackOptions &options = {},
                                                    Progress *progress = nullptr);

} // namespace carton
