// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "diff/cartondiff.h"

namespace carton {

class Carton;

// The files of two cartons from their MANIFESTs (plus LINKS): same path and same
// sha256 = unchanged, and no byte of it is read. A carton without MANIFEST has its
// files hashed from the source. Changed text files (by name: carton.toml, LINKS,
// .toml .py .txt .md .json .yaml .yml) get a unified diff; changed files of
// tensor_data/ named by both tensor indexes are compared numerically (B against A,
// exactly) with compareTensors(); both within the caps of `options`. Adds the bytes
// of file content it read to *bytesRead. Fails only when cancelled.
CARTONCORE_EXPORT Result<QList<FileDiff>> diffFiles(const Carton &a, const Carton &b, const DiffOptions &options,
                                                    Progress *progress, qint64 *bytesRead);

// True for files shown as text diffs.
CARTONCORE_EXPORT bool isDiffTextFile(const QString &path);

} // namespace carton
