// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// ZipReader against hostile archives built in code: every case must fail with a
// clear error (code, and a message naming the entry or field), quickly, no crash.

#include "zip/zipreader.h"
#include "ziptestutil.h"

#ifdef CARTON_HOSTILE_OVER_HTTP
#include "../links/testhttpserver.h"
#include "remote/httpsource.h"
#endif

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <sys/resource.h>

using namespace carton;
using namespace ziptest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::Limits)
Q_DECLARE_METATYPE(carton::ErrorCode)

namespace {

enum Stage { AtOpen, AtOpenEntry, AtRead };

RawEntry stored(const QByteArray &name, const QByteArray &data)
{
    RawEntry e;
    e.name = name;
    e.stored = data;
    return e;
}

RawEntry compressed(const QByteArray &name, quint16 method, const QByteArray &data, const QByteArray &plain)
{
    RawEntry e;
    e.name = name;
    e.method = method;
    e.stored = data;
    e.plain = plain;
    return e;
}

// The base archive most cases patch: a small Stored file, then a 1000-byte one.
std::vector<RawEntry> baseEntries()
{
    return {stored("carton.toml", "x = 1\n"), stored("model/a.bin", sampleData(1000, 3))};
}

QByteArray base(RawLayout *layout)
{
    return buildZip(baseEntries(), layout);
}

#ifdef CARTON_HOSTILE_OVER_HTTP
// The same cases read from the local test server by range requests (HttpSource):
// the zip reader must find the same faults with the same messages.
TestHttpServer *g_server = nullptr;

TestHttpServer &server()
{
    if (!g_server) {
        g_server = new TestHttpServer;
        if (!g_server->start())
            qFatal("the test HTTP server cannot listen on 127.0.0.1");
        // Stopped while the application still exists (its thread must be joined).
        qAddPostRoutine([] {
            delete g_server;
            g_server = nullptr;
        });
    }
    return *g_server;
}

Result<std::unique_ptr<ZipReader>> openHostile(const QString &path, const QByteArray &bytes, const Limits &limits)
{
    const QByteArray route = "/" + QFileInfo(path).fileName().toUtf8().toPercentEncoding();
    TestRoute r;
    r.body = bytes;
    r.ranges = true;
    server().setRoute(route, r);
    const QString url = server().url(route);
    Result<std::shared_ptr<HttpSource>> source = HttpSource::open(QUrl(url));
    if (!source)
        return source.error();
    return ZipReader::open(std::move(source).value(), url, limits);
}
#else
Result<std::unique_ptr<ZipReader>> openHostile(const QString &path, const QByteArray &, const Limits &limits)
{
    return ZipReader::open(path, limits);
}
#endif

} // namespace

class TestZipHostile final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void hostile_data();
    void hostile();
    void localFieldsThatMayDiffer();
    void hugeDeclaredSizeIsNotAllocated();
    void mutations();

private:
    QTemporaryDir m_dir;
};

