// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "oci/ociregistry.h"

#include "base/sha256.h"
#include "oci/ociauth.h"
#include "oci/ociuploadstate.h"
#include "remote/httpclient.h"

#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <cstring>
#include <mutex>

namespace carton {

namespace {

constexpr qint64 kMaxErrorBody = 64 << 10;
constexpr qint64 kMaxTagsPage = 4 << 20;
constexpr int kMaxTagPages = 100;

const QByteArray kManifestAccept = QByteArrayLiteral(
    "application/vnd.oci.image.manifest.v1+json, application/vnd.oci.image.index.v1+json, "
    "application/vnd.docker.distribution.manifest.v2+json, application/vnd.docker.distribution.manifest.list.v2+json");

struct Reply {
    HttpHead head;
    QByteArray body;
};

QString statusText(const Reply &reply)
{
    QString text = QStringLiteral("HTTP status %1").arg(reply.head.status);
    const QJsonArray errors = QJsonDocument::fromJson(reply.body).object().value(u"errors").toArray();
    QStringList parts;
    for (const QJsonValue &e : errors) {
        const QJsonObject o = e.toObject();
        const QString part = (o.value(u"code").toString() + QStringLiteral(": ") + o.value(u"message").toString());
        parts.append(part.left(200));
        if (parts.size() == 3)
            break;
    }
    if (!parts.isEmpty())
        text += QStringLiteral(" (%1)").arg(parts.join(QStringLiteral("; ")));
    return text;
}

QByteArray sha256Digest(QByteArrayView bytes)
{
    return "sha256:" + Sha256::hashHex(bytes);
}

} // namespace

bool isSha256Digest(const QString &digest)
{
    return digest.size() == 71 && digest.startsWith(QLatin1StringView("sha256:")) &&
           isSha256Hex(digest.mid(7).toLatin1());
}

struct OciRegistry::Private {
    OciReference ref;
    OciOptions options;
    QUrl base;
    std::unique_ptr<OciAuthenticator> auth;
    std::mutex authMutex; // auth's state: requests themselves run in parallel
    std::atomic<qint64> uploaded{0};
    std::atomic<qint64> resumed{0};

    QUrl url(const QString &path) const
    {
        QUrl u = base;
        u.setPath(QStringLiteral("/v2/") + ref.repository + path);
        return u;
    }
    Error error(ErrorCode code, const QString &message) const { return makeError(code, message, ref.toString()); }
    Error statusError(const Reply &reply, const QString &what) const
    {
        return error(reply.head.status == 404 ? ErrorCode::NotFound : ErrorCode::Network,
                     QStringLiteral("%1: %2").arg(what, statusText(reply)));
    }

    // Sends with authentication. A 2xx body goes to `sink` when given, else into
    // Reply::body (at most maxBody bytes); another status's error document (64 KiB
    // at most) into Reply::body.
    Result<Reply> send(const QUrl &url, const HttpRequest &request, qint64 maxBody, const HttpSink &sink = {},
                       Progress *progress = nullptr, const HttpHeadCheck &successCheck = {})
    {
        for (int round = 0;; ++round) {
            HttpRequest r = request;
            QByteArray sentAuth;
            {
                std::lock_guard lock(authMutex);
                sentAuth = auth->header();
            }
            if (!sentAuth.isEmpty())
                r.addHeader(QByteArrayLiteral("Authorization"), sentAuth);
            Reply reply;
            bool success = false;
            auto check = [&](const HttpHead &head) -> Result<bool> {
                reply.head = head;
                if (head.status == 401)
                    return false;
                success = head.status >= 200 && head.status < 300;
                if (success && successCheck)
                    return successCheck(head);
                if (success && !sink && request.method != "HEAD" && head.contentLength > maxBody)
                    return makeError(ErrorCode::Limit, QStringLiteral("the answer is %1 bytes, more than the limit "
                                                                      "of %2 bytes")
                                                           .arg(head.contentLength)
                                                           .arg(maxBody));
                return true;
            };
            auto collect = [&](const char *data, qint64 n) -> Status {
                if (success && sink)
                    return sink(data, n);
                const qint64 cap = success ? maxBody : kMaxErrorBody;
                if (reply.body.size() + n > cap)
                    return makeError(ErrorCode::Limit,
                                     success
                                         ? QStringLiteral("the answer is larger than the limit of %1 bytes").arg(cap)
                                         : QStringLiteral("HTTP status %1 with an error document larger than %2 "
                                                          "bytes")
                                               .arg(reply.head.status)
                                               .arg(cap));
                reply.body.append(data, n);
                return {};
            };
            Result<HttpHead> head =
                HttpClient(HttpPolicy::fromRemote(options.remote)).send(url, r, check, collect, progress);
            if (!head)
                return head.error();
            reply.head = *head;
            if (reply.head.status != 401)
                return reply;
            if (round >= 3)
                return error(ErrorCode::Network, QStringLiteral("the registry keeps answering HTTP 401"));
            std::lock_guard lock(authMutex);
            if (auth->header() != sentAuth)
                continue; // another thread answered meanwhile: try its answer
            if (Status s = auth->answer(reply.head.header("WWW-Authenticate")); !s)
                return s.error();
        }
    }

