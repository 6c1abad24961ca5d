// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "runner/runnersession.h"

#include <QByteArray>
#include <QHash>
#include <QString>

// What a KServe v2 server answered, read without any network code (QtCore and
// core only, so fuzz/fuzz_kserve compiles it): an error reply as an error value,
// an inference response (JSON header, Inference-Header-Content-Length, binary
// tensor data) as tensors. Every error has a non-empty message that says what
// went wrong; nothing is allocated from a size the server declares before the
// bytes are there (wire::splitInferBody and wire::decodeTensors check first).
class KserveResponse final {
public:
    // The default cap on a response body (runner option max_response_bytes).
    static constexpr qint64 defaultMaxBody = 16ll << 30;

    // Text from the server, safe to print: control characters (a terminal escape
    // in an error message) become U+FFFD, and it is cut at `max` characters.
    static QString serverText(const QString &text, qsizetype max = 300);

    // A non-200 reply (`status`, `body`) as an error located at `what`
    // ("POST http://host/v2/models/m/infer"): "HTTP 400: " and the server's
    // {"error": "..."} or the start of its body; when those say nothing, that the
    // server gave no reason (for `model`, when not empty).
    static carton::Error httpError(int status, const QByteArray &body, const QString &model, const QString &what);

    // A 200 inference response's outputs, named back through `serverToCarton`
    // (server name -> carton name). `headerLength` is the
    // Inference-Header-Content-Length header's text (a null QByteArray when
    // absent); `maxBody` caps the binary part. A body {"error": "..."} is the
    // server's error (ErrorCode::Network), an empty one said to give no reason.
    static carton::Result<carton::TensorMap> parseInfer(QByteArray body, const QByteArray &headerLength,
                                                        const QHash<QString, QString> &serverToCarton, qint64 maxBody,
                                                        const QString &model, const QString &where);
};
