// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// ZipReader on archives written by others: the upstream fixture, Python's zipfile
// (including zip64 fields), Info-ZIP zip; random access; name encodings.

#include "fixturepolicy.h"
#include "testpaths.h"
#include "zip/zipreader.h"
#include "zip/zipwriter.h"
#include "ziptestutil.h"

#include <QCryptographicHash>
#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <thread>

using namespace carton;
using namespace ziptest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::ZipMethod)

namespace {

QString errorOf(const Error &e)
{
    return e.toString();
}

// Python writes an archive; sys.argv[2] picks the variant. Prints nothing.
const char *PythonWrite = R"(
import sys, zipfile
path, variant = sys.argv[1], sys.argv[2]
if variant == "zip64-fields":
    # Make every size, offset and the end record go through zip64 without 4 GiB.
    zipfile.ZIP64_LIMIT = 64
    zipfile.ZIP_FILECOUNT_LIMIT = 2
class Unseekable:
    # No tell(): zipfile streams and writes data descriptors (flag bit 3).
    def __init__(self, f): self.f = f
    def write(self, b): return self.f.write(b)
    def flush(self): self.f.flush()
method = zipfile.ZIP_STORED if variant == "stored" else zipfile.ZIP_DEFLATED
out = open(path, "wb")
target = Unseekable(out) if variant == "data-descriptor" else out
with zipfile.ZipFile(target, "w", compression=method) as z:
    for i in range(5):
        name = "dir/file%d.txt" % i
        data = "".join("line %d of entry %d\n" % (j, i) for j in range(i * 300)).encode()
        if variant == "force-zip64":
            with z.open(name, "w", force_zip64=True) as f:
                f.write(data)
        else:
            z.writestr(name, data)
    z.writestr("ü/naïve.txt", b"unicode name\n")
out.close()
)";

} // namespace

class TestZipReader final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void upstreamFixture();
    void pythonArchives_data();
    void pythonArchives();
    void infoZip_data();
    void infoZip();
    void readRange_data();
    void readRange();
    void nameEncodings_data();
    void nameEncodings();
    void duplicateAcrossEncodings();
    void zstdFrames_data();
    void zstdFrames();
    void storedCrcOptional();
    void ratioCap_data();
    void ratioCap();
    void concurrentReads();
    void localHeadersAreReadOnce();
    void missingFile();

private:
    QTemporaryDir m_dir;
};

void TestZipReader::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestZipReader::upstreamFixture()
{
    const QString path = testutil::sharedPath(u"/fixtures/upstream/test.carton");
    if (!QFile::exists(path))
        CARTON_MISSING_FIXTURE("upstream fixture test.carton not present");
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : errorOf(reader.error())));
    const ZipReader &zip = **reader;
    QCOMPARE(zip.fileSize(), QFileInfo(path).size());
    QVERIFY(zip.entries().size() >= 3);
    QVERIFY(zip.find(u"carton.toml"_s));
    const ZipEntry *manifest = zip.find(u"MANIFEST"_s);
    QVERIFY(manifest);
    QCOMPARE(manifest->method, quint16(ZipMethod::Stored));
    int zstdEntries = 0;
    for (const ZipEntry &entry : zip.entries()) {
        QVERIFY(!entry.isDirectory());
        if (entry.method != quint16(ZipMethod::Zstd))
            continue;
        ++zstdEntries;
        Result<QByteArray> data = zip.readEntry(entry, qint64(64) << 20);
        QVERIFY2(data.ok(), qPrintable(data ? QString() : errorOf(data.error())));
        QCOMPARE(quint64(data->size()), entry.uncompressedSize);
        QCOMPARE(crc(*data), entry.crc32);
    }
    QVERIFY(zstdEntries > 0);
    // MANIFEST lines are "<path>=<sha256>" (upstream's format): check each listed file.
    const QByteArray text = *zip.readEntry(*manifest, 1 << 20);
    int checked = 0;
    for (const QByteArray &line : text.split('\n')) {
        const qsizetype eq = line.lastIndexOf('=');
        if (eq <= 0)
            continue;
        const ZipEntry *entry = zip.find(QString::fromUtf8(line.left(eq)));
        QVERIFY2(entry, line.constData());
        Result<std::unique_ptr<QIODevice>> device = zip.openEntry(*entry);
        QVERIFY(device.ok());
        QCryptographicHash hash(QCryptographicHash::Sha256);
        QVERIFY(hash.addData(device->get()));
        QCOMPARE(hash.result().toHex(), line.mid(eq + 1).trimmed());
        ++checked;
    }
    QVERIFY(checked > 0);
}

