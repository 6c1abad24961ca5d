// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The kserve runner end to end, on the wire: openRunnerSession with a server URL
// (whatever the carton's runner_name) through the real carton-runner-host and
// plugin, against KserveTestServer on its own thread: the spec document's byte
// layout, every dtype both ways (binary and JSON outputs), JSON tensors, split
// bodies and the progress of big transfers. Models, shapes and failures:
// tst_kservesessions.

#include "kservetestutil.h"
#include "runner/wirecodec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <cstring>

using namespace carton;
using namespace kservetest;
using namespace Qt::StringLiterals;

// A tensor as test data (Tensor itself cannot be a QMetaType: its operator==
// recurses through QList<Tensor>).
struct TensorBox {
    Tensor t;
};

Q_DECLARE_METATYPE(TensorBox)

namespace {

// The request and response JSON texts of the spec's first example, as printed there.
const QByteArray kSpecRequestJson = R"({
  "model_name" : "mymodel",
  "inputs" : [
    {
      "name" : "input0",
      "shape" : [ 2, 2 ],
      "datatype" : "UINT32",
      "parameters" : {
        "binary_data_size" : 16
      }
    },
    {
      "name" : "input1",
      "shape" : [ 3 ],
      "datatype" : "BOOL",
      "parameters" : {
        "binary_data_size" : 3
      }
    }
  ],
  "outputs" : [
    {
      "name" : "output0",
      "parameters" : {
        "binary_data" : true
      }
    }
  ]
})";
const QByteArray kSpecResponseJson = R"({
  "outputs" : [
    {
      "name" : "output0",
      "shape" : [ 3, 2 ],
      "datatype"  : "FP32",
      "parameters" : {
        "binary_data_size" : 24
      }
    }
  ]
})";

const QByteArray kSpecRawResponseJson = R"({
  "outputs" : [
    {
      "name" : "output0",
      "shape" : [ 3, 1 ],
      "datatype"  : "FP32",
      "parameters" : {
        "binary_data_size" : 12
      }
    },
    {
      "name" : "output1",
      "shape" : [ 3, 1 ],
      "datatype"  : "FP32",
      "parameters" : {
        "binary_data_size" : 12
      }
    }
  ]
})";

// The spec's request heads as printed there (placeholders filled in, CRLF line ends).
QByteArray specHead(const QByteArray &path, qint64 jsonSize, qint64 binarySize)
{
    return "POST " + path + " HTTP/1.1\r\nHost: localhost:8000\r\nContent-Type: application/octet-stream\r\n" +
           "Inference-Header-Content-Length: " + QByteArray::number(jsonSize) +
           "\r\nContent-Length: " + QByteArray::number(jsonSize + binarySize) + "\r\n\r\n";
}

QByteArray between(const QByteArray &text, const QByteArray &after, const QByteArray &before)
{
    const qsizetype start = text.indexOf(after);
    if (start < 0)
        return {};
    const qsizetype end = text.indexOf(before, start + after.size());
    return end < 0 ? QByteArray() : text.mid(start + after.size(), end - start - after.size());
}

} // namespace

class TestKserveRunner : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void specExample_data();
    void specExample();
    void specExamplesOnTheWire_data();
    void specExamplesOnTheWire();
    void everyDtypeRoundTrips_data();
    void everyDtypeRoundTrips();
    void bigTransfersLogProgress();
    void jsonTensors_data();
    void jsonTensors();
    void splitBody_data();
    void splitBody();
};

void TestKserveRunner::specExample_data()
{
    QTest::addColumn<QByteArray>("requestJson");
    QTest::addColumn<QByteArray>("responseJson");
    QTest::newRow("built in code") << kSpecRequestJson << kSpecResponseJson;
    const QString doc = testutil::sharedPath(u"/specs/triton-binary-tensor-data.txt");
    if (QFileInfo::exists(testutil::sharedPath())) {
        const QByteArray text = testutil::readFile(doc);
        QTest::newRow("spec document") << between(text, "Content-Length: <xx+19>\n", "\n<16 bytes")
                                       << between(text, "Content-Length: <yy+24>\n", "\n<24 bytes");
    }
}

