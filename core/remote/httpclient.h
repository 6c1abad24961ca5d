// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The one HTTP client of the project: remote cartons (HttpSource, downloadToFile),
// LINKS, OCI registries, the kserve runner plugin and the description's images.
// What it may fetch is an explicit HttpPolicy; everything else is refused with an
// error naming the URL.

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "remote/remoteoptions.h"

#include <QByteArray>
#include <QList>
#include <QStringList>
#include <QUrl>
#include <functional>
#include <memory>
#include <utility>

class QIODevice;

namespace carton {

// What a client may do. Every URL (the first and each redirect's target) must
// pass schemes and hosts; a redirect from https to http is always refused.
struct CARTONCORE_EXPORT HttpPolicy {
    QStringList schemes{QStringLiteral("http"), QStringLiteral("https")};
    QStringList hosts; // host names allowed (case-insensitive); empty: any host
    int maxRedirects = 5;
    int idleTimeoutMs = 60'000; // no byte sent or received for this long ends the request; 0: no limit
    int totalTimeoutMs = 0;     // the whole request, redirects included; 0: no limit
    qint64 maxBodyBytes = -1;   // body bytes of one response; -1: no cap (the sink decides)
    // Named in the messages of a timeout or a body over the cap (a runner option:
    // "the kserve runner's timeout", "max_response_bytes"); empty: none.
    QString timeoutName;
    QString bodyCapName;
    std::shared_ptr<RemoteStats> stats; // requests and body bytes counted here when set

    // Redirects, the idle timeout and the counters of `options` (remote cartons, OCI).
    static HttpPolicy fromRemote(const RemoteOptions &options);
    // Whether `url` may be requested: its scheme and host.
    Status allows(const QUrl &url) const;
    // Whether a redirect from `from` to `to` is followed: `to` allowed, and never
    // from https to anything else.
    Status allowsRedirect(const QUrl &from, const QUrl &to) const;
};

// A redirect the client followed: the answer of one hop before the last.
struct CARTONCORE_EXPORT HttpHop {
    int status = 0;
    QUrl url; // the URL that answered with the redirect
    QList<std::pair<QByteArray, QByteArray>> headers;

    // The value of the first header named `name` (case-insensitive); empty when absent.
    QByteArray header(QByteArrayView name) const;
};

// What the response's headers said.
struct CARTONCORE_EXPORT HttpHead {
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
    // The redirects followed to get here, first hop first (a Hub's resolve answer
    // carries what it says of the file on its redirect: X-Linked-Size, X-Repo-Commit).
    // Set already when a HttpHeadCheck sees the head.
    QList<HttpHop> redirects;

    // The value of the first header named `name` (case-insensitive); empty when absent.
    QByteArray header(QByteArrayView name) const;
};

// A request: its method, headers and body.
struct HttpRequest {
    QByteArray method = QByteArrayLiteral("GET"); // GET, HEAD, POST, PUT, PATCH, DELETE
    // Sent to the first URL's origin (scheme, host, port) only: a redirect to another
    // origin drops them, so an Authorization header never leaves its registry.
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray range; // "bytes=0-99", "bytes=-4096"; sent to every hop; empty: none
    // "identity" refuses a coded body (byte ranges need the file as stored); another
    // list (LINKS: "zstd, br, gzip, deflate") lets the server send a content coding,
    // handed undecoded to the sink (HttpHead::contentEncoding says which).
    QByteArray acceptEncoding = QByteArrayLiteral("identity");
    QByteArray body; // sent with POST, PUT and PATCH
    // Streamed instead of `body` when set (not owned): open for reading, random
    // access (sent again from its start after a redirect), its size() the length.
    // ChunkDevice streams byte arrays one after the other without joining them.
    QIODevice *bodyDevice = nullptr;
    // Called as the body goes out (bytes sent, total).
    std::function<void(qint64 sent, qint64 total)> uploadProgress;
    // Called before a redirect is followed, with every hop so far (the last one
    // redirecting now): an error ends the request there, naming the first URL.
    std::function<Status(const QList<HttpHop> &hops)> beforeRedirect;

    void addHeader(QByteArray name, QByteArray value) { headers.append({std::move(name), std::move(value)}); }
};

// A whole response read into memory (HttpClient::fetch).
struct HttpResponse {
    HttpHead head;
    QByteArray body;
};

// Decides from the headers: an error aborts the transfer with it, false ends it
// quietly (the body is not read), true reads the body into the sink.
using HttpHeadCheck = std::function<Result<bool>(const HttpHead &head)>;
// Takes body bytes; an error aborts the transfer with it.
using HttpSink = std::function<Status(const char *data, qint64 size)>;

// Blocking: each request runs its own event loop, so call it from a worker thread,
// a command-line tool or the runner host, never from a GUI thread. A client is a
// policy and nothing else: cheap to make, safe to use from several threads.
// Errors name the URL (without its query, which may carry signed credentials);
// a Progress given is polled for cancellation.
class CARTONCORE_EXPORT HttpClient {
public:
    explicit HttpClient(HttpPolicy policy = {}) : m_policy(std::move(policy)) {}

    const HttpPolicy &policy() const { return m_policy; }

    // Sends `request` to `url`, following redirects. An HTTP error status that
    // check() lets through is returned (not failed), its body read, so the caller
    // can read the server's error document.
    Result<HttpHead> send(const QUrl &url, const HttpRequest &request, const HttpHeadCheck &check, const HttpSink &sink,
                          Progress *progress = nullptr) const;
    // The same, reading the body into memory (capped by the policy's maxBodyBytes).
    Result<HttpResponse> fetch(const QUrl &url, const HttpRequest &request = {}, Progress *progress = nullptr) const;

private:
    HttpPolicy m_policy;
};

} // namespace carton