void TestZipReader::pythonArchives_data()
{
    QTest::addColumn<QString>("variant");
    QTest::newRow("stored") << u"stored"_s;
    QTest::newRow("deflate") << u"deflate"_s;
    QTest::newRow("force-zip64") << u"force-zip64"_s;
    QTest::newRow("zip64-fields") << u"zip64-fields"_s;
    QTest::newRow("data-descriptor") << u"data-descriptor"_s;
}

void TestZipReader::pythonArchives()
{
    if (!haveTool(u"python3"_s))
        CARTON_MISSING_TOOL("python3");
    QFETCH(QString, variant);
    const QString path = m_dir.filePath(variant + u".zip"_s);
    const ToolResult w = runTool(u"python3"_s, {u"-c"_s, QString::fromUtf8(PythonWrite), path, variant});
    QVERIFY2(w.exitCode == 0, w.err.constData());
    if (variant == u"zip64-fields") {
        const QByteArray bytes = readFile(path);
        QVERIFY(bytes.contains(QByteArray("PK\x06\x06", 4))); // zip64 end record present
    }
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : errorOf(reader.error())));
    const ZipEntry &last = (*reader)->entries().back();
    if (variant == u"zip64-fields")
        QVERIFY(last.localHeaderOffset > 64 && last.uncompressedSize <= 64); // offset came from the zip64 field
    QCOMPARE(bool(last.flags & 0x0008), variant == u"data-descriptor");
    QCOMPARE((*reader)->entries().size(), size_t(6));
    for (int i = 0; i < 5; ++i) {
        QByteArray expected;
        for (int j = 0; j < i * 300; ++j)
            expected += QByteArray("line ") + QByteArray::number(j) + " of entry " + QByteArray::number(i) + '\n';
        const ZipEntry *entry = (*reader)->find(u"dir/file%1.txt"_s.arg(i));
        QVERIFY(entry);
        Result<QByteArray> data = (*reader)->readEntry(*entry, 1 << 20);
        QVERIFY2(data.ok(), qPrintable(data ? QString() : errorOf(data.error())));
        QCOMPARE(*data, expected);
    }
    const ZipEntry *unicode = (*reader)->find(u"ü/naïve.txt"_s);
    QVERIFY(unicode);
    QCOMPARE(*(*reader)->readEntry(*unicode, 100), QByteArray("unicode name\n"));
}

void TestZipReader::infoZip_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::newRow("default") << QStringList{u"-r"_s, u"-X"_s};
    QTest::newRow("store") << QStringList{u"-r"_s, u"-X"_s, u"-0"_s};
    QTest::newRow("zip64-forced") << QStringList{u"-r"_s, u"-X"_s, u"-fz"_s};
}

void TestZipReader::infoZip()
{
    if (!haveTool(u"zip"_s))
        CARTON_MISSING_TOOL("Info-ZIP zip");
    QFETCH(QStringList, options);
    QTemporaryDir work;
    QVERIFY(QDir(work.path()).mkpath(u"tree/sub"_s));
    const QByteArray big = sampleData(700000, 4);
    QVERIFY(writeFile(work.filePath(u"tree/a.txt"_s), "alpha\n"));
    QVERIFY(writeFile(work.filePath(u"tree/sub/big.bin"_s), big));
    QVERIFY(writeFile(work.filePath(u"tree/sub/empty"_s), {}));
    const QString path = work.filePath(u"info.zip"_s);
    const ToolResult z = runTool(u"zip"_s, QStringList(options) << u"-q"_s << path << u"tree"_s, work.path());
    QVERIFY2(z.exitCode == 0, z.err.constData());
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : errorOf(reader.error())));
    const ZipEntry *dir = (*reader)->find(u"tree/sub/"_s);
    QVERIFY(dir);
    QVERIFY(dir->isDirectory());
    QCOMPARE(*(*reader)->readEntry(*(*reader)->find(u"tree/a.txt"_s), 100), QByteArray("alpha\n"));
    QCOMPARE(*(*reader)->readEntry(*(*reader)->find(u"tree/sub/big.bin"_s), 1 << 20), big);
    QCOMPARE(*(*reader)->readEntry(*(*reader)->find(u"tree/sub/empty"_s), 1), QByteArray());
}

