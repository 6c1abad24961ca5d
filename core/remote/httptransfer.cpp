// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "remote/httptransfer.h"

#include "remote/remoteurl.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QTimer>
#include <memory>
#include <optional>

namespace carton {

namespace {

constexpr qint64 kReadChunk = 256 * 1024;

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

void parseContentRange(const QByteArray &value, HttpHead *head)
{
    static const QRegularExpression full(QStringLiteral("^\\s*bytes\\s+(\\d{1,18})-(\\d{1,18})/(\\d{1,18}|\\*)\\s*$"));
    static const QRegularExpression unsatisfied(QStringLiteral("^\\s*bytes\\s+\\*/(\\d{1,18})\\s*$"));
    const QString text = QString::fromLatin1(value);
    if (const QRegularExpressionMatch m = full.match(text); m.hasMatch()) {
        head->rangeFirst = m.captured(1).toLongLong();
        head->rangeLast = m.captured(2).toLongLong();
        head->rangeTotal = m.captured(3) == u"*" ? -1 : m.captured(3).toLongLong();
    } else if (const QRegularExpressionMatch u = unsatisfied.match(text); u.hasMatch()) {
        head->rangeTotal = u.captured(1).toLongLong();
    }
}

// One request to one URL: no redirect followed.
class Exchange {
public:
    Exchange(QNetworkAccessManager &manager, const QUrl &url, const QByteArray &range, const HttpHeadCheck &check,
             const HttpSink &sink, const RemoteOptions &options, Progress *progress, QByteArrayView acceptEncoding,
             const HttpRequest *request, bool sendHeaders)
        : m_manager(manager), m_url(url), m_range(range), m_check(check), m_sink(sink), m_options(options),
          m_progress(progress), m_acceptEncoding(acceptEncoding.toByteArray()), m_send(request),
          m_sendHeaders(sendHeaders)
    {
    }

    void run()
    {
        QNetworkRequest request(m_url);
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
        // Ranges count bytes of the file as stored: no content coding. Setting our own
        // Accept-Encoding also keeps Qt from decoding (and from hiding Content-Encoding).
        request.setRawHeader("Accept-Encoding", m_acceptEncoding);
        request.setRawHeader("User-Agent", "CartonStudio");
        if (!m_range.isEmpty())
            request.setRawHeader("Range", m_range);
        if (m_send && m_sendHeaders)
            for (const auto &[name, value] : m_send->headers)
                request.setRawHeader(name, value);
        if (m_options.stats)
            ++m_options.stats->requests;
        if (!m_send || m_send->method == "GET")
            m_reply.reset(m_manager.get(request));
        else if (m_send->method == "HEAD")
            m_reply.reset(m_manager.head(request));
        else
            m_reply.reset(m_manager.sendCustomRequest(request, m_send->method, m_send->body));
        m_reply->setReadBufferSize(4 * kReadChunk);

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
            if (!m_progress)
                return;
            if (m_progress->isCancelled())
                fail(makeError(ErrorCode::Cancelled, QStringLiteral("download cancelled")));
            else
                m_progress->flush(); // a stalled download still shows the bytes that came
        });
        QObject::connect(m_reply.get(), &QNetworkReply::metaDataChanged, &loop, [&] {
            inactivity.start();
            onMetaData();
        });
        QObject::connect(m_reply.get(), &QNetworkReply::readyRead, &loop, [&] {
            inactivity.start();
            onReadyRead();
        });
        QObject::connect(m_reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
        inactivity.start();
        cancelPoll.start();
        if (!m_reply->isFinished())
            loop.exec(QEventLoop::ExcludeUserInputEvents);
        inactivity.stop();
        cancelPoll.stop();
        if (m_error || m_stopped)
            return;
        if (!m_metaSeen)
            onMetaData();
        if (m_error || m_stopped || m_redirect.isValid())
            return;
        if (m_reply->error() != QNetworkReply::NoError && !isHttpStatusError(m_reply->error())) {
            if (m_head.contentLength > m_received)
                fail(makeError(ErrorCode::Network,
                               QStringLiteral("the response is truncated: %1 of the %2 bytes announced arrived (%3)")
                                   .arg(m_received)
                                   .arg(m_head.contentLength)
                                   .arg(m_reply->errorString())));
            else
                fail(makeError(
                    ErrorCode::Network,
                    QStringLiteral("download failed after %1 bytes: %2").arg(m_received).arg(m_reply->errorString())));
            return;
        }
        if (m_send && m_head.contentLength >= 0 && m_received < m_head.contentLength && m_send->method != "HEAD") {
            fail(makeError(ErrorCode::Network,
                           QStringLiteral("the response is truncated: %1 of the %2 bytes announced arrived")
                               .arg(m_received)
                               .arg(m_head.contentLength)));
            return;
        }
        onReadyRead();
    }

