// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton::HttpClient's policy against a local server: what it refuses (scheme,
// host, redirects, a body over the cap, time) and what it streams.
#include "remote/chunkdevice.h"
#include "remote/httpclient.h"
#include "testhttpserver.h"

#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::ErrorCode)
Q_DECLARE_METATYPE(TestRoute)

namespace {

template <typename T>
QString describe(const Result<T> &r)
{
    return r ? u"ok"_s : r.error().toString();
}

TestRoute redirectTo(const QString &target, int status = 302)
{
    TestRoute r;
    r.status = status;
    r.headers.append({"Location", target.toUtf8()});
    r.body = "moved";
    return r;
}

} // namespace

class TestHttpClient final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_server.start());
        m_server.setRoute("/ok", TestRoute{200, {{"X-Test", "yes"}}, "hello"});
    }
    void init() { m_server.resetCounts(); }

    void fetchesBodyAndHeaders();
    void errorStatusIsReturned();
    void refusesScheme_data();
    void refusesScheme();
    void refusesHost();
    void refusesRedirects_data();
    void refusesRedirects();
    void neverRedirectsFromHttpsToHttp();
    void capsTheBody_data();
    void capsTheBody();
    void idleTimeout();
    void totalTimeout();
    void streamsTheUpload();
    void headersStayWithTheirOrigin();

private:
    TestHttpServer m_server;
};

void TestHttpClient::fetchesBodyAndHeaders()
{
    auto stats = std::make_shared<RemoteStats>();
    HttpPolicy policy;
    policy.stats = stats;
    m_server.setRoute("/hop", redirectTo(m_server.url("/ok")));
    Result<HttpResponse> r = HttpClient(policy).fetch(QUrl(m_server.url("/hop")));
    QVERIFY2(r, qPrintable(describe(r)));
    QCOMPARE(r->head.status, 200);
    QCOMPARE(r->body, QByteArray("hello"));
    QCOMPARE(r->head.header("x-test"), QByteArray("yes"));
    QCOMPARE(r->head.url, QUrl(m_server.url("/ok")));
    QCOMPARE(stats->requests.load(), 2);
    QCOMPARE(stats->bytes.load(), 5);
}

// A 404's body (the server's error document) is the caller's to read.
void TestHttpClient::errorStatusIsReturned()
{
    Result<HttpResponse> r = HttpClient().fetch(QUrl(m_server.url("/missing")));
    QVERIFY2(r, qPrintable(describe(r)));
    QCOMPARE(r->head.status, 404);
    QCOMPARE(r->body, QByteArray("not found\n"));
}

void TestHttpClient::refusesScheme_data()
{
    QTest::addColumn<QStringList>("schemes");
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("message");
    const QString ok = m_server.url("/ok");
    QTest::newRow("ftp") << QStringList{u"http"_s, u"https"_s} << u"ftp://127.0.0.1/ok"_s
                         << u"only http and https URLs are opened"_s;
    QTest::newRow("file") << QStringList{u"http"_s, u"https"_s} << u"file:///etc/passwd"_s
                          << u"only http and https URLs are opened"_s;
    QTest::newRow("http under an https-only policy")
        << QStringList{u"https"_s} << ok << u"only https URLs are opened"_s;
}

void TestHttpClient::refusesScheme()
{
    QFETCH(QStringList, schemes);
    QFETCH(QString, url);
    QFETCH(QString, message);
    HttpPolicy policy;
    policy.schemes = schemes;
    Result<HttpResponse> r = HttpClient(policy).fetch(QUrl(url));
    QVERIFY(!r);
    QCOMPARE(r.error().code, ErrorCode::Unsafe);
    QCOMPARE(r.error().message, message);
    QCOMPARE(m_server.hits("/ok"), 0);
}

void TestHttpClient::refusesHost()
{
    HttpPolicy policy;
    policy.hosts = {u"models.example.org"_s};
    Result<HttpResponse> r = HttpClient(policy).fetch(QUrl(m_server.url("/ok")));
    QVERIFY(!r);
    QCOMPARE(r.error().code, ErrorCode::Unsafe);
    QCOMPARE(r.error().message, u"the host 127.0.0.1 is not among those allowed (models.example.org)"_s);
    QCOMPARE(m_server.hits("/ok"), 0);
    policy.hosts = {u"MODELS.example.org"_s, u"127.0.0.1"_s}; // case-insensitive
    QVERIFY(HttpClient(policy).fetch(QUrl(m_server.url("/ok"))));
}

