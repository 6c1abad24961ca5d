// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"

#include <QByteArray>
#include <QNetworkAccessManager>
#include <QString>
#include <QUrl>
#include <chrono>

// One HTTP answer from a KServe server.
struct KserveReply {
    int status = 0;
    QByteArray body;
    // The Inference-Header-Content-Length header; a null QByteArray when absent.
    QByteArray inferenceHeaderLength;
};

// Blocking HTTP/1.1 requests to one KServe v2 server (a local event loop per
// request, so it works in the runner host, which has none running). Every
// request is bounded in time (`timeout`) and its answer's body in size
// (`maxBody` for inferences; GETs, which answer small JSON, at most 16 MiB).
// Connection failures, timeouts and oversized bodies are ErrorCode::Network /
// Limit errors naming the URL; HTTP error statuses are returned as replies.
class KserveHttp {
public:
    KserveHttp(QUrl base, std::chrono::milliseconds timeout, qint64 maxBody);

    // `path` starts with "/v2/...".
    carton::Result<KserveReply> get(const QString &path);
    // POSTs the JSON `json` followed by `binary` (Inference-Header-Content-Length:
    // json.size()), streamed from those arrays without joining them.
    carton::Result<KserveReply> post(const QString &path, const QByteArray &json, const QList<QByteArray> &binary);
    // The full URL of `path`, for messages.
    QString urlText(const QString &path) const;

private:
    QUrl url(const QString &path) const;
    carton::Result<KserveReply> wait(class QNetworkReply *reply, const QString &what, qint64 maxBody);

    QUrl m_base;
    std::chrono::milliseconds m_timeout;
    qint64 m_maxBody;
    QNetworkAccessManager m_manager;
};