    const std::optional<Error> &error() const { return m_error; }
    const QUrl &redirect() const { return m_redirect; }
    const HttpHead &head() const { return m_head; }

private:
    // An HTTP status the check() accepted (a 4xx or 5xx whose body is read), not a
    // failure of the transfer itself.
    bool isHttpStatusError(QNetworkReply::NetworkError e) const
    {
        if (!m_send || !m_metaSeen)
            return false;
        return (e >= QNetworkReply::ContentAccessDenied && e <= QNetworkReply::UnknownContentError) ||
               e == QNetworkReply::ProtocolInvalidOperationError || // 400
               (e >= QNetworkReply::InternalServerError && e <= QNetworkReply::UnknownServerError);
    }

    void fail(Error error)
    {
        if (!m_error)
            m_error = std::move(error);
        abortLater();
    }

    // Aborting inside one of the reply's own signals upsets QNetworkReply: the
    // abort runs from the event loop right after (the body is ignored meanwhile).
    void abortLater()
    {
        if (m_reply && !m_reply->isFinished())
            QMetaObject::invokeMethod(m_reply.get(), &QNetworkReply::abort, Qt::QueuedConnection);
    }

    void onMetaData()
    {
        if (m_metaSeen || m_error)
            return;
        QNetworkReply *reply = m_reply.get();
        const QVariant statusAttr = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        if (!statusAttr.isValid())
            return; // no HTTP response (a connection error): reported when finished
        m_metaSeen = true;
        m_head.status = statusAttr.toInt();
        m_head.url = m_url;
        if (m_head.status >= 300 && m_head.status < 400 && reply->hasRawHeader("Location")) {
            m_redirect = m_url.resolved(QUrl::fromEncoded(reply->rawHeader("Location"), QUrl::StrictMode));
            if (!m_redirect.isValid())
                fail(makeError(ErrorCode::Network,
                               QStringLiteral("invalid redirect target \"%1\"")
                                   .arg(QString::fromLatin1(reply->rawHeader("Location").left(200)))));
            else
                abortLater();
            return;
        }
        const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
        m_head.contentLength = length.isValid() ? length.toLongLong() : -1;
        m_head.contentRangeSent = reply->hasRawHeader("Content-Range");
        if (m_head.contentRangeSent)
            parseContentRange(reply->rawHeader("Content-Range"), &m_head);
        m_head.etag = reply->rawHeader("ETag");
        m_head.contentEncoding = reply->rawHeader("Content-Encoding").trimmed().toLower();
        for (const auto &pair : reply->rawHeaderPairs())
            m_head.headers.append({pair.first, pair.second});
        if (m_acceptEncoding == "identity" && !m_head.contentEncoding.isEmpty() &&
            m_head.contentEncoding != "identity") {
            fail(makeError(ErrorCode::Unsupported,
                           QStringLiteral("the server sent the file with Content-Encoding \"%1\" although "
                                          "\"identity\" was asked for; byte ranges need the file as stored")
                               .arg(QString::fromLatin1(m_head.contentEncoding.left(50)))));
            return;
        }
        Result<bool> decision = m_check(m_head);
        if (!decision) {
            fail(decision.error());
            return;
        }
        if (!*decision) {
            m_stopped = true;
            abortLater();
        }
    }

