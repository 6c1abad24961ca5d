// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "linkfetcher.h"

#include "base/sha256.h"
#include "contentdecoder.h"

#include <QBuffer>
#include <QEventLoop>
#include <QFileDevice>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrl>
#include <memory>
#include <vector>

namespace carton {

namespace {

constexpr qint64 kReadChunk = 64 * 1024;

bool isHttpUrl(const QUrl &url)
{
    return url.isValid() && (url.scheme() == u"http" || url.scheme() == u"https") && !url.host().isEmpty();
}

// One GET of one URL (no redirects followed): decodes the body into `out` while hashing.
class Transfer {
public:
    Transfer(QNetworkAccessManager &manager, const QUrl &url, QIODevice *out, const FetchOptions &options,
             Progress *progress)
        : m_manager(manager), m_url(url), m_out(out), m_options(options), m_progress(progress)
    {
    }

    // Runs the transfer; afterwards status(), redirectTarget() and sha256Hex() tell what happened.
    void run()
    {
        QNetworkRequest request(m_url);
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        // Setting our own Accept-Encoding keeps Qt from decoding (and from hiding Content-Encoding).
        request.setRawHeader("Accept-Encoding", "zstd, br, gzip, deflate");
        request.setRawHeader("User-Agent", "CartonStudio");
        request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
        QNetworkReply *reply = m_manager.get(request);
        m_reply.reset(reply);
        reply->setReadBufferSize(4 * kReadChunk);

        QEventLoop loop;
        QTimer inactivity;
        inactivity.setSingleShot(true);
        inactivity.setInterval(m_options.timeoutMs);
        QTimer cancelPoll;
        cancelPoll.setInterval(50);

        QObject::connect(&inactivity, &QTimer::timeout, &loop, [&] {
            fail(makeError(ErrorCode::Network,
                           QStringLiteral("no data received for %1 ms (timed out)").arg(m_options.timeoutMs)));
        });
        QObject::connect(&cancelPoll, &QTimer::timeout, &loop, [&] {
            if (m_progress && m_progress->isCancelled())
                fail(makeError(ErrorCode::Cancelled, QStringLiteral("download cancelled")));
        });
        QObject::connect(reply, &QNetworkReply::metaDataChanged, &loop, [&] {
            inactivity.start();
            onMetaData();
        });
        QObject::connect(reply, &QNetworkReply::readyRead, &loop, [&] {
            inactivity.start();
            onReadyRead();
        });
        QObject::connect(reply, &QNetworkReply::downloadProgress, &loop, [&] { inactivity.start(); });
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);

        inactivity.start();
        cancelPoll.start();
        if (!reply->isFinished())
            loop.exec(QEventLoop::ExcludeUserInputEvents);
        inactivity.stop();
        cancelPoll.stop();
        if (m_error)
            return;
        if (!m_metaSeen)
            onMetaData();
        if (m_error || m_redirect.isValid())
            return;
        if (reply->error() != QNetworkReply::NoError) {
            fail(makeError(ErrorCode::Network, QStringLiteral("download failed: %1").arg(reply->errorString())));
            return;
        }
        onReadyRead();
        if (m_error)
            return;
        for (const auto &decoder : m_decoders) {
            // Finish the chain from the outermost encoding inwards: each finish may flush nothing
            // further, but a truncated stream is reported.
            Status s = decoder->finish();
            if (!s) {
                fail(s.error());
                return;
            }
        }
        m_hashHex = m_hash.finishHex();
        m_succeeded = true;
    }

    bool succeeded() const { return m_succeeded; }
    const std::optional<Error> &error() const { return m_error; }
    const QUrl &redirectTarget() const { return m_redirect; }
    const QByteArray &sha256Hex() const { return m_hashHex; }
    bool wroteOutput() const { return m_written > 0; }

private:
    void fail(Error error)
    {
        if (!m_error)
            m_error = std::move(error);
        if (m_reply && !m_reply->isFinished())
            m_reply->abort();
    }

