// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to the core's network parts (carton_remote, carton_oci): one blocking
// HTTP request (redirects followed) whose body is handed to a sink as it arrives.

#include "base/progress.h"
#include "base/result.h"
#include "remote/remoteoptions.h"

#include <QByteArray>
#include <QList>
#include <QUrl>
#include <functional>
#include <utility>

namespace carton {

// What the response's headers said.
struct HttpHead {
    int status = 0;
    QUrl url;                  // the URL that answered (after redirects)
    qint64 contentLength = -1; // -1: not sent
    qint64 rangeFirst = -1;    // Content-Range "bytes FIRST-LAST/TOTAL" (-1: none or unparsable)
    qint64 rangeLast = -1;
    qint64 rangeTotal = -1; // also from "bytes */TOTAL" (a 416)
    bool contentRangeSent = false;
    QByteArray etag;
    QByteArray contentEncoding;
    QList<std::pair<QByteArray, QByteArray>> headers; // every response header, as sent

    // The value of the first header named `name` (case-insensitive); empty when absent.
    QByteArray header(QByteArrayView name) const;
};

// A request other than a plain GET: its method, headers and body.
struct HttpRequest {
    QByteArray method = QByteArrayLiteral("GET"); // GET, HEAD, POST, PUT, PATCH, DELETE
    // Sent to the first URL's origin (scheme, host, port) only: a redirect to another
    // origin drops them, so an Authorization header never leaves its registry.
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body; // sent with POST, PUT and PATCH

    void addHeader(QByteArray name, QByteArray value) { headers.append({std::move(name), std::move(value)}); }
};

// Decides from the headers: an error aborts the transfer with it, false ends it
// quietly (the body is not read), true reads the body into the sink.
using HttpHeadCheck = std::function<Result<bool>(const HttpHead &head)>;
// Takes body bytes; an error aborts the transfer with it.
using HttpSink = std::function<Status(const char *data, qint64 size)>;

// GETs `url` with `rangeHeader` ("bytes=0-99", "bytes=-4096"; empty: none). Follows
// up to options.maxRedirects redirects (http and https only). Blocking: runs its own
// event loop, so call it from a worker thread or a command-line tool. Counts requests
// and bytes in options.stats. Errors name the URL; `check` decides what a status
// means. `acceptEncoding` other than "identity" (LINKS downloads: "zstd, br, gzip,
// deflate") lets the server send a content coding, handed undecoded to the sink
// (HttpHead::contentEncoding says which); with "identity" a coded body is refused.
// The one HTTP GET of the core: HttpSource, downloadToFile and fetchLinkedFile.
Result<HttpHead> httpGet(const QUrl &url, const QByteArray &rangeHeader, const HttpHeadCheck &check,
                         const HttpSink &sink, const RemoteOptions &options, Progress *progress = nullptr,
                         QByteArrayView acceptEncoding = "identity");

// The same with `request`'s method, headers and body (the OCI registry client).
// A response with an HTTP error status whose check() lets its body be read is
// returned (not failed), so the caller can read the server's error document.
Result<HttpHead> httpSend(const QUrl &url, const HttpRequest &request, const HttpHeadCheck &check, const HttpSink &sink,
                          const RemoteOptions &options, Progress *progress = nullptr);

} // namespace carton