// The spec's example: input0 UINT32 [2, 2] and input1 BOOL [3] sent as 16 + 3
// binary bytes after the JSON; output0 FP32 [3, 2] read from a response laid out
// byte for byte as the document prints it.
void TestKserveRunner::specExample()
{
    QFETCH(QByteArray, requestJson);
    QFETCH(QByteArray, responseJson);
    const QJsonDocument specRequest = QJsonDocument::fromJson(requestJson);
    QVERIFY2(specRequest.isObject(), requestJson.constData());
    QCOMPARE(KserveTestServer::specExampleResponseJson(), responseJson);

    KserveTestServer server(KserveTestServer::standardModels());
    QVERIFY(server.start());
    QTemporaryDir dir;
    Opened o = openOn(dir.path(),
                      cartonToml(u"mymodel"_s, spec("input", "input0", "uint32", "[2, 2]") +
                                                   spec("output", "output0", "float32", "[3, 2]")),
                      server.url());
    QVERIFY2(o.session, errorText(o.session).constData());
    QVERIFY2(o.warnings.isEmpty(), qPrintable(o.warnings.join(u'\n')));
    const QByteArray input0 = le<quint32>({1, 2, 3, 4000000000u});
    const QByteArray input1("\x01\x00\x01", 3);
    Result<TensorMap> out = (*o.session)
                                ->infer({{u"input0"_s, Tensor::numeric(u"input0"_s, DType::Uint32, {2, 2}, input0)},
                                         {u"input1"_s, Tensor::numeric(u"input1"_s, DType::Bool, {3}, input1)}});
    QVERIFY2(out, errorText(out).constData());
    QCOMPARE(out->keys(), QStringList{u"output0"_s});
    const Tensor &o0 = out->value(u"output0"_s);
    QCOMPARE(o0.dtype(), DType::Float32);
    QCOMPARE(o0.shape(), (QList<qint64>{3, 2}));
    QCOMPARE(o0.data(), le<float>({1.f, 2.f, 3.f, 4000000000.f, 2.f, 2.f}));

    // The request on the wire: the JSON, then exactly the 19 bytes.
    const KserveRecordedRequest r = server.lastInfer();
    QCOMPARE(r.method, "POST");
    QCOMPARE(r.path, "/v2/models/mymodel/infer");
    bool ok = false;
    const qint64 jsonSize = r.header("inference-header-content-length").toLongLong(&ok);
    QVERIFY(ok);
    QCOMPARE(r.header("content-length").toLongLong(), jsonSize + 19);
    QCOMPARE(r.header("content-type"), "application/octet-stream");
    QCOMPARE(r.body.size(), jsonSize + 19);
    QCOMPARE(r.body.mid(jsonSize), input0 + input1);
    const QJsonObject sent = QJsonDocument::fromJson(r.body.left(jsonSize)).object();
    QCOMPARE(sent.value(u"inputs"), specRequest.object().value(u"inputs"));
    QCOMPARE(sent.value(u"outputs"), specRequest.object().value(u"outputs"));
    QCOMPARE(sent.value(u"parameters").toObject().value(u"binary_data_output"), QJsonValue(true));
}

