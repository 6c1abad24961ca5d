// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// ZipWriter: round trips through ZipReader, and archives checked by independent
// readers (Python's zipfile, bsdtar, QuaZip).

#include "codec/encoder.h"
#include "fixturepolicy.h"
#include "zip/zipcrc.h"
#include "zip/zipreader.h"
#include "zip/zipwriter.h"
#include "ziptestutil.h"
#include "zipwritetestutil.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>
#include <quazip.h>
#include <quazipfile.h>

using namespace carton;
using namespace ziptest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::ZipMethod)

namespace {

QByteArray sha256Hex(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

// Python's zipfile: "name<TAB>sha256<TAB>external_attr>>16" per entry, after testzip().
const char *PythonList = R"(
import hashlib, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip()
    if bad is not None:
        print("BAD", bad); sys.exit(2)
    for i in z.infolist():
        sys.stdout.buffer.write((i.filename + "\t" + hashlib.sha256(z.read(i)).hexdigest() + "\t"
                                 + oct(i.external_attr >> 16) + "\n").encode("utf-8"))
)";

// What PythonList prints for `path` (its error output when it fails).
QByteArray pythonListing(const QString &path)
{
    const ToolResult r = runTool(u"python3"_s, {u"-c"_s, QString::fromUtf8(PythonList), path});
    return r.exitCode == 0 ? r.out : "python3 failed: " + r.out + r.err;
}

// What PythonList should print for `items`, each with mode 0100644.
QByteArray expectedListing(const QList<Item> &items)
{
    QByteArray expected;
    for (const Item &item : items)
        expected += item.name.toUtf8() + '\t' + sha256Hex(item.data) + "\t0o100644\n";
    return expected;
}

} // namespace

class TestZipWriter final : public QObject {
    Q_OBJECT

private slots:
    // Data compressed elsewhere (as the packer does for small files on other threads).
    void compressedEntryReadsBack()
    {
        const QByteArray body = QByteArray("precompressed body ").repeated(20000);
        auto encoder = Encoder::create(Codec::Zstd, 3, 1);
        QVERIFY(encoder.ok());
        QByteArray compressed;
        QVERIFY((*encoder)
                    ->encode(
                        body.constData(), std::size_t(body.size()), true,
                        [](void *c, const char *d, std::size_t n) {
                            static_cast<QByteArray *>(c)->append(d, qsizetype(n));
                            return Status();
                        },
                        &compressed)
                    .ok());
        const quint32 crc = zipCrc32(zipCrc32(0, nullptr, 0), body.constData(), std::size_t(body.size()));
        QTemporaryDir dir;
        for (const bool goodCrc : {true, false}) {
            const QString path = dir.filePath(goodCrc ? u"good.zip"_s : u"bad.zip"_s);
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            ZipWriter writer(&file);
            ZipWriteOptions options;
            options.method = ZipMethod::Zstd;
            QVERIFY(writer.addCompressedEntry(u"a.bin"_s, options, compressed, goodCrc ? crc : crc ^ 1,
                                              quint64(body.size())));
            QVERIFY(writer.addEntry(u"b.txt"_s, "after", options)); // the writer goes on normally
            QVERIFY(writer.close());
            file.close();
            auto reader = ZipReader::open(path);
            QVERIFY(reader);
            const ZipEntry *entry = (*reader)->find(u"a.bin"_s);
            QVERIFY(entry);
            QCOMPARE(entry->compressedSize, quint64(compressed.size()));
            auto back = (*reader)->readEntry(*entry, 1 << 24);
            QCOMPARE(back.ok(), goodCrc);
            if (goodCrc)
                QCOMPARE(*back, body);
            else
                QVERIFY(back.error().message.contains(u"CRC"_s, Qt::CaseInsensitive));
            QCOMPARE(*(*reader)->readEntry(*(*reader)->find(u"b.txt"_s), 100), QByteArray("after"));
        }
    }
    // A zstd context reused across entries (kept for speed) writes the same bytes
    // as a fresh one.
    void reusedZstdContextWritesIdenticalBytes()
    {
        const QByteArray first = QByteArray("alpha beta gamma ").repeated(50000);
        const QByteArray second = QByteArray("0123456789abcdef").repeated(70000) + QByteArray(3000, 'z');
        auto compressedOf = [](const QList<QByteArray> &bodies) {
            QBuffer buffer;
            buffer.open(QIODevice::ReadWrite);
            ZipWriter writer(&buffer);
            ZipWriteOptions options;
            options.method = ZipMethod::Zstd;
            options.zstdWorkers = 2;
            QList<ZipEntry> entries;
            for (int i = 0; i < bodies.size(); ++i)
                entries.append(*writer.addEntry(QStringLiteral("e%1").arg(i), bodies[i], options));
            if (!writer.close())
                return QByteArray(); // fails the comparison below
            const ZipEntry &last = entries.constLast();
            // The last entry's compressed bytes follow its local header (30 bytes + name).
            return buffer.data().mid(qsizetype(last.localHeaderOffset) + 30 + 2, qsizetype(last.compressedSize));
        };
        QCOMPARE(compressedOf({first, second}), compressedOf({second}));
        QVERIFY(!compressedOf({second}).isEmpty());
    }
    void roundTrip_data();
    void roundTrip();
    void names_data();
    void names();
    void symlink();
    void manyEntries();
    void deterministic_data();
    void deterministic();
    void pythonReads_data();
    void pythonReads();
    void bsdtarReadsZstd();
    void largeStoredDataStartsOnAPage();
    void quazipLists_data();
    void quazipLists();
    void zip64Offsets();
    void zip64Sizes();
    void directoryEntry();
    void saveFile();
    void storedWhenCompressionDoesNotHelp_data();
    void storedWhenCompressionDoesNotHelp();
    void rewriteRefusesChangedBytes();
    void misuse();

private:
    QTemporaryDir m_dir;
};

