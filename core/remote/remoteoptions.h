// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"

#include <QUrl>
#include <atomic>
#include <functional>
#include <memory>

namespace carton {

// What a remote source has fetched so far (shared, so a caller can read it while
// the source works or after it is gone).
struct RemoteStats {
    std::atomic<qint64> requests{0}; // HTTP requests sent (redirect hops included)
    std::atomic<qint64> bytes{0};    // body bytes received
};

// How a file on an http(s) server is read (HttpSource).
struct RemoteOptions {
    // Body bytes fetched over the network for one source, all requests together:
    // a server that keeps sending, or a reader that keeps asking, stops here.
    qint64 maxFetchedBytes = 256ll << 30;
    // Fetched blocks kept in memory for reuse (the central directory, headers, small entries).
    qint64 cacheBudget = 32ll << 20;
    int maxRedirects = 5;   // http(s) only, never to another scheme
    int timeoutMs = 60'000; // per request, without progress
    // A server without range support can only send the whole file. Called then
    // (size -1 when unknown): true streams it into a temporary file that is read
    // instead; false (or no callback) fails the open with ErrorCode::Unsupported.
    std::function<bool(const QUrl &url, qint64 size)> allowDownload;
    // Advanced while such a download runs; cancel() stops it.
    Progress *downloadProgress = nullptr;
    std::shared_ptr<RemoteStats> stats;
};

} // namespace carton
