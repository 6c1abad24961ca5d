// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Seekable zstd (zstd's contrib seekable format): what SeekableEncoder and the zip
// writer produce, decoded by independent decoders (zstd -d, bsdtar), read back
// by range through SeekableZstdSource, and hostile seek tables that must not be
// trusted.

#include "codec/decoder.h"
#include "codec/seekableencoder.h"
#include "codec/seektable.h"
#include "fixturepolicy.h"
#include "testpaths.h"
#include "zip/seekablezstdsource.h"
#include "zip/zipreader.h"
#include "zip/zipwriter.h"
#include "ziptestutil.h"

#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <cstring>

using namespace carton;
using namespace ziptest;
using namespace Qt::StringLiterals;

namespace {

constexpr std::size_t TestFrame = 64 * 1024;

QByteArray seekableEncode(const QByteArray &data, int workers, std::size_t frameSize = TestFrame,
                          qsizetype piece = 7777)
{
    Result<std::unique_ptr<Encoder>> encoder = SeekableEncoder::create(3, workers, frameSize);
    if (!encoder)
        qFatal("%s", qPrintable(encoder.error().toString()));
    QByteArray out;
    auto sink = [](void *context, const char *bytes, std::size_t size) {
        static_cast<QByteArray *>(context)->append(bytes, qsizetype(size));
        return Status();
    };
    for (qsizetype at = 0; at < data.size(); at += piece) {
        const qsizetype n = std::min(piece, data.size() - at);
        if (!(*encoder)->encode(data.constData() + at, std::size_t(n), false, sink, &out))
            qFatal("encode failed");
    }
    if (!(*encoder)->encode(nullptr, 0, true, sink, &out))
        qFatal("finish failed");
    return out;
}

// Decodes a whole zstd stream through the streaming Decoder (the sequential path).
QByteArray streamDecode(const QByteArray &in, qsizetype expected)
{
    Result<std::unique_ptr<Decoder>> decoder = Decoder::create(Codec::Zstd);
    QByteArray out(expected + 16, Qt::Uninitialized);
    std::size_t inPos = 0, outPos = 0;
    while (inPos < std::size_t(in.size())) {
        const std::size_t before = inPos;
        if (!(*decoder)->decode(in.constData(), std::size_t(in.size()), inPos, out.data(), std::size_t(out.size()),
                                outPos))
            return "decode error";
        if (inPos == before)
            break;
    }
    out.resize(qsizetype(outPos));
    return (*decoder)->complete() ? out : QByteArray("incomplete");
}

Result<std::optional<SeekTable>> tableOf(const QByteArray &stream, quint64 decoded, QString *why = nullptr)
{
    auto readAt = [&stream](qint64 offset, qint64 length, char *out) -> Status {
        if (offset < 0 || offset + length > stream.size())
            return makeError(ErrorCode::Usage, u"out of range"_s);
        std::memcpy(out, stream.constData() + offset, std::size_t(length));
        return {};
    };
    return SeekTable::read(readAt, quint64(stream.size()), decoded, why);
}

// Weights-like data: bfloat16 of normally distributed values (the tensor).
QByteArray weightsLike(qsizetype bytes, quint32 seed = 7)
{
    QByteArray out(bytes, Qt::Uninitialized);
    quint32 x = seed;
    auto uniform = [&x] {
        x = x * 1664525u + 1013904223u;
        return (double(x >> 8) + 0.5) / double(1 << 24);
    };
    for (qsizetype i = 0; i + 1 < bytes; i += 2) {
        const double g = std::sqrt(-2 * std::log(uniform())) * std::cos(6.283185307179586 * uniform()) * 0.02;
        const float f = float(g);
        quint32 bits;
        std::memcpy(&bits, &f, 4);
        out[i] = char((bits >> 16) & 0xff);
        out[i + 1] = char(bits >> 24);
    }
    return out;
}

// The stream `frames` + table, with the table's entries replaced by `entries`
// (compressed, decompressed) and `count` in the footer.
QByteArray withTable(const QByteArray &framesOnly, const std::vector<std::pair<quint32, quint32>> &entries)
{
    return framesOnly + SeekTable::encode(entries);
}

} // namespace