void TestHttpClient::refusesRedirects_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QString>("message");
    const QString otherHost = u"http://localhost:%1/ok"_s.arg(m_server.port());
    QTest::newRow("to ftp") << QByteArray("/to-ftp") << ErrorCode::Unsafe
                            << u"refused redirect to \"ftp://127.0.0.1/ok\": only http and https URLs are followed"_s;
    QTest::newRow("to another host")
        << QByteArray("/to-localhost") << ErrorCode::Unsafe
        << u"refused redirect to \"%1\": the host localhost is not among those allowed (127.0.0.1)"_s.arg(otherHost);
    QTest::newRow("loop") << QByteArray("/loop") << ErrorCode::Network << u"too many redirects (more than 2)"_s;
}

void TestHttpClient::refusesRedirects()
{
    QFETCH(QByteArray, path);
    QFETCH(ErrorCode, code);
    QFETCH(QString, message);
    m_server.setRoute("/to-ftp", redirectTo(u"ftp://127.0.0.1/ok"_s));
    m_server.setRoute("/to-localhost", redirectTo(u"http://localhost:%1/ok"_s.arg(m_server.port()), 307));
    m_server.setRoute("/loop", redirectTo(m_server.url("/loop"), 301));
    HttpPolicy policy;
    policy.hosts = {u"127.0.0.1"_s};
    policy.maxRedirects = 2;
    Result<HttpResponse> r = HttpClient(policy).fetch(QUrl(m_server.url(path)));
    QVERIFY(!r);
    QCOMPARE(r.error().code, code);
    QCOMPARE(r.error().message, message);
    QCOMPARE(r.error().location, m_server.url(path));
    QCOMPARE(m_server.hits("/ok"), 0);
    QCOMPARE(m_server.hits(path), path == "/loop" ? 3 : 1);
}

// The local server speaks plain http, so the rule is checked where the client
// decides every redirect (HttpClient::send asks allowsRedirect for each hop).
void TestHttpClient::neverRedirectsFromHttpsToHttp()
{
    const HttpPolicy policy;
    const Status down = policy.allowsRedirect(QUrl(u"https://a.example/x"_s), QUrl(u"http://a.example/y"_s));
    QVERIFY(!down);
    QCOMPARE(down.error().code, ErrorCode::Unsafe);
    QCOMPARE(down.error().message, u"refused redirect to \"http://a.example/y\": never from https to http"_s);
    QVERIFY(policy.allowsRedirect(QUrl(u"https://a.example/x"_s), QUrl(u"https://b.example/y"_s)));
    QVERIFY(policy.allowsRedirect(QUrl(u"http://a.example/x"_s), QUrl(u"https://a.example/y"_s)));
    QVERIFY(policy.allowsRedirect(QUrl(u"http://a.example/x"_s), QUrl(u"http://a.example/y"_s)));
}

void TestHttpClient::capsTheBody_data()
{
    QTest::addColumn<TestRoute>("route");
    const QByteArray kilobyte(1000, 'k');
    QTest::newRow("announced") << TestRoute{200, {}, kilobyte};
    QTest::newRow("not announced") << TestRoute{200, {}, kilobyte, TestRoute::Mode::Normal, false};
    QTest::newRow("endless") << TestRoute{200, {}, {}, TestRoute::Mode::Endless};
}

void TestHttpClient::capsTheBody()
{
    QFETCH(TestRoute, route);
    m_server.setRoute("/big", route);
    HttpPolicy policy;
    policy.maxBodyBytes = 100;
    policy.bodyCapName = u"max_body"_s;
    qint64 received = 0;
    auto check = [](const HttpHead &) -> Result<bool> { return true; };
    auto sink = [&received](const char *, qint64 n) -> Status {
        received += n;
        return {};
    };
    Result<HttpHead> r = HttpClient(policy).send(QUrl(m_server.url("/big")), {}, check, sink);
    QVERIFY(!r);
    QCOMPARE(r.error().code, ErrorCode::Limit);
    QCOMPARE(r.error().message, u"the response is larger than the limit of 100 bytes (max_body)"_s);
    QVERIFY2(received <= 100, qPrintable(QString::number(received)));
    policy.maxBodyBytes = 1000;
    if (route.mode == TestRoute::Mode::Normal)
        QVERIFY(HttpClient(policy).fetch(QUrl(m_server.url("/big"))));
}

