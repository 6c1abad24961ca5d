// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Cartons opened by URL (HttpSource + ZipSource) against the local test server:
// what is fetched, and every way a server can misbehave.

#include "../links/testhttpserver.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "packagetestutil.h"
#include "remote/httpsource.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace testutil;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::ErrorCode)
Q_DECLARE_METATYPE(TestRoute)

namespace {

const QByteArray kIndex = "[[tensor]]\nname = \"x\"\ndtype = \"float32\"\nshape = [4]\nfile = \"x.bin\"\n";

QMap<QString, QByteArray> cartonFiles(qsizetype modelSize)
{
    return {{u"carton.toml"_s, minimalToml()},
            {u"tensor_data/index.toml"_s, kIndex},
            {u"tensor_data/x.bin"_s, QByteArray("\0\0\x80?\0\0\0@\0\0@@\0\0\x80@", 16)},
            {u"model/model.bin"_s, mixedData(modelSize, 11)}};
}

// The temporary files linked fetches use, by name.
QStringList fetchedFiles()
{
    return QDir::temp().entryList({u"carton-linked-*"_s}, QDir::Files | QDir::Hidden, QDir::Name);
}

TestRoute servedFile(const QByteArray &body, bool ranges = true)
{
    TestRoute r;
    r.body = body;
    r.ranges = ranges;
    r.headers.append(QPair<QByteArray, QByteArray>("Accept-Ranges", ranges ? "bytes" : "none"));
    return r;
}

} // namespace