void TestKserveRunner::specExamplesOnTheWire_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<QByteArray>("responseJson");
    QTest::addColumn<QByteArray>("binary");
    const QByteArray in0 = le<quint32>({1, 2, 3, 4}) + QByteArray("\x01\x00\x01", 3);
    const QByteArray out0 = le<float>({1.f, 2.f, 3.f, 4.f, 2.f, 2.f});
    const QByteArray in1 = le<float>({0.5f, 1.5f, 2.5f, 3.5f});
    const QByteArray out1 = le<float>({0.5f, 1.5f, 2.5f, 1.5f, 2.5f, 3.5f});
    // The raw example's model is "mymodel" in the document; here it is "rawmodel".
    const QByteArray rawHead = specHead("/v2/models/rawmodel/infer", 0, 16);
    QTest::newRow("example built in code")
        << specHead("/v2/models/mymodel/infer", kSpecRequestJson.size(), 19) + kSpecRequestJson + in0
        << kSpecResponseJson << out0;
    QTest::newRow("raw example built in code") << rawHead + in1 << kSpecRawResponseJson << out1;
    if (QFileInfo::exists(testutil::sharedPath())) {
        const QByteArray text = testutil::readFile(testutil::sharedPath(u"/specs/triton-binary-tensor-data.txt"));
        const QByteArray request = between(text, "Content-Length: <xx+19>\n", "\n<16 bytes");
        QTest::newRow("example from the spec document")
            << specHead("/v2/models/mymodel/infer", request.size(), 19) + request + in0
            << between(text, "Content-Length: <yy+24>\n", "\n<24 bytes") << out0;
        const QByteArray rawPart = text.mid(text.indexOf("Raw Binary Request"));
        QTest::newRow("raw example from the spec document")
            << rawHead + in1 << between(rawPart, "Content-Length: <yy+24>\n", "\n<12 bytes") << out1;
    }
}

// The spec's requests, byte for byte over a socket, and the answers checked byte
// for byte against the document's responses (Inference-Header-Content-Length,
// Content-Length, the JSON as printed, then the tensor bytes); then the raw
// example's response layout read by the kserve runner itself.
void TestKserveRunner::specExamplesOnTheWire()
{
    QFETCH(QByteArray, request);
    QFETCH(QByteArray, responseJson);
    QFETCH(QByteArray, binary);
    QVERIFY(responseJson.startsWith('{'));
    KserveTestServer server(KserveTestServer::standardModels());
    QVERIFY(server.start());
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, server.port());
    QVERIFY(socket.waitForConnected(5000));
    socket.write(request);
    QByteArray answer;
    qsizetype headEnd = -1;
    qint64 length = -1;
    while (headEnd < 0 || answer.size() < headEnd + 4 + length) {
        QVERIFY2(socket.waitForReadyRead(5000), answer.constData());
        answer += socket.readAll();
        headEnd = answer.indexOf("\r\n\r\n");
        const qsizetype cl = answer.indexOf("\r\nContent-Length: "); // not Inference-Header-Content-Length
        if (headEnd >= 0 && cl >= 0 && cl < headEnd)
            length = answer.mid(cl + 18, answer.indexOf("\r\n", cl + 2) - cl - 18).toLongLong();
    }
    const QByteArray head = answer.left(headEnd);
    QVERIFY2(head.startsWith("HTTP/1.1 200 OK\r\n"), head.constData());
    QVERIFY2(head.contains("\r\nContent-Type: application/octet-stream\r\n"), head.constData());
    QVERIFY2(head.contains(QByteArray(
                 "\r\nInference-Header-Content-Length: " + QByteArray::number(responseJson.size()) + "\r\n")),
             head.constData());
    QCOMPARE(length, responseJson.size() + 24);
    QCOMPARE(answer.mid(headEnd + 4), responseJson + binary);

    if (request.contains("rawmodel")) {
        QTemporaryDir dir;
        Opened o =
            openOn(dir.path(), cartonToml(u"rawmodel"_s, spec("input", "input0", "float32", "[4]")), server.url());
        QVERIFY2(o.session, errorText(o.session).constData());
        Result<TensorMap> out =
            (*o.session)->infer({{u"input0"_s, Tensor::numeric(u"input0"_s, DType::Float32, {4}, request.right(16))}});
        QVERIFY2(out, errorText(out).constData());
        QCOMPARE(out->keys(), (QStringList{u"output0"_s, u"output1"_s}));
        QCOMPARE(out->value(u"output0"_s).shape(), (QList<qint64>{3, 1}));
        QCOMPARE(out->value(u"output0"_s).data() + out->value(u"output1"_s).data(), binary);
    }
}

