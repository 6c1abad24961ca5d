// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "kservemodel.h"

#include "format/cartoninfo.h"
#include "kserveresponse.h"
#include "package/carton.h"
#include "runner/wirecodec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cstdio>

using namespace carton;

namespace {

// "a=b, c=d" -> {a: b, c: d}; errors name the option.
Result<QHash<QString, QString>> parseNameMap(const QString &text, const QString &option)
{
    QHash<QString, QString> out;
    QSet<QString> targets;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        const qsizetype eq = part.indexOf(u'=');
        const QString from = part.left(eq).trimmed();
        const QString to = part.mid(eq + 1).trimmed();
        if (eq <= 0 || from.isEmpty() || to.isEmpty())
            return makeError(ErrorCode::Usage,
                             QStringLiteral("runner option '%1': expected CARTON_NAME=SERVER_NAME[,...], got \"%2\"")
                                 .arg(option, part.trimmed()));
        if (out.contains(from) || targets.contains(to))
            return makeError(
                ErrorCode::Usage,
                QStringLiteral("runner option '%1' names \"%2\" twice").arg(option, out.contains(from) ? from : to));
        out.insert(from, to);
        targets.insert(to);
    }
    return out;
}

QString describeName(const QString &cartonName, const QString &serverName)
{
    return cartonName == serverName ? QStringLiteral("\"%1\"").arg(cartonName)
                                    : QStringLiteral("\"%1\" (server \"%2\")").arg(cartonName, serverName);
}

QString serverShapeText(const QJsonArray &shape)
{
    QStringList dims;
    for (const QJsonValue &v : shape)
        dims << QString::number(v.toInteger(-1));
    return u'[' + dims.join(QStringLiteral(", ")) + u']';
}

// Why the carton's spec does not fit the server's tensor metadata, or empty.
QString specMismatch(const TensorSpec &spec, const QJsonObject &served, const QString &kind, const QString &name)
{
    QStringList problems;
    const QString datatype = served.value(u"datatype").toString();
    const QString want = wire::kserveDatatype(spec.dtype);
    if (datatype != want)
        problems << QStringLiteral("%1 %2: the carton says %3 (%4), the server says %5")
                        .arg(kind, name, dtypeName(spec.dtype), want,
                             datatype.isEmpty() ? QStringLiteral("no datatype")
                                                : KserveResponse::serverText(datatype, 40));
    const QJsonValue shapeValue = served.value(u"shape");
    if (spec.shape.isDims() && shapeValue.isArray()) {
        const QJsonArray shape = shapeValue.toArray();
        const QList<Dim> &dims = spec.shape.dimList();
        QString why;
        if (shape.size() != dims.size()) {
            why = QStringLiteral("%1 dims vs %2").arg(dims.size()).arg(shape.size());
        } else {
            for (qsizetype i = 0; i < dims.size() && why.isEmpty(); ++i) {
                const qint64 s = shape.at(i).toInteger(-1);
                if (dims.at(i).isValue() && s >= 0 && s != dims.at(i).size())
                    why = QStringLiteral("dim %1: %2 vs %3").arg(i).arg(dims.at(i).size()).arg(s);
            }
        }
        if (!why.isEmpty())
            problems << QStringLiteral("%1 %2: the carton's shape %3 does not fit the server's %4 (%5)")
                            .arg(kind, name, spec.shape.toString(), serverShapeText(shape), why);
    }
    return problems.join(QStringLiteral("; "));
}

Result<QHash<QString, QJsonObject>> tensorsByName(const QJsonObject &metadata, const QString &key, const QString &where)
{
    const QJsonValue value = metadata.value(key);
    if (!value.isArray())
        return makeError(ErrorCode::Format, QStringLiteral("the model metadata has no \"%1\" array").arg(key), where);
    QHash<QString, QJsonObject> out;
    for (const QJsonValue &v : value.toArray()) {
        const QJsonObject o = v.toObject();
        if (!o.value(u"name").isString())
            return makeError(ErrorCode::Format,
                             QStringLiteral("an entry of the model metadata's \"%1\" has no \"name\"").arg(key), where);
        out.insert(o.value(u"name").toString(), o);
    }
    return out;
}

} // namespace

KserveModel::KserveModel(QUrl base, std::chrono::milliseconds timeout, qint64 maxBody)
    : m_http(std::move(base), timeout, maxBody), m_maxBody(maxBody)
{
}

