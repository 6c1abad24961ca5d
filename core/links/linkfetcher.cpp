// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "linkfetcher.h"

#include "base/sha256.h"
#include "contentdecoder.h"
#include "remote/httpclient.h"

#include <QBuffer>
#include <QFileDevice>
#include <QUrl>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace carton {

namespace {

// One URL (redirects followed by HttpClient): decodes the body into `out` while hashing.
class Transfer {
public:
    Transfer(QIODevice *out, const FetchOptions &options, Progress *progress)
        : m_out(out), m_options(options), m_progress(progress)
    {
    }

    // Fetches `url`; returns the decoded body's sha256 hex.
    Result<QByteArray> run(const QUrl &url)
    {
        m_url = url;
        HttpPolicy policy; // decoded bytes are capped below
        policy.idleTimeoutMs = m_options.timeoutMs;
        policy.maxRedirects = m_options.maxRedirects;
        HttpRequest request;
        request.acceptEncoding = QByteArrayLiteral("zstd, br, gzip, deflate");
        auto check = [this](const HttpHead &head) { return onHead(head); };
        auto sink = [this](const char *data, qint64 n) { return deliver(QByteArrayView(data, n), 0); };
        Result<HttpHead> head = HttpClient(policy).send(url, request, check, sink, m_progress);
        if (!head)
            return head.error();
        for (const auto &decoder : m_decoders) {
            // Finish the chain from the outermost encoding inwards: each finish may flush nothing
            // further, but a truncated stream is reported.
            if (Status s = decoder->finish(); !s) {
                Error e = s.error();
                e.location = head->url.toDisplayString();
                return e;
            }
        }
        return m_hash.finishHex();
    }

    bool wroteOutput() const { return m_written > 0; }

private:
    Result<bool> onHead(const HttpHead &head)
    {
        m_url = head.url;
        if (head.status != 200 && head.status != 203)
            return makeError(ErrorCode::Network, head.status == 404 ? QStringLiteral("HTTP status 404 Not Found")
                                                 : head.status == 500
                                                     ? QStringLiteral("HTTP status 500 Internal "
                                                                      "Server Error")
                                                     : QStringLiteral("HTTP status %1").arg(head.status));
        // "Content-Encoding: gzip, br" was applied gzip first: decode br first.
        const QList<QByteArray> encodings = head.contentEncoding.split(',');
        for (auto it = encodings.crbegin(); it != encodings.crend(); ++it) {
            const QByteArray name = it->trimmed().toLower();
            if (name.isEmpty() || name == "identity")
                continue;
            if (m_decoders.size() >= 8)
                return makeError(ErrorCode::Limit, QStringLiteral("too many stacked content encodings"));
            Result<std::unique_ptr<StreamDecoder>> decoder = createContentDecoder(name, m_options.maxSize);
            if (!decoder)
                return decoder.error();
            m_decoders.push_back(std::move(decoder).value());
        }
        // Progress counts decoded bytes; Content-Length tells their number only without encodings.
        // Never lower a total the caller set (it may cover several files).
        if (m_progress && m_decoders.empty() && head.contentLength >= 0 &&
            m_progress->total() < m_progress->done() + head.contentLength)
            m_progress->setTotal(m_progress->done() + head.contentLength);
        return true;
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

    QIODevice *m_out;
    const FetchOptions &m_options;
    Progress *m_progress;
    QUrl m_url;
    std::vector<std::unique_ptr<StreamDecoder>> m_decoders;
    Sha256 m_hash;
    qint64 m_written = 0;
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

    QStringList failures;
    std::optional<Error> lastError;
    const qint64 startPos = out->pos();
    for (const QString &text : urls) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("download cancelled"));
        const QUrl url(text, QUrl::StrictMode);
        Transfer transfer(out, options, progress);
        Result<QByteArray> hash = transfer.run(url);
        const bool written = transfer.wroteOutput();
        Error error;
        bool done = false;
        if (!hash) {
            error = hash.error();
            if (error.location.isEmpty())
                error.location = text;
        } else if (*hash != expectedSha256Hex) {
            error = makeError(ErrorCode::Integrity,
                              QStringLiteral("sha256 mismatch: expected %1, got %2")
                                  .arg(QString::fromLatin1(expectedSha256Hex), QString::fromLatin1(*hash)),
                              url.toDisplayString());
        } else {
            done = true;
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