void TestZipWriter::roundTrip_data()
{
    QTest::addColumn<ZipMethod>("method");
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<qsizetype>("chunk");
    QTest::addColumn<int>("workers");
    const QByteArray big = sampleData(3 << 20, 7);
    const struct {
        const char *name;
        ZipMethod method;
    } methods[] = {{"stored", ZipMethod::Stored}, {"deflate", ZipMethod::Deflate}, {"zstd", ZipMethod::Zstd}};
    for (const auto &m : methods) {
        QTest::addRow("%s-empty", m.name) << m.method << QByteArray() << qsizetype(1) << 0;
        QTest::addRow("%s-one-byte", m.name) << m.method << QByteArray("x") << qsizetype(1) << 0;
        QTest::addRow("%s-text", m.name) << m.method << QByteArray("hello, carton\n").repeated(100) << qsizetype(7)
                                         << 0;
        QTest::addRow("%s-3MiB", m.name) << m.method << big << qsizetype(1 << 20) << 0;
        QTest::addRow("%s-3MiB-odd-chunks", m.name) << m.method << big << qsizetype(12345) << 0;
    }
    QTest::addRow("zstd-3MiB-2-workers") << ZipMethod::Zstd << big << qsizetype(1 << 20) << 2;
}

void TestZipWriter::roundTrip()
{
    QFETCH(ZipMethod, method);
    QFETCH(QByteArray, data);
    QFETCH(qsizetype, chunk);
    QFETCH(int, workers);
    const QString path = m_dir.filePath(u"roundtrip.zip"_s);
    const QList<Item> items{{u"model/data.bin"_s, data}, {u"after.txt"_s, "after"}};
    QCOMPARE(writeArchive(path, items, method, chunk, workers), QString());

    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : reader.error().toString()));
    QCOMPARE((*reader)->entries().size(), size_t(2));
    const ZipEntry *entry = (*reader)->find(u"model/data.bin"_s);
    QVERIFY(entry);
    QCOMPARE(entry->method, quint16(method));
    QCOMPARE(entry->uncompressedSize, quint64(data.size()));
    QCOMPARE(entry->crc32, crc(data));
    QCOMPARE(entry->flags & 0x0800, 0x0800);
    QCOMPARE(entry->versionMadeBy, quint16((3 << 8) | 63));
    QCOMPARE(entry->unixMode(), 0100644u);
    if (method == ZipMethod::Stored)
        QCOMPARE(entry->compressedSize, entry->uncompressedSize);
    Result<QByteArray> back = (*reader)->readEntry(*entry, 1 << 30);
    QVERIFY2(back.ok(), qPrintable(back ? QString() : back.error().toString()));
    QCOMPARE(*back, data);

    // The streaming device, read in small odd pieces.
    Result<std::unique_ptr<QIODevice>> device = (*reader)->openEntry(*entry);
    QVERIFY(device.ok());
    QByteArray streamed;
    char buf[4099];
    for (qint64 n; (n = (*device)->read(buf, sizeof buf)) > 0;)
        streamed.append(buf, n);
    QVERIFY2(!(*device)->errorString().contains(u"CRC"_s), qPrintable((*device)->errorString()));
    QCOMPARE(streamed, data);
    QVERIFY((*device)->atEnd());
    QCOMPARE(*(*reader)->readEntry(*(*reader)->find(u"after.txt"_s), 100), QByteArray("after"));
}