class TestSeekableZstd final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void framesAndTable();
    void outputIndependentOfWorkers();
    void oneFrameHasNoTable();
    void zstdCliDecodes();
    void zipEntryRangeReads();
    void bsdtarReadsSeekableEntry();
    void tableWrittenByAnotherWriter();
    void hostileTables_data();
    void hostileTables();
    void framesThatDecodeToOtherSizes();
    void entryWithHostileTableStillReadsSequentially();
    void ratioCapAppliesToo();

private:
    QTemporaryDir m_dir;
    QByteArray m_data = weightsLike(qsizetype(5.5 * TestFrame));
};

void TestSeekableZstd::framesAndTable()
{
    const QByteArray stream = seekableEncode(m_data, 2);
    QString why;
    Result<std::optional<SeekTable>> table = tableOf(stream, quint64(m_data.size()), &why);
    QVERIFY(table);
    QVERIFY2(table->has_value(), qPrintable(why));
    const auto &frames = (*table)->frames();
    QCOMPARE(frames.size(), std::size_t(6));
    for (std::size_t i = 0; i < frames.size(); ++i) {
        QCOMPARE(frames[i].decompressedOffset, quint64(i * TestFrame));
        QCOMPARE(frames[i].decompressedSize, quint32(i < 5 ? TestFrame : TestFrame / 2));
        // Each entry is exactly one frame with its content size in the header.
        const char *at = stream.constData() + frames[i].compressedOffset;
        QCOMPARE(ZSTD_findFrameCompressedSize(at, frames[i].compressedSize), std::size_t(frames[i].compressedSize));
        QCOMPARE(ZSTD_getFrameContentSize(at, frames[i].compressedSize),
                 (unsigned long long)frames[i].decompressedSize);
    }
    QCOMPARE((*table)->frameAt(0), std::size_t(0));
    QCOMPARE((*table)->frameAt(TestFrame - 1), std::size_t(0));
    QCOMPARE((*table)->frameAt(TestFrame), std::size_t(1));
    QCOMPARE((*table)->frameAt(quint64(m_data.size() - 1)), std::size_t(5));
    // The last 9 bytes: 6 frames, no checksums, the seekable magic.
    QCOMPARE(stream.right(9).toHex(), QByteArray("0600000000b1ea928f"));
    // An ordinary zstd stream: the streaming decoder skips the table.
    QCOMPARE(streamDecode(stream, m_data.size()), m_data);
}

void TestSeekableZstd::outputIndependentOfWorkers()
{
    const QByteArray inline0 = seekableEncode(m_data, 0, TestFrame, 100000);
    QCOMPARE(seekableEncode(m_data, 1, TestFrame, 4096), inline0);
    QCOMPARE(seekableEncode(m_data, 3, TestFrame, 1 << 20), inline0);
}

void TestSeekableZstd::oneFrameHasNoTable()
{
    const QByteArray small = m_data.left(TestFrame);
    const QByteArray stream = seekableEncode(small, 2);
    QString why;
    Result<std::optional<SeekTable>> table = tableOf(stream, quint64(small.size()), &why);
    QVERIFY(table);
    QVERIFY(!table->has_value());
    QCOMPARE(why, u"no seekable magic number at the end"_s);
    QCOMPARE(ZSTD_findFrameCompressedSize(stream.constData(), std::size_t(stream.size())), std::size_t(stream.size()));
    QCOMPARE(streamDecode(stream, small.size()), small);
    // An empty input is one empty frame.
    const QByteArray empty = seekableEncode({}, 1);
    QCOMPARE(ZSTD_getFrameContentSize(empty.constData(), std::size_t(empty.size())), 0ull);
}

