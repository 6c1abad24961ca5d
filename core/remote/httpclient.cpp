// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "remote/httpclient.h"

#include "remote/remoteurl.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QIODevice>
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
    Exchange(QNetworkAccessManager &manager, const QUrl &url, const HttpRequest &request, const HttpHeadCheck &check,
             const HttpSink &sink, const HttpPolicy &policy, Progress *progress, QDeadlineTimer deadline,
             bool sendHeaders)
        : m_manager(manager), m_url(url), m_check(check), m_sink(sink), m_policy(policy), m_progress(progress),
          m_send(request), m_deadline(deadline), m_sendHeaders(sendHeaders)
    {
    }

    // The redirects that led here: the head the check sees lists them.
    void setRedirects(QList<HttpHop> hops) { m_head.redirects = std::move(hops); }

    void run()
    {
        QNetworkRequest request(m_url);
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
        // Ranges count bytes of the file as stored: no content coding. Setting our own
        // Accept-Encoding also keeps Qt from decoding (and from hiding Content-Encoding).
        request.setRawHeader("Accept-Encoding", m_send.acceptEncoding);
        request.setRawHeader("User-Agent", "CartonStudio");
        if (!m_send.range.isEmpty())
            request.setRawHeader("Range", m_send.range);
        if (m_sendHeaders)
            for (const auto &[name, value] : m_send.headers)
                request.setRawHeader(name, value);
        if (m_policy.stats)
            ++m_policy.stats->requests;
        QIODevice *device = m_send.bodyDevice;
        if (device) {
            if (!device->isReadable() || device->isSequential() || !device->seek(0)) {
                fail(makeError(ErrorCode::Usage, QStringLiteral("the request body cannot be read from its start")));
                return;
            }
            request.setHeader(QNetworkRequest::ContentLengthHeader, device->size());
        }
        if (m_send.method == "GET")
            m_reply.reset(m_manager.get(request));
        else if (m_send.method == "HEAD")
            m_reply.reset(m_manager.head(request));
        else if (device)
            m_reply.reset(m_manager.sendCustomRequest(request, m_send.method, device));
        else
            m_reply.reset(m_manager.sendCustomRequest(request, m_send.method, m_send.body));
        m_reply->setReadBufferSize(4 * kReadChunk);

        QEventLoop loop;
        QTimer inactivity;
        inactivity.setSingleShot(true);
        inactivity.setInterval(m_policy.idleTimeoutMs);
        const auto active = [&] {
            if (m_policy.idleTimeoutMs > 0)
                inactivity.start();
        };
        QTimer total;
        total.setSingleShot(true);
        QTimer cancelPoll;
        cancelPoll.setInterval(50);
        QObject::connect(&inactivity, &QTimer::timeout, &loop, [&] {
            fail(makeError(
                ErrorCode::Network,
                QStringLiteral("no data received for %1 ms (%2)").arg(m_policy.idleTimeoutMs).arg(timeoutReason())));
        });
        QObject::connect(&total, &QTimer::timeout, &loop, [&] {
            fail(makeError(ErrorCode::Network, QStringLiteral("no answer within %1 s (%2)")
                                                   .arg(double(m_policy.totalTimeoutMs) / 1000.0)
                                                   .arg(timeoutReason())));
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
            active();
            onMetaData();
        });
        QObject::connect(m_reply.get(), &QNetworkReply::readyRead, &loop, [&] {
            active();
            onReadyRead();
        });
        QObject::connect(m_reply.get(), &QNetworkReply::uploadProgress, &loop, [&](qint64 sent, qint64 size) {
            active();
            if (m_send.uploadProgress && sent > 0)
                m_send.uploadProgress(sent, size);
        });
        QObject::connect(m_reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
        active();
        if (!m_deadline.isForever())
            total.start(int(qMax<qint64>(0, m_deadline.remainingTime())));
        cancelPoll.start();
        if (!m_reply->isFinished())
            loop.exec(QEventLoop::ExcludeUserInputEvents);
        inactivity.stop();
        total.stop();
        cancelPoll.stop();
        if (m_error || m_stopped)
            return;
        if (!m_metaSeen)
            onMetaData();
        if (m_error || m_stopped || m_redirect.isValid())
            return;
        if (m_reply->error() != QNetworkReply::NoError && !isHttpStatusError(m_reply->error())) {
            if (!m_metaSeen)
                fail(makeError(ErrorCode::Network, m_reply->errorString())); // no HTTP answer at all
            else if (m_head.contentLength > m_received)
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
        onReadyRead();
        if (m_error || m_stopped)
            return;
        if (m_head.contentLength >= 0 && m_received < m_head.contentLength && m_send.method != "HEAD")
            fail(makeError(ErrorCode::Network,
                           QStringLiteral("the response is truncated: %1 of the %2 bytes announced arrived")
                               .arg(m_received)
                               .arg(m_head.contentLength)));
    }

    const std::optional<Error> &error() const { return m_error; }
    const QUrl &redirect() const { return m_redirect; }
    const HttpHead &head() const { return m_head; }

private:
    // An HTTP status the check() accepted (a 4xx or 5xx whose body is read), not a
    // failure of the transfer itself.
    bool isHttpStatusError(QNetworkReply::NetworkError e) const
    {
        if (!m_metaSeen)
            return false;
        return (e >= QNetworkReply::ContentAccessDenied && e <= QNetworkReply::UnknownContentError) ||
               e == QNetworkReply::ProtocolInvalidOperationError || // 400
               (e >= QNetworkReply::InternalServerError && e <= QNetworkReply::UnknownServerError);
    }

    QString timeoutReason() const
    {
        return m_policy.timeoutName.isEmpty() ? QStringLiteral("timed out") : m_policy.timeoutName;
    }

    QString tooLarge() const
    {
        return QStringLiteral("the response is larger than the limit of %1 bytes%2")
            .arg(m_policy.maxBodyBytes)
            .arg(m_policy.bodyCapName.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(m_policy.bodyCapName));
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
            for (const auto &pair : reply->rawHeaderPairs())
                m_head.headers.append({pair.first, pair.second});
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
        if (m_policy.maxBodyBytes >= 0 && m_head.contentLength > m_policy.maxBodyBytes && m_send.method != "HEAD") {
            fail(makeError(ErrorCode::Limit, tooLarge()));
            return;
        }
        if (m_send.acceptEncoding == "identity" && !m_head.contentEncoding.isEmpty() &&
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
            if (m_policy.maxBodyBytes >= 0 && n > m_policy.maxBodyBytes - m_received) {
                fail(makeError(ErrorCode::Limit, tooLarge()));
                return;
            }
            m_received += n;
            if (m_policy.stats)
                m_policy.stats->bytes += n;
            if (Status s = m_sink(m_buffer.constData(), n); !s) {
                fail(s.error());
                return;
            }
        }
    }

    QNetworkAccessManager &m_manager;
    QUrl m_url;
    const HttpHeadCheck &m_check;
    const HttpSink &m_sink;
    const HttpPolicy &m_policy;
    Progress *m_progress;
    const HttpRequest &m_send;
    QDeadlineTimer m_deadline;
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

namespace {
QByteArray headerIn(const QList<std::pair<QByteArray, QByteArray>> &headers, QByteArrayView name)
{
    for (const auto &[key, value] : headers)
        if (QByteArrayView(key).compare(name, Qt::CaseInsensitive) == 0)
            return value;
    return {};
}
} // namespace

QByteArray HttpHead::header(QByteArrayView name) const
{
    return headerIn(headers, name);
}

QByteArray HttpHop::header(QByteArrayView name) const
{
    return headerIn(headers, name);
}

namespace {

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    return a.scheme() == b.scheme() && a.host().compare(b.host(), Qt::CaseInsensitive) == 0 &&
           a.port(a.scheme() == u"https" ? 443 : 80) == b.port(b.scheme() == u"https" ? 443 : 80);
}

// URLs in messages: no user info, no query (a registry's redirect goes to a storage
// service whose query carries signed credentials).
QString shown(const QUrl &u)
{
    return u.toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
}

QString schemeList(const QStringList &schemes)
{
    if (schemes.size() < 2)
        return schemes.value(0);
    return QStringList(schemes.mid(0, schemes.size() - 1)).join(QStringLiteral(", ")) + QStringLiteral(" and ") +
           schemes.last();
}

} // namespace

HttpPolicy HttpPolicy::fromRemote(const RemoteOptions &options)
{
    HttpPolicy policy;
    policy.maxRedirects = options.maxRedirects;
    policy.idleTimeoutMs = options.timeoutMs;
    policy.stats = options.stats;
    return policy;
}

Status HttpPolicy::allows(const QUrl &url) const
{
    if (!url.isValid() || url.host().isEmpty() || !schemes.contains(url.scheme(), Qt::CaseInsensitive))
        return makeError(ErrorCode::Unsafe, QStringLiteral("only %1 URLs are opened").arg(schemeList(schemes)),
                         shown(url).left(200));
    if (!hosts.isEmpty() && !hosts.contains(url.host(), Qt::CaseInsensitive))
        return makeError(ErrorCode::Unsafe,
                         QStringLiteral("the host %1 is not among those allowed (%2)")
                             .arg(url.host().left(100), hosts.join(QStringLiteral(", "))),
                         shown(url).left(200));
    return {};
}

Status HttpPolicy::allowsRedirect(const QUrl &from, const QUrl &to) const
{
    const auto refused = [&to](const QString &why) {
        return makeError(ErrorCode::Unsafe,
                         QStringLiteral("refused redirect to \"%1\": %2").arg(shown(to).left(200), why));
    };
    if (!to.isValid() || to.host().isEmpty() || !schemes.contains(to.scheme(), Qt::CaseInsensitive))
        return refused(QStringLiteral("only %1 URLs are followed").arg(schemeList(schemes)));
    if (from.scheme().compare(u"https", Qt::CaseInsensitive) == 0 &&
        to.scheme().compare(u"https", Qt::CaseInsensitive) != 0)
        return refused(QStringLiteral("never from https to %1").arg(to.scheme().left(20)));
    if (Status s = allows(to); !s)
        return refused(s.error().message);
    return {};
}

Result<HttpHead> HttpClient::send(const QUrl &start, const HttpRequest &request, const HttpHeadCheck &check,
                                  const HttpSink &sink, Progress *progress) const
{
    if (Status s = m_policy.allows(start); !s)
        return s.error();
    QNetworkAccessManager manager; // lives in the calling thread, for this request
    const QDeadlineTimer deadline =
        m_policy.totalTimeoutMs > 0 ? QDeadlineTimer(m_policy.totalTimeoutMs) : QDeadlineTimer(QDeadlineTimer::Forever);
    QUrl url = start;
    QList<HttpHop> hops;
    for (int hop = 0;; ++hop) {
        if (hop > m_policy.maxRedirects)
            return makeError(ErrorCode::Network,
                             QStringLiteral("too many redirects (more than %1)").arg(m_policy.maxRedirects),
                             shown(start));
        Exchange exchange(manager, url, request, check, sink, m_policy, progress, deadline, sameOrigin(url, start));
        exchange.setRedirects(hops);
        exchange.run();
        if (exchange.error()) {
            Error e = *exchange.error();
            e.location = shown(url);
            return e;
        }
        if (exchange.redirect().isValid()) {
            const QUrl next = exchange.redirect();
            if (Status s = m_policy.allowsRedirect(url, next); !s) {
                Error e = s.error();
                e.location = shown(start);
                return e;
            }
            hops.append(HttpHop{exchange.head().status, url, exchange.head().headers});
            if (request.beforeRedirect)
                if (Status s = request.beforeRedirect(hops); !s) {
                    Error e = s.error();
                    e.location = shown(start);
                    return e;
                }
            url = next;
            continue;
        }
        return exchange.head();
    }
}

Result<HttpResponse> HttpClient::fetch(const QUrl &url, const HttpRequest &request, Progress *progress) const
{
    HttpResponse response;
    auto check = [](const HttpHead &) -> Result<bool> { return true; };
    auto sink = [&response](const char *data, qint64 n) -> Status {
        response.body.append(data, n);
        return {};
    };
    Result<HttpHead> head = send(url, request, check, sink, progress);
    if (!head)
        return head.error();
    response.head = std::move(head).value();
    return response;
}

} // namespace carton
