// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "base/limits.h"
#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "format/cartoninfo.h"
#include "zip/zipentry.h"

#include <QString>

namespace carton {

struct PackOptions {
    ZipMethod method = ZipMethod::Zstd;
    int level = 3;
    bool overwrite = false; // replace an existing output file
    int threads = 0;        // 0: one per core
    Limits limits;
};

struct PackResult {
    QByteArray modelHash;    // sha256 hex of the written MANIFEST
    qint64 bytesWritten = 0; // size of the .carton
    int fileCount = 0;       // zip entries written, MANIFEST and LINKS included
    Diagnostics diagnostics; // warnings from validation (errors abort the pack)
};

// Packs a folder (carton.toml, model/, optional tensor_data/, misc/, LINKS) into a
// .carton: validates it first (errors abort), writes every file in MANIFEST
// order with the chosen method (MANIFEST and LINKS Stored; so is a file the method
// would not make smaller: media, tiny files), generates MANIFEST
// (an existing one in the folder is replaced), streaming with bounded memory,
// reproducible (same input => same bytes), atomic (temporary file + rename;
// nothing left behind on error or cancel).
//
// Layout decisions (all fixed, for reproducible bytes):
// - entries in MANIFEST order (byte-wise UTF-8 paths; LINKS at its sorted place),
//   the generated MANIFEST last; MANIFEST and LINKS Stored;
// - every file gets unix mode 0644 and the 1980-01-01 timestamp, whatever its
//   mode and time on disk (executable bits are not kept: runners do not need
//   them, and two checkouts with different umasks must give the same carton);
// - a symlink inside the folder becomes a symlink entry (mode 0120777) whose
//   body is the relative path to its final target (chains are collapsed); its
//   MANIFEST line has the target's sha256. Symlinks leading outside the folder,
//   devices, fifos and sockets are refused;
// - MANIFEST lines of files that are only reachable through LINKS (listed in
//   the folder's MANIFEST, absent from the folder, with URLs in LINKS) are kept;
// - zstd always runs with at least one libzstd worker: its output then does not
//   depend on the number of workers, i.e. on the machine.
// Each file is read once: hashed on one thread while a second one computes the
// CRC, compresses and writes, in 256 KiB chunks through a fixed buffer pool.
// An output inside the folder being packed is refused.
CARTONCORE_EXPORT Result<PackResult> packFolder(const QString &folder, const QString &outputFile,
                                                const PackOptions &options = {}, Progress *progress = nullptr);

// Packs a folder that has no carton.toml (a model's files, as exported by a
// framework): every file goes under model/ (keeping its relative path) — unless the
// folder already has a model/ folder: then it is laid out as a carton and every path
// is kept (model/ stays model/, tensor_data/, misc/ and LINKS keep their places, a
// MANIFEST in it is written again, keeping the lines of files the folder does not
// hold that its LINKS has URLs for: a carton that links them) — carton.toml
// is written from `info` and tensor_data/index.toml is an empty index (when the
// folder has none). validateInfo
// errors abort with ErrorCode::Format listing them; a folder that holds a
// carton.toml is refused (packFolder() is for those), and so is an empty one.
// `folder` may also be one model file: it goes to model/FILE. When `info` declares
// no [[input]] and no [[output]], both are taken from the model's own signature
// (signatureModel / specsFromModel, as the window's Fill from Model), said as an
// Info diagnostic.
// Symlinks are followed inside the folder (stored as regular files); those leading
// outside it are refused. Same atomic, reproducible writing as saveCarton().
CARTONCORE_EXPORT Result<PackResult> packModelFolder(const QString &folder, const CartonInfo &info,
                                                     const QString &outputFile, const PackOptions &options = {},
                                                     Progress *progress = nullptr);

} // namespace carton