void TestZipWriter::names_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("ascii") << u"model/weights.bin"_s;
    QTest::newRow("emoji") << u"misc/🚀📦 rocket.txt"_s;
    QTest::newRow("telugu") << u"misc/తెలుగు/పాఠం.txt"_s;
    QTest::newRow("cjk") << u"数据/模型.bin"_s;
    QTest::newRow("latin1") << u"café/naïve.txt"_s;
    QTest::newRow("deep") << u"a/b/c/d/e/f/g/h/i/j/k.txt"_s;
}

void TestZipWriter::names()
{
    QFETCH(QString, name);
    const QString path = m_dir.filePath(u"names.zip"_s);
    const QByteArray body = name.toUtf8() + "\n";
    QCOMPARE(writeArchive(path, {{name, body}}, ZipMethod::Deflate), QString());
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY(reader.ok());
    QCOMPARE((*reader)->entries().front().name, name);
    QCOMPARE(*(*reader)->readEntry((*reader)->entries().front(), 1000), body);

    if (!haveTool(u"python3"_s))
        CARTON_MISSING_TOOL("python3");
    const ToolResult r = runTool(u"python3"_s, {u"-c"_s, QString::fromUtf8(PythonList), path});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out).section(u'\t', 0, 0), name);
    QCOMPARE(r.out.split('\t').value(1), sha256Hex(body));
}

void TestZipWriter::symlink()
{
    const QString path = m_dir.filePath(u"symlink.zip"_s);
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        ZipWriter writer(&file);
        ZipWriteOptions deflate;
        deflate.method = ZipMethod::Deflate; // python's zipfile cannot read zstd
        QVERIFY(writer.addEntry(u"model/real.bin"_s, "payload", deflate).ok());
        Result<ZipEntry> link = writer.addSymlink(u"model/link.bin"_s, u"real.bin"_s);
        QVERIFY(link.ok());
        QVERIFY(link->isSymlink());
        QVERIFY(!writer.addSymlink(u"model/empty"_s, QString()).ok());
        QVERIFY(writer.close().ok());
    }
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY(reader.ok());
    const ZipEntry *link = (*reader)->find(u"model/link.bin"_s);
    QVERIFY(link);
    QVERIFY(link->isSymlink());
    QCOMPARE(link->unixMode(), 0120777u);
    QCOMPARE(link->method, quint16(ZipMethod::Stored));
    QCOMPARE(*(*reader)->readEntry(*link, 100), QByteArray("real.bin"));
    QVERIFY(!(*reader)->find(u"model/real.bin"_s)->isSymlink());

    if (!haveTool(u"python3"_s))
        CARTON_MISSING_TOOL("python3");
    const ToolResult r = runTool(u"python3"_s, {u"-c"_s, QString::fromUtf8(PythonList), path});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains(QByteArray("model/link.bin\t" + sha256Hex("real.bin") + "\t0o120777\n")),
             r.out.constData());
}

void TestZipWriter::manyEntries()
{
    // 70,000 entries: more than 0xffff, so the end records must go zip64.
    const int count = 70000;
    const QString path = m_dir.filePath(u"many.zip"_s);
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        ZipWriter writer(&file);
        ZipWriteOptions options;
        options.method = ZipMethod::Stored;
        for (int i = 0; i < count; ++i)
            QVERIFY(writer.addEntry(u"f/%1"_s.arg(i), QByteArray::number(i), options).ok());
        QVERIFY(writer.close().ok());
    }
    const QByteArray bytes = readFile(path);
    QCOMPARE(qFromLittleEndian<quint16>(bytes.constData() + bytes.size() - 12), quint16(0xffff));
    QCOMPARE(qFromLittleEndian<quint32>(bytes.constData() + bytes.size() - 22 - 20), quint32(0x07064b50));
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : reader.error().toString()));
    QCOMPARE((*reader)->entries().size(), size_t(count));
    const ZipEntry *last = (*reader)->find(u"f/%1"_s.arg(count - 1));
    QVERIFY(last);
    QCOMPARE(*(*reader)->readEntry(*last, 100), QByteArray::number(count - 1));

    if (!haveTool(u"python3"_s))
        CARTON_MISSING_TOOL("python3");
    const ToolResult r = runTool(u"python3"_s, {u"-c"_s,
                                                u"import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); "
                                                "print(len(z.namelist()), z.read('f/69999').decode())"_s,
                                                path});
    QCOMPARE(r.out.trimmed(), QByteArray("70000 69999"));
}

