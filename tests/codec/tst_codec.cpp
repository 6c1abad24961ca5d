// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The shared codec layer: Decoder (buffer to buffer), StreamDecoder (caps, trailing
// data, truncation) and Encoder, for every codec, on data built in code.

#include "codec/decoder.h"
#include "codec/encoder.h"
#include "codec/streamdecoder.h"
#include "testencoders.h"
#include "testutil.h"

#include <QTest>
#include <zstd.h>

using namespace carton;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::Codec)

namespace {

QByteArray encodeWith(Codec codec, const QByteArray &data, int level = 3)
{
    Result<std::unique_ptr<Encoder>> encoder = Encoder::create(codec, level, 0);
    if (!encoder)
        qFatal("%s", qPrintable(encoder.error().toString()));
    QByteArray out;
    const Status s = (*encoder)->encode(
        data.constData(), std::size_t(data.size()), true,
        [](void *context, const char *bytes, std::size_t size) {
            static_cast<QByteArray *>(context)->append(bytes, qsizetype(size));
            return Status();
        },
        &out);
    if (!s)
        qFatal("%s", qPrintable(s.error().toString()));
    return out;
}

// Compressed `zeros` bytes of zeros, encoded piece by piece (never held whole).
QByteArray zeroBomb(Codec codec, qint64 zeros)
{
    Result<std::unique_ptr<Encoder>> encoder = Encoder::create(codec, codec == Codec::Zstd ? 1 : 9, 0);
    if (!encoder)
        qFatal("%s", qPrintable(encoder.error().toString()));
    const QByteArray piece(1 << 20, '\0');
    QByteArray out;
    auto sink = [](void *context, const char *bytes, std::size_t size) {
        static_cast<QByteArray *>(context)->append(bytes, qsizetype(size));
        return Status();
    };
    for (qint64 done = 0; done < zeros; done += piece.size()) {
        const bool last = done + piece.size() >= zeros;
        if (!(*encoder)->encode(piece.constData(), std::size_t(piece.size()), last, sink, &out))
            qFatal("encode failed");
    }
    return out;
}

// Decodes through the Decoder primitive, `inStep` input bytes and `outRoom` output
// bytes at a time, as a caller with small buffers does.
Result<QByteArray> decodeInSteps(Codec codec, const QByteArray &input, std::size_t inStep, std::size_t outRoom)
{
    Result<std::unique_ptr<Decoder>> decoder = Decoder::create(codec);
    if (!decoder)
        return decoder.error();
    QByteArray out;
    std::vector<char> buffer(outRoom);
    std::size_t inPos = 0;
    for (int idle = 0; idle < 2;) {
        const std::size_t inEnd = std::min(std::size_t(input.size()), inPos + inStep);
        const std::size_t before = inPos;
        std::size_t outPos = 0;
        if (Status s = (*decoder)->decode(input.constData(), inEnd, inPos, buffer.data(), outRoom, outPos); !s)
            return s.error();
        out.append(buffer.data(), qsizetype(outPos));
        if ((*decoder)->ended())
            break;
        // Two calls in a row without progress at the end of the input: nothing more comes.
        idle = (inPos == before && outPos == 0 && inPos == std::size_t(input.size())) ? idle + 1 : 0;
    }
    if (!(*decoder)->complete())
        return makeError(ErrorCode::Format, u"incomplete"_s);
    return out;
}

// Feeds `input` to a StreamDecoder in pieces of `step` bytes (0: at once) and finishes.
Result<QByteArray> streamDecode(Codec codec, const QByteArray &input, qsizetype step, qint64 cap)
{
    Result<std::unique_ptr<StreamDecoder>> decoder = StreamDecoder::create(codec, cap);
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
    if (Status s = (*decoder)->finish(); !s)
        return s.error();
    return out;
}

QByteArray encoded(Codec codec, const QByteArray &plain)
{
    switch (codec) {
    case Codec::Identity:
        return plain;
    case Codec::RawDeflate:
        return encodeWith(Codec::RawDeflate, plain);
    case Codec::Deflate:
        return testenc::zlibWrapped(plain);
    case Codec::Gzip:
        return testenc::gzip(plain);
    case Codec::Brotli:
        return testenc::brotli(plain);
    case Codec::Zstd:
        return encodeWith(Codec::Zstd, plain);
    }
    return {};
}

const Codec allCodecs[] = {Codec::Identity, Codec::RawDeflate, Codec::Deflate, Codec::Gzip, Codec::Brotli, Codec::Zstd};
const Codec compressed[] = {Codec::RawDeflate, Codec::Deflate, Codec::Gzip, Codec::Brotli, Codec::Zstd};

} // namespace