void TestZipHostile::hostile_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<Limits>("limits");
    QTest::addColumn<int>("stage");
    QTest::addColumn<QString>("entry"); // the entry opened at AtOpenEntry/AtRead
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QStringList>("mentions");
    const Limits defaults;
    // Zero-filled data compresses ~1030:1 (deflate) and ~32000:1 (zstd), so bombs are
    // only refused by ratio when the caller sets a tight cap.
    Limits tightRatio;
    tightRatio.maxRatio = 1000;
    RawLayout l;
    QByteArray b;

    // --- The end of central directory record and the directory itself.
    QTest::newRow("empty-file") << QByteArray() << defaults << int(AtOpen) << QString() << ErrorCode::Format
                                << QStringList{u"too small"_s};
    b = base(&l);
    QTest::newRow("truncated-file") << b.left(b.size() / 2) << defaults << int(AtOpen) << QString() << ErrorCode::Format
                                    << QStringList{u"no end of central directory"_s};
    QTest::newRow("not-a-zip") << sampleData(5000) << defaults << int(AtOpen) << QString() << ErrorCode::Format
                               << QStringList{u"no end of central directory"_s};
    b = base(&l);
    patch16(b, l.eocd + 20, 40);
    QTest::newRow("eocd-comment-length-lies")
        << b << defaults << int(AtOpen) << QString() << ErrorCode::Format << QStringList{u"comment length"_s, u"40"_s};
    b = base(&l);
    patch32(b, l.eocd + 16, 1u << 30);
    QTest::newRow("cd-offset-beyond-file") << b << defaults << int(AtOpen) << QString() << ErrorCode::Format
                                           << QStringList{u"central directory (offset 1073741824"_s};
    b = base(&l);
    patch32(b, l.eocd + 12, 0xfffffff0u);
    QTest::newRow("cd-size-overflow") << b << defaults << int(AtOpen) << QString() << ErrorCode::Limit
                                      << QStringList{u"central directory size 4294967280"_s};
    b = base(&l);
    patch32(b, l.eocd + 12, quint32(l.cdSize + 100));
    QTest::newRow("cd-size-past-end-record")
        << b << defaults << int(AtOpen) << QString() << ErrorCode::Format << QStringList{u"runs past the end record"_s};
    b = base(&l);
    patch16(b, l.eocd + 8, 0xfffe);
    patch16(b, l.eocd + 10, 0xfffe);
    QTest::newRow("entry-count-huge") << b << defaults << int(AtOpen) << QString() << ErrorCode::Format
                                      << QStringList{u"cannot hold the 65534 entries"_s};
    Limits oneEntry;
    oneEntry.maxEntries = 1;
    QTest::newRow("entry-count-limit") << base(&l) << oneEntry << int(AtOpen) << QString() << ErrorCode::Limit
                                       << QStringList{u"2 entries"_s, u"limit of 1"_s};
    Limits smallCd;
    smallCd.maxCentralDirectoryBytes = 50;
    QTest::newRow("cd-size-limit") << base(&l) << smallCd << int(AtOpen) << QString() << ErrorCode::Limit
                                   << QStringList{u"central directory size"_s, u"limit of 50"_s};
    b = base(&l);
    patch16(b, l.eocd + 8, 1);
    patch16(b, l.eocd + 10, 1);
    QTest::newRow("cd-bytes-left-over") << b << defaults << int(AtOpen) << QString() << ErrorCode::Format
                                        << QStringList{u"left over"_s};
    b = base(&l);
    patch32(b, l.central[1], 0x01020304);
    QTest::newRow("cd-bad-signature") << b << defaults << int(AtOpen) << QString() << ErrorCode::Format
                                      << QStringList{u"record 1"_s, u"bad signature 0x01020304"_s};
    b = base(&l);
    patch16(b, l.central[1] + 28, 60000);
    QTest::newRow("cd-name-length-overflow") << b << defaults << int(AtOpen) << QString() << ErrorCode::Format
                                             << QStringList{u"record 1"_s, u"name length 60000"_s};
    b = base(&l);
    patch16(b, l.eocd + 4, 1);
    QTest::newRow("multi-disk") << b << defaults << int(AtOpen) << QString() << ErrorCode::Unsupported
                                << QStringList{u"multi-disk"_s};

    // --- zip64 records and fields.
    b = base(&l);
    QTest::newRow("zip64-locator-past-file") << withZip64(b, l, false, 0, 0xffffffff00ull) << defaults << int(AtOpen)
                                             << QString() << ErrorCode::Format << QStringList{u"locator points"_s};
    QTest::newRow("zip64-record-bad-signature")
        << withZip64(b, l, false, 0, 0) << defaults << int(AtOpen) << QString() << ErrorCode::Format
        << QStringList{u"zip64 end of central directory signature"_s};
    QTest::newRow("zip64-count-huge") << withZip64(b, l, true, 1'000'000'000'000ull, 0) << defaults << int(AtOpen)
                                      << QString() << ErrorCode::Limit << QStringList{u"1000000000000 entries"_s};
    {
        std::vector<RawEntry> entries = baseEntries();
        entries[1].cdExtra = QByteArray("\x01\x00\x04\x00\x00\x00\x00\x00", 8);
        b = buildZip(entries, &l);
        patch32(b, l.central[1] + 24, 0xffffffffu);
    }
    QTest::newRow("zip64-extra-truncated")
        << b << defaults << int(AtOpen) << QString() << ErrorCode::Format
        << QStringList{u"model/a.bin"_s, u"zip64 extra field is truncated"_s, u"uncompressed size"_s};
    b = base(&l);
    patch32(b, l.central[1] + 20, 0xffffffffu);
    QTest::newRow("zip64-marker-without-extra") << b << defaults << int(AtOpen) << QString() << ErrorCode::Format
                                                << QStringList{u"model/a.bin"_s, u"no zip64 extra field"_s};

    // --- Names.
    const struct {
        const char *row;
        QByteArray name;
        const char *why;
    } names[] = {
        {"name-dotdot", "../evil", "\"..\""},
        {"name-dotdot-inside", "model/../../evil", "\"..\""},
        {"name-absolute", "/etc/passwd", "absolute"},
        {"name-backslash", "model\\..\\evil", "backslash"},
        {"name-drive-letter", "C:/Windows/evil.dll", "drive letter"},
        {"name-control-char", "model/a\x01.bin", "control character"},
        {"name-empty-component", "model//a.bin", "empty path component"},
    };
    for (const auto &n : names)
        QTest::newRow(n.row) << buildZip({stored("ok.txt", "ok"), stored(n.name, "evil")}) << defaults << int(AtOpen)
                             << QString() << ErrorCode::Unsafe
                             << QStringList{QString::fromUtf8(n.name), QString::fromUtf8(n.why)};
    QTest::newRow("duplicate-names") << buildZip({stored("model/a.bin", "one"), stored("model/a.bin", "two")})
                                     << defaults << int(AtOpen) << QString() << ErrorCode::Format
                                     << QStringList{u"model/a.bin"_s, u"duplicate"_s};

    // --- Offsets and sizes against the file.
    b = base(&l);
    patch32(b, l.central[1] + 42, 0x7fffffffu);
    QTest::newRow("local-offset-beyond-file") << b << defaults << int(AtOpen) << QString() << ErrorCode::Format
                                              << QStringList{u"model/a.bin"_s, u"local header offset 2147483647"_s};
    b = base(&l);
    patch32(b, l.central[1] + 20, 1100);
    patch32(b, l.central[1] + 24, 1100);
    QTest::newRow("stored-size-past-data") << b << defaults << int(AtOpen) << QString() << ErrorCode::Format
                                           << QStringList{u"model/a.bin"_s, u"1100 bytes of data"_s};
    b = base(&l);
    patch32(b, l.central[1] + 24, 999);
    QTest::newRow("stored-sizes-differ") << b << defaults << int(AtOpen) << QString() << ErrorCode::Format
                                         << QStringList{u"model/a.bin"_s, u"compressed size 1000"_s};
    Limits smallEntry;
    smallEntry.maxEntrySize = 100;
    QTest::newRow("entry-size-limit") << base(&l) << smallEntry << int(AtOpen) << QString() << ErrorCode::Limit
                                      << QStringList{u"model/a.bin"_s, u"limit of 100"_s};
    Limits smallTotal;
    smallTotal.maxTotalSize = 1003;
    QTest::newRow("total-size-limit") << base(&l) << smallTotal << int(AtOpen) << QString() << ErrorCode::Limit
                                      << QStringList{u"model/a.bin"_s, u"total uncompressed size"_s};

    // --- Local headers (checked when an entry is opened).
    b = base(&l);
    patch32(b, l.local[1], 0x12345678);
    QTest::newRow("local-bad-signature") << b << defaults << int(AtOpenEntry) << u"model/a.bin"_s << ErrorCode::Format
                                         << QStringList{u"model/a.bin"_s, u"bad local header signature 0x12345678"_s};
    b = base(&l);
    patch16(b, l.local[1] + 28, 0xffff);
    QTest::newRow("local-extra-length-lies")
        << b << defaults << int(AtOpenEntry) << u"model/a.bin"_s << ErrorCode::Format
        << QStringList{u"model/a.bin"_s, u"extra length 65535"_s};
    b = base(&l);
    patch16(b, l.local[1] + 26, 60000);
    QTest::newRow("local-name-length-lies")
        << b << defaults << int(AtOpenEntry) << u"model/a.bin"_s << ErrorCode::Format
        << QStringList{u"model/a.bin"_s, u"name length 60000"_s};
    b = base(&l);
    b[l.local[1] + 30] = 'M';
    QTest::newRow("local-name-differs") << b << defaults << int(AtOpenEntry) << u"model/a.bin"_s << ErrorCode::Format
                                        << QStringList{u"model/a.bin"_s, u"Model/a.bin"_s, u"differs"_s};
    // A leading UTF-8 BOM is part of the name (other readers see "\ufeffcarton.toml"):
    // kept byte-exact, then refused rather than silently read as "carton.toml".
    QTest::newRow("bom-name-utf8-flag") << buildZip({stored("\xef\xbb\xbf"
                                                            "carton.toml",
                                                            "x = 1\n")})
                                        << defaults << int(AtOpen) << QString() << ErrorCode::Unsafe
                                        << QStringList{u"\"\ufeffcarton.toml\" begins with U+FEFF"_s};
    {
        RawEntry e = stored("model/\xef\xbb\xbf"
                            "a.bin",
                            "data");
        e.flags = 0; // no UTF-8 flag: valid UTF-8 is still read as UTF-8, BOM included
        QTest::newRow("bom-inside-name-kept") << buildZip({e, stored("\xef\xbb\xbf"
                                                                     "x",
                                                                     "y")})
                                              << defaults << int(AtOpen) << QString() << ErrorCode::Unsafe
                                              << QStringList{u"central directory record 1"_s, u"begins with U+FEFF"_s};
    }
    // Local header vs central directory: each field a reader may trust must agree.
    struct LocalPatch {
        const char *tag;
        int at;    // offset in the local header
        int width; // 16 or 32 bits
        quint32 value;
        QString mention;
    };
    const quint32 aCrc = crc(sampleData(1000, 3));
    for (const LocalPatch &p : {
             LocalPatch{"local-method-differs", 8, 16, 8,
                        u"compression method deflate differs from the central directory's stored"_s},
             LocalPatch{"local-crc-differs", 14, 32, aCrc ^ 4,
                        u"CRC-32 0x%1 differs"_s.arg(aCrc ^ 4, 8, 16, QLatin1Char('0'))},
             LocalPatch{"local-compressed-size-differs", 18, 32, 999,
                        u"compressed size 999 differs from the central directory's 1000"_s},
             LocalPatch{"local-uncompressed-size-differs", 22, 32, 1001,
                        u"uncompressed size 1001 differs from the central directory's 1000"_s},
             LocalPatch{"local-encrypted-flag", 6, 16, 0x0801, u"flags 0x00000801 differs"_s},
             LocalPatch{"local-data-descriptor-flag", 6, 16, 0x0808, u"flags 0x00000808 differs"_s},
             LocalPatch{"local-strong-encryption-flag", 6, 16, 0x0840, u"flags 0x00000840 differs"_s},
         }) {
        b = base(&l);
        if (p.width == 16)
            patch16(b, l.local[1] + p.at, quint16(p.value));
        else
            patch32(b, l.local[1] + p.at, p.value);
        QTest::newRow(p.tag) << b << defaults << int(AtOpenEntry) << u"model/a.bin"_s << ErrorCode::Format
                             << QStringList{u"model/a.bin"_s, u"local header at offset"_s, p.mention};
    }
    {
        // Sizes of 0xffffffff in the local header point at its zip64 extra field, which lies.
        RawEntry e = stored("model/z64.bin", sampleData(1000, 5));
        put16(e.localExtra, 0x0001);
        put16(e.localExtra, 16);
        put64(e.localExtra, 1000);
        put64(e.localExtra, 999);
        b = buildZip({e}, &l);
        patch32(b, l.local[0] + 18, 0xffffffffu);
        patch32(b, l.local[0] + 22, 0xffffffffu);
        QTest::newRow("local-zip64-size-differs")
            << b << defaults << int(AtOpenEntry) << u"model/z64.bin"_s << ErrorCode::Format
            << QStringList{u"model/z64.bin"_s, u"compressed size 999 differs from the central directory's 1000"_s};
    }
    {
        RawEntry e = stored("model/lzma.bin", "data");
        e.method = 14;
        QTest::newRow("unknown-method") << buildZip({e}) << defaults << int(AtOpenEntry) << u"model/lzma.bin"_s
                                        << ErrorCode::Unsupported << QStringList{u"model/lzma.bin"_s, u"method 14"_s};
        e = stored("model/secret.bin", "data");
        e.flags |= 1;
        QTest::newRow("encrypted") << buildZip({e}) << defaults << int(AtOpenEntry) << u"model/secret.bin"_s
                                   << ErrorCode::Unsupported << QStringList{u"model/secret.bin"_s, u"encrypted"_s};
    }

    // --- Bombs: an honest header with an absurd ratio is refused up front.
    const QByteArray zeros(64 << 20, '\0');
    QTest::newRow("deflate-bomb") << buildZip({compressed("bomb.bin", 8, deflateRaw(zeros.left(24 << 20), 9),
                                                          zeros.left(24 << 20))})
                                  << tightRatio << int(AtOpenEntry) << u"bomb.bin"_s << ErrorCode::Limit
                                  << QStringList{u"bomb.bin"_s, u"compression ratio"_s};
    const QByteArray zstdZeros = zstdFrame(zeros, false);
    QTest::newRow("zstd-bomb") << buildZip({compressed("bomb.zst", 93, zstdZeros, zeros)}) << tightRatio
                               << int(AtOpenEntry) << u"bomb.zst"_s << ErrorCode::Limit
                               << QStringList{u"bomb.zst"_s, u"compression ratio"_s};

    // --- Data that lies about itself (found while reading).
    QTest::newRow("zstd-decodes-more-than-header")
        << buildZip({compressed("liar.zst", 93, zstdZeros, zeros.left(1000))}) << defaults << int(AtRead)
        << u"liar.zst"_s << ErrorCode::Limit << QStringList{u"liar.zst"_s, u"more than the 1000 bytes"_s};
    QTest::newRow("deflate-decodes-more-than-header")
        << buildZip({compressed("liar.def", 8, deflateRaw(zeros.left(8 << 20)), zeros.left(1000))}) << defaults
        << int(AtRead) << u"liar.def"_s << ErrorCode::Limit
        << QStringList{u"liar.def"_s, u"more than the 1000 bytes"_s};
    const QByteArray text = sampleData(5000, 12);
    QTest::newRow("zstd-decodes-less-than-header")
        << buildZip({compressed("short.zst", 93, zstdFrame(text.left(4000), false), text)}) << defaults << int(AtRead)
        << u"short.zst"_s << ErrorCode::Format << QStringList{u"short.zst"_s, u"only 4000 bytes"_s};
    const QByteArray frame = zstdFrame(text, false);
    QTest::newRow("zstd-truncated") << buildZip({compressed("cut.zst", 93, frame.left(frame.size() / 2), text)})
                                    << defaults << int(AtRead) << u"cut.zst"_s << ErrorCode::Format
                                    << QStringList{u"cut.zst"_s, u"truncated"_s};
    const QByteArray deflated = deflateRaw(text);
    QTest::newRow("deflate-truncated") << buildZip({compressed("cut.def", 8, deflated.left(deflated.size() / 2), text)})
                                       << defaults << int(AtRead) << u"cut.def"_s << ErrorCode::Format
                                       << QStringList{u"cut.def"_s, u"truncated"_s};
    QTest::newRow("zstd-garbage") << buildZip({compressed("junk.zst", 93, QByteArray(100, '\xff'), text)}) << defaults
                                  << int(AtRead) << u"junk.zst"_s << ErrorCode::Format
                                  << QStringList{u"junk.zst"_s, u"corrupt zstd data"_s};
    QTest::newRow("deflate-garbage") << buildZip({compressed("junk.def", 8, QByteArray(100, '\xff'), text)}) << defaults
                                     << int(AtRead) << u"junk.def"_s << ErrorCode::Format
                                     << QStringList{u"junk.def"_s, u"corrupt deflate data"_s};
    b = base(&l);
    patch32(b, l.central[1] + 16, crc(sampleData(1000, 3)) ^ 1); // both headers agree, the data does not
    patch32(b, l.local[1] + 14, crc(sampleData(1000, 3)) ^ 1);
    QTest::newRow("stored-crc-mismatch") << b << defaults << int(AtRead) << u"model/a.bin"_s << ErrorCode::Integrity
                                         << QStringList{u"model/a.bin"_s,
                                                        u"CRC-32 mismatch: stored 0x%1, data 0x%2"_s
                                                            .arg(crc(sampleData(1000, 3)) ^ 1, 8, 16, QLatin1Char('0'))
                                                            .arg(crc(sampleData(1000, 3)), 8, 16, QLatin1Char('0'))};
    {
        RawEntry e = compressed("model/z.bin", 93, frame, text);
        b = buildZip({e}, &l);
        patch32(b, l.central[0] + 16, crc(text) ^ 0x80000000u);
        patch32(b, l.local[0] + 14, crc(text) ^ 0x80000000u);
    }
    QTest::newRow("zstd-crc-mismatch") << b << defaults << int(AtRead) << u"model/z.bin"_s << ErrorCode::Integrity
                                       << QStringList{u"model/z.bin"_s, u"CRC-32 mismatch"_s};
}