void TestZipWriter::deterministic_data()
{
    QTest::addColumn<ZipMethod>("method");
    QTest::newRow("stored") << ZipMethod::Stored;
    QTest::newRow("deflate") << ZipMethod::Deflate;
    QTest::newRow("zstd") << ZipMethod::Zstd;
}

void TestZipWriter::deterministic()
{
    QFETCH(ZipMethod, method);
    const QList<Item> items{{u"carton.toml"_s, "spec_version = 1\n"}, {u"model/x"_s, sampleData(200000, 3)}};
    const QString a = m_dir.filePath(u"det-a.zip"_s);
    const QString b = m_dir.filePath(u"det-b.zip"_s);
    QCOMPARE(writeArchive(a, items, method, 1000), QString());
    QTest::qWait(1100); // a different wall clock must not matter
    QCOMPARE(writeArchive(b, items, method, 77777), QString());
    QCOMPARE(readFile(a), readFile(b));
}

void TestZipWriter::pythonReads_data()
{
    QTest::addColumn<ZipMethod>("method");
    QTest::newRow("stored") << ZipMethod::Stored;
    QTest::newRow("deflate") << ZipMethod::Deflate;
}

void TestZipWriter::pythonReads()
{
    if (!haveTool(u"python3"_s))
        CARTON_MISSING_TOOL("python3");
    QFETCH(ZipMethod, method);
    const QList<Item> items{{u"empty"_s, {}},
                            {u"small.txt"_s, "small\n"},
                            {u"big/2MiB.bin"_s, sampleData(2 << 20, 11)},
                            {u"ünï/çødé"_s, "x"}};
    const QString path = m_dir.filePath(u"python.zip"_s);
    QCOMPARE(writeArchive(path, items, method, 100000), QString());
    QCOMPARE(pythonListing(path), expectedListing(items));
}

void TestZipWriter::bsdtarReadsZstd()
{
    if (!haveTool(u"bsdtar"_s))
        CARTON_MISSING_TOOL("bsdtar");
    const QList<Item> items{{u"a.txt"_s, "alpha\n"}, {u"model/b.bin"_s, sampleData(1500000, 5)}};
    const QString path = m_dir.filePath(u"bsdtar.zip"_s);
    QCOMPARE(writeArchive(path, items, ZipMethod::Zstd, 4096), QString());
    for (const Item &item : items) {
        const ToolResult r = runTool(u"bsdtar"_s, {u"-xOf"_s, path, item.name});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out.size(), item.data.size());
        QCOMPARE(r.out, item.data);
    }
}