class TestCodec final : public QObject {
    Q_OBJECT

private slots:
    void names();
    void decoderSteps_data();
    void decoderSteps();
    void streamRoundTrip_data();
    void streamRoundTrip();
    void outputOnChunkBoundary_data();
    void outputOnChunkBoundary();
    void truncated_data();
    void truncated();
    void emptyInput_data();
    void emptyInput();
    void trailingAfterSingleStream_data();
    void trailingAfterSingleStream();
    void trailingGarbageMultiStream_data();
    void trailingGarbageMultiStream();
    void rawDeflateStopsAtStreamEnd();
    void deflateRawFallback();
    void corruptMessages_data();
    void corruptMessages();
    void bombStopsAtCap_data();
    void bombStopsAtCap();
    void zstdWindowCap();
    void sinkErrorStops();
    void encoderErrors();
    void encoderResetSameBytes();
};

void TestCodec::names()
{
    QCOMPARE(codecName(Codec::Identity), u"identity"_s);
    QCOMPARE(codecName(Codec::RawDeflate), u"deflate"_s);
    QCOMPARE(codecName(Codec::Deflate), u"deflate"_s);
    QCOMPARE(codecName(Codec::Gzip), u"gzip"_s);
    QCOMPARE(codecName(Codec::Brotli), u"br"_s);
    QCOMPARE(codecName(Codec::Zstd), u"zstd"_s);
    for (Codec codec : allCodecs) {
        Result<std::unique_ptr<Decoder>> decoder = Decoder::create(codec);
        QVERIFY(decoder.ok());
        QCOMPARE((*decoder)->codec(), codec);
        QCOMPARE((*decoder)->ended(), false);
        QCOMPARE((*decoder)->complete(), codec == Codec::Identity);
    }
}

void TestCodec::decoderSteps_data()
{
    QTest::addColumn<Codec>("codec");
    QTest::addColumn<QByteArray>("plain");
    QTest::addColumn<int>("inStep");
    QTest::addColumn<int>("outRoom");
    const QByteArray plain = testutil::mixedData(200 * 1024, 1);
    for (Codec codec : allCodecs) {
        for (auto [inStep, outRoom] :
             {std::pair{1 << 30, 1 << 20}, std::pair{1, 65536}, std::pair{4093, 1}, std::pair{1 << 30, 7}}) {
            QTest::addRow("%s in %d out %d", qPrintable(codecName(codec)), inStep, outRoom)
                << codec << plain << inStep << outRoom;
        }
    }
}

void TestCodec::decoderSteps()
{
    QFETCH(Codec, codec);
    QFETCH(QByteArray, plain);
    QFETCH(int, inStep);
    QFETCH(int, outRoom);
    const QByteArray input = encoded(codec, plain);
    if (codec != Codec::Identity)
        QVERIFY(input.size() < plain.size());
    const Result<QByteArray> out = decodeInSteps(codec, input, std::size_t(inStep), std::size_t(outRoom));
    QVERIFY2(out.ok(), qPrintable(out.ok() ? QString() : out.error().toString()));
    QCOMPARE(out->size(), plain.size());
    QVERIFY(*out == plain);
}

void TestCodec::streamRoundTrip_data()
{
    QTest::addColumn<Codec>("codec");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("plain");
    QTest::addColumn<int>("step");
    const QByteArray small = testutil::mixedData(1000, 2);
    const QByteArray large = testutil::mixedData(600 * 1024, 3);
    for (Codec codec : allCodecs) {
        for (int step : {0, 1, 4093}) {
            QTest::addRow("%s small step %d", qPrintable(codecName(codec)), step)
                << codec << encoded(codec, small) << small << step;
            if (step != 1)
                QTest::addRow("%s large step %d", qPrintable(codecName(codec)), step)
                    << codec << encoded(codec, large) << large << step;
        }
    }
    QTest::addRow("gzip three members") << Codec::Gzip
                                        << testenc::gzip(small) + testenc::gzip(large) + testenc::gzip("x")
                                        << small + large + "x" << 100;
    QTest::addRow("zstd two frames") << Codec::Zstd << encoded(Codec::Zstd, small) + encoded(Codec::Zstd, large)
                                     << small + large << 4093;
    QTest::addRow("deflate given raw") << Codec::Deflate << testenc::rawDeflate(large) << large << 4093;
}

