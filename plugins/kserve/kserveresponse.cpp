// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "kserveresponse.h"

#include "runner/wirecodec.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace carton;

namespace {

// What to say when the server's {"error": ...} or body says nothing (a server
// answered {"error": ""}: the message used to be empty).
QString noReason(const QString &model)
{
    if (model.isEmpty())
        return QStringLiteral("the server gave no reason");
    return QStringLiteral("the server gave no reason (model \"%1\")").arg(KserveResponse::serverText(model, 200));
}

} // namespace

QString KserveResponse::serverText(const QString &text, qsizetype max)
{
    QString out = text.left(max);
    for (QChar &c : out) {
        if (c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() < 0xa0))
            c = QChar::ReplacementCharacter;
    }
    if (text.size() > max)
        out += QStringLiteral("…");
    return out;
}

Error KserveResponse::httpError(int status, const QByteArray &body, const QString &model, const QString &what)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    QString detail = doc.isObject() && doc.object().value(u"error").isString()
                         ? serverText(doc.object().value(u"error").toString(), 2000)
                         : serverText(QString::fromUtf8(body.left(1200)).simplified());
    if (detail.trimmed().isEmpty())
        detail = noReason(model);
    return makeError(ErrorCode::Network, QStringLiteral("HTTP %1: %2").arg(status).arg(detail), what);
}

Result<TensorMap> KserveResponse::parseInfer(QByteArray body, const QByteArray &headerLength,
                                             const QHash<QString, QString> &serverToCarton, qint64 maxBody,
                                             const QString &model, const QString &where)
{
    const QString response = where + QStringLiteral(" response");
    wire::WireLimits limits;
    limits.acceptJsonData = true;
    limits.maxBinaryBytes = maxBody;
    limits.maxHeaderBytes = qMin<qint64>(maxBody, 1ll << 30);
    Result<wire::InferBody> split = wire::splitInferBody(std::move(body), headerLength, response, limits);
    if (!split)
        return split.error();
    const QJsonValue error = split->json.value(u"error");
    if (error.isString()) {
        const QString text = serverText(error.toString(), 2000);
        return makeError(ErrorCode::Network,
                         text.trimmed().isEmpty()
                             ? QStringLiteral("the server reported an error, but %1").arg(noReason(model))
                             : text,
                         where);
    }
    const QJsonValue outputs = split->json.value(u"outputs");
    if (!outputs.isArray())
        return makeError(ErrorCode::Format, QStringLiteral("the response has no \"outputs\" array"), response);
    Result<QList<Tensor>> decoded = wire::decodeTensors(outputs.toArray(), split->binary, response, limits);
    if (!decoded)
        return decoded.error();
    TensorMap out;
    for (Tensor &t : *decoded) {
        const QString name = serverToCarton.value(t.name(), t.name());
        if (out.contains(name))
            return makeError(ErrorCode::Format, QStringLiteral("the response has output \"%1\" twice").arg(name),
                             response);
        out.insert(name, t.dtype() == DType::String ? Tensor::strings(name, t.shape(), t.stringValues())
                                                    : Tensor::numeric(name, t.dtype(), t.shape(), t.data()));
    }
    return out;
}