    Status putBytes(const QUrl &location, const QString &digest, const QByteArray &bytes);
    // Where an upload session stands: its current URL and the bytes it has.
    Result<std::pair<QUrl, qint64>> uploadStatus(const QUrl &location);
};

OciRegistry::OciRegistry(OciReference reference, OciOptions options) : d(std::make_unique<Private>())
{
    d->ref = std::move(reference);
    d->options = std::move(options);
    d->base = d->ref.baseUrl(d->options.plainHttp);
    const std::optional<RegistryCredentials> given = d->options.credentials;
    const bool useConfig = d->options.useDockerConfig;
    const QString registry = d->ref.registry;
    const QString configDir = d->options.dockerConfigDir;
    d->auth = std::make_unique<OciAuthenticator>(
        registry,
        [given, useConfig, registry, configDir]() -> Result<std::optional<RegistryCredentials>> {
            if (given)
                return given;
            if (!useConfig)
                return std::optional<RegistryCredentials>();
            return dockerCredentials(registry, configDir);
        },
        d->options.remote);
}

OciRegistry::~OciRegistry() = default;

const OciReference &OciRegistry::reference() const
{
    return d->ref;
}

const OciOptions &OciRegistry::options() const
{
    return d->options;
}

qint64 OciRegistry::uploadedBytes() const
{
    return d->uploaded.load();
}

qint64 OciRegistry::resumedBytes() const
{
    return d->resumed.load();
}

Result<OciManifestBytes> OciRegistry::fetchManifest(const QString &reference)
{
    HttpRequest request;
    request.addHeader("Accept", kManifestAccept);
    Result<Reply> reply =
        d->send(d->url(QStringLiteral("/manifests/") + reference), request, d->options.maxManifestBytes);
    if (!reply)
        return reply.error();
    if (reply->head.status != 200)
        return d->statusError(*reply, QStringLiteral("cannot get the manifest \"%1\"").arg(reference));
    OciManifestBytes m;
    m.bytes = reply->body;
    m.mediaType = QString::fromLatin1(reply->head.header("Content-Type").split(';').first().trimmed());
    m.digest = QString::fromLatin1(sha256Digest(m.bytes));
    if (isSha256Digest(reference) && m.digest != reference)
        return d->error(ErrorCode::Integrity,
                        QStringLiteral("the manifest sent for %1 has the digest %2").arg(reference, m.digest));
    const QString announced = QString::fromLatin1(reply->head.header("Docker-Content-Digest").trimmed());
    if (announced.startsWith(QLatin1StringView("sha256:")) && announced != m.digest)
        return d->error(ErrorCode::Integrity,
                        QStringLiteral("the manifest's bytes have the digest %1, the registry announced %2")
                            .arg(m.digest, announced.left(80)));
    return m;
}

Result<QString> OciRegistry::pushManifest(const QString &reference, const QByteArray &bytes, const QString &mediaType)
{
    HttpRequest request;
    request.method = "PUT";
    request.addHeader("Content-Type", mediaType.toLatin1());
    request.body = bytes;
    Result<Reply> reply = d->send(d->url(QStringLiteral("/manifests/") + reference), request, kMaxErrorBody);
    if (!reply)
        return reply.error();
    if (reply->head.status != 201 && reply->head.status != 200)
        return d->statusError(*reply, QStringLiteral("the registry refused the manifest"));
    return QString::fromLatin1(sha256Digest(bytes));
}

Result<std::optional<qint64>> OciRegistry::blobSize(const QString &digest)
{
    HttpRequest request;
    request.method = "HEAD";
    Result<Reply> reply = d->send(d->url(QStringLiteral("/blobs/") + digest), request, 0);
    if (!reply)
        return reply.error();
    if (reply->head.status == 404)
        return std::optional<qint64>();
    if (reply->head.status != 200)
        return d->statusError(*reply, QStringLiteral("cannot look up the blob %1").arg(digest));
    return std::optional<qint64>(reply->head.contentLength);
}

Result<QByteArray> OciRegistry::fetchBlob(const QString &digest, qint64 maxSize)
{
    Result<Reply> reply = d->send(d->url(QStringLiteral("/blobs/") + digest), {}, maxSize);
    if (!reply)
        return reply.error();
    if (reply->head.status != 200)
        return d->statusError(*reply, QStringLiteral("cannot get the blob %1").arg(digest));
    if (QString::fromLatin1(sha256Digest(reply->body)) != digest)
        return d->error(ErrorCode::Integrity, QStringLiteral("the bytes sent for the blob %1 have the digest %2")
                                                  .arg(digest, QString::fromLatin1(sha256Digest(reply->body))));
    return reply->body;
}

Status OciRegistry::downloadBlob(const QString &digest, qint64 size, QIODevice &out, Progress *progress)
{
    Sha256 hash;
    qint64 got = 0;
    auto check = [&](const HttpHead &head) -> Result<bool> {
        if (head.status != 200)
            return true; // the error document
        if (head.contentLength >= 0 && head.contentLength != size)
            return makeError(ErrorCode::Format, QStringLiteral("Content-Length %1 for the blob %2 of %3 bytes")
                                                    .arg(head.contentLength)
                                                    .arg(digest)
                                                    .arg(size));
        return true;
    };
    auto sink = [&](const char *data, qint64 n) -> Status {
        if (n > size - got)
            return makeError(
                ErrorCode::Format,
                QStringLiteral("the registry sends more than the %1 bytes of the blob %2").arg(size).arg(digest));
        hash.add(data, n);
        if (out.write(data, n) != n)
            return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(out.errorString()));
        got += n;
        if (progress)
            progress->advance(n);
        return {};
    };
    Result<Reply> reply = d->send(d->url(QStringLiteral("/blobs/") + digest), {}, 0, sink, progress, check);
    if (!reply)
        return reply.error();
    if (reply->head.status != 200)
        return d->statusError(*reply, QStringLiteral("cannot get the blob %1").arg(digest));
    if (got != size)
        return d->error(
            ErrorCode::Network,
            QStringLiteral("the blob %1 is truncated: %2 of its %3 bytes arrived").arg(digest).arg(got).arg(size));
    const QString actual = QStringLiteral("sha256:") + QString::fromLatin1(hash.finishHex());
    if (actual != digest)
        return d->error(ErrorCode::Integrity,
                        QStringLiteral("the bytes sent for the blob %1 have the digest %2").arg(digest, actual));
    return {};
}

