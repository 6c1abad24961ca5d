// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The KServe v2 binary tensor layout and the runner pipe framing: round trips of
// every dtype, the spec document's example byte for byte, and hostile input
// (every case a clear error naming the tensor and field, no crash, no allocation
// from declared sizes).

#include "runner/wirecodec.h"
#include "runner/wireframe.h"

#include <QBuffer>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QTest>
#include <QtEndian>

using namespace carton;
using namespace carton::wire;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::ErrorCode)

namespace {

QJsonObject descriptor(const QString &name, const QString &type, const QJsonArray &shape, qint64 size)
{
    return QJsonObject{{u"name"_s, name},
                       {u"datatype"_s, type},
                       {u"shape"_s, shape},
                       {u"parameters"_s, QJsonObject{{u"binary_data_size"_s, size}}}};
}

QByteArray le32(quint32 v)
{
    char b[4];
    qToLittleEndian(v, b);
    return QByteArray(b, 4);
}

QByteArray prefix(quint32 jsonLength, quint64 binaryLength)
{
    char b[12];
    qToLittleEndian(jsonLength, b);
    qToLittleEndian(binaryLength, b + 4);
    return QByteArray("CRTN") + QByteArray(b, 12);
}

template <typename T>
QByteArray errorText(const Result<T> &r)
{
    return r.ok() ? QByteArray() : r.error().toString().toUtf8();
}

// Tensor's own operator== is unusable (QList of an incomplete type), so compare here.
bool same(const Tensor &a, const Tensor &b)
{
    return a.name() == b.name() && a.dtype() == b.dtype() && a.shape() == b.shape() && a.data() == b.data() &&
           a.stringValues() == b.stringValues();
}

bool same(const QList<Tensor> &a, const QList<Tensor> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (!same(a.at(i), b.at(i)))
            return false;
    }
    return true;
}

QByteArray joined(const QList<QByteArray> &chunks)
{
    QByteArray out;
    for (const QByteArray &c : chunks)
        out += c;
    return out;
}

} // namespace

class TestWireCodec : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void datatypeNames();
    void roundTripEveryDtype();
    void specExampleRequest();
    void encodeRejectsInconsistentTensors();
    void hostileDescriptors_data();
    void hostileDescriptors();
    void frameRoundTripByteByByte();
    void hostileFrames_data();
    void hostileFrames();
    void hugeDeclaredLengthAllocatesNothing();
    void truncatedStreamIsAnError();
};

void TestWireCodec::datatypeNames()
{
    QCOMPARE(kserveDatatype(DType::Float32), u"FP32"_s);
    QCOMPARE(kserveDatatype(DType::String), u"BYTES"_s);
    QCOMPARE(kserveDatatype(DType::Bool), u"BOOL"_s);
    QCOMPARE(kserveDatatype(DType::Uint64), u"UINT64"_s);
    QCOMPARE(kserveDatatype(DType::Nested), QString());
    for (DType d :
         {DType::Float32, DType::Float64, DType::String, DType::Int8, DType::Int16, DType::Int32, DType::Int64,
          DType::Uint8, DType::Uint16, DType::Uint32, DType::Uint64, DType::Float16, DType::BFloat16, DType::Bool})
        QCOMPARE(parseKserveDatatype(kserveDatatype(d)), d);
    QVERIFY(!parseKserveDatatype(u"fp32"));
}

void TestWireCodec::roundTripEveryDtype()
{
    QList<Tensor> tensors;
    int i = 0;
    for (DType d : {DType::Float32, DType::Float64, DType::Int8, DType::Int16, DType::Int32, DType::Int64, DType::Uint8,
                    DType::Uint16, DType::Uint32, DType::Uint64, DType::Float16, DType::BFloat16, DType::Bool}) {
        QByteArray data;
        for (int b = 0; b < 6 * dtypeSize(d); ++b)
            data.append(d == DType::Bool ? char(b % 2) : char(b * 7 + i));
        tensors.append(Tensor::numeric(u"t%1"_s.arg(i++), d, {2, 3}, data));
    }
    tensors.append(Tensor::strings(u"s"_s, {2, 2}, {u"a"_s, QString(), u"🥳 ok"_s, u"తెలుగు"_s}));
    tensors.append(Tensor::strings(u"scalar"_s, {}, {u"one"_s}));
    tensors.append(Tensor::numeric(u"empty"_s, DType::Float32, {0, 3}, {}));
    Result<EncodedTensors> enc = encodeTensors(tensors);
    QVERIFY2(enc.ok(), errorText(enc).constData());
    QCOMPARE(enc->descriptors.size(), tensors.size());
    QCOMPARE(enc->chunks.size(), tensors.size());
    // Numeric data is shared with the tensor, not copied.
    QCOMPARE(enc->chunks.first().constData(), tensors.first().data().constData());
    const QByteArray binary = joined(enc->chunks);
    QCOMPARE(binary.size(), enc->binarySize);
    Result<QList<Tensor>> dec = decodeTensors(enc->descriptors, binary, u"test"_s);
    QVERIFY2(dec.ok(), errorText(dec).constData());
    QVERIFY(same(*dec, tensors));
}