void TestZipReader::readRange_data()
{
    QTest::addColumn<ZipMethod>("method");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<qint64>("length");
    QTest::addColumn<bool>("valid");
    const qint64 size = 3 << 20;
    const struct {
        const char *name;
        ZipMethod method;
    } methods[] = {{"stored", ZipMethod::Stored}, {"deflate", ZipMethod::Deflate}, {"zstd", ZipMethod::Zstd}};
    for (const auto &m : methods) {
        QTest::addRow("%s-start", m.name) << m.method << qint64(0) << qint64(100) << true;
        QTest::addRow("%s-middle", m.name) << m.method << qint64(1234567) << qint64(70000) << true;
        QTest::addRow("%s-past-1MiB", m.name) << m.method << qint64(2 << 20) << qint64(3) << true;
        QTest::addRow("%s-tail", m.name) << m.method << size - 5 << qint64(5) << true;
        QTest::addRow("%s-empty-at-end", m.name) << m.method << size << qint64(0) << true;
        QTest::addRow("%s-past-end", m.name) << m.method << size - 5 << qint64(6) << false;
        QTest::addRow("%s-negative", m.name) << m.method << qint64(-1) << qint64(6) << false;
        QTest::addRow("%s-overflow", m.name) << m.method << qint64(1) << std::numeric_limits<qint64>::max() << false;
    }
}

void TestZipReader::readRange()
{
    QFETCH(ZipMethod, method);
    QFETCH(qint64, offset);
    QFETCH(qint64, length);
    QFETCH(bool, valid);
    const QByteArray data = sampleData(3 << 20, 21);
    const QString path = m_dir.filePath(u"range.zip"_s);
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        ZipWriter writer(&file);
        ZipWriteOptions options;
        options.method = method;
        QVERIFY(writer.addEntry(u"head"_s, "head", options).ok());
        QVERIFY(writer.addEntry(u"data"_s, data, options).ok());
        QVERIFY(writer.close().ok());
    }
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY(reader.ok());
    Result<QByteArray> range = (*reader)->readRange(*(*reader)->find(u"data"_s), offset, length);
    QCOMPARE(range.ok(), valid);
    if (valid)
        QCOMPARE(*range, data.mid(offset, length));
    else
        QCOMPARE(range.error().code, ErrorCode::Usage);
}

void TestZipReader::nameEncodings_data()
{
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<quint16>("flags");
    QTest::addColumn<QString>("expected"); // empty: open() must fail
    QTest::newRow("utf8-flagged") << QByteArray("caf\xc3\xa9.txt") << quint16(0x0800) << u"café.txt"_s;
    QTest::newRow("utf8-unflagged") << QByteArray("caf\xc3\xa9.txt") << quint16(0) << u"café.txt"_s;
    QTest::newRow("cp437-unflagged") << QByteArray("caf\x82.txt") << quint16(0) << u"café.txt"_s;
    QTest::newRow("cp437-box") << QByteArray("\xc9\xcd\xbb") << quint16(0) << u"╔═╗"_s;
    QTest::newRow("invalid-utf8-flagged") << QByteArray("caf\x82.txt") << quint16(0x0800) << QString();
}

void TestZipReader::nameEncodings()
{
    QFETCH(QByteArray, raw);
    QFETCH(quint16, flags);
    QFETCH(QString, expected);
    RawEntry entry;
    entry.name = raw;
    entry.stored = "body";
    entry.flags = flags;
    const QString path = m_dir.filePath(u"names.zip"_s);
    QVERIFY(writeFile(path, buildZip({entry})));
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    if (expected.isEmpty()) {
        QVERIFY(!reader.ok());
        QCOMPARE(reader.error().code, ErrorCode::Format);
        QVERIFY2(reader.error().message.contains(u"UTF-8"_s), qPrintable(errorOf(reader.error())));
        return;
    }
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : errorOf(reader.error())));
    QCOMPARE((*reader)->entries().front().name, expected);
    // Looked up by the decoded name (the index holds bytes: a CP437 name's UTF-8).
    QCOMPARE((*reader)->find(expected), &(*reader)->entries().front());
    QCOMPARE(*(*reader)->readEntry((*reader)->entries().front(), 10), QByteArray("body"));
}