void TestKserveRunner::everyDtypeRoundTrips_data()
{
    QTest::addColumn<TensorBox>("box");
    QTest::addColumn<bool>("binary");
    const QList<std::pair<const char *, Tensor>> tensors{
        {"FP32",
         Tensor::numeric(u"t"_s, DType::Float32, {2, 3}, le<float>({1.5f, -0.25f, 3.4e38f, 1e-45f, -2.f, 7.f}))},
        {"FP32 scalar", Tensor::numeric(u"t"_s, DType::Float32, {}, le<float>({42.5f}))},
        {"FP32 empty", Tensor::numeric(u"t"_s, DType::Float32, {0, 3}, {})},
        {"FP64", Tensor::numeric(u"t"_s, DType::Float64, {3}, le<double>({1e308, -1e-300, 0.1}))},
        {"FP16", Tensor::numeric(u"t"_s, DType::Float16, {4}, le<quint16>({0x3c00, 0xc000, 0x7bff, 0x0001}))},
        {"BF16", Tensor::numeric(u"t"_s, DType::BFloat16, {4}, le<quint16>({0x3f80, 0xc040, 0x7f7f, 0x3eab}))},
        {"INT8", Tensor::numeric(u"t"_s, DType::Int8, {3}, le<qint8>({-128, 0, 127}))},
        {"INT16", Tensor::numeric(u"t"_s, DType::Int16, {3}, le<qint16>({-32768, 1, 32767}))},
        {"INT32", Tensor::numeric(u"t"_s, DType::Int32, {3}, le<qint32>({-2147483647 - 1, 5, 2147483647}))},
        {"INT64",
         Tensor::numeric(u"t"_s, DType::Int64, {3},
                         le<qint64>({std::numeric_limits<qint64>::min(), -3, std::numeric_limits<qint64>::max()}))},
        {"UINT8", Tensor::numeric(u"t"_s, DType::Uint8, {3}, le<quint8>({0, 128, 255}))},
        {"UINT16", Tensor::numeric(u"t"_s, DType::Uint16, {2}, le<quint16>({0, 65535}))},
        {"UINT32", Tensor::numeric(u"t"_s, DType::Uint32, {2}, le<quint32>({7, 4294967295u}))},
        {"UINT64", Tensor::numeric(u"t"_s, DType::Uint64, {2}, le<quint64>({9007199254740993ull, 1}))},
        {"BOOL", Tensor::numeric(u"t"_s, DType::Bool, {2, 2}, QByteArray("\x01\x00\x00\x01", 4))},
        {"BYTES",
         Tensor::strings(u"t"_s, {2, 3}, {u"héllo"_s, QString(), u"🥳 party"_s, u"a\"b"_s, u"\n"_s, u"x"_s})},
    };
    for (const auto &[name, t] : tensors) {
        QTest::addRow("%s binary", name) << TensorBox{t} << true;
        QTest::addRow("%s json", name) << TensorBox{t} << false;
    }
}