    void onMetaData()
    {
        if (m_metaSeen || m_error)
            return;
        QNetworkReply *reply = m_reply.get();
        const QVariant statusAttr = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        if (!statusAttr.isValid())
            return; // no HTTP response yet (connection error): handled when finished
        m_metaSeen = true;
        const int status = statusAttr.toInt();
        if (status >= 300 && status < 400 && reply->hasRawHeader("Location")) {
            const QUrl location = QUrl::fromEncoded(reply->rawHeader("Location"), QUrl::StrictMode);
            m_redirect = m_url.resolved(location);
            if (!m_redirect.isValid())
                fail(makeError(ErrorCode::Network,
                               QStringLiteral("invalid redirect target \"%1\"")
                                   .arg(QString::fromLatin1(reply->rawHeader("Location").left(200)))));
            else
                reply->abort();
            return;
        }
        if (status != 200 && status != 203) {
            fail(
                makeError(ErrorCode::Network,
                          QStringLiteral("HTTP status %1 %2")
                              .arg(status)
                              .arg(reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString().left(100))));
            return;
        }
        // "Content-Encoding: gzip, br" was applied gzip first: decode br first.
        const QList<QByteArray> encodings = reply->rawHeader("Content-Encoding").split(',');
        for (auto it = encodings.crbegin(); it != encodings.crend(); ++it) {
            const QByteArray name = it->trimmed().toLower();
            if (name.isEmpty() || name == "identity")
                continue;
            if (m_decoders.size() >= 8) {
                fail(makeError(ErrorCode::Limit, QStringLiteral("too many stacked content encodings")));
                return;
            }
            Result<std::unique_ptr<StreamDecoder>> decoder = createContentDecoder(name, m_options.maxSize);
            if (!decoder) {
                fail(decoder.error());
                return;
            }
            m_decoders.push_back(std::move(decoder).value());
        }
        // Progress counts decoded bytes; Content-Length tells their number only without encodings.
        // Never lower a total the caller set (it may cover several files).
        if (m_progress && m_decoders.empty()) {
            const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
            if (length.isValid() && m_progress->total() < m_progress->done() + length.toLongLong())
                m_progress->setTotal(m_progress->done() + length.toLongLong());
        }
    }

    Status deliver(QByteArrayView data, size_t stage)
    {
        if (stage < m_decoders.size())
            return m_decoders[stage]->decodeTo(
                data, [this, stage](QByteArrayView piece) { return deliver(piece, stage + 1); });
        if (data.size() > m_options.maxSize - m_written)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("the file is larger than the limit of %1 bytes").arg(m_options.maxSize));
        if (m_out->write(data.data(), data.size()) != data.size())
            return makeError(ErrorCode::Io,
                             QStringLiteral("cannot write the downloaded data: %1").arg(m_out->errorString()));
        m_hash.add(data);
        m_written += data.size();
        if (m_progress) {
            m_progress->advance(data.size(), m_url.toDisplayString());
            if (m_progress->isCancelled())
                return makeError(ErrorCode::Cancelled, QStringLiteral("download cancelled"));
        }
        return {};
    }

    void onReadyRead()
    {
        if (m_error || !m_metaSeen || m_redirect.isValid())
            return;
        char *buffer = m_readBuffer.data();
        for (;;) {
            const qint64 n = m_reply->read(buffer, kReadChunk);
            if (n <= 0)
                break;
            Status s = deliver(QByteArrayView(buffer, n), 0);
            if (!s) {
                fail(s.error());
                return;
            }
        }
    }

    struct ReplyDeleter {
        void operator()(QNetworkReply *reply) const
        {
            if (reply) {
                reply->disconnect();
                if (!reply->isFinished())
                    reply->abort();
                delete reply;
            }
        }
    };