// Two names that read as the same text ("café.txt" in UTF-8 and in CP437) are one
// name twice: refused as a duplicate, as other tools would extract them to one file.
void TestZipReader::duplicateAcrossEncodings()
{
    RawEntry utf8;
    utf8.name = QByteArray("caf\xc3\xa9.txt");
    utf8.stored = "one";
    RawEntry cp437;
    cp437.name = QByteArray("caf\x82.txt");
    cp437.stored = "two";
    cp437.flags = 0; // no UTF-8 flag: read as CP437
    const QString path = m_dir.filePath(u"duplicate-encodings.zip"_s);
    QVERIFY(writeFile(path, buildZip({utf8, cp437})));
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY(!reader.ok());
    QCOMPARE(reader.error().code, ErrorCode::Format);
    QVERIFY2(reader.error().message.contains(u"duplicate entry name"_s), qPrintable(errorOf(reader.error())));
    QVERIFY2(reader.error().location.contains(u"café.txt"_s), qPrintable(errorOf(reader.error())));
}

void TestZipReader::zstdFrames_data()
{
    QTest::addColumn<QList<bool>>("frames"); // per frame: with content size?
    QTest::newRow("one-frame-no-size") << QList<bool>{false};
    QTest::newRow("one-frame-with-size") << QList<bool>{true};
    QTest::newRow("three-frames-mixed") << QList<bool>{false, true, false};
}

void TestZipReader::zstdFrames()
{
    QFETCH(QList<bool>, frames);
    QByteArray plain;
    QByteArray stored;
    for (qsizetype i = 0; i < frames.size(); ++i) {
        const QByteArray part = sampleData(400000 + i * 1000, quint32(i + 40));
        plain += part;
        stored += zstdFrame(part, frames[i]);
    }
    RawEntry entry;
    entry.name = "model/frames.bin";
    entry.method = 93;
    entry.stored = stored;
    entry.plain = plain;
    const QString path = m_dir.filePath(u"frames.zip"_s);
    QVERIFY(writeFile(path, buildZip({entry})));
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY(reader.ok());
    Result<QByteArray> data = (*reader)->readEntry((*reader)->entries().front(), 1 << 24);
    QVERIFY2(data.ok(), qPrintable(data ? QString() : errorOf(data.error())));
    QCOMPARE(*data, plain);
}

void TestZipReader::storedCrcOptional()
{
    RawEntry entry;
    entry.name = "model/weights.bin";
    entry.stored = sampleData(100000, 8);
    QByteArray bytes = buildZip({entry});
    bytes[100] = char(bytes[100] ^ 0x55); // inside the data: CRC no longer matches
    const QString path = m_dir.filePath(u"crc.zip"_s);
    QVERIFY(writeFile(path, bytes));
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY(reader.ok());
    const ZipEntry &e = (*reader)->entries().front();
    for (bool verify : {false, true}) {
        Result<std::unique_ptr<QIODevice>> device = (*reader)->openEntry(e, verify);
        QVERIFY(device.ok());
        QByteArray all;
        char buf[8192];
        qint64 n;
        while ((n = (*device)->read(buf, sizeof buf)) > 0)
            all += QByteArrayView(buf, n);
        QCOMPARE(n, verify ? qint64(-1) : qint64(0));
        if (verify)
            QVERIFY2((*device)->errorString().contains(u"CRC-32 mismatch"_s), qPrintable((*device)->errorString()));
        else
            QCOMPARE(all, bytes.mid(30 + entry.name.size(), entry.stored.size()));
    }
}

void TestZipReader::ratioCap_data()
{
    QTest::addColumn<qint64>("size");
    QTest::addColumn<qint64>("maxRatio");
    QTest::addColumn<bool>("allowed");
    QTest::newRow("1MiB-zeros-below-threshold") << qint64(1 << 20) << qint64(1000) << true;
    QTest::newRow("1MiB+1-zeros-over-ratio") << qint64((1 << 20) + 1) << qint64(1000) << false;
    QTest::newRow("8MiB-zeros-raised-limit") << qint64(8 << 20) << qint64(1'000'000) << true;
    QTest::newRow("8MiB-zeros-default-limit") << qint64(8 << 20) << qint64(1000) << false;
}

void TestZipReader::ratioCap()
{
    QFETCH(qint64, size);
    QFETCH(qint64, maxRatio);
    QFETCH(bool, allowed);
    const QByteArray zeros(size, '\0');
    const QString path = m_dir.filePath(u"ratio.zip"_s);
    QVERIFY(writeFile(path, buildZip({RawEntry{"zeros", zstdFrame(zeros, false), zeros, 93}})));
    Limits limits;
    limits.maxRatio = maxRatio;
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path, limits);
    QVERIFY(reader.ok()); // listed either way
    Result<QByteArray> data = (*reader)->readEntry((*reader)->entries().front(), size);
    QCOMPARE(data.ok(), allowed);
    if (allowed)
        QCOMPARE(*data, zeros);
    else
        QCOMPARE(data.error().code, ErrorCode::Limit);
}