// The echo model sends back what it got: binary out, or JSON "data" arrays when
// binary_output is false. Values sit at each dtype's edges.
void TestKserveRunner::everyDtypeRoundTrips()
{
    QFETCH(TensorBox, box);
    QFETCH(bool, binary);
    const Tensor &tensor = box.t;
    KserveTestServer server(KserveTestServer::standardModels());
    QVERIFY(server.start());
    QTemporaryDir dir;
    Opened o = openOn(dir.path(), cartonToml(u"some carton"_s, {}), server.url(),
                      {binary ? u"binary_output=true"_s : u"binary_output=false"_s}, u"echo"_s);
    QVERIFY2(o.session, errorText(o.session).constData());
    const Tensor second = Tensor::strings(u"second"_s, {1}, {u"and another"_s});
    Result<TensorMap> out = (*o.session)->infer({{u"t"_s, tensor}, {u"second"_s, second}});
    QVERIFY2(out, errorText(out).constData());
    QCOMPARE(out->keys(), (QStringList{u"second"_s, u"t"_s}));
    QVERIFY2(sameTensor(out->value(u"t"_s), tensor), qPrintable(out->value(u"t"_s).valueAsText(0)));
    QVERIFY(sameTensor(out->value(u"second"_s), second));
    const QJsonObject sent =
        QJsonDocument::fromJson(
            server.lastInfer().body.left(server.lastInfer().header("inference-header-content-length").toLongLong()))
            .object();
    QCOMPARE(sent.value(u"parameters").toObject().value(u"binary_data_output"), QJsonValue(binary));
}

// A body of 8 MiB or more logs its progress by quarters, both ways; small ones do not.
void TestKserveRunner::bigTransfersLogProgress()
{
    KserveTestServer server(KserveTestServer::standardModels());
    QVERIFY(server.start());
    QTemporaryDir dir;
    Opened o = openOn(dir.path(), cartonToml(u"some carton"_s, {}), server.url(), {}, u"echo"_s);
    QVERIFY2(o.session, errorText(o.session).constData());
    const qint64 elements = 3 << 20; // 12 MiB of float32
    QByteArray data(elements * 4, Qt::Uninitialized);
    for (qint64 i = 0; i < elements; ++i) {
        const float v = float(i % 977) - 300.5f;
        std::memcpy(data.data() + 4 * i, &v, 4);
    }
    const Tensor big = Tensor::numeric(u"t"_s, DType::Float32, {elements}, data);
    Result<TensorMap> small =
        (*o.session)->infer({{u"t"_s, Tensor::numeric(u"t"_s, DType::Float32, {1}, QByteArray(4, 0))}});
    QVERIFY2(small, errorText(small).constData());
    QVERIFY2(!(*o.session)->log().contains(u"[kserve] POST"_s), qPrintable((*o.session)->log()));
    Result<TensorMap> out = (*o.session)->infer({{u"t"_s, big}});
    QVERIFY2(out, errorText(out).constData());
    QVERIFY(sameTensor(out->value(u"t"_s), big));
    const QString log = (*o.session)->log();
    const QString prefix = u"[kserve] POST "_s + server.url() + u"/v2/models/echo/infer: "_s;
    for (const QString &verb : {u"sent"_s, u"received"_s}) {
        // Qt reports progress in chunks, so quarters may be skipped; those written
        // rise and end at 100 %, one line per quarter at most.
        const QString head = u"%1%2 "_s.arg(prefix, verb);
        QList<int> percents;
        for (const QString &line : log.split(u'\n')) {
            if (line.startsWith(head)) {
                QVERIFY2(line.endsWith(u" % of 12.0 MiB"_s), qPrintable(line));
                percents.append(line.mid(head.size()).section(u' ', 0, 0).toInt());
            }
        }
        QVERIFY2(!percents.isEmpty() && percents.size() <= 4, qPrintable(log));
        QCOMPARE(percents.last(), 100);
        for (qsizetype i = 0; i < percents.size(); ++i) {
            QVERIFY(percents.at(i) % 25 == 0 && percents.at(i) > 0);
            QVERIFY(i == 0 || percents.at(i) > percents.at(i - 1));
        }
    }
}