Status OciRegistry::readBlob(const QString &digest, qint64 blobSize, qint64 offset, qint64 length, char *out,
                             Progress *progress)
{
    qint64 at = 0;
    return readBlobTo(
        digest, blobSize, offset, length,
        [&](const char *data, qint64 n) -> Status {
            std::memcpy(out + at, data, size_t(n));
            at += n;
            return {};
        },
        progress);
}

Status OciRegistry::readBlobTo(const QString &digest, qint64 blobSize, qint64 offset, qint64 length,
                               const std::function<Status(const char *data, qint64 size)> &into, Progress *progress)
{
    if (offset < 0 || length <= 0 || offset > blobSize - length)
        return d->error(ErrorCode::Usage, QStringLiteral("bytes %1+%2 are outside the blob %3 of %4 bytes")
                                              .arg(offset)
                                              .arg(length)
                                              .arg(digest)
                                              .arg(blobSize));
    const qint64 last = offset + length - 1;
    qint64 got = 0;
    auto check = [&](const HttpHead &head) -> Result<bool> {
        if (head.status == 200)
            return makeError(ErrorCode::Network,
                             QStringLiteral("the registry ignored the Range request (it answered 200 with the whole "
                                            "blob)"));
        if (head.status != 206)
            return true;
        if (head.rangeFirst != offset || head.rangeLast != last ||
            (head.rangeTotal >= 0 && head.rangeTotal != blobSize))
            return makeError(ErrorCode::Format, QStringLiteral("wrong Content-Range for bytes %1-%2/%3 of the blob %4")
                                                    .arg(offset)
                                                    .arg(last)
                                                    .arg(blobSize)
                                                    .arg(digest));
        if (head.contentLength >= 0 && head.contentLength != length)
            return makeError(ErrorCode::Format, QStringLiteral("Content-Length %1 differs from the %2 bytes of its "
                                                               "Content-Range")
                                                    .arg(head.contentLength)
                                                    .arg(length));
        return true;
    };
    auto sink = [&](const char *data, qint64 n) -> Status {
        if (n > length - got)
            return makeError(ErrorCode::Format,
                             QStringLiteral("the registry sends more than the %1 bytes asked for").arg(length));
        if (Status s = into(data, n); !s)
            return s;
        got += n;
        return {};
    };
    HttpRequest request;
    request.range = "bytes=" + QByteArray::number(offset) + '-' + QByteArray::number(last);
    Result<Reply> reply = d->send(d->url(QStringLiteral("/blobs/") + digest), request, 0, sink, progress, check);
    if (!reply)
        return reply.error();
    if (reply->head.status != 206)
        return d->statusError(*reply, QStringLiteral("cannot read the blob %1").arg(digest));
    if (got != length)
        return d->error(ErrorCode::Network, QStringLiteral("the response is truncated: %1 of the %2 bytes asked for "
                                                           "arrived")
                                                .arg(got)
                                                .arg(length));
    return {};
}