void TestSeekableZstd::zstdCliDecodes()
{
    if (!haveTool(u"zstd"_s))
        CARTON_MISSING_TOOL("zstd");
    const QString path = m_dir.filePath(u"stream.zst"_s);
    writeFile(path, seekableEncode(m_data, 2));
    const ToolResult r = runTool(u"zstd"_s, {u"-d"_s, u"-c"_s, path});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out.size(), m_data.size());
    QCOMPARE(r.out, m_data);
}

namespace {
QString writeZip(const QString &path, const QByteArray &data, std::size_t frameSize, int workers)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return u"cannot create "_s + path;
    ZipWriter writer(&file);
    ZipWriteOptions options;
    options.zstdWorkers = workers;
    options.zstdFrameSize = frameSize;
    if (Status s = writer.beginEntry(u"tensor_data/w.bin"_s, options); !s)
        return s.error().toString();
    for (qsizetype at = 0; at < data.size(); at += 50000)
        if (Status s = writer.write(QByteArrayView(data).sliced(at, std::min<qsizetype>(50000, data.size() - at))); !s)
            return s.error().toString();
    if (Result<ZipEntry> e = writer.finishEntry(); !e)
        return e.error().toString();
    if (Result<ZipEntry> e = writer.addEntry(u"small.txt"_s, "hello\n", options); !e)
        return e.error().toString();
    if (Status s = writer.close(); !s)
        return s.error().toString();
    return {};
}
} // namespace

void TestSeekableZstd::zipEntryRangeReads()
{
    const QString path = m_dir.filePath(u"ranges.zip"_s);
    QCOMPARE(writeZip(path, m_data, TestFrame, 2), QString());
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY2(reader, qPrintable(reader ? QString() : reader.error().toString()));
    const ZipEntry *entry = (*reader)->find(u"tensor_data/w.bin"_s);
    QVERIFY(entry);
    QCOMPARE(entry->method, quint16(ZipMethod::Zstd));
    // The sequential path (with its CRC check) reads the whole entry.
    Result<QByteArray> whole = (*reader)->readEntry(*entry, 1 << 30);
    QVERIFY2(whole, qPrintable(whole ? QString() : whole.error().toString()));
    QCOMPARE(*whole, m_data);

    Result<std::shared_ptr<SeekableZstdSource>> source = SeekableZstdSource::open(**reader, *entry, u"w"_s);
    QVERIFY(source);
    QVERIFY(*source);
    QCOMPARE((*source)->size(), m_data.size());
    // The last bytes decode the last frame only.
    QByteArray tail(100, Qt::Uninitialized);
    QVERIFY((*source)->read(m_data.size() - 100, 100, tail.data()));
    QCOMPARE(tail, m_data.right(100));
    QCOMPARE((*source)->framesDecoded(), 1ull);
    // Ranges across frame boundaries equal the full decode.
    const std::vector<std::pair<qint64, qint64>> ranges{
        {0, 1},
        {qint64(TestFrame) - 3, 6},
        {qint64(TestFrame) / 2, qint64(3 * TestFrame)},
        {0, m_data.size()},
        {qint64(2 * TestFrame), qint64(TestFrame)},
        {m_data.size() - 1, 1},
    };
    for (const auto &[offset, length] : ranges) {
        QByteArray got(length, Qt::Uninitialized);
        const Status s = (*source)->read(offset, length, got.data());
        QVERIFY2(s, qPrintable(s ? QString() : s.error().toString()));
        QCOMPARE(got, m_data.mid(offset, length));
    }
    QByteArray outside(2, Qt::Uninitialized);
    QCOMPARE((*source)->read(m_data.size() - 1, 2, outside.data()).error().code, ErrorCode::Usage);
    // A one-frame entry has no table: callers keep the sequential path.
    const ZipEntry *small = (*reader)->find(u"small.txt"_s);
    QVERIFY(small);
    QString why;
    Result<std::shared_ptr<SeekableZstdSource>> none = SeekableZstdSource::open(**reader, *small, u"s"_s, &why);
    QVERIFY(none);
    QVERIFY(!*none);
    QVERIFY(!why.isEmpty());
}