// Headers, then silence: the idle timeout ends it.
void TestHttpClient::idleTimeout()
{
    m_server.setRoute("/stall", TestRoute{200, {{"Content-Length", "100"}}, "start", TestRoute::Mode::Stall});
    HttpPolicy policy;
    policy.idleTimeoutMs = 200;
    Result<HttpResponse> r = HttpClient(policy).fetch(QUrl(m_server.url("/stall")));
    QVERIFY(!r);
    QCOMPARE(r.error().code, ErrorCode::Network);
    QCOMPARE(r.error().message, u"no data received for 200 ms (timed out)"_s);
}

// A server that answers too late: the whole request's deadline ends it, named.
void TestHttpClient::totalTimeout()
{
    TestRoute slow{200, {}, "late"};
    slow.delayMs = 3000;
    m_server.setRoute("/slow", slow);
    HttpPolicy policy;
    policy.idleTimeoutMs = 0;
    policy.totalTimeoutMs = 250;
    policy.timeoutName = u"the test's timeout"_s;
    Result<HttpResponse> r = HttpClient(policy).fetch(QUrl(m_server.url("/slow")));
    QVERIFY(!r);
    QCOMPARE(r.error().code, ErrorCode::Network);
    QCOMPARE(r.error().message, u"no answer within 0.25 s (the test's timeout)"_s);
}

// A body of several arrays goes out as one, unjoined (ChunkDevice), with its length.
void TestHttpClient::streamsTheUpload()
{
    m_server.setRoute("/upload", TestRoute{200, {}, "stored"});
    const QList<QByteArray> parts{QByteArray(3000, 'a'), QByteArray(), QByteArray(5000, 'b'), "end"};
    ChunkDevice body(parts);
    QVERIFY(body.open(QIODevice::ReadOnly));
    HttpRequest request;
    request.method = "PUT";
    request.bodyDevice = &body;
    request.addHeader("Content-Type", "application/octet-stream");
    qint64 lastSent = 0;
    qint64 lastTotal = 0;
    request.uploadProgress = [&](qint64 sent, qint64 total) {
        lastSent = sent;
        lastTotal = total;
    };
    Result<HttpResponse> r = HttpClient().fetch(QUrl(m_server.url("/upload")), request);
    QVERIFY2(r, qPrintable(describe(r)));
    QCOMPARE(r->body, QByteArray("stored"));
    QCOMPARE(m_server.lastHeader("/upload", "content-length"), QByteArray("8003"));
    QCOMPARE(m_server.lastBody("/upload"), parts.at(0) + parts.at(2) + parts.at(3));
    QCOMPARE(lastSent, 8003);
    QCOMPARE(lastTotal, 8003);
}

// An Authorization header goes to the first URL's origin only, never after a
// redirect to another; the Range goes everywhere.
void TestHttpClient::headersStayWithTheirOrigin()
{
    m_server.setRoute("/away", redirectTo(u"http://localhost:%1/ok"_s.arg(m_server.port())));
    HttpRequest request;
    request.addHeader("Authorization", "Bearer secret");
    request.range = "bytes=0-1";
    Result<HttpResponse> r = HttpClient().fetch(QUrl(m_server.url("/away")), request);
    QVERIFY2(r, qPrintable(describe(r)));
    QCOMPARE(m_server.lastHeader("/away", "authorization"), QByteArray("Bearer secret"));
    QCOMPARE(m_server.lastHeader("/ok", "authorization"), QByteArray());
    QCOMPARE(m_server.lastHeader("/ok", "range"), QByteArray("bytes=0-1"));
}

QTEST_GUILESS_MAIN(TestHttpClient)
#include "tst_httpclient.moc"