Status OciRegistry::Private::putBytes(const QUrl &location, const QString &digest, const QByteArray &bytes)
{
    QUrl put = location;
    const QString query = put.query(QUrl::FullyEncoded);
    put.setQuery((query.isEmpty() ? QString() : query + u'&') + QStringLiteral("digest=") + digest, QUrl::StrictMode);
    HttpRequest request;
    request.method = "PUT";
    request.addHeader("Content-Type", "application/octet-stream");
    request.body = bytes;
    Result<Reply> reply = send(put, request, kMaxErrorBody);
    if (!reply)
        return reply.error();
    if (reply->head.status != 201)
        return statusError(*reply, QStringLiteral("the registry refused the blob %1").arg(digest));
    uploaded += bytes.size();
    return {};
}

Result<std::pair<QUrl, qint64>> OciRegistry::Private::uploadStatus(const QUrl &location)
{
    Result<Reply> reply = send(location, {}, kMaxErrorBody);
    if (!reply)
        return reply.error();
    if (reply->head.status != 204 && reply->head.status != 200)
        return statusError(*reply, QStringLiteral("the registry no longer has the upload session"));
    // "Range: 0-<last byte it has>" ("0-0" for none: a session is saved only
    // empty or after a chunk of at least 64 KiB, never with exactly one byte).
    static const QRegularExpression rangeRe(QStringLiteral("^(?:bytes=)?0-(\\d{1,18})$"));
    const QRegularExpressionMatch m = rangeRe.match(QString::fromLatin1(reply->head.header("Range").trimmed()));
    if (!m.hasMatch())
        return error(ErrorCode::Format, QStringLiteral("the upload session's status has no usable Range header"));
    const qint64 last = m.captured(1).toLongLong();
    const QByteArray next = reply->head.header("Location");
    const QUrl at = next.isEmpty() ? location : base.resolved(QUrl::fromEncoded(next, QUrl::StrictMode));
    return std::pair<QUrl, qint64>(at, last == 0 ? 0 : last + 1);
}