void TestCodec::streamRoundTrip()
{
    QFETCH(Codec, codec);
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, plain);
    QFETCH(int, step);
    const Result<QByteArray> out = streamDecode(codec, input, step, 64 << 20);
    QVERIFY2(out.ok(), qPrintable(out.ok() ? QString() : out.error().toString()));
    QCOMPARE(out->size(), plain.size());
    QVERIFY(*out == plain);
}

void TestCodec::outputOnChunkBoundary_data()
{
    QTest::addColumn<Codec>("codec");
    for (Codec codec : allCodecs)
        QTest::newRow(qPrintable(codecName(codec))) << codec;
}

// Output that fills the 64 KiB pieces exactly: the end of the stream is seen in a
// call that produces nothing more, which must not read as a truncation.
void TestCodec::outputOnChunkBoundary()
{
    QFETCH(Codec, codec);
    for (qsizetype size : {qsizetype(64 * 1024), qsizetype(3 * 64 * 1024)}) {
        const QByteArray plain = testutil::mixedData(size, 4);
        const Result<QByteArray> out = streamDecode(codec, encoded(codec, plain), 0, size);
        QVERIFY2(out.ok(), qPrintable(out.ok() ? QString() : out.error().toString()));
        QVERIFY(*out == plain);
    }
}

void TestCodec::truncated_data()
{
    QTest::addColumn<Codec>("codec");
    QTest::addColumn<QByteArray>("input");
    const QByteArray plain = testutil::mixedData(50000, 5);
    for (Codec codec : compressed) {
        const QByteArray full = encoded(codec, plain);
        QTest::addRow("%s half", qPrintable(codecName(codec))) << codec << full.left(full.size() / 2);
        QTest::addRow("%s last byte", qPrintable(codecName(codec))) << codec << full.left(full.size() - 1);
    }
    const QByteArray gz = testenc::gzip(plain);
    QTest::addRow("gzip header only") << Codec::Gzip << gz.left(10);
    QTest::addRow("gzip second member cut") << Codec::Gzip << gz + testenc::gzip(plain).left(gz.size() / 3);
    const QByteArray zs = encoded(Codec::Zstd, plain);
    QTest::addRow("zstd second frame cut") << Codec::Zstd << zs + zs.left(zs.size() / 3);
}

void TestCodec::truncated()
{
    QFETCH(Codec, codec);
    QFETCH(QByteArray, input);
    for (int step : {0, 1000}) {
        const Result<QByteArray> out = streamDecode(codec, input, step, 1 << 20);
        QVERIFY(!out.ok());
        QCOMPARE(out.error().code, ErrorCode::Format);
        QCOMPARE(out.error().message, u"truncated %1 content: the stream ended early"_s.arg(codecName(codec)));
    }
    // The primitive says the same: the input so far is not a whole stream.
    const Result<QByteArray> direct = decodeInSteps(codec, input, 1 << 30, 1 << 20);
    QVERIFY(!direct.ok());
    QCOMPARE(direct.error().message, u"incomplete"_s);
}

void TestCodec::emptyInput_data()
{
    QTest::addColumn<Codec>("codec");
    for (Codec codec : allCodecs)
        QTest::newRow(qPrintable(codecName(codec))) << codec;
}

// An empty body is valid only without compression: every compressed format has a header.
void TestCodec::emptyInput()
{
    QFETCH(Codec, codec);
    const Result<QByteArray> out = streamDecode(codec, QByteArray(), 0, 100);
    if (codec == Codec::Identity) {
        QVERIFY(out.ok());
        QCOMPARE(out->size(), 0);
    } else {
        QVERIFY(!out.ok());
        QCOMPARE(out.error().message, u"truncated %1 content: the stream ended early"_s.arg(codecName(codec)));
    }
    // The compressed form of nothing decodes to nothing.
    const Result<QByteArray> none = streamDecode(codec, encoded(codec, QByteArray()), 0, 100);
    QVERIFY2(none.ok(), qPrintable(none.ok() ? QString() : none.error().toString()));
    QCOMPARE(none->size(), 0);
}

void TestCodec::trailingAfterSingleStream_data()
{
    QTest::addColumn<Codec>("codec");
    QTest::newRow("raw deflate") << Codec::RawDeflate;
    QTest::newRow("deflate") << Codec::Deflate;
    QTest::newRow("br") << Codec::Brotli;
}

