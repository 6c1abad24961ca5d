// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "links/contentdecoder.h"
#include "testencoders.h"
#include "testutil.h"

#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

// Feeds `input` in pieces of `step` bytes (0: all at once) and finishes.
Result<QByteArray> decodeAll(const QByteArray &encoding, const QByteArray &input, qsizetype step, qint64 cap)
{
    Result<std::unique_ptr<StreamDecoder>> decoder = createContentDecoder(encoding, cap);
    if (!decoder)
        return decoder.error();
    QByteArray out;
    const qsizetype piece = step > 0 ? step : std::max<qsizetype>(input.size(), 1);
    for (qsizetype pos = 0; pos < input.size(); pos += piece) {
        Result<QByteArray> part =
            (*decoder)->decode(QByteArrayView(input).sliced(pos, std::min(piece, input.size() - pos)));
        if (!part)
            return part.error();
        out.append(*part);
    }
    Status s = (*decoder)->finish();
    if (!s)
        return s.error();
    return out;
}

} // namespace

class TestContentDecoder final : public QObject {
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void gzipMultiMember();
    void truncated_data();
    void truncated();
    void bombCapped_data();
    void bombCapped();
    void garbage_data();
    void garbage();
    void trailingData();
    void unsupported();
    void sinkErrorStops();
};

void TestContentDecoder::roundTrip_data()
{
    QTest::addColumn<QByteArray>("encoding");
    QTest::addColumn<QByteArray>("encoded");
    QTest::addColumn<QByteArray>("plain");
    QTest::addColumn<int>("step");

    const QByteArray small = testutil::mixedData(1000, 1);
    const QByteArray large = testutil::mixedData(600 * 1024, 2); // more than the 64 KiB output chunk
    const QByteArray empty;
    struct Codec {
        const char *encoding;
        QByteArray (*encode)(const QByteArray &);
    };
    const Codec codecs[] = {{"identity", [](const QByteArray &d) { return d; }},
                            {"gzip", testenc::gzip},
                            {"x-gzip", testenc::gzip},
                            {"deflate", testenc::zlibWrapped},
                            {"br", testenc::brotli},
                            {"zstd", testenc::zstd}};
    for (const Codec &codec : codecs) {
        for (int step : {0, 1, 4093}) {
            QTest::addRow("%s small step %d", codec.encoding, step)
                << QByteArray(codec.encoding) << codec.encode(small) << small << step;
            if (step != 1)
                QTest::addRow("%s large step %d", codec.encoding, step)
                    << QByteArray(codec.encoding) << codec.encode(large) << large << step;
        }
        QTest::addRow("%s empty", codec.encoding) << QByteArray(codec.encoding) << codec.encode(empty) << empty << 0;
    }
    QTest::addRow("deflate raw fallback") << QByteArray("deflate") << testenc::rawDeflate(small) << small << 0;
    QTest::addRow("deflate raw fallback step 1") << QByteArray("deflate") << testenc::rawDeflate(small) << small << 1;
    QTest::addRow("deflate raw large") << QByteArray("deflate") << testenc::rawDeflate(large) << large << 4093;
    QTest::addRow("GZIP upper case") << QByteArray(" GZIP ") << testenc::gzip(small) << small << 0;
    QTest::addRow("zstd two frames") << QByteArray("zstd") << testenc::zstd(small) + testenc::zstd(large)
                                     << small + large << 4093;
}

void TestContentDecoder::roundTrip()
{
    QFETCH(QByteArray, encoding);
    QFETCH(QByteArray, encoded);
    QFETCH(QByteArray, plain);
    QFETCH(int, step);
    if (encoding != "identity" && !plain.isEmpty())
        QVERIFY(encoded != plain);
    const Result<QByteArray> decoded = decodeAll(encoding, encoded, step, 64 << 20);
    QVERIFY2(decoded.ok(), qPrintable(decoded.ok() ? QString() : decoded.error().toString()));
    QCOMPARE(decoded->size(), plain.size());
    QVERIFY(*decoded == plain);
}

void TestContentDecoder::gzipMultiMember()
{
    const QByteArray a = testutil::mixedData(5000, 3);
    const QByteArray b = testutil::mixedData(7000, 4);
    const QByteArray c = testutil::mixedData(1, 5);
    const QByteArray encoded = testenc::gzip(a) + testenc::gzip(b) + testenc::gzip(c);
    for (int step : {0, 1, 100}) {
        const Result<QByteArray> decoded = decodeAll("gzip", encoded, step, 1 << 20);
        QVERIFY2(decoded.ok(), qPrintable(decoded.ok() ? QString() : decoded.error().toString()));
        QVERIFY(*decoded == a + b + c);
    }
}

void TestContentDecoder::truncated_data()
{
    QTest::addColumn<QByteArray>("encoding");
    QTest::addColumn<QByteArray>("encoded");
    const QByteArray data = testutil::mixedData(50000, 6);
    const QByteArray gz = testenc::gzip(data);
    const QByteArray zl = testenc::zlibWrapped(data);
    const QByteArray br = testenc::brotli(data);
    const QByteArray zs = testenc::zstd(data);
    QTest::addRow("gzip missing trailer") << QByteArray("gzip") << gz.left(gz.size() - 4);
    QTest::addRow("gzip half") << QByteArray("gzip") << gz.left(gz.size() / 2);
    QTest::addRow("gzip header only") << QByteArray("gzip") << gz.left(10);
    QTest::addRow("gzip nothing") << QByteArray("gzip") << QByteArray();
    QTest::addRow("deflate missing adler") << QByteArray("deflate") << zl.left(zl.size() - 2);
    QTest::addRow("deflate half") << QByteArray("deflate") << zl.left(zl.size() / 2);
    QTest::addRow("br last byte") << QByteArray("br") << br.left(br.size() - 1);
    QTest::addRow("br half") << QByteArray("br") << br.left(br.size() / 2);
    QTest::addRow("br nothing") << QByteArray("br") << QByteArray();
    QTest::addRow("zstd last byte") << QByteArray("zstd") << zs.left(zs.size() - 1);
    QTest::addRow("zstd half") << QByteArray("zstd") << zs.left(zs.size() / 2);
    QTest::addRow("zstd nothing") << QByteArray("zstd") << QByteArray();
}