Result<bool> OciRegistry::uploadBlob(const QString &digest, qint64 size, const BlobReader &read, Progress *progress,
                                     const QString &mountFrom)
{
    const OciUploadState state(d->options.uploadStateDir, d->ref.registry, d->ref.repository, d->base);
    QUrl location;
    qint64 sent = 0; // bytes the registry's session has
    if (std::optional<QUrl> kept = read ? state.load(digest) : std::nullopt) {
        Result<std::pair<QUrl, qint64>> at = d->uploadStatus(*kept);
        if (at && at->second <= size && at->first.host() == d->base.host() && at->first.port() == d->base.port()) {
            location = at->first;
            sent = at->second;
        } else {
            state.remove(digest); // stale or expired: start over
        }
    }
    if (location.isEmpty()) {
        QUrl start = d->url(QStringLiteral("/blobs/uploads/"));
        if (!mountFrom.isEmpty())
            start.setQuery(QStringLiteral("mount=%1&from=%2").arg(digest, mountFrom), QUrl::StrictMode);
        HttpRequest post;
        post.method = "POST";
        post.addHeader("Content-Length", "0");
        Result<Reply> started = d->send(start, post, kMaxErrorBody);
        if (!started)
            return started.error();
        if (started->head.status == 201 && !mountFrom.isEmpty()) {
            if (progress)
                progress->advance(size);
            return false; // mounted
        }
        if (started->head.status != 202)
            return d->statusError(*started, QStringLiteral("the registry refused to start an upload"));
        location = d->base.resolved(QUrl::fromEncoded(started->head.header("Location"), QUrl::StrictMode));
        if (!location.isValid() || started->head.header("Location").isEmpty())
            return d->error(ErrorCode::Format, QStringLiteral("the registry started an upload without a Location"));
        if (read)
            state.save(digest, location);
    }
    auto cancelUpload = [&] {
        HttpRequest del;
        del.method = "DELETE";
        (void)d->send(location, del, kMaxErrorBody);
        state.remove(digest);
    };
    if (!read) {
        cancelUpload();
        return d->error(ErrorCode::Usage,
                        QStringLiteral("the blob %1 was not mounted and there are no bytes to upload").arg(digest));
    }
    Sha256 hash;
    const qint64 chunk = std::max<qint64>(64 << 10, d->options.chunkSize);
    QByteArray buffer;
    auto fill = [&](qint64 want) -> Result<qint64> {
        buffer.resize(want);
        qint64 n = 0;
        while (n < want) {
            Result<qint64> got = read(buffer.data() + n, want - n);
            if (!got)
                return got.error();
            if (*got == 0)
                break;
            n += *got;
        }
        return n;
    };
    auto endedEarly = [&](qint64 at) {
        cancelUpload();
        return d->error(ErrorCode::Integrity,
                        QStringLiteral("the blob %1 ended after %2 of its %3 bytes").arg(digest).arg(at).arg(size));
    };
    // A resumed session: the bytes the registry has are hashed again, not sent.
    for (qint64 hashed = 0; hashed < sent;) {
        const qint64 want = std::min(chunk, sent - hashed);
        Result<qint64> n = fill(want);
        if (!n)
            return n.error();
        if (*n < want)
            return endedEarly(hashed + *n);
        hash.add(buffer.constData(), *n);
        hashed += *n;
        if (progress)
            progress->advance(*n);
    }
    d->resumed += sent;
    // Checked before reading a chunk and again before sending it: the session keeps
    // what the registry has, for the next push.
    auto cancelled = [&] { return progress && progress->isCancelled(); };
    auto cancelledError = [&] {
        return d->error(ErrorCode::Cancelled,
                        QStringLiteral("upload cancelled after %1 of %2 bytes (the next push of this blob goes on "
                                       "from there)")
                            .arg(sent)
                            .arg(size));
    };
    for (;;) {
        if (cancelled())
            return cancelledError();
        const qint64 want = std::min(chunk, size - sent);
        Result<qint64> n = fill(want);
        if (!n) {
            cancelUpload();
            return n.error();
        }
        if (cancelled())
            return cancelledError();
        if (*n < want)
            return endedEarly(sent + *n);
        hash.add(buffer.constData(), *n);
        if (sent + *n == size) {
            // The last bytes go with the closing PUT, once the digest is known to match.
            char extra = 0;
            Result<qint64> more = read(&extra, 1);
            const QString actual = QStringLiteral("sha256:") + QString::fromLatin1(hash.finishHex());
            if (!more || *more != 0 || actual != digest) {
                cancelUpload();
                if (!more)
                    return more.error();
                return d->error(ErrorCode::Integrity,
                                *more != 0 ? QStringLiteral("the blob %1 has more than the %2 bytes expected: nothing "
                                                            "committed")
                                                 .arg(digest)
                                                 .arg(size)
                                           : QStringLiteral("the bytes read for the blob %1 have the digest %2 (the "
                                                            "file changed or its MANIFEST line is wrong): nothing "
                                                            "committed")
                                                 .arg(digest, actual));
            }
            if (Status s = d->putBytes(location, digest, buffer); !s)
                return s.error();
            state.remove(digest);
            if (progress)
                progress->advance(*n);
            return true;
        }
        HttpRequest patch;
        patch.method = "PATCH";
        patch.addHeader("Content-Type", "application/octet-stream");
        patch.addHeader("Content-Range", QByteArray::number(sent) + '-' + QByteArray::number(sent + *n - 1));
        patch.body = buffer;
        Result<Reply> patched = d->send(location, patch, kMaxErrorBody);
        if (!patched)
            return patched.error(); // the session stays: the next push asks where it stands
        if (patched->head.status != 202) {
            cancelUpload();
            return d->statusError(*patched, QStringLiteral("the registry refused a chunk of the blob %1").arg(digest));
        }
        const QByteArray next = patched->head.header("Location");
        if (!next.isEmpty())
            location = d->base.resolved(QUrl::fromEncoded(next, QUrl::StrictMode));
        sent += *n;
        d->uploaded += *n;
        state.save(digest, location);
        if (progress)
            progress->advance(*n);
    }
}

