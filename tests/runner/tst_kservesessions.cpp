// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The kserve runner's sessions: the server's models and the carton's name maps,
// wildcard shapes, metadata mismatches reported before anything is sent, each
// failure mode with its message, and the request timeout. The wire format:
// tst_kserverunner.

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

class TestKserveSessions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void modelsAndNameMaps();
    void wildcardShapesMatch();
    void failures_data();
    void failures();
    void timeoutFollowsRunOptions();
};

// add_one (FP32), reverse_bytes (BYTES) and not_bool (BOOL); the carton's names
// mapped to the server's with input_map/output_map.
void TestKserveSessions::modelsAndNameMaps()
{
    KserveTestServer server(KserveTestServer::standardModels());
    QVERIFY(server.start());
    QTemporaryDir dir;
    {
        Opened o = openOn(
            dir.path(),
            cartonToml(u"add_one"_s, spec("input", "a", "float32", "[3]") + spec("output", "b", "float32", "[3]")),
            server.url(), {u"input_map=a=x"_s, u"output_map= b = x "_s});
        QVERIFY2(o.session, errorText(o.session).constData());
        Result<TensorMap> out =
            (*o.session)
                ->infer({{u"a"_s, Tensor::numeric(u"a"_s, DType::Float32, {3}, le<float>({1.f, -2.5f, 1e6f}))}});
        QVERIFY2(out, errorText(out).constData());
        QCOMPARE(out->keys(), QStringList{u"b"_s});
        QCOMPARE(out->value(u"b"_s).data(), le<float>({2.f, -1.5f, 1000001.f}));
        const QJsonObject sent =
            QJsonDocument::fromJson(
                server.lastInfer().body.left(server.lastInfer().header("inference-header-content-length").toLongLong()))
                .object();
        QCOMPARE(sent.value(u"inputs").toArray().at(0).toObject().value(u"name"), QJsonValue(u"x"_s));
        QCOMPARE(sent.value(u"outputs").toArray().at(0).toObject().value(u"name"), QJsonValue(u"x"_s));
    }
    {
        Opened o = openOn(dir.path(), cartonToml(u"reverse_bytes"_s, {}), server.url());
        QVERIFY2(o.session, errorText(o.session).constData());
        Result<TensorMap> out = (*o.session)->infer({{u"s"_s, Tensor::strings(u"s"_s, {2}, {u"abc"_s, u"héllo"_s})}});
        QVERIFY2(out, errorText(out).constData());
        QCOMPARE(out->value(u"s"_s).stringValues(), (QStringList{u"cba"_s, u"olléh"_s}));
    }
    {
        Opened o = openOn(dir.path(), cartonToml(u"other name"_s, {}), server.url(), {u"binary_output=false"_s},
                          u"not_bool"_s);
        QVERIFY2(o.session, errorText(o.session).constData());
        Result<TensorMap> out =
            (*o.session)->infer({{u"b"_s, Tensor::numeric(u"b"_s, DType::Bool, {3}, QByteArray("\x01\x00\x00", 3))}});
        QVERIFY2(out, errorText(out).constData());
        QCOMPARE(out->value(u"b"_s).data(), QByteArray("\x00\x01\x01", 3));
    }
    {
        // A model version goes into every path.
        Opened o = openOn(dir.path(), cartonToml(u"echo"_s, {}), server.url(), {u"version=3"_s});
        QVERIFY2(o.session, errorText(o.session).constData());
        Result<TensorMap> out = (*o.session)->infer({{u"s"_s, Tensor::strings(u"s"_s, {}, {u"v"_s})}});
        QVERIFY2(out, errorText(out).constData());
        QCOMPARE(server.lastInfer().path, "/v2/models/echo/versions/3/infer");
    }
}