// Stored entries of 1 MiB or more start on a 4096-byte boundary (zipalign's padding
// field in the local header only), smaller ones and compressed ones are not padded;
// Python's zipfile and bsdtar still read every entry.
void TestZipWriter::largeStoredDataStartsOnAPage()
{
    if (!haveTool(u"python3"_s))
        CARTON_MISSING_TOOL("python3");
    const QString path = m_dir.filePath(u"aligned.zip"_s);
    const QList<Item> items{{u"small.txt"_s, "small\n"},
                            {u"a/odd-name-1.bin"_s, sampleData(1 << 20, 3)},
                            {u"b/odd.bin"_s, sampleData((3 << 20) + 17, 4)},
                            {u"c/just-under.bin"_s, sampleData((1 << 20) - 1, 5)},
                            {u"d/deflate.bin"_s, sampleData(2 << 20, 6)}};
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        ZipWriter writer(&file);
        ZipWriteOptions stored;
        stored.method = ZipMethod::Stored;
        ZipWriteOptions deflate;
        deflate.method = ZipMethod::Deflate;
        for (const Item &item : items)
            QVERIFY(writer.addEntry(item.name, item.data, item.name.contains(u"deflate"_s) ? deflate : stored).ok());
        QVERIFY(writer.close().ok());
    }
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : reader.error().toString()));
    qint64 previousEnd = 0;
    for (const Item &item : items) {
        const ZipEntry *entry = (*reader)->find(item.name);
        QVERIFY(entry);
        Result<qint64> offset = (*reader)->dataOffset(*entry);
        QVERIFY(offset.ok());
        const qint64 unpadded = previousEnd + 30 + item.name.toUtf8().size();
        const bool aligned = entry->method == quint16(ZipMethod::Stored) && item.data.size() >= (1 << 20);
        if (aligned) {
            QVERIFY2(*offset % 4096 == 0, qPrintable(item.name + u" at "_s + QString::number(*offset)));
            QVERIFY(*offset >= unpadded + 6); // room for the padding field's own header
            QVERIFY(*offset < unpadded + 6 + 4096);
        } else {
            QCOMPARE(*offset, unpadded); // no padding
        }
        QCOMPARE(*(*reader)->readEntry(*entry, 8 << 20), item.data);
        previousEnd = *offset + qint64(entry->compressedSize);
    }
    QCOMPARE(pythonListing(path), expectedListing(items));
    if (haveTool(u"bsdtar"_s)) {
        const ToolResult t = runTool(u"bsdtar"_s, {u"-xOf"_s, path, u"b/odd.bin"_s});
        QCOMPARE(t.out, items[2].data);
    }
}

void TestZipWriter::quazipLists_data()
{
    QTest::addColumn<ZipMethod>("method");
    QTest::newRow("stored") << ZipMethod::Stored;
    QTest::newRow("deflate") << ZipMethod::Deflate;
    QTest::newRow("zstd") << ZipMethod::Zstd;
}

void TestZipWriter::quazipLists()
{
    QFETCH(ZipMethod, method);
    const QList<Item> items{{u"carton.toml"_s, "x = 1\n"}, {u"model/🚀.bin"_s, sampleData(100000, 9)}};
    const QString path = m_dir.filePath(u"quazip.zip"_s);
    QCOMPARE(writeArchive(path, items, method), QString());
    QuaZip zip(path);
    QVERIFY(zip.open(QuaZip::mdUnzip));
    QCOMPARE(zip.getEntriesCount(), int(items.size()));
    const QList<QuaZipFileInfo64> infos = zip.getFileInfoList64();
    QCOMPARE(infos.size(), items.size());
    for (int i = 0; i < items.size(); ++i) {
        QCOMPARE(infos[i].name, items[i].name);
        QCOMPARE(infos[i].uncompressedSize, quint64(items[i].data.size()));
        QCOMPARE(infos[i].crc, crc(items[i].data));
        QCOMPARE(infos[i].method, quint16(method));
        if (method == ZipMethod::Zstd)
            continue; // minizip cannot decode method 93
        QVERIFY(zip.setCurrentFile(items[i].name));
        QuaZipFile file(&zip);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), items[i].data);
        file.close();
        QCOMPARE(file.getZipError(), 0);
    }
}