void TestSeekableZstd::bsdtarReadsSeekableEntry()
{
    if (!haveTool(u"bsdtar"_s))
        CARTON_MISSING_TOOL("bsdtar");
    const QString path = m_dir.filePath(u"bsdtar.zip"_s);
    QCOMPARE(writeZip(path, m_data, TestFrame, 2), QString());
    const ToolResult r = runTool(u"bsdtar"_s, {u"-xOf"_s, path, u"tensor_data/w.bin"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out.size(), m_data.size());
    QCOMPARE(r.out, m_data);
}

// A seekable entry written without our code (bench/single-frame-carton.py: the
// zstd CLI per frame, the seek table and the zip by hand, as fuzz seeds are made)
// is read by range through its table.
void TestSeekableZstd::tableWrittenByAnotherWriter()
{
    if (!haveTool(u"zstd"_s))
        CARTON_MISSING_TOOL("zstd");
    if (!haveTool(u"python3"_s))
        CARTON_MISSING_TOOL("python3");
    const QString folder = m_dir.filePath(u"other"_s);
    const QByteArray data = m_data.left(10 * 1000 + 37);
    writeFile(folder + u"/model/w.bin"_s, data);
    writeFile(folder + u"/carton.toml"_s, "spec_version = 1\n");
    const QString path = m_dir.filePath(u"other.carton"_s);
    const ToolResult made = runTool(u"python3"_s, {testutil::sourcePath(u"/bench/single-frame-carton.py"),
                                                   u"--frame-size"_s, u"1000"_s, folder, path});
    QVERIFY2(made.exitCode == 0, made.err.constData());
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY2(reader, qPrintable(reader ? QString() : reader.error().toString()));
    const ZipEntry *entry = (*reader)->find(u"model/w.bin"_s);
    QVERIFY(entry);
    QString why;
    Result<std::shared_ptr<SeekableZstdSource>> source = SeekableZstdSource::open(**reader, *entry, u"w"_s, &why);
    QVERIFY(source);
    QVERIFY2(*source, qPrintable(why));
    QCOMPARE((*source)->table().frames().size(), std::size_t(11));
    QByteArray tail(30, Qt::Uninitialized); // inside the last frame (37 bytes)
    QVERIFY((*source)->read(data.size() - 30, 30, tail.data()));
    QCOMPARE(tail, data.right(30));
    QCOMPARE((*source)->framesDecoded(), 1ull);
    Result<QByteArray> whole = (*reader)->readEntry(*entry, 1 << 20);
    QVERIFY2(whole, qPrintable(whole ? QString() : whole.error().toString()));
    QCOMPARE(*whole, data);
}

void TestSeekableZstd::hostileTables_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<QString>("reason");
    const QByteArray good = seekableEncode(m_data, 0);
    Result<std::optional<SeekTable>> table = tableOf(good, quint64(m_data.size()));
    if (!table || !*table)
        qFatal("no table in the good stream");
    std::vector<std::pair<quint32, quint32>> entries;
    for (const SeekFrame &f : (*table)->frames())
        entries.emplace_back(f.compressedSize, f.decompressedSize);
    const QByteArray frames = good.left(good.size() - (8 + 8 * qsizetype(entries.size()) + 9));
    QCOMPARE(withTable(frames, entries), good); // the mutations below start from the real table

    QTest::newRow("truncated") << good.chopped(1) << u"no seekable magic number at the end"_s;
    QByteArray reserved = good;
    reserved[reserved.size() - 5] = char(0x04);
    QTest::newRow("reserved bits") << reserved << u"reserved bits of the seek table descriptor are set (0x04)"_s;
    QByteArray huge = good;
    patch32(huge, huge.size() - 9, 0xffffffffu);
    QTest::newRow("huge count") << huge << u"the seek table lists 4294967295 frames (1 to 1048576 expected)"_s;
    QByteArray tooMany = good;
    patch32(tooMany, tooMany.size() - 9, 100000);
    QTest::newRow("count beyond the stream")
        << tooMany << u"the seek table of 100000 frames is larger than the stream (%1 bytes)"_s.arg(good.size());
    QByteArray zero = good;
    patch32(zero, zero.size() - 9, 0);
    QTest::newRow("no frames") << zero << u"the seek table lists 0 frames (1 to 1048576 expected)"_s;
    QByteArray magic = good;
    patch32(magic, magic.size() - (8 + 8 * qsizetype(entries.size()) + 9), 0x184D2A50);
    QTest::newRow("skippable magic") << magic
                                     << u"the seek table does not start with the skippable frame magic number"_s;
    QByteArray frameSize = good;
    patch32(frameSize, frameSize.size() - (4 + 8 * qsizetype(entries.size()) + 9), 1000);
    QTest::newRow("skippable frame size")
        << frameSize << u"the seek table's frame size is 1000, %1 expected for 6 frames"_s.arg(8 * 6 + 9);
    auto shorter = entries;
    shorter[2].first -= 1;
    QTest::newRow("compressed sum") << withTable(frames, shorter)
                                    << u"the seek table's frames hold %1 compressed bytes, the stream %2"_s
                                           .arg(frames.size() - 1)
                                           .arg(frames.size());
    auto longer = entries;
    longer[5].second += 1;
    QTest::newRow("decompressed sum") << withTable(frames, longer)
                                      << u"the seek table's frames decode to %1 bytes, the entry states %2"_s
                                             .arg(m_data.size() + 1)
                                             .arg(m_data.size());
    auto bigFrame = entries;
    bigFrame[0].second = SeekTable::MaxFrameDecompressedSize + 1;
    QTest::newRow("frame over the cap") << withTable(frames, bigFrame)
                                        << u"frame 0 of the seek table is too large (%1 bytes from %2; at most %3)"_s
                                               .arg(SeekTable::MaxFrameDecompressedSize + 1)
                                               .arg(entries[0].first)
                                               .arg(SeekTable::MaxFrameDecompressedSize);
    auto fromNothing = entries;
    fromNothing.insert(fromNothing.begin(), {0u, 5u});
    QTest::newRow("bytes from no frame") << withTable(frames, fromNothing)
                                         << u"frame 0 of the seek table decodes 5 bytes from none"_s;
}