void TestCodec::trailingAfterSingleStream()
{
    QFETCH(Codec, codec);
    const QByteArray plain = testutil::mixedData(2000, 6);
    const QByteArray body = encoded(codec, plain);
    for (int step : {0, 1}) {
        // In the same piece as the end of the stream, or in a later one.
        const Result<QByteArray> out = streamDecode(codec, body + "extra", step, 1 << 20);
        QVERIFY(!out.ok());
        QCOMPARE(out.error().code, ErrorCode::Format);
        QCOMPARE(out.error().message, u"corrupt %1 data: data after the end of the stream"_s.arg(codecName(codec)));
    }
}

void TestCodec::trailingGarbageMultiStream_data()
{
    QTest::addColumn<Codec>("codec");
    QTest::newRow("gzip") << Codec::Gzip;
    QTest::newRow("zstd") << Codec::Zstd;
}

// After a gzip member or zstd frame another may follow: junk there is a corrupt header.
void TestCodec::trailingGarbageMultiStream()
{
    QFETCH(Codec, codec);
    const QByteArray plain = testutil::mixedData(2000, 7);
    const Result<QByteArray> out = streamDecode(codec, encoded(codec, plain) + "junk after", 0, 1 << 20);
    QVERIFY(!out.ok());
    QCOMPARE(out.error().code, ErrorCode::Format);
    QVERIFY2(out.error().message.startsWith(u"corrupt %1 data: "_s.arg(codecName(codec))),
             qPrintable(out.error().message));
}

// A zip entry's compressed size may run past the deflate stream's end: the primitive
// stops at the end and leaves the rest unread.
void TestCodec::rawDeflateStopsAtStreamEnd()
{
    const QByteArray plain = testutil::mixedData(30000, 8);
    const QByteArray body = encoded(Codec::RawDeflate, plain);
    const QByteArray input = body + QByteArray(100, 'P');
    Result<std::unique_ptr<Decoder>> decoder = Decoder::create(Codec::RawDeflate);
    QVERIFY(decoder.ok());
    QByteArray out(plain.size() + 10, Qt::Uninitialized);
    std::size_t inPos = 0;
    std::size_t outPos = 0;
    QVERIFY(
        (*decoder)
            ->decode(input.constData(), std::size_t(input.size()), inPos, out.data(), std::size_t(out.size()), outPos)
            .ok());
    QVERIFY((*decoder)->ended());
    QVERIFY((*decoder)->complete());
    QCOMPARE(inPos, std::size_t(body.size()));
    QCOMPARE(outPos, std::size_t(plain.size()));
    QVERIFY(out.left(plain.size()) == plain);
    const std::size_t stopped = inPos;
    QVERIFY(
        (*decoder)
            ->decode(input.constData(), std::size_t(input.size()), inPos, out.data(), std::size_t(out.size()), outPos)
            .ok());
    QCOMPARE(inPos, stopped);
}

// HTTP "deflate" sent raw is recognised whatever the pieces, and zlib-wrapped
// "deflate" is never taken for raw.
void TestCodec::deflateRawFallback()
{
    const QByteArray plain = testutil::mixedData(100000, 9);
    for (int step : {0, 1, 3, 4096}) {
        const Result<QByteArray> raw = streamDecode(Codec::Deflate, testenc::rawDeflate(plain), step, 1 << 20);
        QVERIFY2(raw.ok(), qPrintable(raw.ok() ? QString() : raw.error().toString()));
        QVERIFY(*raw == plain);
    }
    // Raw deflate is not accepted where the zip format says raw deflate either way.
    const Result<QByteArray> wrappedAsRaw = streamDecode(Codec::RawDeflate, testenc::zlibWrapped(plain), 0, 1 << 20);
    QVERIFY(!wrappedAsRaw.ok());
    QCOMPARE(wrappedAsRaw.error().code, ErrorCode::Format);
}

void TestCodec::corruptMessages_data()
{
    QTest::addColumn<Codec>("codec");
    QTest::addColumn<QByteArray>("input");
    const QByteArray junk = testutil::mixedData(4096, 10);
    for (Codec codec : {Codec::Deflate, Codec::Gzip, Codec::Brotli, Codec::Zstd})
        QTest::addRow("%s junk", qPrintable(codecName(codec))) << codec << junk;
    QByteArray badCrc = testenc::gzip(testutil::mixedData(3000, 11));
    badCrc[badCrc.size() - 6] = char(badCrc[badCrc.size() - 6] ^ 0x55);
    QTest::addRow("gzip bad crc") << Codec::Gzip << badCrc;
    QByteArray badChecksum = testenc::zlibWrapped(testutil::mixedData(3000, 12));
    badChecksum[badChecksum.size() - 1] = char(badChecksum[badChecksum.size() - 1] ^ 0x01);
    QTest::addRow("deflate bad adler-32") << Codec::Deflate << badChecksum;
}