void TestZipHostile::hostile()
{
    QFETCH(QByteArray, bytes);
    QFETCH(Limits, limits);
    QFETCH(int, stage);
    QFETCH(QString, entry);
    QFETCH(ErrorCode, code);
    QFETCH(QStringList, mentions);
    const QString path = m_dir.filePath(QString::fromLatin1(QTest::currentDataTag()) + u".zip"_s);
    QVERIFY(writeFile(path, bytes));
    QElapsedTimer timer;
    timer.start();

    auto checkError = [&](const Error &error) {
        const QString text = error.toString();
        QVERIFY2(error.code == code,
                 qPrintable(u"code %1, expected %2: %3"_s.arg(int(error.code)).arg(int(code)).arg(text)));
        QVERIFY2(text.contains(QFileInfo(path).fileName()), qPrintable(text));
        for (const QString &m : mentions)
            QVERIFY2(text.contains(m), qPrintable(u"\"%1\" does not mention \"%2\""_s.arg(text, m)));
    };

    Result<std::unique_ptr<ZipReader>> reader = openHostile(path, bytes, limits);
    if (stage == AtOpen) {
        QVERIFY(!reader.ok());
        checkError(reader.error());
        QVERIFY(timer.elapsed() < 5000);
        return;
    }
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : reader.error().toString()));
    const ZipEntry *e = (*reader)->find(entry);
    QVERIFY(e);
    Result<std::unique_ptr<QIODevice>> device = (*reader)->openEntry(*e);
    Result<QByteArray> whole = (*reader)->readEntry(*e, qint64(1) << 30);
    QVERIFY(!whole.ok());
    checkError(whole.error());
    if (stage == AtOpenEntry) {
        QVERIFY(!device.ok());
        checkError(device.error());
        QVERIFY(timer.elapsed() < 5000);
        return;
    }
    QVERIFY2(device.ok(), qPrintable(device ? QString() : device.error().toString()));
    // Stream it: never more bytes than the header states, then -1 with a clear message.
    QByteArray buffer(1 << 20, Qt::Uninitialized);
    quint64 delivered = 0;
    qint64 n;
    while ((n = (*device)->read(buffer.data(), buffer.size())) > 0)
        delivered += quint64(n);
    QCOMPARE(n, qint64(-1));
    QVERIFY(delivered <= e->uncompressedSize);
    const QString message = (*device)->errorString();
    for (const QString &m : mentions)
        QVERIFY2(message.contains(m), qPrintable(u"\"%1\" does not mention \"%2\""_s.arg(message, m)));
    QCOMPARE((*device)->read(buffer.data(), 10), qint64(-1)); // stays failed
    QVERIFY(timer.elapsed() < 5000);
}