// Shape symbols, "*" and the server's -1 fit anything; sizes that agree pass.
void TestKserveSessions::wildcardShapesMatch()
{
    KserveTestModel m{u"m"_s,
                      Kind::Echo,
                      {{u"x"_s, u"FP32"_s, {-1, 3}}, {u"y"_s, u"INT64"_s, {2, 2}}},
                      {{u"x"_s, u"FP32"_s, {-1, 3}}, {u"y"_s, u"INT64"_s, {2, -1}}}};
    KserveTestServer server({m});
    QVERIFY(server.start());
    QTemporaryDir dir;
    Opened o = openOn(dir.path(),
                      cartonToml(u"m"_s, spec("input", "x", "float32", "[\"batch\", 3]") +
                                             spec("input", "y", "int64", "\"*\"") +
                                             spec("output", "x", "float32", "[\"batch\", \"*\"]") +
                                             spec("output", "y", "int64", "[2, 2]")),
                      server.url());
    QVERIFY2(o.session, errorText(o.session).constData());
    Result<TensorMap> out =
        (*o.session)
            ->infer({{u"x"_s, Tensor::numeric(u"x"_s, DType::Float32, {1, 3}, le<float>({1.f, 2.f, 3.f}))},
                     {u"y"_s, Tensor::numeric(u"y"_s, DType::Int64, {2, 2}, le<qint64>({1, 2, 3, 4}))}});
    QVERIFY2(out, errorText(out).constData());
    QCOMPARE(out->value(u"y"_s).data(), le<qint64>({1, 2, 3, 4}));
}

