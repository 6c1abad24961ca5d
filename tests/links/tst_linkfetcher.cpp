// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/sha256.h"
#include "links/linkfetcher.h"
#include "testencoders.h"
#include "testhttpserver.h"
#include "testutil.h"

#include <QBuffer>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QTcpServer>
#include <QTemporaryFile>
#include <QTest>
#include <QThread>
#include <QTimer>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

// A loopback port with nothing listening on it.
quint16 closedPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

struct Fetched {
    Status status;
    QByteArray body;
};

Fetched fetch(const QStringList &urls, const QByteArray &sha, const FetchOptions &options = {},
              Progress *progress = nullptr)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    Status status = fetchLinkedFile(urls, sha, &buffer, options, progress);
    return {status, buffer.data()};
}

QString describe(const Status &s)
{
    return s.ok() ? u"ok"_s : s.error().toString();
}

} // namespace

class TestLinkFetcher final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void plain();
    void encodings_data();
    void encodings();
    void qtHandsRawBody();
    void notFoundThenGood();
    void refusedThenGood();
    void allFail();
    void redirects_data();
    void redirects();
    void unsafeUrls_data();
    void unsafeUrls();
    void wrongHash();
    void wrongHashThenGoodRewinds();
    void endlessBodyCapped();
    void bombCapped();
    void truncatedEncoding();
    void unsupportedEncoding();
    void stalledTimesOut();
    void cancelled();
    void progressReported();
    void workerThreadAndFile();
    void usageErrors();

private:
    TestHttpServer m_server;
    QByteArray m_data;
    QByteArray m_sha;
};

void TestLinkFetcher::initTestCase()
{
    // Never let an environment proxy see loopback test traffic.
    QNetworkProxy::setApplicationProxy(QNetworkProxy::NoProxy);
    QVERIFY(m_server.start());
    m_data = testutil::mixedData(300 * 1024, 42);
    m_sha = Sha256::hashHex(m_data);
    m_server.setRoute("/plain", TestRoute{200, {{"Content-Type", "application/octet-stream"}}, m_data});
    m_server.setRoute("/other", TestRoute{200, {}, testutil::mixedData(1000, 7)});
}

void TestLinkFetcher::plain()
{
    const Fetched f = fetch({m_server.url("/plain")}, m_sha);
    QVERIFY2(f.status.ok(), qPrintable(describe(f.status)));
    QVERIFY(f.body == m_data);
    QCOMPARE(m_server.lastHeader("/plain", "Accept-Encoding"), QByteArray("zstd, br, gzip, deflate"));
}

void TestLinkFetcher::encodings_data()
{
    QTest::addColumn<QByteArray>("contentEncoding");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("contentLength");
    const QList<QList<QByteArray>> stacks{{"gzip"},       {"x-gzip"},       {"deflate"},
                                          {"br"},         {"zstd"},         {"identity"},
                                          {"gzip", "br"}, {"zstd", "gzip"}, {"deflate", "zstd", "br"},
                                          {"br", "br"}};
    for (const QList<QByteArray> &stack : stacks) {
        const QByteArray header = stack.join(", ");
        const QByteArray body = testenc::encode(m_data, stack);
        QTest::addRow("%s", header.constData()) << header << body << true;
        QTest::addRow("%s, no length", header.constData()) << header << body << false;
    }
    QTest::addRow("raw deflate") << QByteArray("deflate") << testenc::rawDeflate(m_data) << true;
    QTest::addRow("upper case, extra spaces")
        << QByteArray("GZIP ,  ZSTD") << testenc::encode(m_data, {"gzip", "zstd"}) << true;
}

void TestLinkFetcher::encodings()
{
    QFETCH(QByteArray, contentEncoding);
    QFETCH(QByteArray, body);
    QFETCH(bool, contentLength);
    const QByteArray path = "/enc/" + QByteArray(QTest::currentDataTag()).toPercentEncoding();
    TestRoute route{200, {{"Content-Encoding", contentEncoding}}, body};
    route.sendContentLength = contentLength;
    m_server.setRoute(path, route);
    const Fetched f = fetch({m_server.url(path)}, m_sha);
    QVERIFY2(f.status.ok(), qPrintable(describe(f.status)));
    QCOMPARE(f.body.size(), m_data.size());
    QVERIFY(f.body == m_data);
}