Result<std::unique_ptr<KserveModel>> KserveModel::connect(const RunnerLoadContext &context)
{
    const QJsonObject &o = context.options;
    const QString urlText = o.value(u"url").toString().trimmed();
    if (urlText.isEmpty())
        return makeError(ErrorCode::Usage,
                         QStringLiteral("the kserve runner needs the server's URL: runner option 'url' "
                                        "(carton selftest --kserve-url URL)"));
    const QUrl url(urlText, QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https") || url.host().isEmpty() ||
        url.hasQuery() || url.hasFragment())
        return makeError(ErrorCode::Usage,
                         QStringLiteral("runner option 'url': expected http://HOST:PORT or https://HOST:PORT, "
                                        "got \"%1\"")
                             .arg(urlText));
    const double seconds = o.value(u"timeout").toDouble(60);
    if (!(seconds > 0) || seconds > 86400)
        return makeError(
            ErrorCode::Usage,
            QStringLiteral("runner option 'timeout': expected seconds between 0 and 86400, got %1").arg(seconds));
    const qint64 maxBody = o.value(u"max_response_bytes").toInteger(KserveResponse::defaultMaxBody);
    if (maxBody <= 0)
        return makeError(ErrorCode::Usage,
                         QStringLiteral("runner option 'max_response_bytes' must be positive, got %1").arg(maxBody));
    std::unique_ptr<KserveModel> model(
        new KserveModel(url, std::chrono::milliseconds(qint64(seconds * 1000)), maxBody));

    const CartonInfo *info = context.carton && context.carton->info() ? &*context.carton->info() : nullptr;
    model->m_model = o.value(u"model").toString().trimmed();
    if (model->m_model.isEmpty() && info && info->modelName)
        model->m_model = *info->modelName;
    if (model->m_model.isEmpty())
        return makeError(ErrorCode::Usage,
                         QStringLiteral("the carton has no model_name, so the served model's name "
                                        "must be given: runner option 'model' (--kserve-model NAME)"));
    model->m_modelPath = QStringLiteral("/v2/models/") + QString::fromLatin1(QUrl::toPercentEncoding(model->m_model));
    const QString version = o.value(u"version").toString().trimmed();
    if (!version.isEmpty())
        model->m_modelPath += QStringLiteral("/versions/") + QString::fromLatin1(QUrl::toPercentEncoding(version));
    for (const auto &[key, map] : {std::pair{QStringLiteral("input_map"), &model->m_inputMap},
                                   std::pair{QStringLiteral("output_map"), &model->m_outputMap}}) {
        Result<QHash<QString, QString>> parsed = parseNameMap(o.value(key).toString(), key);
        if (!parsed)
            return parsed.error();
        *map = std::move(*parsed);
    }
    model->m_binaryOutput = o.value(u"binary_output").toBool(true);

    if (Status s = model->checkServer(); !s)
        return s.error();
    if (Status s =
            model->checkMetadata(info ? info->inputs : QList<TensorSpec>{}, info ? info->outputs : QList<TensorSpec>{});
        !s)
        return s.error();
    if (info) {
        for (const TensorSpec &spec : info->outputs)
            model->m_outputs << spec.name;
    }
    std::fprintf(stderr, "[kserve] model %s on %s: ready, metadata matches the carton\n", qPrintable(model->m_model),
                 qPrintable(model->m_http.urlText({})));
    return model;
}

Error KserveModel::httpError(const KserveReply &reply, const QString &what) const
{
    return KserveResponse::httpError(reply.status, reply.body, m_model, what);
}

Status KserveModel::checkServer()
{
    const QString health = QStringLiteral("/v2/health/ready");
    Result<KserveReply> ready = m_http.get(health);
    if (!ready)
        return makeError(ready.error().code,
                         QStringLiteral("cannot reach the KServe server: %1").arg(ready.error().message),
                         ready.error().location);
    if (ready->status != 200) {
        // Not about the model yet: an empty answer is the server's, not the model's.
        const Error e = KserveResponse::httpError(ready->status, ready->body, QString(),
                                                  QStringLiteral("GET ") + m_http.urlText(health));
        return makeError(e.code, QStringLiteral("the server is not ready (%1)").arg(e.message), e.location);
    }
    const QString modelReady = m_modelPath + QStringLiteral("/ready");
    Result<KserveReply> model = m_http.get(modelReady);
    if (!model)
        return model.error();
    if (model->status != 200) {
        const Error e = httpError(*model, QStringLiteral("GET ") + m_http.urlText(modelReady));
        return makeError(e.code, QStringLiteral("model \"%1\" is not ready on the server (%2)").arg(m_model, e.message),
                         e.location);
    }
    return {};
}