void TestContentDecoder::truncated()
{
    QFETCH(QByteArray, encoding);
    QFETCH(QByteArray, encoded);
    for (int step : {0, 1000}) {
        const Result<QByteArray> decoded = decodeAll(encoding, encoded, step, 1 << 20);
        QVERIFY(!decoded.ok());
        QCOMPARE(decoded.error().code, ErrorCode::Format);
        QVERIFY2(decoded.error().message.startsWith(u"truncated "_s), qPrintable(decoded.error().toString()));
    }
}

void TestContentDecoder::bombCapped_data()
{
    QTest::addColumn<QByteArray>("encoding");
    QTest::addColumn<QByteArray>("encoded");
    const QByteArray zeros(64 << 20, '\0'); // 64 MiB of zeros: a few KiB compressed
    QTest::addRow("gzip") << QByteArray("gzip") << testenc::gzip(zeros);
    QTest::addRow("deflate") << QByteArray("deflate") << testenc::zlibWrapped(zeros);
    QTest::addRow("br") << QByteArray("br") << testenc::brotli(zeros);
    QTest::addRow("zstd") << QByteArray("zstd") << testenc::zstd(zeros);
    QTest::addRow("identity") << QByteArray("identity") << QByteArray(2 << 20, 'x');
}

void TestContentDecoder::bombCapped()
{
    QFETCH(QByteArray, encoding);
    QFETCH(QByteArray, encoded);
    if (encoding != "identity")
        QVERIFY2(encoded.size() < (1 << 20), "the bomb should be small");
    const qint64 cap = 1 << 20;
    Result<std::unique_ptr<StreamDecoder>> decoder = createContentDecoder(encoding, cap);
    QVERIFY(decoder.ok());
    qint64 delivered = 0;
    const Status s = (*decoder)->decodeTo(encoded, [&delivered](QByteArrayView piece) {
        delivered += piece.size();
        return Status();
    });
    QVERIFY(!s.ok());
    QCOMPARE(s.error().code, ErrorCode::Limit);
    QVERIFY(delivered <= cap);
    QVERIFY2(s.error().message.contains(u"exceeds the limit"_s), qPrintable(s.error().toString()));
}

void TestContentDecoder::garbage_data()
{
    QTest::addColumn<QByteArray>("encoding");
    QTest::addColumn<QByteArray>("input");
    const QByteArray junk = testutil::mixedData(4096, 7);
    for (const char *enc : {"gzip", "deflate", "br", "zstd"})
        QTest::addRow("%s junk", enc) << QByteArray(enc) << junk;
    QByteArray badCrc = testenc::gzip(testutil::mixedData(3000, 8));
    badCrc[badCrc.size() - 6] = char(badCrc[badCrc.size() - 6] ^ 0x55);
    QTest::addRow("gzip bad crc") << QByteArray("gzip") << badCrc;
}

void TestContentDecoder::garbage()
{
    QFETCH(QByteArray, encoding);
    QFETCH(QByteArray, input);
    const Result<QByteArray> decoded = decodeAll(encoding, input, 0, 1 << 20);
    QVERIFY(!decoded.ok());
    QCOMPARE(decoded.error().code, ErrorCode::Format);
}

void TestContentDecoder::trailingData()
{
    const QByteArray data = testutil::mixedData(2000, 9);
    for (const QByteArray &enc : {QByteArray("deflate"), QByteArray("br")}) {
        const QByteArray encoded = enc == "br" ? testenc::brotli(data) : testenc::zlibWrapped(data);
        const Result<QByteArray> decoded = decodeAll(enc, encoded + "extra", 0, 1 << 20);
        QVERIFY2(!decoded.ok(), enc.constData());
        QVERIFY2(decoded.error().message.contains(u"after the end"_s), qPrintable(decoded.error().toString()));
    }
}

void TestContentDecoder::unsupported()
{
    for (const char *enc : {"compress", "lzma", "gzip;q=1", "x-custom"}) {
        const auto decoder = createContentDecoder(enc, 100);
        QVERIFY(!decoder.ok());
        QCOMPARE(decoder.error().code, ErrorCode::Unsupported);
    }
}

void TestContentDecoder::sinkErrorStops()
{
    const QByteArray data = testutil::mixedData(300000, 10);
    auto decoder = createContentDecoder("zstd", 1 << 30);
    QVERIFY(decoder.ok());
    int calls = 0;
    const Status s = (*decoder)->decodeTo(testenc::zstd(data), [&calls](QByteArrayView) {
        ++calls;
        return Status(makeError(ErrorCode::Io, u"disk full"_s));
    });
    QVERIFY(!s.ok());
    QCOMPARE(s.error().code, ErrorCode::Io);
    QCOMPARE(calls, 1);
}

QTEST_GUILESS_MAIN(TestContentDecoder)
#include "tst_contentdecoder.moc"