void TestKserveSessions::failures_data()
{
    QTest::addColumn<KserveTestModel>("model");
    QTest::addColumn<QString>("url"); // "server", "refused" or a URL
    QTest::addColumn<bool>("serverReady");
    QTest::addColumn<QByteArray>("specs");
    QTest::addColumn<QStringList>("opts");
    QTest::addColumn<bool>("atOpen");
    QTest::addColumn<QStringList>("fragments");
    const KserveTestModel echo{u"m"_s, Kind::Echo, {}, {}};
    const QByteArray x3 = spec("input", "x", "float32", "[3]");
    auto with = [](KserveTestModel m, Kind kind) {
        m.kind = kind;
        return m;
    };
    KserveTestModel notReady = echo;
    notReady.ready = false;
    KserveTestModel other = echo;
    other.name = u"other"_s;
    KserveTestModel slow = with(echo, Kind::Slow);
    slow.delayMs = 3000;
    const QString s = u"server"_s;
    QTest::newRow("server not ready") << echo << s << false << QByteArray() << QStringList() << true
                                      << QStringList{u"the server is not ready (HTTP 503: server is starting)"_s,
                                                     u"GET http://127.0.0.1:"_s, u"/v2/health/ready"_s};
    QTest::newRow("model not ready") << notReady << s << true << QByteArray() << QStringList() << true
                                     << QStringList{u"model \"m\" is not ready on the server (HTTP 400: "_s,
                                                    u"/v2/models/m/ready"_s};
    QTest::newRow("unknown model") << other << s << true << QByteArray() << QStringList() << true
                                   << QStringList{u"HTTP 404: Request for unknown model: 'm' is not found"_s};
    QTest::newRow("wrong dtype") << KserveTestModel{u"m"_s, Kind::Echo, {{u"x"_s, u"INT64"_s, {-1}}}, {}} << s << true
                                 << x3 << QStringList() << true
                                 << QStringList{
                                        u"the served model \"m\" does not match the carton: "_s,
                                        u"input \"x\": the carton says float32 (FP32), the server says INT64"_s};
    QTest::newRow("wrong shape") << KserveTestModel{u"m"_s, Kind::Echo, {{u"x"_s, u"FP32"_s, {4}}}, {}} << s << true
                                 << x3 << QStringList() << true
                                 << QStringList{u"input \"x\": the carton's shape [3] does not fit the server's [4] "
                                                u"(dim 0: 3 vs 4)"_s};
    QTest::newRow("wrong rank") << KserveTestModel{u"m"_s, Kind::Echo, {{u"x"_s, u"FP32"_s, {-1, 3}}}, {}} << s << true
                                << x3 << QStringList() << true
                                << QStringList{
                                       u"the carton's shape [3] does not fit the server's [-1, 3] (1 dims vs 2)"_s};
    QTest::newRow("mapped dtype") << KserveTestModel{u"m"_s, Kind::Echo, {{u"INPUT__0"_s, u"FP16"_s, {3}}}, {}} << s
                                  << true << x3 << QStringList{u"input_map=x=INPUT__0"_s} << true
                                  << QStringList{u"input \"x\" (server \"INPUT__0\"): the carton says float32 (FP32), "
                                                 u"the server says FP16"_s};
    QTest::newRow("missing output") << KserveTestModel{u"m"_s, Kind::Echo, {}, {{u"y"_s, u"FP32"_s, {3}}}} << s << true
                                    << spec("output", "z", "float32", "[3]") << QStringList() << true
                                    << QStringList{u"output \"z\": the served model has no such output (it has: y)"_s};
    QTest::newRow("error 500") << with(echo, Kind::Error500) << s << true << QByteArray() << QStringList() << false
                               << QStringList{
                                      u"POST http://127.0.0.1:"_s,
                                      u"/v2/models/m/infer: HTTP 500: model exploded: out of GPU memory\ufffd[2J"_s};
    // A server that answers {"error": ""} used to give an empty message (HTTP 200)
    // or a bare "HTTP 400": the message says it gave no reason, for which model.
    QTest::newRow("empty error 400") << with(echo, Kind::EmptyError) << s << true << QByteArray() << QStringList()
                                     << false
                                     << QStringList{u"POST http://127.0.0.1:"_s,
                                                    u"/v2/models/m/infer: HTTP 400: the server gave no reason "
                                                    u"(model \"m\")"_s};
    QTest::newRow("empty error 200") << with(echo, Kind::EmptyErrorOk) << s << true << QByteArray() << QStringList()
                                     << false
                                     << QStringList{u"POST http://127.0.0.1:"_s,
                                                    u"/v2/models/m/infer: the server reported an error, but the "
                                                    u"server gave no reason (model \"m\")"_s};
    QTest::newRow("slow") << slow << s << true << QByteArray() << QStringList{u"timeout=0.3"_s} << false
                          << QStringList{u"/v2/models/m/infer: no answer within 0.3 s (the kserve runner's timeout)"_s};
    QTest::newRow("truncated") << with(echo, Kind::Truncated) << s << true << QByteArray() << QStringList() << false
                               << QStringList{u"/v2/models/m/infer: the response is truncated: "_s,
                                              u" bytes announced arrived"_s};
    QTest::newRow("bad header length") << with(echo, Kind::BadHeaderLength) << s << true << QByteArray()
                                       << QStringList() << false
                                       << QStringList{
                                              u"/v2/models/m/infer response: Inference-Header-Content-Length is "_s,
                                              u"but the body has only"_s};
    QTest::newRow("bad binary size") << with(echo, Kind::BadBinarySize) << s << true << QByteArray() << QStringList()
                                     << false
                                     << QStringList{u"tensor \"x\": binary_data_size 20 runs past the end of the data "
                                                    u"(12 bytes left)"_s};
    QTest::newRow("not json") << with(echo, Kind::Garbage) << s << true << QByteArray() << QStringList() << false
                              << QStringList{u"response: the JSON part (28 bytes) is not a JSON object"_s};
    QTest::newRow("response too big") << echo << s << true << QByteArray() << QStringList{u"max_response_bytes=100"_s}
                                      << false
                                      << QStringList{u"the response is larger than the limit of 100 bytes "
                                                     u"(max_response_bytes)"_s};
    QTest::newRow("connection refused") << echo << u"refused"_s << true << QByteArray() << QStringList() << true
                                        << QStringList{u"cannot reach the KServe server: Connection refused"_s};
    QTest::newRow("not http") << echo << u"ftp://127.0.0.1/"_s << true << QByteArray() << QStringList() << true
                              << QStringList{u"runner option 'url': expected http://HOST:PORT or https://HOST:PORT, "
                                             u"got \"ftp://127.0.0.1/\""_s};
    QTest::newRow("bad input_map") << echo << s << true << QByteArray() << QStringList{u"input_map=x"_s} << true
                                   << QStringList{u"runner option 'input_map': expected CARTON_NAME=SERVER_NAME[,...], "
                                                  u"got \"x\""_s};
}

