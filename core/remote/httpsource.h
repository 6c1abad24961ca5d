// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "cartoncore_export.h"
#include "remote/remoteoptions.h"

#include <QUrl>
#include <memory>

namespace carton {

// Random access to a file on an http(s) server through Range requests: what a
// ZipReader needs to open a carton by URL, fetching only the end records, the
// central directory and the entries asked for.
//
// open() sends one request for the last bytes of the file ("Range: bytes=-N"),
// which tells the size and usually holds the end records and the central
// directory. Later reads fetch what is missing ("bytes=A-B"); announced ranges
// (willNeed) come in one request each, so an entry's header and data do: up to
// 1 MiB fetched whole, a longer one streamed by a thread of its own (ReadAhead,
// up to 8 MiB ahead) to whoever reads it on from where it is first read, so the
// transfer overlaps the reader's work. Fetched bytes are kept in memory within
// options.cacheBudget; reads of 256 KiB and more go straight to the caller's buffer.
//
// Refused: schemes other than http/https (also as redirect targets), more than
// options.maxRedirects redirects, a Content-Range other than the one asked for, a
// total size that changes, a body longer or shorter than announced, an ETag that
// changes (the file was replaced), more than options.maxFetchedBytes in all.
// A server without range support (a 200 to the probe) gets the whole file streamed
// into a temporary file, only when options.allowDownload says yes.
//
// Thread safety: read() may be called from any number of threads at once (each
// request runs its own event loop in the calling thread: not on a GUI thread).
class CARTONCORE_EXPORT HttpSource final : public ByteSource {
public:
    static Result<std::shared_ptr<HttpSource>> open(const QUrl &url, const RemoteOptions &options = {});
    ~HttpSource() override;

    qint64 size() const override;
    QString name() const override;
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override;
    void willNeed(qint64 offset, qint64 length) const override;

    // The URL as given, and the one that answered (after redirects).
    QUrl url() const;
    QUrl effectiveUrl() const;
    // True when the server had no range support and the file was downloaded whole.
    bool isDownloaded() const;

private:
    HttpSource();
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace carton