void TestCodec::corruptMessages()
{
    QFETCH(Codec, codec);
    QFETCH(QByteArray, input);
    const Result<QByteArray> out = streamDecode(codec, input, 0, 1 << 20);
    QVERIFY(!out.ok());
    QCOMPARE(out.error().code, ErrorCode::Format);
    const QString prefix = u"corrupt %1 data: "_s.arg(codecName(codec));
    QVERIFY2(out.error().message.startsWith(prefix), qPrintable(out.error().message));
    QVERIFY2(out.error().message.size() > prefix.size(), "the library's detail is kept");
}

void TestCodec::bombStopsAtCap_data()
{
    QTest::addColumn<Codec>("codec");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<qint64>("expands");
    const qint64 zeros = 64ll << 20;
    QTest::newRow("raw deflate") << Codec::RawDeflate << zeroBomb(Codec::RawDeflate, zeros) << zeros;
    QTest::newRow("zstd") << Codec::Zstd << zeroBomb(Codec::Zstd, zeros) << zeros;
    const QByteArray zeros64(64 << 20, '\0');
    QTest::newRow("gzip") << Codec::Gzip << testenc::gzip(zeros64) << qint64(zeros64.size());
    QTest::newRow("deflate") << Codec::Deflate << testenc::zlibWrapped(zeros64) << qint64(zeros64.size());
    QTest::newRow("br") << Codec::Brotli << testenc::brotli(zeros64) << qint64(zeros64.size());
}

// A decompression bomb (ratio over 500:1) costs what the cap allows, not what it
// expands to: output stops at the cap and most of the input is never read.
void TestCodec::bombStopsAtCap()
{
    QFETCH(Codec, codec);
    QFETCH(QByteArray, input);
    QFETCH(qint64, expands);
    QVERIFY2(qint64(input.size()) * 500 < expands, "the input should be a bomb");
    const qint64 cap = 1 << 20;
    Result<std::unique_ptr<StreamDecoder>> decoder = StreamDecoder::create(codec, cap);
    QVERIFY(decoder.ok());
    qint64 delivered = 0;
    qsizetype largest = 0;
    const Status s = (*decoder)->decodeTo(input, [&](QByteArrayView piece) {
        delivered += piece.size();
        largest = std::max(largest, piece.size());
        return Status();
    });
    QVERIFY(!s.ok());
    QCOMPARE(s.error().code, ErrorCode::Limit);
    QCOMPARE(s.error().message, u"decoded %1 content exceeds the limit of 1048576 bytes"_s.arg(codecName(codec)));
    QVERIFY(delivered <= cap);
    QVERIFY(delivered > cap - 64 * 1024);
    QVERIFY(largest <= 64 * 1024);
    QCOMPARE((*decoder)->bytesOut(), delivered);
    if (codec != Codec::Brotli) // brotli takes its (tiny) input whole
        QVERIFY2((*decoder)->bytesIn() < input.size() / 2, qPrintable(QString::number((*decoder)->bytesIn())));
}

// A zstd frame that needs a window over 128 MiB is refused before any allocation.
void TestCodec::zstdWindowCap()
{
    ZSTD_CCtx *ctx = ZSTD_createCCtx();
    QVERIFY(ctx);
    QVERIFY(!ZSTD_isError(ZSTD_CCtx_setParameter(ctx, ZSTD_c_windowLog, 28)));
    const QByteArray plain = testutil::mixedData(10000, 13);
    QByteArray frame(1 << 16, Qt::Uninitialized);
    ZSTD_outBuffer out{frame.data(), std::size_t(frame.size()), 0};
    // Content size unknown (streamed): the header keeps the full 256 MiB window.
    ZSTD_inBuffer in{plain.constData(), std::size_t(plain.size()), 0};
    QVERIFY(!ZSTD_isError(ZSTD_compressStream2(ctx, &out, &in, ZSTD_e_continue)));
    ZSTD_inBuffer none{nullptr, 0, 0};
    QCOMPARE(ZSTD_compressStream2(ctx, &out, &none, ZSTD_e_end), std::size_t(0));
    ZSTD_freeCCtx(ctx);
    frame.truncate(qsizetype(out.pos));
    QCOMPARE(ZSTD_getFrameContentSize(frame.constData(), std::size_t(frame.size())), ZSTD_CONTENTSIZE_UNKNOWN);
    const Result<QByteArray> decoded = streamDecode(Codec::Zstd, frame, 0, 1 << 20);
    QVERIFY(!decoded.ok());
    QCOMPARE(decoded.error().code, ErrorCode::Format);
    QVERIFY2(decoded.error().message.startsWith(u"corrupt zstd data: "_s), qPrintable(decoded.error().message));
    QVERIFY2(decoded.error().message.contains(u"memory"_s), qPrintable(decoded.error().message));
}

