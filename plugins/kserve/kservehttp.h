// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"

#include <QByteArray>
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

// Requests to one KServe v2 server through core's carton::HttpClient (blocking,
// so it works in the runner host, which runs no event loop). Every request is
// bounded in time (`timeout`, the whole request) and its answer's body in size
// (`maxBody` for inferences; GETs, which answer small JSON, at most 16 MiB), and
// goes to the server's host only. Connection failures, timeouts and oversized
// bodies are ErrorCode::Network / Limit errors naming the URL; HTTP error
// statuses are returned as replies. Big bodies log their progress by quarters
// on stderr (the run's log).
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

    QUrl m_base;
    std::chrono::milliseconds m_timeout;
    qint64 m_maxBody;
};