    QNetworkAccessManager &m_manager;
    QUrl m_url;
    QIODevice *m_out;
    const FetchOptions &m_options;
    Progress *m_progress;
    std::unique_ptr<QNetworkReply, ReplyDeleter> m_reply;
    std::vector<std::unique_ptr<StreamDecoder>> m_decoders;
    QByteArray m_readBuffer = QByteArray(kReadChunk, Qt::Uninitialized);
    Sha256 m_hash;
    qint64 m_written = 0;
    bool m_metaSeen = false;
    bool m_succeeded = false;
    QUrl m_redirect;
    QByteArray m_hashHex;
    std::optional<Error> m_error;
};

// Empties `out` so that another URL can be tried; false if that is impossible.
bool rewind(QIODevice *out)
{
    if (auto *file = qobject_cast<QFileDevice *>(out))
        return file->seek(0) && file->resize(0);
    if (auto *buffer = qobject_cast<QBuffer *>(out)) {
        buffer->buffer().clear();
        return buffer->seek(0);
    }
    return false;
}

} // namespace

Status fetchLinkedFile(const QStringList &urls, const QByteArray &expectedSha256Hex, QIODevice *out,
                       const FetchOptions &options, Progress *progress)
{
    if (!out || !out->isWritable())
        return makeError(ErrorCode::Usage, QStringLiteral("fetchLinkedFile needs a writable output device"));
    if (!isSha256Hex(expectedSha256Hex))
        return makeError(
            ErrorCode::Usage,
            QStringLiteral("\"%1\" is not a sha256 hex digest").arg(QString::fromLatin1(expectedSha256Hex.left(100))));
    if (urls.isEmpty())
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("no URL to fetch %1 from").arg(QString::fromLatin1(expectedSha256Hex)));

    QNetworkAccessManager manager; // lives in the calling thread
    QStringList failures;
    std::optional<Error> lastError;
    const qint64 startPos = out->pos();
    for (const QString &text : urls) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("download cancelled"));
        QUrl url(text, QUrl::StrictMode);
        Error error;
        bool done = false;
        bool written = false;
        for (int hop = 0;; ++hop) {
            if (!isHttpUrl(url)) {
                error = makeError(ErrorCode::Unsafe,
                                  hop == 0 ? QStringLiteral("only http and https URLs are fetched")
                                           : QStringLiteral("refused redirect to \"%1\": only http and https are "
                                                            "followed")
                                                 .arg(url.toDisplayString().left(200)),
                                  text);
                break;
            }
            if (hop > options.maxRedirects) {
                error = makeError(ErrorCode::Network,
                                  QStringLiteral("too many redirects (more than %1)").arg(options.maxRedirects), text);
                break;
            }
            Transfer transfer(manager, url, out, options, progress);
            transfer.run();
            written = written || transfer.wroteOutput();
            if (transfer.redirectTarget().isValid() && !transfer.error()) {
                url = transfer.redirectTarget();
                continue;
            }
            if (!transfer.succeeded()) {
                error = *transfer.error();
                error.location = url.toDisplayString();
                break;
            }
            if (transfer.sha256Hex() != expectedSha256Hex) {
                error = makeError(
                    ErrorCode::Integrity,
                    QStringLiteral("sha256 mismatch: expected %1, got %2")
                        .arg(QString::fromLatin1(expectedSha256Hex), QString::fromLatin1(transfer.sha256Hex())),
                    url.toDisplayString());
                break;
            }
            done = true;
            break;
        }
        if (done)
            return {};
        if (error.code == ErrorCode::Cancelled)
            return error;
        failures.append(error.toString());
        lastError = error;
        if (written && !(startPos == 0 && rewind(out)))
            break; // cannot undo what was written: do not mix in another URL's bytes
    }
    Error result = *lastError;
    if (failures.size() > 1) {
        result.message =
            QStringLiteral("all %1 URLs failed: %2").arg(failures.size()).arg(failures.join(QStringLiteral("; ")));
        result.location.clear();
    }
    return result;
}

} // namespace carton