Status KserveModel::checkMetadata(const QList<TensorSpec> &inputs, const QList<TensorSpec> &outputs)
{
    const QString where = QStringLiteral("GET ") + m_http.urlText(m_modelPath);
    Result<KserveReply> reply = m_http.get(m_modelPath);
    if (!reply)
        return reply.error();
    if (reply->status != 200)
        return httpError(*reply, where);
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(reply->body, &parseError);
    if (!doc.isObject())
        return makeError(ErrorCode::Format,
                         QStringLiteral("the model metadata is not a JSON object (%1)").arg(parseError.errorString()),
                         where);
    QStringList problems;
    for (const auto &[specs, key, kind, map] :
         {std::tuple{&inputs, QStringLiteral("inputs"), QStringLiteral("input"), &m_inputMap},
          std::tuple{&outputs, QStringLiteral("outputs"), QStringLiteral("output"), &m_outputMap}}) {
        Result<QHash<QString, QJsonObject>> served = tensorsByName(doc.object(), key, where);
        if (!served)
            return served.error();
        QSet<QString> used;
        for (const TensorSpec &spec : *specs) {
            const QString serverName = map->value(spec.name, spec.name);
            used.insert(serverName);
            const QString name = describeName(spec.name, serverName);
            if (!served->contains(serverName)) {
                QStringList names = served->keys();
                names.sort();
                problems << QStringLiteral("%1 %2: the served model has no such %1 (it has: %3)")
                                .arg(kind, name, KserveResponse::serverText(names.join(QStringLiteral(", "))));
                continue;
            }
            const QString why = specMismatch(spec, served->value(serverName), kind, name);
            if (!why.isEmpty())
                problems << why;
        }
        for (auto it = served->cbegin(); it != served->cend(); ++it) {
            if (!specs->isEmpty() && !used.contains(it.key()))
                std::fprintf(stderr, "[kserve] the served model's %s \"%s\" is not in the carton\n", qPrintable(kind),
                             qPrintable(it.key()));
        }
    }
    if (!problems.isEmpty())
        return makeError(ErrorCode::Format,
                         QStringLiteral("the served model \"%1\" does not match the carton: %2")
                             .arg(m_model, problems.join(QStringLiteral("; "))),
                         where);
    return {};
}

Result<TensorMap> KserveModel::infer(const TensorMap &inputs)
{
    QList<Tensor> tensors;
    for (auto it = inputs.cbegin(); it != inputs.cend(); ++it) {
        const QString name = m_inputMap.value(it.key(), it.key());
        const Tensor &t = *it;
        tensors << (t.dtype() == DType::String   ? Tensor::strings(name, t.shape(), t.stringValues())
                    : t.dtype() == DType::Nested ? t
                                                 : Tensor::numeric(name, t.dtype(), t.shape(), t.data()));
    }
    Result<wire::EncodedTensors> encoded = wire::encodeTensors(tensors);
    if (!encoded)
        return encoded.error();
    QJsonObject request{{QStringLiteral("inputs"), encoded->descriptors}};
    if (!m_outputs.isEmpty()) {
        QJsonArray outputs;
        for (const QString &name : std::as_const(m_outputs))
            outputs.append(QJsonObject{
                {QStringLiteral("name"), m_outputMap.value(name, name)},
                {QStringLiteral("parameters"), QJsonObject{{QStringLiteral("binary_data"), m_binaryOutput}}}});
        request.insert(QStringLiteral("outputs"), outputs);
    }
    request.insert(QStringLiteral("parameters"), QJsonObject{{QStringLiteral("binary_data_output"), m_binaryOutput}});
    const QByteArray json = QJsonDocument(request).toJson(QJsonDocument::Compact);
    const QString path = m_modelPath + QStringLiteral("/infer");
    const QString where = QStringLiteral("POST ") + m_http.urlText(path);
    Result<KserveReply> reply = m_http.post(path, json, encoded->chunks);
    if (!reply)
        return reply.error();
    if (reply->status != 200)
        return httpError(*reply, where);
    QHash<QString, QString> back;
    for (auto it = m_outputMap.cbegin(); it != m_outputMap.cend(); ++it)
        back.insert(it.value(), it.key());
    return KserveResponse::parseInfer(std::move(reply->body), reply->inferenceHeaderLength, back, m_maxBody, m_model,
                                      where);
}