void TestWireCodec::specExampleRequest()
{
    // The request of specs/triton-binary-tensor-data.txt: input0 UINT32 [2, 2] (16
    // bytes), input1 BOOL [3] (3 bytes), 19 bytes after the JSON.
    QByteArray u32;
    for (quint32 v : {1u, 2u, 3u, 4u})
        u32 += le32(v);
    const QList<Tensor> tensors{Tensor::numeric(u"input0"_s, DType::Uint32, {2, 2}, u32),
                                Tensor::numeric(u"input1"_s, DType::Bool, {3}, QByteArray("\x01\x00\x01", 3))};
    Result<EncodedTensors> enc = encodeTensors(tensors);
    QVERIFY(enc.ok());
    const QJsonArray expected{descriptor(u"input0"_s, u"UINT32"_s, {2, 2}, 16),
                              descriptor(u"input1"_s, u"BOOL"_s, {3}, 3)};
    QCOMPARE(enc->descriptors, expected);
    QCOMPARE(enc->binarySize, 19);
    QCOMPARE(joined(enc->chunks), u32 + QByteArray("\x01\x00\x01", 3));
    // The spec's response: output0 FP32 [3, 2], 24 bytes.
    QByteArray f32(24, '\0');
    Result<QList<Tensor>> dec =
        decodeTensors(QJsonArray{descriptor(u"output0"_s, u"FP32"_s, {3, 2}, 24)}, f32, u"response"_s);
    QVERIFY(dec.ok());
    QCOMPARE(dec->first().shape(), (QList<qint64>{3, 2}));
    QCOMPARE(dec->first().dtype(), DType::Float32);
}

void TestWireCodec::encodeRejectsInconsistentTensors()
{
    Result<EncodedTensors> r = encodeTensors({Tensor::numeric(u"y"_s, DType::Float32, {2, 3}, QByteArray(4, 0))});
    QVERIFY(!r.ok());
    QCOMPARE(r.error().message, u"tensor \"y\" has shape [2, 3] (6 float32 elements) but 4 bytes of data"_s);
    r = encodeTensors({Tensor::strings(u"s"_s, {3}, {u"a"_s})});
    QVERIFY(!r.ok());
    QVERIFY(r.error().message.contains(u"3 elements) but 1 strings"));
    r = encodeTensors({Tensor::nested(u"n"_s, {})});
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Unsupported);
}