void TestKserveRunner::jsonTensors_data()
{
    QTest::addColumn<QByteArray>("descriptor");
    QTest::addColumn<QString>("error"); // empty: decodes to `expected`
    QTest::addColumn<TensorBox>("expectedBox");
    const TensorBox none;
    QTest::newRow("nested rows") << QByteArray(R"({"name":"a","datatype":"INT32","shape":[2,2],"data":[[1,-2],[3,4]]})")
                                 << QString()
                                 << TensorBox{Tensor::numeric(u"a"_s, DType::Int32, {2, 2}, le<qint32>({1, -2, 3, 4}))};
    QTest::newRow("bools") << QByteArray(R"({"name":"a","datatype":"BOOL","shape":[2],"data":[true,false]})")
                           << QString()
                           << TensorBox{Tensor::numeric(u"a"_s, DType::Bool, {2}, QByteArray("\x01\x00", 2))};
    QTest::newRow("strings") << QByteArray(R"({"name":"a","datatype":"BYTES","shape":[1],"data":["é"]})") << QString()
                             << TensorBox{Tensor::strings(u"a"_s, {1}, {u"é"_s})};
    QTest::newRow("int64 exact")
        << QByteArray(R"({"name":"a","datatype":"INT64","shape":[1],"data":[9007199254740993]})") << QString()
        << TensorBox{Tensor::numeric(u"a"_s, DType::Int64, {1}, le<qint64>({9007199254740993}))};
    QTest::newRow("too few") << QByteArray(R"({"name":"a","datatype":"FP32","shape":[3],"data":[1,2]})")
                             << u"tensor \"a\": \"data\" must hold exactly 3 elements for shape [3]"_s << none;
    QTest::newRow("too many") << QByteArray(R"({"name":"a","datatype":"FP32","shape":[1],"data":[1,2]})")
                              << u"tensor \"a\": \"data\" must hold exactly 1 elements for shape [1]"_s << none;
    QTest::newRow("fraction") << QByteArray(R"({"name":"a","datatype":"INT32","shape":[1],"data":[1.5]})")
                              << u"tensor \"a\": \"data\" element 0 is not a INT32 value (got 1.5)"_s << none;
    QTest::newRow("out of range") << QByteArray(R"({"name":"a","datatype":"UINT8","shape":[2],"data":[1,256]})")
                                  << u"tensor \"a\": \"data\" element 1 is not a UINT8 value (got 256)"_s << none;
    QTest::newRow("string for float") << QByteArray(R"({"name":"a","datatype":"FP32","shape":[1],"data":["1"]})")
                                      << u"tensor \"a\": \"data\" element 0 is not a FP32 value (got \"1\")"_s << none;
    QTest::newRow("2^63 for INT64")
        << QByteArray(R"({"name":"a","datatype":"INT64","shape":[1],"data":[9223372036854775808]})")
        << u"tensor \"a\": \"data\" element 0 is not a INT64 value (got 9223372036854776000)"_s << none;
    QTest::newRow("2^64 for UINT64")
        << QByteArray(R"({"name":"a","datatype":"UINT64","shape":[1],"data":[18446744073709551616]})")
        << u"tensor \"a\": \"data\" element 0 is not a UINT64 value (got 18446744073709552000)"_s << none;
    QTest::newRow("-1 for UINT64") << QByteArray(R"({"name":"a","datatype":"UINT64","shape":[1],"data":[-1]})")
                                   << u"tensor \"a\": \"data\" element 0 is not a UINT64 value (got -1)"_s << none;
    QTest::newRow("number for bool") << QByteArray(R"({"name":"a","datatype":"BOOL","shape":[1],"data":[1]})")
                                     << u"tensor \"a\": \"data\" element 0 is not a BOOL value (got 1)"_s << none;
    QTest::newRow("number for bytes") << QByteArray(R"({"name":"a","datatype":"BYTES","shape":[1],"data":[1]})")
                                      << u"tensor \"a\": \"data\" element 0 is not a string (BYTES)"_s << none;
    QTest::newRow("neither") << QByteArray(R"({"name":"a","datatype":"FP32","shape":[1]})")
                             << u"tensor \"a\" has neither \"parameters.binary_data_size\" nor a \"data\" array"_s
                             << none;
}

