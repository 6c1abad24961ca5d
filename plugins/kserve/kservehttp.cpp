// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "kservehttp.h"

#include "base/humansize.h"
#include "chunkdevice.h"

#include <QEventLoop>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <cstdio>

using namespace carton;

namespace {
constexpr qint64 kMaxGetBody = 16ll << 20; // health, readiness, metadata: small JSON
// Bodies from this size on get progress lines in the run's log (the host's stderr).
constexpr qint64 kProgressMinBytes = 8ll << 20;

// Writes "[kserve] POST URL: sent 50 % of 256.0 MiB" when a big body reaches a
// new quarter (Qt reports progress in chunks, so a quarter can be skipped);
// `reported` is the last quarter written (0..4).
void reportProgress(const QString &what, const char *verb, qint64 done, qint64 total, int &reported)
{
    if (total < kProgressMinBytes || done < 0 || done > total)
        return;
    const int quarter = int(done * 4 / total);
    if (quarter <= reported)
        return;
    reported = quarter;
    std::fprintf(stderr, "[kserve] %s: %s %d %% of %s\n", qPrintable(what), verb, quarter * 25,
                 qPrintable(carton::humanSize(total)));
    std::fflush(stderr);
}
} // namespace

KserveHttp::KserveHttp(QUrl base, std::chrono::milliseconds timeout, qint64 maxBody)
    : m_base(std::move(base)), m_timeout(timeout), m_maxBody(maxBody)
{
    m_manager.setAutoDeleteReplies(false);
}

QUrl KserveHttp::url(const QString &path) const
{
    QUrl u = m_base;
    QString basePath = u.path();
    while (basePath.endsWith(u'/'))
        basePath.chop(1);
    u.setPath(basePath + path, QUrl::TolerantMode);
    return u;
}

QString KserveHttp::urlText(const QString &path) const
{
    return url(path).toDisplayString();
}

Result<KserveReply> KserveHttp::get(const QString &path)
{
    QNetworkRequest request(url(path));
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    return wait(m_manager.get(request), QStringLiteral("GET ") + urlText(path), qMin(m_maxBody, kMaxGetBody));
}

Result<KserveReply> KserveHttp::post(const QString &path, const QByteArray &json, const QList<QByteArray> &binary)
{
    ChunkDevice body(QList<QByteArray>{json} + binary);
    if (!body.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot stream the request"), urlText(path));
    QNetworkRequest request(url(path));
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/octet-stream"));
    request.setHeader(QNetworkRequest::ContentLengthHeader, body.size());
    request.setRawHeader("Inference-Header-Content-Length", QByteArray::number(json.size()));
    return wait(m_manager.post(request, &body), QStringLiteral("POST ") + urlText(path), m_maxBody);
}

Result<KserveReply> KserveHttp::wait(QNetworkReply *rawReply, const QString &what, qint64 maxBody)
{
    std::unique_ptr<QNetworkReply> reply(rawReply);
    const auto tooLarge = [this](qint64 limit) {
        return QStringLiteral("the response is larger than the limit of %1 bytes%2")
            .arg(limit)
            .arg(limit == m_maxBody ? QStringLiteral(" (max_response_bytes)") : QString());
    };
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    bool timedOut = false;
    bool tooBig = false;
    QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
        timedOut = true;
        reply->abort();
    });
    int sentQuarters = 0;
    int receivedQuarters = 0;
    QObject::connect(reply.get(), &QNetworkReply::uploadProgress, &loop,
                     [&](qint64 sent, qint64 total) { reportProgress(what, "sent", sent, total, sentQuarters); });
    QObject::connect(reply.get(), &QNetworkReply::downloadProgress, &loop, [&](qint64 received, qint64 total) {
        if (received > maxBody || total > maxBody) {
            tooBig = true;
            reply->abort();
            return;
        }
        reportProgress(what, "received", received, total, receivedQuarters);
    });
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    timer.start(m_timeout);
    if (!reply->isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    timer.stop();
    if (timedOut)
        return makeError(ErrorCode::Network,
                         QStringLiteral("no answer within %1 s (the kserve runner's timeout)")
                             .arg(double(m_timeout.count()) / 1000.0),
                         what);
    if (tooBig)
        return makeError(ErrorCode::Limit, tooLarge(maxBody), what);
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    // An HTTP error status still has a body (the server's {"error": ...}); only
    // failures without any HTTP answer are errors here.
    if (!status.isValid())
        return makeError(ErrorCode::Network, reply->errorString(), what);
    if (reply->error() != QNetworkReply::NoError && reply->error() < QNetworkReply::ContentAccessDenied) {
        const QVariant announced = reply->header(QNetworkRequest::ContentLengthHeader);
        if (reply->error() == QNetworkReply::RemoteHostClosedError && announced.isValid())
            return makeError(ErrorCode::Network,
                             QStringLiteral("the server closed the connection after %1 of the %2 body bytes it "
                                            "announced (HTTP %3)")
                                 .arg(reply->bytesAvailable())
                                 .arg(announced.toLongLong())
                                 .arg(status.toInt()),
                             what);
        return makeError(ErrorCode::Network, reply->errorString(), what);
    }
    KserveReply out;
    out.status = status.toInt();
    out.body = reply->readAll();
    if (out.body.size() > maxBody)
        return makeError(ErrorCode::Limit, tooLarge(maxBody), what);
    if (reply->hasRawHeader("Inference-Header-Content-Length")) {
        out.inferenceHeaderLength = reply->rawHeader("Inference-Header-Content-Length");
        if (out.inferenceHeaderLength.isNull())
            out.inferenceHeaderLength = QByteArray("");
    }
    return out;
}