    void onReadyRead()
    {
        if (m_error || m_stopped || !m_metaSeen || m_redirect.isValid())
            return;
        for (;;) {
            const qint64 n = m_reply->read(m_buffer.data(), kReadChunk);
            if (n <= 0)
                break;
            m_received += n;
            if (m_options.stats)
                m_options.stats->bytes += n;
            if (Status s = m_sink(m_buffer.constData(), n); !s) {
                fail(s.error());
                return;
            }
        }
    }

    QNetworkAccessManager &m_manager;
    QUrl m_url;
    QByteArray m_range;
    const HttpHeadCheck &m_check;
    const HttpSink &m_sink;
    const RemoteOptions &m_options;
    Progress *m_progress;
    QByteArray m_acceptEncoding;
    const HttpRequest *m_send;
    bool m_sendHeaders;
    std::unique_ptr<QNetworkReply, ReplyDeleter> m_reply;
    QByteArray m_buffer = QByteArray(kReadChunk, Qt::Uninitialized);
    HttpHead m_head;
    qint64 m_received = 0;
    bool m_metaSeen = false;
    bool m_stopped = false;
    QUrl m_redirect;
    std::optional<Error> m_error;
};

} // namespace

QByteArray HttpHead::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers)
        if (QByteArrayView(key).compare(name, Qt::CaseInsensitive) == 0)
            return value;
    return {};
}

namespace {

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    return a.scheme() == b.scheme() && a.host().compare(b.host(), Qt::CaseInsensitive) == 0 &&
           a.port(a.scheme() == u"https" ? 443 : 80) == b.port(b.scheme() == u"https" ? 443 : 80);
}

Result<HttpHead> transfer(const QUrl &start, const QByteArray &rangeHeader, const HttpHeadCheck &check,
                          const HttpSink &sink, const RemoteOptions &options, Progress *progress,
                          QByteArrayView acceptEncoding, const HttpRequest *request)
{
    QNetworkAccessManager manager; // lives in the calling thread, for this request
    // A registry's redirect goes to a storage service whose query carries signed
    // credentials: messages name such URLs without their query.
    auto shown = [request](const QUrl &u) {
        return request ? u.toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery) : u.toDisplayString();
    };
    QUrl url = start;
    for (int hop = 0;; ++hop) {
        if (!isHttpUrl(url))
            return makeError(ErrorCode::Unsafe,
                             hop == 0 ? QStringLiteral("only http and https URLs are opened")
                                      : QStringLiteral("refused redirect to \"%1\": only http and https are followed")
                                            .arg(shown(url).left(200)),
                             shown(start));
        if (hop > options.maxRedirects)
            return makeError(ErrorCode::Network,
                             QStringLiteral("too many redirects (more than %1)").arg(options.maxRedirects),
                             shown(start));
        Exchange exchange(manager, url, rangeHeader, check, sink, options, progress, acceptEncoding, request,
                          sameOrigin(url, start));
        exchange.run();
        if (exchange.error()) {
            Error e = *exchange.error();
            e.location = shown(url);
            return e;
        }
        if (exchange.redirect().isValid()) {
            url = exchange.redirect();
            continue;
        }
        return exchange.head();
    }
}

} // namespace

Result<HttpHead> httpGet(const QUrl &start, const QByteArray &rangeHeader, const HttpHeadCheck &check,
                         const HttpSink &sink, const RemoteOptions &options, Progress *progress,
                         QByteArrayView acceptEncoding)
{
    return transfer(start, rangeHeader, check, sink, options, progress, acceptEncoding, nullptr);
}

Result<HttpHead> httpSend(const QUrl &url, const HttpRequest &request, const HttpHeadCheck &check, const HttpSink &sink,
                          const RemoteOptions &options, Progress *progress)
{
    QByteArray range;
    for (const auto &[name, value] : request.headers)
        if (QByteArrayView(name).compare("Range", Qt::CaseInsensitive) == 0)
            range = value;
    return transfer(url, range, check, sink, options, progress, "identity", &request);
}

} // namespace carton