// With our own Accept-Encoding, Qt must give us the body exactly as sent.
void TestLinkFetcher::qtHandsRawBody()
{
    const QByteArray gz = testenc::gzip(m_data);
    m_server.setRoute("/raw-gzip", TestRoute{200, {{"Content-Encoding", "gzip"}}, gz});
    QNetworkAccessManager manager;
    QNetworkRequest request(QUrl(m_server.url("/raw-gzip")));
    request.setRawHeader("Accept-Encoding", "zstd, br, gzip, deflate");
    QNetworkReply *reply = manager.get(request);
    QEventLoop loop;
    connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(20'000, &loop, &QEventLoop::quit);
    loop.exec();
    QVERIFY(reply->isFinished());
    QCOMPARE(reply->rawHeader("Content-Encoding"), QByteArray("gzip"));
    QVERIFY(reply->readAll() == gz);
    delete reply;
}

void TestLinkFetcher::notFoundThenGood()
{
    const int before = m_server.hits("/missing");
    const Fetched f = fetch({m_server.url("/missing"), m_server.url("/plain")}, m_sha);
    QVERIFY2(f.status.ok(), qPrintable(describe(f.status)));
    QVERIFY(f.body == m_data);
    QCOMPARE(m_server.hits("/missing"), before + 1);
}

void TestLinkFetcher::refusedThenGood()
{
    const quint16 port = closedPort();
    QVERIFY(port != 0);
    const Fetched f = fetch({u"http://127.0.0.1:%1/x"_s.arg(port), m_server.url("/plain")}, m_sha);
    QVERIFY2(f.status.ok(), qPrintable(describe(f.status)));
    QVERIFY(f.body == m_data);
}

void TestLinkFetcher::allFail()
{
    const quint16 port = closedPort();
    m_server.setRoute("/error500", TestRoute{500, {}, "boom"});
    const Fetched f =
        fetch({m_server.url("/missing"), u"http://127.0.0.1:%1/x"_s.arg(port), m_server.url("/error500")}, m_sha);
    QVERIFY(!f.status.ok());
    QCOMPARE(f.status.error().code, ErrorCode::Network);
    const QString text = f.status.error().toString();
    QVERIFY2(text.contains(u"all 3 URLs failed"_s), qPrintable(text));
    QVERIFY2(text.contains(u"404"_s) && text.contains(u"500"_s) && text.contains(u"/missing"_s), qPrintable(text));
    QVERIFY(f.body.isEmpty());
}

void TestLinkFetcher::redirects_data()
{
    QTest::addColumn<QByteArray>("start");
    QTest::addColumn<int>("maxRedirects");
    QTest::addColumn<int>("code"); // -1: success
    QTest::addColumn<QString>("messagePart");

    m_server.setRoute("/r/relative", TestRoute{302, {{"Location", "/plain"}}, "moved"});
    m_server.setRoute("/r/absolute", TestRoute{301, {{"Location", m_server.url("/r/relative").toLatin1()}}, {}});
    m_server.setRoute("/r/307", TestRoute{307, {{"Location", "../plain"}}, {}});
    m_server.setRoute("/r/loop", TestRoute{302, {{"Location", "/r/loop"}}, {}});
    m_server.setRoute("/r/ftp", TestRoute{302, {{"Location", "ftp://127.0.0.1/file"}}, {}});
    m_server.setRoute("/r/file", TestRoute{302, {{"Location", "file:///etc/passwd"}}, {}});
    QTest::addRow("relative") << QByteArray("/r/relative") << 5 << -1 << QString();
    QTest::addRow("two hops") << QByteArray("/r/absolute") << 5 << -1 << QString();
    QTest::addRow("307 dot-dot") << QByteArray("/r/307") << 5 << -1 << QString();
    QTest::addRow("two hops, limit 1") << QByteArray("/r/absolute") << 1 << int(ErrorCode::Network)
                                       << u"too many redirects"_s;
    QTest::addRow("loop") << QByteArray("/r/loop") << 5 << int(ErrorCode::Network) << u"too many redirects"_s;
    QTest::addRow("to ftp") << QByteArray("/r/ftp") << 5 << int(ErrorCode::Unsafe) << u"refused redirect to \"ftp://"_s;
    QTest::addRow("to file") << QByteArray("/r/file") << 5 << int(ErrorCode::Unsafe)
                             << u"refused redirect to \"file://"_s;
}

void TestLinkFetcher::redirects()
{
    QFETCH(QByteArray, start);
    QFETCH(int, maxRedirects);
    QFETCH(int, code);
    QFETCH(QString, messagePart);
    FetchOptions options;
    options.maxRedirects = maxRedirects;
    const int loopHits = m_server.hits("/r/loop");
    const Fetched f = fetch({m_server.url(start)}, m_sha, options);
    if (code < 0) {
        QVERIFY2(f.status.ok(), qPrintable(describe(f.status)));
        QVERIFY(f.body == m_data);
        return;
    }
    QVERIFY(!f.status.ok());
    QCOMPARE(int(f.status.error().code), code);
    QVERIFY2(f.status.error().message.contains(messagePart), qPrintable(describe(f.status)));
    QVERIFY(f.body.isEmpty());
    QVERIFY(m_server.hits("/r/loop") - loopHits <= maxRedirects + 1);
}

void TestLinkFetcher::unsafeUrls_data()
{
    QTest::addColumn<QString>("url");
    QTest::addRow("ftp") << u"ftp://127.0.0.1/file"_s;
    QTest::addRow("file") << u"file:///etc/passwd"_s;
    QTest::addRow("relative") << u"model/model.pt"_s;
    QTest::addRow("data") << u"data:text/plain,hello"_s;
}

void TestLinkFetcher::unsafeUrls()
{
    QFETCH(QString, url);
    const Fetched alone = fetch({url}, m_sha);
    QVERIFY(!alone.status.ok());
    QCOMPARE(alone.status.error().code, ErrorCode::Unsafe);
    // The next URL is still tried.
    const Fetched next = fetch({url, m_server.url("/plain")}, m_sha);
    QVERIFY2(next.status.ok(), qPrintable(describe(next.status)));
    QVERIFY(next.body == m_data);
}

void TestLinkFetcher::wrongHash()
{
    const QByteArray wrong = Sha256::hashHex("something else");
    const Fetched f = fetch({m_server.url("/plain")}, wrong);
    QVERIFY(!f.status.ok());
    QCOMPARE(f.status.error().code, ErrorCode::Integrity);
    const QString text = f.status.error().toString();
    QVERIFY2(text.contains(m_server.url("/plain")), qPrintable(text));
    QVERIFY2(text.contains(QString::fromLatin1(wrong)), qPrintable(text));
    QVERIFY2(text.contains(QString::fromLatin1(m_sha)), qPrintable(text));
}

void TestLinkFetcher::wrongHashThenGoodRewinds()
{
    const Fetched f = fetch({m_server.url("/other"), m_server.url("/plain")}, m_sha);
    QVERIFY2(f.status.ok(), qPrintable(describe(f.status)));
    QCOMPARE(f.body.size(), m_data.size());
    QVERIFY(f.body == m_data);
}

void TestLinkFetcher::endlessBodyCapped()
{
    m_server.setRoute("/endless", TestRoute{200, {}, {}, TestRoute::Mode::Endless});
    FetchOptions options;
    options.maxSize = 2 << 20;
    QElapsedTimer timer;
    timer.start();
    const Fetched f = fetch({m_server.url("/endless")}, m_sha, options);
    QVERIFY(!f.status.ok());
    QCOMPARE(f.status.error().code, ErrorCode::Limit);
    QVERIFY(f.body.size() <= options.maxSize);
    QVERIFY(timer.elapsed() < 30'000);
}

void TestLinkFetcher::bombCapped()
{
    const QByteArray bomb = testenc::encode(QByteArray(128 << 20, '\0'), {"gzip", "br"});
    QVERIFY(bomb.size() < (1 << 20));
    m_server.setRoute("/bomb", TestRoute{200, {{"Content-Encoding", "gzip, br"}}, bomb});
    FetchOptions options;
    options.maxSize = 4 << 20;
    const Fetched f = fetch({m_server.url("/bomb")}, m_sha, options);
    QVERIFY(!f.status.ok());
    QCOMPARE(f.status.error().code, ErrorCode::Limit);
    QVERIFY(f.body.size() <= options.maxSize);
}

void TestLinkFetcher::truncatedEncoding()
{
    const QByteArray zs = testenc::zstd(m_data);
    m_server.setRoute("/truncated", TestRoute{200, {{"Content-Encoding", "zstd"}}, zs.left(zs.size() - 3)});
    const Fetched f = fetch({m_server.url("/truncated")}, m_sha);
    QVERIFY(!f.status.ok());
    QCOMPARE(f.status.error().code, ErrorCode::Format);
    QVERIFY2(f.status.error().message.contains(u"truncated"_s), qPrintable(describe(f.status)));
}

void TestLinkFetcher::unsupportedEncoding()
{
    m_server.setRoute("/compress", TestRoute{200, {{"Content-Encoding", "compress"}}, "xx"});
    const Fetched f = fetch({m_server.url("/compress")}, m_sha);
    QVERIFY(!f.status.ok());
    QCOMPARE(f.status.error().code, ErrorCode::Unsupported);
}

void TestLinkFetcher::stalledTimesOut()
{
    m_server.setRoute("/stall",
                      TestRoute{200, {{"Content-Length", "100000"}}, "only the start", TestRoute::Mode::Stall});
    FetchOptions options;
    options.timeoutMs = 400;
    QElapsedTimer timer;
    timer.start();
    const Fetched f = fetch({m_server.url("/stall")}, m_sha, options);
    const qint64 elapsed = timer.elapsed();
    QVERIFY(!f.status.ok());
    QCOMPARE(f.status.error().code, ErrorCode::Network);
    QVERIFY2(f.status.error().message.contains(u"timed out"_s), qPrintable(describe(f.status)));
    QVERIFY2(elapsed >= 350 && elapsed < 10'000, qPrintable(QString::number(elapsed)));
}

void TestLinkFetcher::cancelled()
{
    m_server.setRoute("/endless2", TestRoute{200, {}, {}, TestRoute::Mode::Endless});
    Progress *self = nullptr;
    Progress progress([&self](qint64 done, qint64, const QString &) {
        if (done > (1 << 20) && self)
            self->cancel();
    });
    self = &progress;
    FetchOptions options;
    options.maxSize = 256 << 20;
    QElapsedTimer timer;
    timer.start();
    const Fetched f = fetch({m_server.url("/endless2"), m_server.url("/plain")}, m_sha, options, &progress);
    QVERIFY(!f.status.ok());
    QCOMPARE(f.status.error().code, ErrorCode::Cancelled);
    QVERIFY(timer.elapsed() < 30'000);
    QVERIFY(f.body.size() < options.maxSize);

    // Cancelled before starting: nothing is fetched.
    Progress early;
    early.cancel();
    const int hits = m_server.hits("/plain");
    const Fetched g = fetch({m_server.url("/plain")}, m_sha, {}, &early);
    QCOMPARE(g.status.error().code, ErrorCode::Cancelled);
    QCOMPARE(m_server.hits("/plain"), hits);
}

void TestLinkFetcher::progressReported()
{
    qint64 lastDone = -1;
    qint64 lastTotal = -1;
    Progress progress([&](qint64 done, qint64 total, const QString &) {
        lastDone = done;
        lastTotal = total;
    });
    const Fetched f = fetch({m_server.url("/plain")}, m_sha, {}, &progress);
    QVERIFY2(f.status.ok(), qPrintable(describe(f.status)));
    QCOMPARE(progress.done(), qint64(m_data.size()));
    QCOMPARE(progress.total(), qint64(m_data.size()));
    QCOMPARE(lastDone, qint64(m_data.size())); // the final step is always reported
    QCOMPARE(lastTotal, qint64(m_data.size()));

    // Encoded bodies count decoded bytes, and a caller's larger total is kept.
    m_server.setRoute("/progress-br", TestRoute{200, {{"Content-Encoding", "br"}}, testenc::brotli(m_data)});
    Progress several;
    several.setTotal(10 * m_data.size());
    const Fetched g = fetch({m_server.url("/progress-br")}, m_sha, {}, &several);
    QVERIFY2(g.status.ok(), qPrintable(describe(g.status)));
    QCOMPARE(several.done(), qint64(m_data.size()));
    QCOMPARE(several.total(), qint64(10 * m_data.size()));
}

void TestLinkFetcher::workerThreadAndFile()
{
    QTemporaryFile file;
    QVERIFY(file.open());
    file.write("stale bytes from before");
    file.seek(0);
    file.resize(0);
    Status status = makeError(ErrorCode::Usage, u"not run"_s);
    const QStringList urls{m_server.url("/other"), m_server.url("/enc/zstd")};
    m_server.setRoute("/enc/zstd", TestRoute{200, {{"Content-Encoding", "zstd"}}, testenc::zstd(m_data)});
    QThread *worker = QThread::create([&] { status = fetchLinkedFile(urls, m_sha, &file); });
    worker->start();
    QVERIFY(worker->wait(60'000));
    delete worker;
    QVERIFY2(status.ok(), qPrintable(describe(status)));
    file.flush();
    QCOMPARE(file.size(), qint64(m_data.size()));
    file.seek(0);
    QVERIFY(file.readAll() == m_data);
}

void TestLinkFetcher::usageErrors()
{
    QBuffer readOnly;
    readOnly.open(QIODevice::ReadOnly);
    QCOMPARE(fetchLinkedFile({m_server.url("/plain")}, m_sha, &readOnly).error().code, ErrorCode::Usage);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QCOMPARE(fetchLinkedFile({m_server.url("/plain")}, "abc", &buffer).error().code, ErrorCode::Usage);
    QCOMPARE(fetchLinkedFile({}, m_sha, &buffer).error().code, ErrorCode::NotFound);
    QVERIFY(buffer.data().isEmpty());
}

QTEST_GUILESS_MAIN(TestLinkFetcher)
#include "tst_linkfetcher.moc"