// Each failure is an error value whose message says what went wrong and where;
// metadata mismatches are found before any inference request is sent.
void TestKserveSessions::failures()
{
    QFETCH(KserveTestModel, model);
    QFETCH(QString, url);
    QFETCH(bool, serverReady);
    QFETCH(QByteArray, specs);
    QFETCH(QStringList, opts);
    QFETCH(bool, atOpen);
    QFETCH(QStringList, fragments);
    KserveTestServer server({model});
    QVERIFY(server.start());
    server.setServerReady(serverReady);
    if (url == u"server")
        url = server.url();
    if (url == u"refused") {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        url = u"http://127.0.0.1:%1"_s.arg(closed.serverPort());
    }
    QTemporaryDir dir;
    Opened o = openOn(dir.path(), cartonToml(u"m"_s, specs), url, opts);
    QString message;
    if (atOpen) {
        QVERIFY2(!o.session, "the session opened");
        message = o.session.error().toString();
    } else {
        QVERIFY2(o.session, errorText(o.session).constData());
        Result<TensorMap> out =
            (*o.session)->infer({{u"x"_s, Tensor::numeric(u"x"_s, DType::Float32, {3}, le<float>({1.f, 2.f, 3.f}))}});
        QVERIFY2(!out, "the inference succeeded");
        message = out.error().toString();
    }
    qInfo().noquote() << message; // the message a user sees, in the test log
    for (const QString &f : fragments)
        QVERIFY2(message.contains(f), qPrintable(u"expected \"%1\" in: %2"_s.arg(f, message)));
    if (atOpen)
        QCOMPARE(server.lastInfer().method, QByteArray()); // nothing was sent
}

// Without a `timeout` option the run's inferTimeout bounds each request, and the
// plugin (not the host's kill) reports it; the session stays usable.
void TestKserveSessions::timeoutFollowsRunOptions()
{
    KserveTestModel slow{u"m"_s, Kind::Slow, {}, {}};
    slow.delayMs = 3000;
    KserveTestServer server({slow});
    QVERIFY(server.start());
    QTemporaryDir dir;
    QVERIFY(testutil::writeFile(dir.filePath(u"carton.toml"_s), cartonToml(u"m"_s, {})));
    std::unique_ptr<Carton> carton = runnertest::openCarton(dir.path());
    QVERIFY(carton);
    RunOptions options = runnertest::runOptions();
    options.inferTimeout = std::chrono::milliseconds(400);
    RunnerChoice choice;
    choice.kserveUrl = server.url();
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, choice, options);
    QVERIFY2(session, errorText(session).constData());
    const TensorMap in{{u"x"_s, Tensor::numeric(u"x"_s, DType::Float32, {1}, le<float>({1.f}))}};
    for (int i = 0; i < 2; ++i) {
        Result<TensorMap> out = (*session)->infer(in);
        QVERIFY(!out);
        QVERIFY2(out.error().message.endsWith(u"no answer within 0.4 s (the kserve runner's timeout)"_s),
                 qPrintable(out.error().toString()));
    }
}

QTEST_GUILESS_MAIN(TestKserveSessions)
#include "tst_kservesessions.moc"