void TestSeekableZstd::hostileTables()
{
    QFETCH(QByteArray, stream);
    QFETCH(QString, reason);
    QString why;
    Result<std::optional<SeekTable>> table = tableOf(stream, quint64(m_data.size()), &why);
    QVERIFY(table);
    QVERIFY(!table->has_value());
    QCOMPARE(why, reason);
}

// A table whose sums agree but whose frames decode to other sizes than it states:
// found when the frame is decoded, as a Format error naming the frame.
void TestSeekableZstd::framesThatDecodeToOtherSizes()
{
    const QByteArray good = seekableEncode(m_data, 0);
    Result<std::optional<SeekTable>> table = tableOf(good, quint64(m_data.size()));
    QVERIFY(table && *table);
    std::vector<std::pair<quint32, quint32>> entries;
    for (const SeekFrame &f : (*table)->frames())
        entries.emplace_back(f.compressedSize, f.decompressedSize);
    const QByteArray frames = good.left(good.size() - (8 + 8 * qsizetype(entries.size()) + 9));

    struct Case {
        std::vector<std::pair<quint32, quint32>> entries;
        qint64 readAt;
        QString message;
    };
    auto shifted = entries; // frame 1 said 100 bytes longer, frame 2 100 shorter
    shifted[1].second += 100;
    shifted[2].second -= 100;
    auto merged = entries; // frames 3 and 4 listed as one
    merged[3] = {entries[3].first + entries[4].first, entries[3].second + entries[4].second};
    merged.erase(merged.begin() + 4);
    const std::vector<Case> cases{
        {shifted, qint64(TestFrame) + 5,
         u"seekable zstd frame 1: its header states %1 decoded bytes, the seek table %2"_s.arg(TestFrame).arg(
             TestFrame + 100)},
        {merged, qint64(3 * TestFrame) + 5,
         u"seekable zstd frame 3: its %1 bytes are not exactly one zstd frame"_s.arg(merged[3].first)},
    };
    for (const Case &c : cases) {
        const QString path = m_dir.filePath(u"lying.zip"_s);
        const QByteArray stream = withTable(frames, c.entries);
        writeFile(path, buildZip({RawEntry{"w.bin", stream, m_data, 93}}));
        Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
        QVERIFY(reader);
        Result<std::shared_ptr<SeekableZstdSource>> source =
            SeekableZstdSource::open(**reader, (*reader)->entries().front(), u"lying.zip: w.bin"_s);
        QVERIFY(source && *source);
        // Frames the lie does not touch read fine.
        QByteArray first(10, Qt::Uninitialized);
        QVERIFY((*source)->read(0, 10, first.data()));
        QCOMPARE(first, m_data.left(10));
        QByteArray bytes(10, Qt::Uninitialized);
        const Status s = (*source)->read(c.readAt, 10, bytes.data());
        QVERIFY(!s);
        QCOMPARE(s.error().code, ErrorCode::Format);
        QCOMPARE(s.error().message, c.message);
        QCOMPARE(s.error().location, u"lying.zip: w.bin"_s);
    }
}