void TestKserveRunner::jsonTensors()
{
    QFETCH(QByteArray, descriptor);
    QFETCH(QString, error);
    QFETCH(TensorBox, expectedBox);
    const Tensor &expected = expectedBox.t;
    wire::WireLimits limits;
    limits.acceptJsonData = true;
    const QJsonArray descriptors{QJsonDocument::fromJson(descriptor).object()};
    Result<QList<Tensor>> decoded = wire::decodeTensors(descriptors, {}, u"response"_s, limits);
    if (error.isEmpty()) {
        QVERIFY2(decoded, errorText(decoded).constData());
        QCOMPARE(decoded->size(), 1);
        QVERIFY(sameTensor(decoded->first(), expected));
        // And back: encodeJsonData gives the flat data array.
        Result<QJsonArray> data = wire::encodeJsonData(expected);
        QVERIFY(data);
        Result<QList<Tensor>> again =
            wire::decodeTensors(QJsonArray{QJsonObject{{u"name"_s, expected.name()},
                                                       {u"datatype"_s, wire::kserveDatatype(expected.dtype())},
                                                       {u"shape"_s, descriptors.at(0).toObject().value(u"shape")},
                                                       {u"data"_s, *data}}},
                                {}, u"again"_s, limits);
        QVERIFY2(again, errorText(again).constData());
        QVERIFY(sameTensor(again->first(), expected));
    } else {
        QVERIFY(!decoded);
        QCOMPARE(decoded.error().toString(), u"response: "_s + error);
    }
    // Without acceptJsonData a JSON tensor is refused (the runner host's pipe).
    QVERIFY(!wire::decodeTensors(descriptors, {}, u"pipe"_s));
}

void TestKserveRunner::splitBody_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("headerLength");
    QTest::addColumn<QString>("error");
    QTest::addColumn<QByteArray>("binary");
    QTest::newRow("json only") << QByteArray(R"({"a":1})") << QByteArray() << QString() << QByteArray();
    QTest::newRow("json + binary") << QByteArray(R"({"a":1}xyz)") << QByteArray("7") << QString() << QByteArray("xyz");
    QTest::newRow("not a number") << QByteArray(R"({"a":1})") << QByteArray("seven")
                                  << u"m: Inference-Header-Content-Length must be a positive integer (got \"seven\")"_s
                                  << QByteArray();
    QTest::newRow("negative") << QByteArray(R"({"a":1})") << QByteArray("-1")
                              << u"m: Inference-Header-Content-Length must be a positive integer (got \"-1\")"_s
                              << QByteArray();
    QTest::newRow("zero") << QByteArray(R"({"a":1})") << QByteArray("0")
                          << u"m: Inference-Header-Content-Length must be a positive integer (got \"0\")"_s
                          << QByteArray();
    QTest::newRow("past the end")
        << QByteArray(R"({"a":1})") << QByteArray("99999999999999")
        << u"m: Inference-Header-Content-Length is 99999999999999 but the body has only 7 bytes"_s << QByteArray();
    QTest::newRow("cut JSON") << QByteArray(R"({"a":1}xyz)") << QByteArray("5")
                              << u"m: the JSON part (5 bytes) is not a JSON object: "_s << QByteArray();
    QTest::newRow("array") << QByteArray(R"([1])") << QByteArray()
                           << u"m: the JSON part (3 bytes) is not a JSON object: not an object"_s << QByteArray();
}

void TestKserveRunner::splitBody()
{
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, headerLength);
    QFETCH(QString, error);
    QFETCH(QByteArray, binary);
    Result<wire::InferBody> split = wire::splitInferBody(body, headerLength, u"m"_s);
    if (error.isEmpty()) {
        QVERIFY2(split, errorText(split).constData());
        QCOMPARE(split->json.value(u"a"), QJsonValue(1));
        QCOMPARE(split->binary, binary);
    } else {
        QVERIFY(!split);
        QVERIFY2(split.error().toString().startsWith(error), errorText(split).constData());
    }
}

QTEST_GUILESS_MAIN(TestKserveRunner)
#include "tst_kserverunner.moc"