Result<QStringList> OciRegistry::listTags(int max)
{
    QStringList tags;
    QUrl url = d->url(QStringLiteral("/tags/list"));
    url.setQuery(QStringLiteral("n=1000"));
    for (int page = 0; page < kMaxTagPages && tags.size() < max; ++page) {
        Result<Reply> reply = d->send(url, {}, kMaxTagsPage);
        if (!reply)
            return reply.error();
        if (reply->head.status != 200)
            return d->statusError(*reply, QStringLiteral("cannot list the tags"));
        const QJsonValue list = QJsonDocument::fromJson(reply->body).object().value(u"tags");
        if (!list.isArray() && !list.isNull())
            return d->error(ErrorCode::Format, QStringLiteral("the tag list has no \"tags\" array"));
        for (const QJsonValue &t : list.toArray())
            if (t.isString() && tags.size() < max)
                tags.append(t.toString().left(128));
        static const QRegularExpression nextRe(QStringLiteral("<([^>]+)>\\s*;\\s*rel=\"?next\"?"));
        const QRegularExpressionMatch m = nextRe.match(QString::fromLatin1(reply->head.header("Link")));
        if (!m.hasMatch())
            break;
        const QUrl next = d->base.resolved(QUrl(m.captured(1), QUrl::StrictMode));
        if (next.host() != d->base.host() || next.port() != d->base.port())
            break; // never follow a tag page to another server
        url = next;
    }
    return tags;
}

} // namespace carton
