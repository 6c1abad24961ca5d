// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "kservehttp.h"

#include "base/humansize.h"
#include "remote/chunkdevice.h"
#include "remote/httpclient.h"

#include <cstdio>

using namespace carton;

namespace {
constexpr qint64 kMaxGetBody = 16ll << 20; // health, readiness, metadata: small JSON
// Bodies from this size on get progress lines in the run's log (the host's stderr).
constexpr qint64 kProgressMinBytes = 8ll << 20;

// Writes "[kserve] POST URL: sent 50 % of 256.0 MiB" when a big body reaches a
// new quarter (progress comes in chunks, so a quarter can be skipped);
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

// Sends `request` under the runner's policy and reads the answer, logging big bodies.
Result<KserveReply> exchange(const QUrl &url, HttpRequest request, const QString &what,
                             std::chrono::milliseconds timeout, qint64 maxBody, bool capIsOption)
{
    HttpPolicy policy;
    policy.hosts = {url.host()};
    policy.maxRedirects = 5; // to the same host only
    policy.idleTimeoutMs = 0;
    policy.totalTimeoutMs = int(timeout.count());
    policy.timeoutName = QStringLiteral("the kserve runner's timeout");
    policy.maxBodyBytes = maxBody;
    if (capIsOption)
        policy.bodyCapName = QStringLiteral("max_response_bytes");
    int sentQuarters = 0;
    request.uploadProgress = [&](qint64 sent, qint64 total) {
        reportProgress(what, "sent", sent, total, sentQuarters);
    };
    KserveReply out;
    int receivedQuarters = 0;
    qint64 announced = -1;
    auto check = [&](const HttpHead &head) -> Result<bool> {
        announced = head.contentLength;
        return true;
    };
    auto sink = [&](const char *data, qint64 n) -> Status {
        out.body.append(data, n);
        reportProgress(what, "received", out.body.size(), announced, receivedQuarters);
        return {};
    };
    Result<HttpHead> head = HttpClient(policy).send(url, request, check, sink);
    if (!head)
        return makeError(head.error().code, head.error().message, what);
    out.status = head->status;
    for (const auto &[name, value] : head->headers)
        if (QByteArrayView(name).compare("Inference-Header-Content-Length", Qt::CaseInsensitive) == 0)
            out.inferenceHeaderLength = value.isNull() ? QByteArray("") : value;
    return out;
}
} // namespace

KserveHttp::KserveHttp(QUrl base, std::chrono::milliseconds timeout, qint64 maxBody)
    : m_base(std::move(base)), m_timeout(timeout), m_maxBody(maxBody)
{
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
    const qint64 cap = qMin(m_maxBody, kMaxGetBody);
    return exchange(url(path), {}, QStringLiteral("GET ") + urlText(path), m_timeout, cap, cap == m_maxBody);
}

Result<KserveReply> KserveHttp::post(const QString &path, const QByteArray &json, const QList<QByteArray> &binary)
{
    ChunkDevice body(QList<QByteArray>{json} + binary);
    if (!body.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot stream the request"), urlText(path));
    HttpRequest request;
    request.method = QByteArrayLiteral("POST");
    request.bodyDevice = &body;
    request.addHeader(QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/octet-stream"));
    request.addHeader(QByteArrayLiteral("Inference-Header-Content-Length"), QByteArray::number(json.size()));
    return exchange(url(path), std::move(request), QStringLiteral("POST ") + urlText(path), m_timeout, m_maxBody, true);
}
