// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "kservetestserver.h"

#include "runner/wirecodec.h"
#include "tensor/tensor.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutexLocker>
#include <QPointer>
#include <QSet>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QtEndian>
#include <algorithm>
#include <cstring>

using namespace carton;

namespace {

constexpr qint64 kMaxHeaderBytes = 64 * 1024;
constexpr qint64 kMaxBody = 1ll << 30;

struct HttpResponse {
    int status = 200;
    QByteArray body;
    QByteArray inferenceHeaderLength; // empty: no header
    qint64 announcedLength = -1;      // Content-Length to announce, when not body.size()
    bool close = false;
};

QByteArray reason(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 404:
        return "Not Found";
    case 411:
        return "Length Required";
    case 413:
        return "Payload Too Large";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

HttpResponse jsonResponse(int status, const QJsonObject &o)
{
    return {status, QJsonDocument(o).toJson(QJsonDocument::Compact), {}, -1, false};
}

HttpResponse errorResponse(int status, const QString &message)
{
    return jsonResponse(status, QJsonObject{{QStringLiteral("error"), message}});
}

QJsonArray metadataTensors(const QList<KserveTestTensor> &tensors)
{
    QJsonArray out;
    for (const KserveTestTensor &t : tensors) {
        QJsonArray shape;
        for (qint64 d : t.shape)
            shape.append(d);
        out.append(QJsonObject{{QStringLiteral("name"), t.name},
                               {QStringLiteral("datatype"), t.datatype},
                               {QStringLiteral("shape"), shape}});
    }
    return out;
}

template <typename T>
T loadLe(const QByteArray &d, qint64 i)
{
    return qFromLittleEndian<T>(d.constData() + i * qint64(sizeof(T)));
}

Tensor renamed(const Tensor &t, const QString &name)
{
    return t.dtype() == DType::String ? Tensor::strings(name, t.shape(), t.stringValues())
                                      : Tensor::numeric(name, t.dtype(), t.shape(), t.data());
}

// A float32 tensor with `delta` added to each element, named `name`.
Tensor plusFloat(const Tensor &t, const QString &name, float delta)
{
    QByteArray d = t.data();
    for (qint64 e = 0; e < d.size() / 4; ++e)
        qToLittleEndian(loadLe<float>(d, e) + delta, d.data() + e * 4);
    return Tensor::numeric(name, DType::Float32, t.shape(), d);
}

} // namespace

QByteArray KserveRecordedRequest::header(const QByteArray &lowerName) const
{
    for (const auto &[name, value] : headers) {
        if (name == lowerName)
            return value;
    }
    return {};
}

// Lives on the server's thread: accepts connections, parses requests, answers.
class KserveTestServerWorker : public QTcpServer {
public:
    explicit KserveTestServerWorker(KserveTestServer *owner) : m_owner(owner)
    {
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, this, [this, s] { serve(s); });
                connect(s, &QTcpSocket::disconnected, this, [this, s] {
                    m_buffers.remove(s);
                    m_continued.remove(s);
                    s->deleteLater();
                });
            }
        });
    }