void TestZipHostile::localFieldsThatMayDiffer()
{
    // What the format allows: sizes in a local zip64 extra field, and CRC and sizes
    // deferred to a data descriptor (zeros in the local header, flag in both headers).
    const QByteArray data = sampleData(1000, 5);
    RawEntry z64 = stored("z64.bin", data);
    put16(z64.localExtra, 0x0001);
    put16(z64.localExtra, 16);
    put64(z64.localExtra, 1000);
    put64(z64.localExtra, 1000);
    RawEntry deferred = compressed("dd.def", 8, deflateRaw(data), data);
    deferred.flags |= 0x0008;
    deferred.stored += QByteArray("PK\x07\x08", 4); // the descriptor follows the data
    put32(deferred.stored, crc(data));
    put32(deferred.stored, quint32(deflateRaw(data).size()));
    put32(deferred.stored, 1000);
    RawLayout l;
    QByteArray b = buildZip({z64, deferred}, &l);
    patch32(b, l.local[0] + 18, 0xffffffffu);
    patch32(b, l.local[0] + 22, 0xffffffffu);
    patch32(b, l.local[1] + 14, 0); // CRC and sizes deferred
    patch32(b, l.local[1] + 18, 0);
    patch32(b, l.local[1] + 22, 0);
    // The central directory states the deflate stream's size without the descriptor.
    patch32(b, l.central[1] + 20, quint32(deflateRaw(data).size()));
    const QString path = m_dir.filePath(u"local-ok.zip"_s);
    QVERIFY(writeFile(path, b));
    auto reader = ZipReader::open(path);
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : reader.error().toString()));
    for (const ZipEntry &e : (*reader)->entries()) {
        Result<QByteArray> read = (*reader)->readEntry(e, 1 << 20);
        QVERIFY2(read.ok(), qPrintable(read ? QString() : read.error().toString()));
        QCOMPARE(*read, data);
    }
}