void TestZipWriter::zip64Offsets()
{
    // Entries past 4 GiB without writing 4 GiB: the writer starts in a sparse file at
    // offset 4 GiB + 16, so every local header offset and the central directory
    // offset need zip64 fields.
    const QString path = m_dir.filePath(u"sparse64.zip"_s);
    const qint64 start = (qint64(1) << 32) + 16;
    const QList<Item> items{{u"a.txt"_s, "first"}, {u"b.bin"_s, sampleData(300000, 2)}};
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        if (!file.resize(start) || !file.seek(start))
            QSKIP("no large (sparse) file support here");
        ZipWriter writer(&file);
        ZipWriteOptions deflate;
        deflate.method = ZipMethod::Deflate; // python's zipfile cannot read zstd
        QVERIFY(writer.addEntry(items[0].name, items[0].data, deflate).ok());
        ZipWriteOptions stored;
        stored.method = ZipMethod::Stored;
        QVERIFY(writer.addEntry(items[1].name, items[1].data, stored).ok());
        QVERIFY(writer.close().ok());
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.seek(file.size() - 22));
    const QByteArray eocd = file.read(22);
    QCOMPARE(qFromLittleEndian<quint32>(eocd.constData() + 16), 0xffffffffu); // CD offset only in zip64
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : reader.error().toString()));
    for (const Item &item : items) {
        const ZipEntry *entry = (*reader)->find(item.name);
        QVERIFY(entry);
        QVERIFY(entry->localHeaderOffset >= quint64(start));
        QCOMPARE(*(*reader)->readEntry(*entry, 1 << 20), item.data);
    }
    QCOMPARE(*(*reader)->readRange(*(*reader)->find(u"b.bin"_s), 123456, 50), items[1].data.mid(123456, 50));
    if (!haveTool(u"python3"_s))
        CARTON_MISSING_TOOL("python3");
    const ToolResult r = runTool(u"python3"_s, {u"-c"_s, QString::fromUtf8(PythonList), path});
    QVERIFY2(r.exitCode == 0, QByteArray(r.out + r.err).constData());
    QVERIFY(r.out.contains(QByteArray("b.bin\t" + sha256Hex(items[1].data))));
}

void TestZipWriter::zip64Sizes()
{
    // A real entry past 4 GiB (zeros through zstd: about 130 KiB on disk), so the
    // sizes go through the zip64 extra fields both ways (about 3 s of CPU).
    if (qEnvironmentVariableIntValue("CARTON_SKIP_SLOW_TESTS") == 1)
        QSKIP("CARTON_SKIP_SLOW_TESTS=1: not streaming 4.1 GiB through zstd and back");
    const qint64 size = (qint64(1) << 32) + 12345;
    const QString path = m_dir.filePath(u"big64.zip"_s);
    const QByteArray zeros(1 << 20, '\0');
    quint32 expectedCrc = crc({});
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        ZipWriter writer(&file);
        ZipWriteOptions options;
        options.level = 1;
        QVERIFY(writer.addEntry(u"before"_s, "x", options).ok());
        QVERIFY(writer.beginEntry(u"huge.bin"_s, options).ok());
        for (qint64 left = size; left > 0;) {
            const qint64 n = std::min<qint64>(left, zeros.size());
            QVERIFY(writer.write(zeros.constData(), n).ok());
            expectedCrc = quint32(crc32_z(expectedCrc, reinterpret_cast<const Bytef *>(zeros.constData()), size_t(n)));
            left -= n;
        }
        Result<ZipEntry> huge = writer.finishEntry();
        QVERIFY(huge.ok());
        QCOMPARE(huge->uncompressedSize, quint64(size));
        QVERIFY(writer.addEntry(u"after"_s, "y", options).ok());
        QVERIFY(writer.close().ok());
    }
    Limits limits;
    limits.maxRatio = 1'000'000;
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path, limits);
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : reader.error().toString()));
    const ZipEntry *huge = (*reader)->find(u"huge.bin"_s);
    QVERIFY(huge);
    QCOMPARE(huge->uncompressedSize, quint64(size));
    QCOMPARE(huge->crc32, expectedCrc);
    Result<std::unique_ptr<QIODevice>> device = (*reader)->openEntry(*huge);
    QVERIFY(device.ok());
    QByteArray buffer(1 << 20, Qt::Uninitialized);
    qint64 total = 0;
    for (qint64 n; (n = (*device)->read(buffer.data(), buffer.size())) > 0;)
        total += n;
    QVERIFY2((*device)->atEnd(), qPrintable((*device)->errorString()));
    QCOMPARE(total, size);
    QCOMPARE(*(*reader)->readEntry(*(*reader)->find(u"after"_s), 10), QByteArray("y"));
    if (haveTool(u"bsdtar"_s)) {
        const ToolResult r = runTool(u"bsdtar"_s, {u"-xOf"_s, path, u"after"_s});
        QCOMPARE(r.out, QByteArray("y"));
    }
}