void TestWireCodec::hostileDescriptors_data()
{
    QTest::addColumn<QJsonArray>("descriptors");
    QTest::addColumn<QByteArray>("binary");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QString>("message");
    const QByteArray four(4, 0);
    QTest::newRow("not an object") << QJsonArray{1} << QByteArray() << ErrorCode::Format << u"tensor 0 is not"_s;
    QTest::newRow("no name") << QJsonArray{QJsonObject{{u"datatype"_s, u"FP32"_s}}} << four << ErrorCode::Format
                             << u"tensor 0 has no \"name\""_s;
    QTest::newRow("bad datatype") << QJsonArray{descriptor(u"x"_s, u"FLOAT"_s, {1}, 4)} << four << ErrorCode::Format
                                  << u"tensor \"x\": \"datatype\" must be one of"_s;
    QJsonObject noShape = descriptor(u"x"_s, u"FP32"_s, {1}, 4);
    noShape.remove(u"shape"_s);
    QTest::newRow("no shape") << QJsonArray{noShape} << four << ErrorCode::Format << u"\"shape\" must be an array"_s;
    QTest::newRow("negative dim") << QJsonArray{descriptor(u"x"_s, u"FP32"_s, {-1}, 4)} << four << ErrorCode::Format
                                  << u"non-negative integers"_s;
    QTest::newRow("fractional dim") << QJsonArray{descriptor(u"x"_s, u"FP32"_s, {1.5}, 4)} << four << ErrorCode::Format
                                    << u"non-negative integers"_s;
    QTest::newRow("element count overflow")
        << QJsonArray{descriptor(u"x"_s, u"FP32"_s, {4e15, 4e15, 4e15}, 4)} << four << ErrorCode::Limit
        << u"tensor \"x\" has shape [4000000000000000, 4000000000000000, 4000000000000000]: more than"_s;
    QJsonArray deep;
    for (int i = 0; i < 65; ++i)
        deep.append(1);
    QTest::newRow("rank 65") << QJsonArray{descriptor(u"x"_s, u"FP32"_s, deep, 4)} << four << ErrorCode::Limit
                             << u"has 65 dims"_s;
    QJsonObject noSize = descriptor(u"x"_s, u"FP32"_s, {1}, 4);
    noSize.remove(u"parameters"_s);
    QTest::newRow("no binary_data_size") << QJsonArray{noSize} << four << ErrorCode::Format
                                         << u"\"parameters.binary_data_size\" must be"_s;
    QTest::newRow("size past end") << QJsonArray{descriptor(u"x"_s, u"FP32"_s, {1000000}, 4000000)} << four
                                   << ErrorCode::Format
                                   << u"binary_data_size 4000000 runs past the end of the data (4 bytes left)"_s;
    QTest::newRow("size disagrees with shape") << QJsonArray{descriptor(u"x"_s, u"FP32"_s, {2}, 4)} << four
                                               << ErrorCode::Format << u"shape [2] of FP32 needs 8 bytes"_s;
    QTest::newRow("bytes length past end") << QJsonArray{descriptor(u"s"_s, u"BYTES"_s, {1}, 6)} << le32(1000) + "ab"
                                           << ErrorCode::Format << u"element 0 is 1000 bytes, past the tensor's end"_s;
    QTest::newRow("bytes missing length") << QJsonArray{descriptor(u"s"_s, u"BYTES"_s, {2}, 5)} << le32(1) + "a"
                                          << ErrorCode::Format << u"element 1 of 2 has no length"_s;
    QTest::newRow("bytes left over") << QJsonArray{descriptor(u"s"_s, u"BYTES"_s, {1}, 7)} << le32(1) + "abc"
                                     << ErrorCode::Format << u"2 bytes left over"_s;
    QTest::newRow("bytes not utf-8") << QJsonArray{descriptor(u"s"_s, u"BYTES"_s, {1}, 6)} << le32(2) + "\xff\xfe"
                                     << ErrorCode::Format << u"element 0 is not valid UTF-8"_s;
    QTest::newRow("billions of strings in 8 bytes")
        << QJsonArray{descriptor(u"s"_s, u"BYTES"_s, {1e12}, 8)} << le32(0) + le32(0) << ErrorCode::Format
        << u"element 2 of 1000000000000 has no length"_s;
    QTest::newRow("trailing bytes") << QJsonArray{descriptor(u"x"_s, u"FP32"_s, {1}, 4)} << QByteArray(8, 0)
                                    << ErrorCode::Format << u"4 bytes of tensor data follow the last tensor"_s;
    QJsonArray many;
    for (int i = 0; i < 100'001; ++i)
        many.append(0);
    QTest::newRow("too many tensors") << many << QByteArray() << ErrorCode::Limit << u"100001 tensors"_s;
}

void TestWireCodec::hostileDescriptors()
{
    QFETCH(QJsonArray, descriptors);
    QFETCH(QByteArray, binary);
    QFETCH(ErrorCode, code);
    QFETCH(QString, message);
    QElapsedTimer timer;
    timer.start();
    Result<QList<Tensor>> r = decodeTensors(descriptors, binary, u"hostile message"_s);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, code);
    QCOMPARE(r.error().location, u"hostile message"_s);
    QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
    QVERIFY(timer.elapsed() < 2000);
}