private:
    void serve(QTcpSocket *s)
    {
        QByteArray &buffer = m_buffers[s];
        buffer.append(s->readAll());
        for (;;) {
            // Only the head is searched (a big body arrives in many reads).
            const qsizetype end =
                QByteArrayView(buffer).first(qMin<qsizetype>(buffer.size(), kMaxHeaderBytes + 4)).indexOf("\r\n\r\n");
            if (end < 0) {
                if (buffer.size() > kMaxHeaderBytes)
                    send(s, errorResponse(413, QStringLiteral("request headers too large")), true);
                return;
            }
            KserveRecordedRequest r;
            const QList<QByteArray> lines = buffer.left(end).split('\n');
            const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
            r.method = requestLine.value(0);
            r.path = requestLine.value(1);
            qint64 length = 0;
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const qsizetype colon = lines.at(i).indexOf(':');
                if (colon <= 0)
                    continue;
                r.headers.append({lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed()});
            }
            if (!r.header("transfer-encoding").isEmpty()) {
                send(s, errorResponse(411, QStringLiteral("chunked bodies are not supported here")), true);
                return;
            }
            if (!r.header("content-length").isEmpty()) {
                bool ok = false;
                length = r.header("content-length").toLongLong(&ok);
                if (!ok || length < 0 || length > kMaxBody) {
                    send(s, errorResponse(413, QStringLiteral("bad or too large Content-Length")), true);
                    return;
                }
            }
            if (buffer.size() - end - 4 < length) {
                // Wait for the rest of the body (announced, and capped above).
                if (!m_continued.contains(s)) {
                    m_continued.insert(s);
                    buffer.reserve(end + 4 + length);
                    if (r.header("expect").toLower() == "100-continue")
                        s->write("HTTP/1.1 100 Continue\r\n\r\n");
                }
                return;
            }
            m_continued.remove(s);
            r.body = buffer.mid(end + 4, length);
            buffer.remove(0, end + 4 + length);
            const bool close = r.header("connection").toLower() == "close";
            handle(s, r, close);
            if (close)
                return;
        }
    }

    void send(QTcpSocket *s, const HttpResponse &response, bool close)
    {
        QByteArray head = "HTTP/1.1 " + QByteArray::number(response.status) + ' ' + reason(response.status) + "\r\n";
        const bool binary = !response.inferenceHeaderLength.isEmpty();
        head += binary ? "Content-Type: application/octet-stream\r\n" : "Content-Type: application/json\r\n";
        if (binary)
            head += "Inference-Header-Content-Length: " + response.inferenceHeaderLength + "\r\n";
        head += "Content-Length: " +
                QByteArray::number(response.announcedLength >= 0 ? response.announcedLength : response.body.size()) +
                "\r\n";
        if (close || response.close)
            head += "Connection: close\r\n";
        head += "\r\n";
        s->write(head);
        s->write(response.body);
        if (close || response.close) {
            m_buffers.remove(s);
            m_continued.remove(s);
            s->disconnectFromHost();
        }
    }

    void handle(QTcpSocket *s, const KserveRecordedRequest &r, bool close)
    {
        {
            QMutexLocker lock(&m_owner->m_mutex);
            ++m_owner->m_requests;
            if (r.method == "POST")
                m_owner->m_last = r;
        }
        QString path = QString::fromUtf8(QByteArray::fromPercentEncoding(r.path));
        if (path == u"/v2/health/ready" || path == u"/v2/health/live") {
            QMutexLocker lock(&m_owner->m_mutex);
            const bool ready = m_owner->m_serverReady || path.endsWith(u"live");
            lock.unlock();
            send(s, ready ? jsonResponse(200, {}) : errorResponse(503, QStringLiteral("server is starting")), close);
            return;
        }
        if (!path.startsWith(u"/v2/models/")) {
            send(s, errorResponse(404, QStringLiteral("no route for %1").arg(path)), close);
            return;
        }
        QStringList parts = path.mid(11).split(u'/');
        const QString name = parts.takeFirst();
        if (parts.size() >= 2 && parts.at(0) == u"versions")
            parts.remove(0, 2);
        const QString action = parts.value(0);
        const auto it = std::find_if(m_owner->m_models.cbegin(), m_owner->m_models.cend(),
                                     [&](const KserveTestModel &m) { return m.name == name; });
        if (it == m_owner->m_models.cend()) {
            send(s, errorResponse(404, QStringLiteral("Request for unknown model: '%1' is not found").arg(name)),
                 close);
            return;
        }
        const KserveTestModel &model = *it;
        if (action == u"ready") {
            send(s,
                 model.ready
                     ? jsonResponse(200, {})
                     : errorResponse(400, QStringLiteral("Request for unknown model: '%1' is not ready").arg(name)),
                 close);
        } else if (action.isEmpty() && r.method == "GET") {
            send(s,
                 jsonResponse(200, QJsonObject{{QStringLiteral("name"), model.name},
                                               {QStringLiteral("versions"), QJsonArray{QStringLiteral("1")}},
                                               {QStringLiteral("platform"), QStringLiteral("carton_test")},
                                               {QStringLiteral("inputs"), metadataTensors(model.inputs)},
                                               {QStringLiteral("outputs"), metadataTensors(model.outputs)}}),
                 close);
        } else if (action == u"infer" && r.method == "POST") {
            if (model.kind == KserveTestModel::Kind::Slow) {
                QPointer<QTcpSocket> guard(s);
                QTimer::singleShot(model.delayMs, this, [this, guard, model, r, close] {
                    if (guard)
                        send(guard, infer(model, r), close);
                });
                return;
            }
            send(s, infer(model, r), close);
        } else {
            send(s, errorResponse(404, QStringLiteral("no route for %1 %2").arg(QString::fromLatin1(r.method), path)),
                 close);
        }
    }

    HttpResponse infer(const KserveTestModel &model, const KserveRecordedRequest &r)
    {
        using Kind = KserveTestModel::Kind;
        if (model.kind == Kind::Error500)
            return errorResponse(500, QStringLiteral("model exploded: out of GPU memory\x1b[2J"));
        if (model.kind == Kind::Garbage)
            return {200, "<html>502 Bad Gateway</html>", {}, -1, false};
        if (model.kind == Kind::EmptyError || model.kind == Kind::EmptyErrorOk)
            return errorResponse(model.kind == Kind::EmptyError ? 400 : 200, QString());
        const QByteArray headerLength = r.header("inference-header-content-length");
        wire::WireLimits limits;
        limits.acceptJsonData = true;
        wire::InferBody body;
        QList<Tensor> inputs;
        if (headerLength.trimmed() == "0") {
            // A raw binary request: the body is the model's only input; every
            // output comes back binary.
            Result<Tensor> raw = rawInput(model, r.body);
            if (!raw)
                return errorResponse(400, raw.error().toString());
            body.json.insert(QStringLiteral("parameters"), QJsonObject{{QStringLiteral("binary_data_output"), true}});
            inputs << *raw;
        } else {
            Result<wire::InferBody> split = wire::splitInferBody(
                r.body, headerLength.isEmpty() ? QByteArray() : headerLength, QStringLiteral("request"), limits);
            if (!split)
                return errorResponse(400, split.error().toString());
            body = std::move(*split);
            Result<QList<Tensor>> decoded = wire::decodeTensors(body.json.value(u"inputs").toArray(), body.binary,
                                                                QStringLiteral("request"), limits);
            if (!decoded)
                return errorResponse(400, decoded.error().toString());
            inputs = std::move(*decoded);
        }
        if (model.kind == Kind::SpecRawExample)
            return specRawExample(inputs);
        QList<Tensor> outputs;
        for (qsizetype i = 0; i < inputs.size(); ++i) {
            const Tensor &in = inputs.at(i);
            const QString outName = model.outputs.size() > i ? model.outputs.at(i).name : in.name();
            switch (model.kind) {
            case Kind::AddOne: {
                if (in.dtype() != DType::Float32)
                    return errorResponse(400, QStringLiteral("add_one takes FP32 inputs"));
                outputs << plusFloat(in, outName, 1.0f);
                break;
            }
            case Kind::EchoLastOff: {
                if (i + 1 < inputs.size()) {
                    outputs << renamed(in, outName);
                    break;
                }
                if (in.dtype() != DType::Float32)
                    return errorResponse(400, QStringLiteral("the last input must be FP32"));
                outputs << plusFloat(in, outName, 0.5f);
                break;
            }
            case Kind::ReverseBytes: {
                if (in.dtype() != DType::String)
                    return errorResponse(400, QStringLiteral("reverse_bytes takes BYTES inputs"));
                QStringList values = in.stringValues();
                for (QString &v : values)
                    std::reverse(v.begin(), v.end());
                outputs << Tensor::strings(outName, in.shape(), values);
                break;
            }
            case Kind::NotBool: {
                if (in.dtype() != DType::Bool)
                    return errorResponse(400, QStringLiteral("not_bool takes BOOL inputs"));
                QByteArray d = in.data();
                for (char &c : d)
                    c = c ? 0 : 1;
                outputs << Tensor::numeric(outName, DType::Bool, in.shape(), d);
                break;
            }
            default:
                outputs << renamed(in, outName);
            }
        }
        if (model.kind == Kind::SpecExample)
            return specExample(inputs);
        // Binary or JSON per output, as asked.
        const bool binaryAll = body.json.value(u"parameters").toObject().value(u"binary_data_output").toBool(false);
        QHash<QString, bool> binaryFor;
        for (const QJsonValue &o : body.json.value(u"outputs").toArray()) {
            const QJsonObject p = o.toObject().value(u"parameters").toObject();
            if (p.contains(u"binary_data"))
                binaryFor.insert(o.toObject().value(u"name").toString(), p.value(u"binary_data").toBool());
        }
        QJsonArray descriptors;
        QByteArray binary;
        for (const Tensor &t : std::as_const(outputs)) {
            QJsonArray shape;
            for (qint64 d : t.shape())
                shape.append(d);
            QJsonObject d{{QStringLiteral("name"), t.name()},
                          {QStringLiteral("datatype"), wire::kserveDatatype(t.dtype())},
                          {QStringLiteral("shape"), shape}};
            if (binaryFor.value(t.name(), binaryAll)) {
                Result<wire::EncodedTensors> e = wire::encodeTensors({t});
                if (!e)
                    return errorResponse(500, e.error().toString());
                qint64 size = e->binarySize;
                if (model.kind == Kind::BadBinarySize)
                    size += 8;
                d.insert(QStringLiteral("parameters"), QJsonObject{{QStringLiteral("binary_data_size"), size}});
                binary += e->chunks.value(0);
            } else {
                Result<QJsonArray> data = wire::encodeJsonData(t);
                if (!data)
                    return errorResponse(500, data.error().toString());
                d.insert(QStringLiteral("data"), *data);
            }
            descriptors.append(d);
        }
        const QByteArray json = QJsonDocument(QJsonObject{{QStringLiteral("model_name"), model.name},
                                                          {QStringLiteral("model_version"), QStringLiteral("1")},
                                                          {QStringLiteral("outputs"), descriptors}})
                                    .toJson(QJsonDocument::Compact);
        HttpResponse response{200, json + binary, {}, -1, false};
        if (!binary.isEmpty() || model.kind == Kind::BadHeaderLength)
            response.inferenceHeaderLength = QByteArray::number(json.size());
        if (model.kind == Kind::BadHeaderLength)
            response.inferenceHeaderLength = QByteArray::number(response.body.size() + 100);
        if (model.kind == Kind::Truncated) {
            response.announcedLength = response.body.size();
            response.body.chop(4);
            response.close = true;
        }
        return response;
    }

    // The raw request's single input: the model's one metadata input, its one
    // variable dim (if any) taken from the body size.
    static Result<Tensor> rawInput(const KserveTestModel &model, const QByteArray &body)
    {
        const std::optional<DType> dtype =
            model.inputs.size() == 1 ? wire::parseKserveDatatype(model.inputs.at(0).datatype) : std::nullopt;
        if (!dtype || *dtype == DType::String)
            return makeError(ErrorCode::Usage, QStringLiteral("raw requests need a model with one numeric input"));
        const qint64 elements = body.size() / dtypeSize(*dtype);
        QList<qint64> shape = model.inputs.at(0).shape;
        qint64 known = 1;
        qsizetype variable = -1;
        for (qsizetype i = 0; i < shape.size(); ++i) {
            if (shape.at(i) < 0) {
                if (variable >= 0)
                    return makeError(ErrorCode::Usage, QStringLiteral("raw requests allow one variable dim"));
                variable = i;
            } else {
                known *= shape.at(i);
            }
        }
        if (variable >= 0 && known > 0)
            shape[variable] = elements / known;
        qint64 count = 1;
        for (qint64 d : shape)
            count *= d;
        if (count * dtypeSize(*dtype) != body.size())
            return makeError(ErrorCode::Format,
                             QStringLiteral("a raw body of %1 bytes does not fit the input's shape").arg(body.size()));
        return Tensor::numeric(model.inputs.at(0).name, *dtype, shape, body);
    }

    // The spec's raw example: one FP32 input of 4 values -> output0 = values
    // 0..2, output1 = values 1..3, both [3, 1], laid out as the document prints.
    static HttpResponse specRawExample(const QList<Tensor> &inputs)
    {
        if (inputs.size() != 1 || inputs.at(0).dtype() != DType::Float32 || inputs.at(0).data().size() != 16)
            return errorResponse(400, QStringLiteral("rawmodel takes one FP32 input of 4 values"));
        const QByteArray &d = inputs.at(0).data();
        const QByteArray json = KserveTestServer::specRawExampleResponseJson();
        return {200, json + d.left(12) + d.mid(4, 12), QByteArray::number(json.size()), -1, false};
    }

    static HttpResponse specExample(const QList<Tensor> &inputs)
    {
        if (inputs.size() != 2 || inputs.at(0).dtype() != DType::Uint32 ||
            inputs.at(0).shape() != QList<qint64>{2, 2} || inputs.at(1).dtype() != DType::Bool ||
            inputs.at(1).shape() != QList<qint64>{3})
            return errorResponse(400, QStringLiteral("mymodel takes input0 UINT32 [2, 2] and input1 BOOL [3]"));
        // output0 = input0's four values, then the number of true input1 values twice.
        const QByteArray &u = inputs.at(0).data();
        const QByteArray &b = inputs.at(1).data();
        const float trues = float(std::count_if(b.cbegin(), b.cend(), [](char c) { return c != 0; }));
        QByteArray out(24, Qt::Uninitialized);
        for (int i = 0; i < 6; ++i)
            qToLittleEndian(i < 4 ? float(loadLe<quint32>(u, i)) : trues, out.data() + 4 * i);
        const QByteArray json = KserveTestServer::specExampleResponseJson();
        return {200, json + out, QByteArray::number(json.size()), -1, false};
    }

    KserveTestServer *m_owner;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QSet<QTcpSocket *> m_continued; // waiting for a body (100 Continue sent if asked)
};