void TestZipWriter::directoryEntry()
{
    const QString path = m_dir.filePath(u"dirs.zip"_s);
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        ZipWriter writer(&file);
        QVERIFY(writer.beginEntry(u"model/"_s, {}).ok());
        QCOMPARE(writer.write("x").error().code, ErrorCode::Usage);
        Result<ZipEntry> dir = writer.finishEntry();
        QVERIFY(dir.ok());
        QCOMPARE(dir->method, quint16(ZipMethod::Stored));
        QVERIFY(writer.addEntry(u"model/file"_s, "f", {}).ok());
        QVERIFY(writer.close().ok());
    }
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY(reader.ok());
    const ZipEntry *dir = (*reader)->find(u"model/"_s);
    QVERIFY(dir);
    QVERIFY(dir->isDirectory());
    QCOMPARE(dir->unixMode(), 040755u);
    QCOMPARE(*(*reader)->readEntry(*dir, 0), QByteArray());
    if (!haveTool(u"python3"_s))
        CARTON_MISSING_TOOL("python3");
    const ToolResult r = runTool(u"python3"_s, {u"-c"_s,
                                                u"import sys, zipfile; "
                                                "print(zipfile.ZipFile(sys.argv[1]).getinfo('model/').is_dir())"_s,
                                                path});
    QCOMPARE(r.out.trimmed(), QByteArray("True"));
}

void TestZipWriter::saveFile()
{
    // The packer writes through a QSaveFile: seeking back to patch headers must work there.
    const QString path = m_dir.filePath(u"saved.zip"_s);
    const QByteArray data = sampleData(200000, 31);
    QSaveFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    ZipWriter writer(&out);
    ZipWriteOptions options;
    QVERIFY(writer.beginEntry(u"model/a"_s, options).ok());
    QVERIFY(writer.write(data).ok());
    QVERIFY(writer.finishEntry().ok());
    QVERIFY(writer.addEntry(u"MANIFEST"_s, "m", {ZipMethod::Stored}).ok());
    QVERIFY(writer.close().ok());
    QVERIFY(!QFile::exists(path));
    QVERIFY(out.commit());
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY(reader.ok());
    QCOMPARE(*(*reader)->readEntry(*(*reader)->find(u"model/a"_s), 1 << 20), data);
    QCOMPARE(*(*reader)->readEntry(*(*reader)->find(u"MANIFEST"_s), 10), QByteArray("m"));
}

void TestZipWriter::storedWhenCompressionDoesNotHelp_data()
{
    QTest::addColumn<ZipMethod>("method");
    QTest::addColumn<bool>("saveFile"); // else a QBuffer
    QTest::newRow("zstd QSaveFile") << ZipMethod::Zstd << true;
    QTest::newRow("deflate QSaveFile") << ZipMethod::Deflate << true;
    QTest::newRow("zstd QBuffer") << ZipMethod::Zstd << false;
}

