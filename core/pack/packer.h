// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "base/limits.h"
#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "zip/zipentry.h"

#include <QString>

namespace carton {

struct PackOptions {
    ZipMethod method = ZipMethod::Zstd;
    int level = 3;
    bool overwrite = false;     // replace an existing output file
    int threads = 0;            // 0: one per core
    Limits limits;
};

struct PackResult {
    QByteArray modelHash;       // sha256 hex of the written MANIFEST
    qint64 bytesWritten = 0;
    int fileCount = 0;
    Diagnostics diagnostics;    // warnings from validation (errors abort the pack)
};

// Packs a folder (carton.toml, model/, optional tensor_data/, misc/, LINKS) into a
// .carton: validates it first (errors abort), writes every file in MANIFEST
// order with the chosen method (MANIFEST and LINKS Stored), generates MANIFEST
// (an existing one in the folder is replaced), streaming with bounded memory,
// reproducible (same input => same bytes), atomic (temporary file + rename;
// nothing left behind on error or cancel).
CARTONCORE_EXPORT Result<PackResult> packFolder(const QString &folder, const QString &outputFile,
                                                const PackOptions &options = {}, Progress *progress = nullptr);

} // namespace carton