KserveTestServer::KserveTestServer(QList<KserveTestModel> models) : m_models(std::move(models)) {}

KserveTestServer::~KserveTestServer()
{
    if (m_worker)
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker] { delete w; }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

bool KserveTestServer::start(quint16 port)
{
    m_worker = new KserveTestServerWorker(this);
    m_worker->moveToThread(&m_thread);
    m_thread.start();
    bool ok = false;
    QMetaObject::invokeMethod(
        m_worker,
        [&] {
            ok = m_worker->listen(QHostAddress::LocalHost, port);
            m_port = m_worker->serverPort();
        },
        Qt::BlockingQueuedConnection);
    return ok;
}

QString KserveTestServer::url() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

void KserveTestServer::setServerReady(bool ready)
{
    QMutexLocker lock(&m_mutex);
    m_serverReady = ready;
}

KserveRecordedRequest KserveTestServer::lastInfer() const
{
    QMutexLocker lock(&m_mutex);
    return m_last;
}

int KserveTestServer::requestCount() const
{
    QMutexLocker lock(&m_mutex);
    return m_requests;
}

QByteArray KserveTestServer::specExampleResponseJson()
{
    return "{\n"
           "  \"outputs\" : [\n"
           "    {\n"
           "      \"name\" : \"output0\",\n"
           "      \"shape\" : [ 3, 2 ],\n"
           "      \"datatype\"  : \"FP32\",\n"
           "      \"parameters\" : {\n"
           "        \"binary_data_size\" : 24\n"
           "      }\n"
           "    }\n"
           "  ]\n"
           "}";
}