void TestZipHostile::hugeDeclaredSizeIsNotAllocated()
{
    // A deflate entry declaring 40 GiB (zip64, within the ratio cap and the entry cap)
    // that decodes to 2 MiB: reading it fails with a clear message after the 2 MiB,
    // with nothing allocated from the declared size (40 GiB is more than this machine's
    // memory, so an up-front allocation would throw std::bad_alloc).
    const QByteArray plain = sampleData(2 << 20, 9);
    const QByteArray deflated = deflateRaw(plain);
    const quint64 declared = quint64(40) << 30;
    RawEntry e = compressed("model/huge.bin", 8, deflated, plain);
    put16(e.cdExtra, 0x0001);
    put16(e.cdExtra, 8);
    put64(e.cdExtra, declared);
    put16(e.localExtra, 0x0001);
    put16(e.localExtra, 16);
    put64(e.localExtra, declared);
    put64(e.localExtra, quint64(deflated.size()));
    RawLayout l;
    QByteArray b = buildZip({e}, &l);
    patch32(b, l.central[0] + 24, 0xffffffffu);
    patch32(b, l.local[0] + 22, 0xffffffffu);
    const QString path = m_dir.filePath(u"huge-declared.zip"_s);
    QVERIFY(writeFile(path, b));
    auto reader = ZipReader::open(path);
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : reader.error().toString()));
    const ZipEntry *entry = (*reader)->find(u"model/huge.bin"_s);
    QVERIFY(entry);
    QCOMPARE(entry->uncompressedSize, declared);
    const QString expected = u"huge-declared.zip: entry model/huge.bin: decompresses to only 2097152 bytes, the "
                             u"header states 42949672960"_s;
    Result<QByteArray> whole = (*reader)->readEntry(*entry, qint64(1) << 40);
    QVERIFY(!whole.ok());
    QCOMPARE(whole.error().code, ErrorCode::Format);
    QCOMPARE(whole.error().toString(), expected);
    Result<QByteArray> range = (*reader)->readRange(*entry, 1000, qint64(declared) - 1000);
    QVERIFY(!range.ok());
    QCOMPARE(range.error().toString(), expected);
    rusage usage{};
    QCOMPARE(getrusage(RUSAGE_SELF, &usage), 0);
    QVERIFY2(usage.ru_maxrss < 512 * 1024, qPrintable(QString::number(usage.ru_maxrss))); // KiB
}