class TestRemoteSource final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_server.start());
        m_path = m_dir.filePath(u"big.carton"_s);
        // Stored: the 8 MiB model is one contiguous range that info must never fetch.
        QVERIFY(writeCarton(m_path, cartonFiles(8 << 20), ZipMethod::Stored));
        m_bytes = readFile(m_path);
        m_server.setRoute("/big.carton", servedFile(m_bytes));
    }

    void infoFetchesOnlyTheMetadata()
    {
        m_server.resetCounts();
        RemoteOptions options;
        options.stats = std::make_shared<RemoteStats>();
        auto remote = Carton::open(m_server.url("/big.carton"), {}, options);
        QVERIFY2(remote.ok(), qPrintable(remote ? QString() : remote.error().toString()));
        auto local = Carton::open(m_path);
        QVERIFY(local.ok());
        QVERIFY((*remote)->info().has_value());
        QCOMPARE((*remote)->info()->modelName, u"t"_s);
        QCOMPARE((*remote)->modelHash(), (*local)->modelHash());
        QCOMPARE((*remote)->tensorIndex()->entries().size(), 1);
        QVERIFY((*remote)->loadDiagnostics().isEmpty());
        QVERIFY((*remote)->source().isRemote());
        QCOMPARE((*remote)->path(), m_server.url("/big.carton"));

        // The probe (the last 16 KiB: end records and central directory), then one
        // request per metadata file (carton.toml, MANIFEST, index.toml).
        const qint64 metadata = (*local)->cartonTomlBytes().size() + (*local)->manifestBytes().size() + kIndex.size();
        const qint64 sent = m_server.bytesSent("/big.carton");
        // At most one request per metadata file (fewer when the probe or a
        // neighbour's fetch already holds it).
        const int hits = m_server.hits("/big.carton");
        QVERIFY2(hits >= 2 && hits <= 4, qPrintable(QString::number(hits)));
        QCOMPARE(options.stats->requests.load(), hits);
        QCOMPARE(options.stats->bytes.load(), sent);
        QVERIFY2(sent <= metadata + (16 << 10) + 3 * 512, qPrintable(QString::number(sent)));
        QVERIFY(sent < m_bytes.size() / 100);
    }

    void verifyAndTensorsWorkAsForALocalFile()
    {
        auto remote = Carton::open(m_server.url("/big.carton"));
        QVERIFY(remote.ok());
        const VerifyReport report = verifyCarton(**remote);
        QVERIFY(report.ok());
        QCOMPARE(report.files.size(), 4);
        for (const FileCheck &f : report.files)
            QCOMPARE(f.state, FileState::Ok);
        auto tensor = (*remote)->loadTensor(u"x"_s);
        QVERIFY2(tensor.ok(), qPrintable(tensor ? QString() : tensor.error().toString()));
        auto reader = (*remote)->openTensor(u"x"_s);
        QVERIFY(reader.ok());
    }

    // Issue 39: verify read a remote entry 64 KiB per request (4,099 requests for
    // 256 MiB). Every entry now comes in one request, the long one streamed.
    void verifyFetchesEachEntryInOneRequest()
    {
        RemoteOptions options;
        options.stats = std::make_shared<RemoteStats>();
        auto remote = Carton::open(m_server.url("/big.carton"), {}, options);
        QVERIFY(remote.ok());
        m_server.resetCounts();
        const qint64 before = options.stats->requests.load();
        const VerifyReport report = verifyCarton(**remote);
        QVERIFY(report.ok());
        const int hits = m_server.hits("/big.carton");
        QCOMPARE(options.stats->requests.load() - before, hits);
        // At most one per file (the metadata files may still be in the cache from
        // the open), where 64 KiB reads took 128 for the 8 MiB model alone.
        QVERIFY2(hits >= 1 && hits <= report.files.size(), qPrintable(QString::number(hits)));
        QVERIFY2(m_server.bytesSent("/big.carton") <= m_bytes.size(),
                 qPrintable(QString::number(m_server.bytesSent("/big.carton"))));

        // A stream read part of the way and dropped stops its request; the next
        // reader of the same entry gets the same bytes.
        const QByteArray model = cartonFiles(8 << 20).value(u"model/model.bin"_s);
        {
            auto device = (*remote)->source().open(u"model/model.bin"_s);
            QVERIFY(device.ok());
            QCOMPARE((*device)->read(100'000), model.left(100'000));
        }
        auto whole = (*remote)->source().read(u"model/model.bin"_s, qint64(1) << 30);
        QVERIFY2(whole.ok(), qPrintable(whole ? QString() : whole.error().toString()));
        QVERIFY(*whole == model);
        remote->reset(); // stops what is still streaming
    }

    void aWindowOfAStoredFileFetchesOnlyTheWindow()
    {
        auto remote = Carton::open(m_server.url("/big.carton"));
        QVERIFY(remote.ok());
        m_server.resetCounts();
        auto bytes = (*remote)->source().byteSource(u"model/model.bin"_s);
        QVERIFY(bytes.ok());
        QCOMPARE((*bytes)->size(), qint64(8 << 20));
        QByteArray window(1000, Qt::Uninitialized);
        QVERIFY((*bytes)->read(5'000'000, 1000, window.data()).ok());
        QCOMPARE(window, cartonFiles(8 << 20).value(u"model/model.bin"_s).mid(5'000'000, 1000));
        QVERIFY2(m_server.bytesSent("/big.carton") < 8 << 10,
                 qPrintable(QString::number(m_server.bytesSent("/big.carton"))));
    }

    void tamperedRemoteFileFailsVerification()
    {
        QByteArray bytes = m_bytes;
        const qsizetype at = bytes.indexOf(cartonFiles(8 << 20).value(u"model/model.bin"_s).mid(4'000'000, 64));
        QVERIFY(at > 0);
        bytes[at] = char(bytes[at] ^ 0x55);
        m_server.setRoute("/tampered.carton", servedFile(bytes));
        auto remote = Carton::open(m_server.url("/tampered.carton"));
        QVERIFY(remote.ok());
        const VerifyReport report = verifyCarton(**remote);
        QVERIFY(!report.ok());
        bool found = false;
        for (const FileCheck &f : report.files)
            if (f.path == u"model/model.bin") {
                found = true;
                QCOMPARE(f.state, FileState::Failed); // the zip CRC-32 catches it first
                QVERIFY2(f.message.contains(u"CRC-32"_s), qPrintable(f.message));
            }
        QVERIFY(found);
    }

    void downloadsOnlyWithConsent()
    {
        m_server.setRoute("/noranges.carton", servedFile(m_bytes, false));
        RemoteOptions refuse;
        qint64 askedSize = -2;
        refuse.allowDownload = [&](const QUrl &, qint64 size) {
            askedSize = size;
            return false;
        };
        auto refused = Carton::open(m_server.url("/noranges.carton"), {}, refuse);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, ErrorCode::Unsupported);
        QVERIFY2(refused.error().toString().contains(u"does not support range requests"_s),
                 qPrintable(refused.error().toString()));
        QCOMPARE(askedSize, m_bytes.size());

        m_server.resetCounts();
        RemoteOptions allow;
        Progress progress;
        allow.allowDownload = [](const QUrl &, qint64) { return true; };
        allow.downloadProgress = &progress;
        auto source = HttpSource::open(QUrl(m_server.url("/noranges.carton")), allow);
        QVERIFY2(source.ok(), qPrintable(source ? QString() : source.error().toString()));
        QVERIFY((*source)->isDownloaded());
        QCOMPARE((*source)->size(), m_bytes.size());
        QCOMPARE(progress.done(), m_bytes.size());
        auto all = (*source)->readAll(qint64(1) << 30);
        QVERIFY(all.ok());
        QCOMPARE(*all, m_bytes);
        QCOMPARE(m_server.hits("/noranges.carton"), 2); // the probe (aborted), then the download

        auto carton = Carton::open(m_server.url("/noranges.carton"), {}, allow);
        QVERIFY(carton.ok());
        QVERIFY(verifyCarton(**carton).ok());
    }

    void redirectsAreFollowedWithinTheLimit()
    {
        TestRoute hop;
        hop.status = 302;
        hop.headers.append(QPair<QByteArray, QByteArray>("Location", "/big.carton"));
        m_server.setRoute("/moved.carton", hop);
        auto moved = HttpSource::open(QUrl(m_server.url("/moved.carton")));
        QVERIFY2(moved.ok(), qPrintable(moved ? QString() : moved.error().toString()));
        QCOMPARE((*moved)->effectiveUrl(), QUrl(m_server.url("/big.carton")));
        QCOMPARE((*moved)->size(), m_bytes.size());
        auto carton = Carton::open(m_server.url("/moved.carton"));
        QVERIFY(carton.ok());
        QVERIFY((*carton)->info().has_value());
    }

    void misbehavingServers_data()
    {
        QTest::addColumn<TestRoute>("route");
        QTest::addColumn<int>("timeoutMs");
        QTest::addColumn<qint64>("maxFetched");
        QTest::addColumn<ErrorCode>("code");
        QTest::addColumn<QString>("mention");
        const int normal = 60'000;
        const qint64 unlimited = qint64(1) << 40;
        TestRoute notFound;
        notFound.status = 404;
        notFound.body = "no\n";
        QTest::newRow("404") << notFound << normal << unlimited << ErrorCode::Network << u"HTTP status 404"_s;
        TestRoute broken = notFound;
        broken.status = 500;
        QTest::newRow("500") << broken << normal << unlimited << ErrorCode::Network << u"HTTP status 500"_s;
        TestRoute truncated = servedFile(m_bytes);
        truncated.fault = TestRoute::Fault::Truncate;
        QTest::newRow("truncated-body") << truncated << normal << unlimited << ErrorCode::Network
                                        << u"truncated: 8192 of the 16384 bytes"_s;
        TestRoute oversize = servedFile(m_bytes);
        oversize.fault = TestRoute::Fault::Oversize;
        QTest::newRow("body-larger-than-announced")
            << oversize << normal << unlimited << ErrorCode::Format << u"sends more than the 16384 bytes"_s;
        TestRoute wrong = servedFile(m_bytes);
        wrong.fault = TestRoute::Fault::WrongRange;
        QTest::newRow("wrong-content-range") << wrong << normal << unlimited << ErrorCode::Format
                                             << u"wrong Content-Range \"bytes %1-%2/%3\""_s.arg(m_bytes.size() - 16383)
                                                    .arg(m_bytes.size())
                                                    .arg(m_bytes.size());
        TestRoute slow = servedFile(m_bytes);
        slow.delayMs = 1500;
        QTest::newRow("slow-server-times-out") << slow << 200 << unlimited << ErrorCode::Network << u"timed out"_s;
        QTest::newRow("fetch-limit") << servedFile(m_bytes) << normal << qint64(10'000) << ErrorCode::Limit
                                     << u"limit of 10000 bytes fetched"_s;
        TestRoute loop;
        loop.status = 302;
        loop.headers.append(QPair<QByteArray, QByteArray>("Location", "/bad.carton"));
        QTest::newRow("redirect-loop") << loop << normal << unlimited << ErrorCode::Network << u"too many redirects"_s;
        TestRoute toFtp;
        toFtp.status = 301;
        toFtp.headers.append(QPair<QByteArray, QByteArray>("Location", "ftp://127.0.0.1/big.carton"));
        QTest::newRow("redirect-to-ftp") << toFtp << normal << unlimited << ErrorCode::Unsafe
                                         << u"only http and https URLs are followed"_s;
    }

    void misbehavingServers()
    {
        QFETCH(TestRoute, route);
        QFETCH(int, timeoutMs);
        QFETCH(qint64, maxFetched);
        QFETCH(ErrorCode, code);
        QFETCH(QString, mention);
        m_server.setRoute("/bad.carton", route);
        RemoteOptions options;
        options.timeoutMs = timeoutMs;
        options.maxFetchedBytes = maxFetched;
        auto opened = Carton::open(m_server.url("/bad.carton"), {}, options);
        QVERIFY(!opened.ok());
        const QString text = opened.error().toString();
        QVERIFY2(opened.error().code == code, qPrintable(u"code %1: %2"_s.arg(int(opened.error().code)).arg(text)));
        QVERIFY2(text.contains(mention), qPrintable(text));
    }

    void slowButWithinTheTimeoutSucceeds()
    {
        TestRoute slow = servedFile(m_bytes);
        slow.delayMs = 300;
        m_server.setRoute("/slow.carton", slow);
        auto opened = Carton::open(m_server.url("/slow.carton"));
        QVERIFY2(opened.ok(), qPrintable(opened ? QString() : opened.error().toString()));
        QVERIFY((*opened)->info().has_value());
    }

    void fetchLimitStopsLaterReads()
    {
        RemoteOptions options;
        options.maxFetchedBytes = 100'000;
        auto remote = Carton::open(m_server.url("/big.carton"), {}, options);
        QVERIFY2(remote.ok(), qPrintable(remote ? QString() : remote.error().toString()));
        auto model = (*remote)->source().read(u"model/model.bin"_s, qint64(1) << 30);
        QVERIFY(!model.ok());
        QCOMPARE(model.error().code, ErrorCode::Limit);
        QVERIFY2(model.error().toString().contains(u"limit of 100000 bytes fetched"_s),
                 qPrintable(model.error().toString()));
    }

    void onlyHttpAndHttps()
    {
        auto source = HttpSource::open(QUrl(u"ftp://127.0.0.1/x.carton"_s));
        QVERIFY(!source.ok());
        QCOMPARE(source.error().code, ErrorCode::Unsafe);
    }

private:
    QTemporaryDir m_dir;
    TestHttpServer m_server;
    QString m_path;
    QByteArray m_bytes;

    // A tensor whose bytes are only in LINKS is fetched into a temporary file, not
    // memory (it may be gigabytes), read from there, and the file goes with the
    // last reader.
    void linkedTensorIsFetchedToATemporaryFile()
    {
        const QByteArray weights = mixedData(3 << 20, 41); // [768, 1024] float32
        m_server.setRoute("/weights.bin", servedFile(weights));
        const QByteArray index = "[[tensor]]\nname = \"w\"\ndtype = \"float32\"\nshape = [768, 1024]\n"
                                 "file = \"w.bin\"\ninner = []\n";
        QMap<QString, QByteArray> files{
            {u"carton.toml"_s, minimalToml()}, {u"model/m"_s, "m"}, {u"tensor_data/index.toml"_s, index}};
        QMap<QString, QByteArray> listed = files;
        listed.insert(u"tensor_data/w.bin"_s, weights);
        files.insert(u"MANIFEST"_s, manifestFor(listed));
        files.insert(u"LINKS"_s, "version = 1\n\n[urls]\n" + Sha256::hashHex(weights) + " = [\"" +
                                     m_server.url("/weights.bin").toUtf8() + "\"]\n");
        QTemporaryDir dir;
        const QString path = dir.filePath(u"linked.carton"_s);
        QVERIFY(writeCarton(path, files, ZipMethod::Stored, false));
        auto opened = Carton::open(path);
        QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.error().toString()));
        QVERIFY((*opened)->isLinked(u"tensor_data/w.bin"_s));

        const QStringList before = fetchedFiles();
        Result<ByteSourcePtr> source = (*opened)->byteSources(true)(u"tensor_data/w.bin"_s);
        QVERIFY2(source.ok(), qPrintable(source.ok() ? QString() : source.error().toString()));
        QVERIFY(!dynamic_cast<const MemorySource *>(source->get()));
        QStringList added = fetchedFiles();
        for (const QString &old : before)
            added.removeOne(old);
        QCOMPARE(added.size(), 1);
        QCOMPARE(QFileInfo(QDir::temp().filePath(added.first())).size(), weights.size());
        QCOMPARE((*source)->size(), weights.size());
        QByteArray middle(4096, Qt::Uninitialized);
        QVERIFY((*source)->read(1 << 20, middle.size(), middle.data()).ok());
        QCOMPARE(middle, weights.mid(1 << 20, 4096));
        auto tensor = (*opened)->loadTensor(u"w"_s, true);
        QVERIFY2(tensor.ok(), qPrintable(tensor.ok() ? QString() : tensor.error().toString()));
        QCOMPARE(tensor->data(), weights);
        source = Result<ByteSourcePtr>(ByteSourcePtr());
        QCOMPARE(fetchedFiles(), before); // gone with the last reader

        // Bytes that do not match MANIFEST leave nothing behind either.
        m_server.setRoute("/weights.bin", servedFile(mixedData(3 << 20, 42)));
        source = (*opened)->byteSources(true)(u"tensor_data/w.bin"_s);
        QVERIFY(!source.ok());
        QCOMPARE(source.error().code, ErrorCode::Integrity);
        QVERIFY2(source.error().message.contains(u"fetching linked file tensor_data/w.bin"_s),
                 qPrintable(source.error().message));
        QCOMPARE(fetchedFiles(), before);
    }
};

QTEST_GUILESS_MAIN(TestRemoteSource)
#include "tst_remotesource.moc"