void TestZipReader::concurrentReads()
{
    // One reader, many threads: each openEntry()/readRange() has its own file handle.
    const QString path = m_dir.filePath(u"threads.zip"_s);
    QList<QByteArray> datas;
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        ZipWriter writer(&file);
        for (int i = 0; i < 8; ++i) {
            ZipWriteOptions options;
            options.method = i % 3 == 0 ? ZipMethod::Stored : i % 3 == 1 ? ZipMethod::Deflate : ZipMethod::Zstd;
            datas.append(sampleData(300000 + i, quint32(100 + i)));
            QVERIFY(writer.addEntry(u"e%1"_s.arg(i), datas.last(), options).ok());
        }
        QVERIFY(writer.close().ok());
    }
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY(reader.ok());
    const ZipReader &zip = **reader;
    std::atomic<int> good{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t)
        threads.emplace_back([&, t] {
            for (int round = 0; round < 3; ++round) {
                const int i = (t + round) % 8;
                const ZipEntry *e = zip.find(u"e%1"_s.arg(i));
                Result<QByteArray> all = zip.readEntry(*e, 1 << 20);
                Result<QByteArray> part = zip.readRange(*e, 1000 * t, 500);
                if (all.ok() && *all == datas[i] && part.ok() && *part == datas[i].mid(1000 * t, 500))
                    ++good;
            }
        });
    for (std::thread &t : threads)
        t.join();
    QCOMPARE(good.load(), 24);
}

namespace {
// Counts the reads that reach the bytes under a zip.
class CountingSource final : public ByteSource {
public:
    explicit CountingSource(QByteArray bytes) : m_bytes(std::move(bytes), u"counted.zip"_s) {}
    qint64 size() const override { return m_bytes.size(); }
    QString name() const override { return m_bytes.name(); }
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override
    {
        ++reads;
        return m_bytes.read(offset, length, out, progress);
    }
    mutable std::atomic<int> reads{0};

private:
    MemorySource m_bytes;
};
} // namespace

// A carton of 100,000 small files is verified and listed by asking each entry
// where its data starts (more than once: the verifier, then the byte source): a
// local header is read once, however often it is asked, and the headers that
// follow it in the same read (the slack read for a longer local extra field) are
// taken from there: fewer reads than entries.
void TestZipReader::localHeadersAreReadOnce()
{
    constexpr int Entries = 200;
    std::vector<RawEntry> raw;
    for (int i = 0; i < Entries; ++i)
        raw.push_back({"dir/file" + QByteArray::number(i) + ".txt", "contents " + QByteArray::number(i), {}});
    auto counting = std::make_shared<CountingSource>(buildZip(raw));
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(counting, u"counted.zip"_s);
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : reader.error().toString()));
    const int afterOpen = counting->reads.load();
    for (const ZipEntry &e : (*reader)->entries())
        QVERIFY((*reader)->dataOffset(e).ok());
    const int headerReads = counting->reads.load() - afterOpen;
    // Each entry takes ~57 bytes here and a header read ~300: four or five headers a read
    // (two reads per entry, every time it was asked, before).
    QVERIFY2(headerReads > 0 && headerReads <= Entries / 4, qPrintable(QString::number(headerReads)));
    for (int round = 0; round < 2; ++round) {
        for (const ZipEntry &e : (*reader)->entries())
            QVERIFY((*reader)->dataOffset(e).ok());
    }
    QCOMPARE(counting->reads.load() - afterOpen, headerReads); // asked again: nothing read
    for (const ZipEntry &e : (*reader)->entries()) {
        Result<QByteArray> bytes = (*reader)->readEntry(e, 100);
        QVERIFY(bytes.ok());
        QVERIFY(bytes->startsWith("contents "));
    }
    QCOMPARE(counting->reads.load() - afterOpen, headerReads + Entries); // then one read per entry's data
}

void TestZipReader::missingFile()
{
    Result<std::unique_ptr<ZipReader>> folder = ZipReader::open(m_dir.path());
    QVERIFY(!folder.ok());
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(m_dir.filePath(u"does-not-exist.zip"_s));
    QVERIFY(!reader.ok());
    QCOMPARE(reader.error().code, ErrorCode::Io);
    QVERIFY(reader.error().location.contains(u"does-not-exist.zip"_s));
}

QTEST_GUILESS_MAIN(TestZipReader)
#include "tst_zipreader.moc"