void TestCodec::sinkErrorStops()
{
    const QByteArray plain = testutil::mixedData(300000, 14);
    for (Codec codec : allCodecs) {
        Result<std::unique_ptr<StreamDecoder>> decoder = StreamDecoder::create(codec, 1 << 30);
        QVERIFY(decoder.ok());
        int calls = 0;
        const Status s = (*decoder)->decodeTo(encoded(codec, plain), [&calls](QByteArrayView) {
            ++calls;
            return Status(makeError(ErrorCode::Io, u"disk full"_s));
        });
        QVERIFY(!s.ok());
        QCOMPARE(s.error().code, ErrorCode::Io);
        QCOMPARE(s.error().message, u"disk full"_s);
        QCOMPARE(calls, 1);
    }
}

void TestCodec::encoderErrors()
{
    for (Codec codec : {Codec::Identity, Codec::Deflate, Codec::Gzip, Codec::Brotli}) {
        const Result<std::unique_ptr<Encoder>> encoder = Encoder::create(codec, 3);
        QVERIFY(!encoder.ok());
        QCOMPARE(encoder.error().code, ErrorCode::Unsupported);
        QCOMPARE(encoder.error().message, u"cannot compress with %1"_s.arg(codecName(codec)));
    }
    // A failing sink stops the encoder with the sink's error.
    for (Codec codec : {Codec::RawDeflate, Codec::Zstd}) {
        Result<std::unique_ptr<Encoder>> encoder = Encoder::create(codec, 3);
        QVERIFY(encoder.ok());
        const QByteArray plain = testutil::mixedData(3 << 20, 15);
        int calls = 0;
        const Status s = (*encoder)->encode(
            plain.constData(), std::size_t(plain.size()), true,
            [](void *context, const char *, std::size_t) {
                ++*static_cast<int *>(context);
                return Status(makeError(ErrorCode::Io, u"disk full"_s));
            },
            &calls);
        QVERIFY(!s.ok());
        QCOMPARE(s.error().message, u"disk full"_s);
        QCOMPARE(calls, 1);
    }
}

// A reset encoder gives the bytes of a fresh one (the zip writer reuses encoders).
void TestCodec::encoderResetSameBytes()
{
    const QByteArray a = testutil::mixedData(100000, 16);
    const QByteArray b = testutil::mixedData(50000, 17);
    auto sink = [](void *context, const char *bytes, std::size_t size) {
        static_cast<QByteArray *>(context)->append(bytes, qsizetype(size));
        return Status();
    };
    Result<std::unique_ptr<Encoder>> encoder = Encoder::create(Codec::Zstd, 3, 1);
    QVERIFY(encoder.ok());
    QByteArray first;
    QVERIFY((*encoder)->encode(a.constData(), std::size_t(a.size()), true, sink, &first).ok());
    QVERIFY((*encoder)->reset());
    QByteArray second;
    QVERIFY((*encoder)->encode(b.constData(), std::size_t(b.size()), true, sink, &second).ok());
    Result<std::unique_ptr<Encoder>> fresh = Encoder::create(Codec::Zstd, 3, 1);
    QVERIFY(fresh.ok());
    QByteArray expected;
    QVERIFY((*fresh)->encode(b.constData(), std::size_t(b.size()), true, sink, &expected).ok());
    QVERIFY(second == expected);
    const Result<QByteArray> back = streamDecode(Codec::Zstd, first + second, 0, 1 << 20);
    QVERIFY(back.ok());
    QVERIFY(*back == a + b);
}

QTEST_GUILESS_MAIN(TestCodec)
#include "tst_codec.moc"