// addEntry() with storeIfNotSmaller, and a streamed entry rewritten Stored by its
// caller: the entry is Stored and no byte of the compressed attempt is left,
// also when it is the archive's last entry (nothing overwrites the attempt).
void TestZipWriter::storedWhenCompressionDoesNotHelp()
{
    QFETCH(ZipMethod, method);
    QFETCH(bool, saveFile);
    QByteArray random(320, Qt::Uninitialized);
    QRandomGenerator rng(7);
    for (char &c : random)
        c = char(rng.generate());
    const QByteArray text(5000, 'x');
    QByteArray bigRandom(300000, Qt::Uninitialized);
    for (char &c : bigRandom)
        c = char(rng.generate());

    const QString path = m_dir.filePath(u"stored-%1-%2.zip"_s.arg(int(method)).arg(saveFile));
    QBuffer buffer;
    QSaveFile file(path);
    QIODevice *device = saveFile ? static_cast<QIODevice *>(&file) : &buffer;
    QVERIFY(device->open(QIODevice::WriteOnly));
    ZipWriter writer(device);
    ZipWriteOptions options;
    options.method = method;
    options.storeIfNotSmaller = true;
    Result<ZipEntry> tiny = writer.addEntry(u"tiny.bin"_s, random, options);
    QVERIFY(tiny.ok());
    QCOMPARE(tiny->method, quint16(0));
    QCOMPARE(tiny->compressedSize, 320u);
    Result<ZipEntry> compressed = writer.addEntry(u"text.txt"_s, text, options);
    QVERIFY(compressed.ok());
    QCOMPARE(compressed->method, quint16(method));
    QVERIFY(!compressionDidNotHelp(*compressed));
    // Streamed: the writer cannot replay it; the caller does.
    QVERIFY(writer.beginEntry(u"media.jpg"_s, options).ok());
    QVERIFY(writer.write(bigRandom).ok());
    Result<ZipEntry> first = writer.finishEntry();
    QVERIFY(first.ok());
    QCOMPARE(first->method, quint16(method));
    QVERIFY(compressionDidNotHelp(*first));
    QBuffer again;
    again.setData(bigRandom);
    QVERIFY(again.open(QIODevice::ReadOnly));
    Result<ZipEntry> stored = writer.rewriteLastEntryStored(again);
    QVERIFY2(stored.ok(), qPrintable(stored ? QString() : stored.error().toString()));
    QCOMPARE(stored->method, quint16(0));
    QCOMPARE(stored->compressedSize, quint64(bigRandom.size()));
    QCOMPARE(stored->localHeaderOffset, first->localHeaderOffset);
    QVERIFY(writer.close().ok());

    if (saveFile) {
        QVERIFY(file.commit());
    } else {
        QFile copy(path);
        QVERIFY(copy.open(QIODevice::WriteOnly));
        QCOMPARE(copy.write(buffer.data()), buffer.data().size());
    }
    QFile written(path);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray bytes = written.readAll();
    // Exactly: 3 local headers + data, 3 central records, the end record; no stale bytes.
    const qint64 names = 8 + 8 + 9;
    const qint64 expected =
        3 * 30 + names + 320 + qint64(compressed->compressedSize) + bigRandom.size() + 3 * 46 + names + 22;
    QCOMPARE(qint64(bytes.size()), expected);
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY2(reader.ok(), qPrintable(reader ? QString() : reader.error().toString()));
    QCOMPARE((*reader)->entries().size(), size_t(3));
    QCOMPARE(*(*reader)->readEntry(*(*reader)->find(u"tiny.bin"_s), 1 << 20), random);
    QCOMPARE(*(*reader)->readEntry(*(*reader)->find(u"text.txt"_s), 1 << 20), text);
    QCOMPARE(*(*reader)->readEntry(*(*reader)->find(u"media.jpg"_s), 1 << 20), bigRandom);
    QCOMPARE((*reader)->find(u"media.jpg"_s)->method, quint16(0));
}

// The bytes read again must be those compressed the first time.
void TestZipWriter::rewriteRefusesChangedBytes()
{
    QBuffer buffer;
    QVERIFY(buffer.open(QIODevice::ReadWrite));
    ZipWriter writer(&buffer);
    const QByteArray data = sampleData(1000, 3);
    QVERIFY(writer.addEntry(u"a"_s, data, {}).ok());
    QByteArray changed = data;
    changed[10] = char(changed[10] ^ 1);
    QBuffer again(&changed);
    QVERIFY(again.open(QIODevice::ReadOnly));
    Result<ZipEntry> refused = writer.rewriteLastEntryStored(again);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Io);
    QVERIFY2(refused.error().message.contains(u"changed while writing"_s), qPrintable(refused.error().message));
    QVERIFY(!writer.close().ok()); // the writer stays failed
}

void TestZipWriter::misuse()
{
    QBuffer buffer;
    QVERIFY(buffer.open(QIODevice::ReadWrite));
    ZipWriter writer(&buffer);
    QCOMPARE(writer.write("x").error().code, ErrorCode::Usage);
    QCOMPARE(writer.addEntry(u"../evil"_s, "x", {}).error().code, ErrorCode::Unsafe);
    QCOMPARE(writer.addEntry(u"/abs"_s, "x", {}).error().code, ErrorCode::Unsafe);
    QVERIFY(writer.addEntry(u"ok"_s, "x", {}).ok());
    QCOMPARE(writer.addEntry(u"ok"_s, "y", {}).error().code, ErrorCode::Usage);
    QVERIFY(writer.beginEntry(u"open"_s, {}).ok());
    QCOMPARE(writer.beginEntry(u"second"_s, {}).error().code, ErrorCode::Usage);
    QCOMPARE(writer.close().error().code, ErrorCode::Usage);
    QVERIFY(writer.finishEntry().ok());
    QVERIFY(writer.close().ok());

    QBuffer readOnly;
    QVERIFY(readOnly.open(QIODevice::ReadOnly));
    ZipWriter bad(&readOnly);
    QCOMPARE(bad.addEntry(u"x"_s, "x", {}).error().code, ErrorCode::Usage);
}

QTEST_GUILESS_MAIN(TestZipWriter)
#include "tst_zipwriter.moc"
