// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "links/linkfetcher.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <functional>

namespace carton {

class Carton;

enum class FileState {
    Unverified, // not checked (yet)
    Ok,         // sha256 matches MANIFEST
    Mismatch,   // sha256 differs from MANIFEST
    Missing,    // listed in MANIFEST, neither in the archive nor in LINKS
    Linked,     // listed in MANIFEST, only reachable through LINKS (not fetched)
    Unlisted,   // in the archive but not in MANIFEST
    Failed,     // could not be read (corrupt data, CRC error, fetch failed...)
    NoManifest, // in a carton source folder, which has no MANIFEST yet (packing writes it)
};

struct FileCheck {
    QString path;
    FileState state = FileState::Unverified;
    QByteArray expectedSha256; // from MANIFEST (hex)
    QByteArray actualSha256;   // computed (hex), empty when not read
    QString message;           // for Mismatch/Missing/Failed: what happened
};

struct VerifyOptions {
    int threads = 0;         // 0: one per core
    bool fetchLinks = false; // fetch linked files over http(s) and hash them
    FetchOptions fetch;
};

struct VerifyReport {
    QList<FileCheck> files; // MANIFEST order, then unlisted files
    bool cancelled = false;
    // An unpacked carton source without MANIFEST: nothing to check the files
    // against, which is no failure (every file NoManifest; packing writes MANIFEST).
    bool noManifest = false;
    bool ok() const;                 // every file Ok or Linked, nothing cancelled
    Diagnostics diagnostics() const; // one per problem, location = file path
};

// Hashes every file of the carton (streaming, files in parallel on `threads`
// threads, large buffers) and compares with MANIFEST. Progress counts bytes.
// onFile is called (from worker threads) as each file finishes. Cancelling
// returns the report so far with cancelled = true.
CARTONCORE_EXPORT VerifyReport verifyCarton(const Carton &carton, const VerifyOptions &options = {},
                                            Progress *progress = nullptr,
                                            const std::function<void(const FileCheck &)> &onFile = {});

CARTONCORE_EXPORT QString fileStateName(FileState state);

} // namespace carton