QByteArray KserveTestServer::specRawExampleResponseJson()
{
    return "{\n"
           "  \"outputs\" : [\n"
           "    {\n"
           "      \"name\" : \"output0\",\n"
           "      \"shape\" : [ 3, 1 ],\n"
           "      \"datatype\"  : \"FP32\",\n"
           "      \"parameters\" : {\n"
           "        \"binary_data_size\" : 12\n"
           "      }\n"
           "    },\n"
           "    {\n"
           "      \"name\" : \"output1\",\n"
           "      \"shape\" : [ 3, 1 ],\n"
           "      \"datatype\"  : \"FP32\",\n"
           "      \"parameters\" : {\n"
           "        \"binary_data_size\" : 12\n"
           "      }\n"
           "    }\n"
           "  ]\n"
           "}";
}

QList<KserveTestModel> KserveTestServer::standardModels()
{
    using Kind = KserveTestModel::Kind;
    const QList<KserveTestTensor> f32{{QStringLiteral("x"), QStringLiteral("FP32"), {-1}}};
    const QList<KserveTestTensor> xy{f32.first(), {QStringLiteral("y"), QStringLiteral("FP32"), {-1}}};
    KserveTestModel slow{QStringLiteral("slow"), Kind::Slow, {}, {}, true, 2000};
    return {
        {QStringLiteral("echo"), Kind::Echo, {}, {}},
        {QStringLiteral("add_one"), Kind::AddOne, f32, f32},
        {QStringLiteral("echo_last_off"), Kind::EchoLastOff, xy, xy},
        {QStringLiteral("reverse_bytes"),
         Kind::ReverseBytes,
         {{QStringLiteral("s"), QStringLiteral("BYTES"), {-1}}},
         {{QStringLiteral("s"), QStringLiteral("BYTES"), {-1}}}},
        {QStringLiteral("not_bool"),
         Kind::NotBool,
         {{QStringLiteral("b"), QStringLiteral("BOOL"), {-1}}},
         {{QStringLiteral("b"), QStringLiteral("BOOL"), {-1}}}},
        {QStringLiteral("mymodel"),
         Kind::SpecExample,
         {{QStringLiteral("input0"), QStringLiteral("UINT32"), {2, 2}},
          {QStringLiteral("input1"), QStringLiteral("BOOL"), {3}}},
         {{QStringLiteral("output0"), QStringLiteral("FP32"), {3, 2}}}},
        {QStringLiteral("rawmodel"),
         Kind::SpecRawExample,
         {{QStringLiteral("input0"), QStringLiteral("FP32"), {-1}}},
         {{QStringLiteral("output0"), QStringLiteral("FP32"), {3, 1}},
          {QStringLiteral("output1"), QStringLiteral("FP32"), {3, 1}}}},
        {QStringLiteral("error500"), Kind::Error500, {}, {}},
        slow,
    };
}