void TestWireCodec::frameRoundTripByteByByte()
{
    const TensorMap inputs{{u"a"_s, Tensor::numeric(u"a"_s, DType::Int64, {2}, QByteArray(16, 3))},
                           {u"b"_s, Tensor::strings(u"b"_s, {1}, {u"x"_s})}};
    Result<QList<QByteArray>> chunks = encodeFrame(QJsonObject{{u"type"_s, u"infer"_s}}, inputs.values());
    QVERIFY(chunks.ok());
    const QByteArray bytes = joined(*chunks) + joined(*chunks);
    FrameReader reader(u"pipe"_s);
    QList<Frame> frames;
    for (char c : bytes) {
        QVERIFY(reader.feed(QByteArrayView(&c, 1)).ok());
        if (reader.hasFrame())
            frames.append(reader.takeFrame());
    }
    QCOMPARE(frames.size(), 2);
    QVERIFY(!reader.isMidFrame());
    for (const Frame &f : frames) {
        QCOMPARE(f.header.value(u"type").toString(), u"infer"_s);
        Result<TensorMap> decoded = decodeFrameTensors(f, u"inputs"_s, u"pipe"_s);
        QVERIFY(decoded.ok());
        QVERIFY(same(decoded->values(), inputs.values()));
        QCOMPARE(decoded->keys(), inputs.keys());
    }
}

void TestWireCodec::hostileFrames_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad magic") << QByteArray("HTTP/1.1 200 OK\r\n") << ErrorCode::Format
                               << u"expected \"CRTN\", got 48545450"_s;
    QTest::newRow("header too big") << prefix(17u << 20, 0) << ErrorCode::Limit
                                    << u"message header of 17825792 bytes, more than the limit of 16777216"_s;
    QTest::newRow("data too big") << prefix(2, quint64(1) << 62) << ErrorCode::Limit
                                  << u"message data of 4611686018427387904 bytes"_s;
    QTest::newRow("json not an object") << prefix(2, 0) + "[]" << ErrorCode::Format
                                        << u"message header is not a JSON object"_s;
    QTest::newRow("json broken") << prefix(3, 0) + "{\"a" << ErrorCode::Format
                                 << u"message header is not a JSON object"_s;
    QTest::newRow("empty json") << prefix(0, 0) << ErrorCode::Format << u"message header is not a JSON object"_s;
}

void TestWireCodec::hostileFrames()
{
    QFETCH(QByteArray, bytes);
    QFETCH(ErrorCode, code);
    QFETCH(QString, message);
    FrameReader reader(u"runner host output"_s);
    const Status s = reader.feed(bytes);
    QVERIFY(!s.ok());
    QCOMPARE(s.error().code, code);
    QCOMPARE(s.error().location, u"runner host output"_s);
    QVERIFY2(s.error().message.contains(message), qPrintable(s.error().message));
}

void TestWireCodec::hugeDeclaredLengthAllocatesNothing()
{
    // 60 GiB declared (under the 64 GiB cap), 10 bytes sent: the reader takes what
    // comes, in bounded chunks, and waits for more.
    QByteArray bytes = prefix(2, 60ull << 30) + "{}" + QByteArray(10, 'x');
    QBuffer buffer(&bytes);
    QVERIFY(buffer.open(QIODevice::ReadOnly));
    FrameReader reader(u"pipe"_s);
    qint64 total = 0;
    for (;;) {
        Result<qint64> n = reader.readFrom(buffer, std::numeric_limits<qint64>::max());
        QVERIFY(n.ok());
        if (*n == 0)
            break;
        total += *n;
    }
    QCOMPARE(total, bytes.size());
    QVERIFY(!reader.hasFrame());
    QVERIFY(reader.isMidFrame());
}

void TestWireCodec::truncatedStreamIsAnError()
{
    Result<QList<QByteArray>> chunks =
        encodeFrame(QJsonObject{{u"type"_s, u"outputs"_s}},
                    {Tensor::numeric(u"y"_s, DType::Float64, {4}, QByteArray(32, 1))}, u"outputs"_s);
    QVERIFY(chunks.ok());
    QByteArray bytes = joined(*chunks);
    bytes.chop(5);
    QBuffer buffer(&bytes);
    QVERIFY(buffer.open(QIODevice::ReadOnly));
    Result<Frame> f = readFrameBlocking(buffer, u"host output"_s);
    QVERIFY(!f.ok());
    QCOMPARE(f.error().code, ErrorCode::Io);
    QCOMPARE(f.error().toString(), u"host output: the stream ended in the middle of a message"_s);
    QByteArray empty;
    QBuffer emptyBuffer(&empty);
    QVERIFY(emptyBuffer.open(QIODevice::ReadOnly));
    f = readFrameBlocking(emptyBuffer, u"host output"_s);
    QVERIFY(!f.ok());
    QCOMPARE(f.error().message, u"the stream ended"_s);
}

QTEST_GUILESS_MAIN(TestWireCodec)
#include "tst_wirecodec.moc"
