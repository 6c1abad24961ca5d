// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "package/cartonedits.h"
#include "zip/zipentry.h"

#include <QString>

namespace carton {

struct SaveOptions {
    // For new and changed files (MANIFEST and LINKS: Stored; so is a file the method
    // would not make smaller: media, tiny files).
    ZipMethod method = ZipMethod::Zstd;
    int level = 3;
    int threads = 0;        // libzstd workers; 0: one per core (at least one, for machine-independent bytes)
    bool overwrite = false; // replace an existing output file (saving over the original is always allowed)
    // Decode and hash every entry copied from the original and compare it with the
    // original's MANIFEST before trusting it (for a carton whose verification has
    // not run or not finished). A mismatch fails the save.
    bool verifyOriginal = false;
};

struct SaveResult {
    QByteArray modelHash;    // sha256 hex of the written MANIFEST
    qint64 bytesWritten = 0; // size of the .carton
    int fileCount = 0;       // zip entries written, MANIFEST and LINKS included
    int copiedEntries = 0;   // entries copied as their compressed bytes
    qint64 copiedBytes = 0;  // compressed bytes of those entries
};

// Writes the carton described by `edits` to `outputFile` (which may be the
// original's own path: a save in place).
//
// - Files that come unchanged from an original .carton (renamed or not) are copied
//   as their compressed bytes (ZipWriter::addRawEntry: copy_file_range on Linux),
//   never decoded or recompressed; their sha256 comes from the original's
//   MANIFEST (and is only computed, by decoding, for files MANIFEST does not list,
//   or for all of them with verifyOriginal). From an original folder they are
//   read and compressed like new files.
// - Symlink entries of the original are kept as symlinks when both they and their
//   target keep their paths; otherwise they become regular files holding the
//   target's bytes.
// - MANIFEST is regenerated (NOTES-upstream rules: every file but MANIFEST and
//   LINKS, byte-wise sorted, symlinks with their target's hash, files reachable
//   only through LINKS kept); tensor_data/index.toml is always written: an empty
//   index (`tensor = []`) when there is none, rewritten with `inner = []` when a
//   [[tensor]] lacks it (upstream crashes on both).
// - Reproducible: entries in MANIFEST order, MANIFEST last; new entries get the
//   1980-01-01 timestamp and mode 0644; copied entries keep theirs. Same inputs,
//   same bytes.
// - Atomic: a temporary file in the output's folder, fsync, rename (QSaveFile).
//   On any failure or cancel (Progress), or if the process dies, the output path
//   keeps what it had (the original, for a save in place).
// Progress counts the bytes written (copied and compressed).
CARTONCORE_EXPORT Result<SaveResult> saveCarton(const CartonEdits &edits, const QString &outputFile,
                                                const SaveOptions &options = {}, Progress *progress = nullptr);

} // namespace carton