void TestZipHostile::mutations()
{
    // Deterministic fuzzing: flip bytes of a small mixed archive (stored, deflate, zstd,
    // zip64 end records) and read everything. No crash, no hang; every failure must
    // come with a message.
    const QByteArray text = sampleData(3000, 77);
    RawLayout l;
    const QByteArray plain = buildZip({stored("a.txt", text.left(500)), compressed("b.def", 8, deflateRaw(text), text),
                                       compressed("c.zst", 93, zstdFrame(text, false), text)},
                                      &l);
    const QByteArray archive = withZip64(plain, l, true, 3, 0);
    const QString path = m_dir.filePath(u"mutant.zip"_s);
    quint32 x = 12345;
    auto next = [&x] { return x = x * 1103515245u + 12345u, x >> 8; };
    int opened = 0;
    int failures = 0;
    QElapsedTimer timer;
    timer.start();
    for (int round = 0; round < 1500; ++round) {
        QByteArray bytes = archive;
        const int flips = 1 + int(next() % 4);
        for (int f = 0; f < flips; ++f) {
            const qsizetype at = qsizetype(next() % quint32(bytes.size()));
            bytes[at] = next() % 3 == 0 ? char(0xff) : char(next());
        }
        if (next() % 10 == 0)
            bytes.truncate(qsizetype(next() % quint32(bytes.size())));
        QVERIFY(writeFile(path, bytes));
        Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
        if (!reader.ok()) {
            QVERIFY(!reader.error().message.isEmpty());
            ++failures;
            continue;
        }
        ++opened;
        for (const ZipEntry &e : (*reader)->entries()) {
            Result<QByteArray> data = (*reader)->readEntry(e, 1 << 20);
            if (!data.ok()) {
                QVERIFY(!data.error().message.isEmpty());
                QVERIFY(data.error().location.contains(e.name));
                ++failures;
            } else {
                QCOMPARE(quint64(data->size()), e.uncompressedSize);
            }
        }
    }
    QVERIFY(opened > 50);   // the mutations reach the entry data too
    QVERIFY(failures > 50); // and are noticed
    QVERIFY(timer.elapsed() < 120000);
}

QTEST_GUILESS_MAIN(TestZipHostile)
#include "tst_ziphostile.moc"