// An entry whose table cannot be trusted is no seekable source, and the ordinary
// sequential path (which skips the skippable frame) still reads it whole.
void TestSeekableZstd::entryWithHostileTableStillReadsSequentially()
{
    const QByteArray good = seekableEncode(m_data, 0);
    QByteArray bad = good;
    patch32(bad, bad.size() - 9, 0xffffffffu);
    const QString path = m_dir.filePath(u"hostile.zip"_s);
    writeFile(path, buildZip({RawEntry{"w.bin", bad, m_data, 93}}));
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path);
    QVERIFY(reader);
    const ZipEntry &entry = (*reader)->entries().front();
    Result<std::shared_ptr<SeekableZstdSource>> source = SeekableZstdSource::open(**reader, entry, u"w"_s);
    QVERIFY(source);
    QVERIFY(!*source);
    Result<QByteArray> whole = (*reader)->readEntry(entry, 1 << 30);
    QVERIFY2(whole, qPrintable(whole ? QString() : whole.error().toString()));
    QCOMPARE(*whole, m_data);
}

// An entry over the reader's ratio cap is refused like openEntry() refuses it,
// seek table or not.
void TestSeekableZstd::ratioCapAppliesToo()
{
    const QByteArray zeros(qsizetype(20 * TestFrame), '\0'); // over 1 MiB: the cap applies
    const QByteArray stream = seekableEncode(zeros, 0);
    const QString path = m_dir.filePath(u"ratio.zip"_s);
    writeFile(path, buildZip({RawEntry{"z.bin", stream, zeros, 93}}));
    Limits limits;
    limits.maxRatio = 10;
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(path, limits);
    QVERIFY(reader);
    Result<std::shared_ptr<SeekableZstdSource>> source =
        SeekableZstdSource::open(**reader, (*reader)->entries().front(), u"z"_s);
    QVERIFY(!source);
    QCOMPARE(source.error().code, ErrorCode::Limit);
    // Within the cap, the same entry is served by its table.
    Result<std::unique_ptr<ZipReader>> lenient = ZipReader::open(path);
    QVERIFY(lenient);
    Result<std::shared_ptr<SeekableZstdSource>> served =
        SeekableZstdSource::open(**lenient, (*lenient)->entries().front(), u"z"_s);
    QVERIFY(served && *served);
}

QTEST_GUILESS_MAIN(TestSeekableZstd)
#include "tst_seekablezstd.moc"
