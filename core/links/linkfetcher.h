// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"

#include <QIODevice>
#include <QStringList>

namespace carton {

struct FetchOptions {
    qint64 maxSize = 64ll << 30; // decoded bytes
    int timeoutMs = 60'000;      // per transfer, without progress
    int maxRedirects = 5;        // http(s) only, never to another scheme
};

// Downloads a file listed in LINKS. Tries each URL in order until one succeeds.
// Only http and https are fetched (anything else fails with ErrorCode::Unsafe).
// The response body is decoded by its Content-Encoding (zstd, gzip, br, deflate,
// identity; stacked encodings in order), streamed into `out` while its sha256
// is computed; a hash mismatch fails with ErrorCode::Integrity (and whatever was
// written to `out` must be discarded by the caller: write into a QSaveFile or
// a temporary file). Blocking: runs its own event loop, so call it from a worker
// thread or a command-line tool, never from the GUI thread.
CARTONCORE_EXPORT Status fetchLinkedFile(const QStringList &urls, const QByteArray &expectedSha256Hex, QIODevice *out,
                                         const FetchOptions &options = {}, Progress *progress = nullptr);

} // namespace carton
