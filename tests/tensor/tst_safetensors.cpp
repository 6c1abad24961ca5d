// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// .safetensors: header validation (every rule broken once, files built in code),
// reading tensors through TensorReader, and the writer (round trips).
#include "base/regionsource.h"
#include "tensor/safetensors.h"

#include <QBuffer>
#include <QFile>
#include <QHash>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>
#include <cmath>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

// A file: 8-byte length, the header text as given, then the buffer.
QByteArray stFile(const QByteArray &header, const QByteArray &buffer = {})
{
    uchar length[8];
    qToLittleEndian<quint64>(quint64(header.size()), length);
    return QByteArray(reinterpret_cast<const char *>(length), 8) + header + buffer;
}

QByteArray rawLength(quint64 length)
{
    uchar bytes[8];
    qToLittleEndian<quint64>(length, bytes);
    return QByteArray(reinterpret_cast<const char *>(bytes), 8);
}

Result<SafetensorsFile> parse(const QByteArray &file)
{
    return SafetensorsFile::read(std::make_shared<MemorySource>(file, u"w.safetensors"_s));
}

const QByteArray kA = R"("a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]})";

} // namespace

class TestSafetensors final : public QObject {
    Q_OBJECT

private slots:
    void hostile_data();
    void hostile();
    void validFile();
    void acceptsTrailingPadding();
    void listsEveryReferenceDtype();
    void emptyAndUnknownFields();
    void roundTrip();
    void writerRejects();
    void kernelCopyToFile();
};

void TestSafetensors::hostile_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const int F = int(ErrorCode::Format);
    const QByteArray eight(8, '\1');
    QTest::addRow("file shorter than 8 bytes")
        << QByteArray(5, '\0') << F << u"the file is 5 bytes, too short for the 8-byte header length"_s;
    QTest::addRow("header over 100 MB") << rawLength(100'000'001) + "{}" << int(ErrorCode::Limit)
                                        << u"the header length 100000001 is more than the limit of 100000000 bytes"_s;
    QTest::addRow("header past end of file")
        << rawLength(1000) + "{}" << F << u"the header length 1000 goes past the end of the file (10 bytes)"_s;
    QTest::addRow("empty header") << stFile("") << F << u"the header must be a JSON object, starting with '{'"_s;
    QTest::addRow("header not starting with {")
        << stFile("[]") << F
        << u"the header must be a JSON object, starting with '{' at its first byte; found byte 0x5b"_s;
    // The format: the header MUST begin with '{' and MAY be padded at the end.
    QTest::addRow("leading space")
        << stFile(" {" + kA + "}", eight) << F
        << u"starting with '{' at its first byte; found whitespace (byte 0x20); padding is allowed only after the "
           u"JSON object"_s;
    QTest::addRow("leading newline") << stFile("\n{}") << F
                                     << u"starting with '{' at its first byte; found whitespace (byte 0x0a)"_s;
    QTest::addRow("form feed is no JSON whitespace")
        << stFile("\f{}") << F
        << u"the header must be a JSON object, starting with '{' at its first byte; found byte 0x0c"_s;
    QTest::addRow("not utf-8") << stFile("{\"a\xff\":{}}") << F << u"the header is not valid UTF-8"_s;
    QTest::addRow("padding with NUL") << stFile(QByteArray("{}\n\0", 4)) << F
                                      << u"only JSON whitespace may pad the header after its JSON object; found byte "
                                         u"0x00 at byte 3"_s;
    QTest::addRow("F4 in half bytes")
        << stFile(R"({"a":{"dtype":"F4","shape":[3],"data_offsets":[0,1]}})", "\1") << F
        << u"tensor \"a\": 3 elements of F4 (4 bits each) are not a whole number of bytes"_s;
    QTest::addRow("trailing garbage") << stFile("{}  x ") << F << u"found byte 0x78 at byte 4"_s;
    QTest::addRow("unterminated object") << stFile("{" + kA, eight) << F
                                         << u"expected '}', found the end of the header"_s;
    QTest::addRow("top level array") << stFile("{[]}") << F << u"expected '\"', found '['"_s;
    QTest::addRow("duplicate tensor") << stFile("{" + kA + "," + kA + "}", eight) << F
                                      << u"duplicate key \"a\" in the header"_s;
    QTest::addRow("duplicate field") << stFile(
                                            R"({"a":{"dtype":"F32","dtype":"F32","shape":[2],"data_offsets":[0,8]}})",
                                            eight)
                                     << F << u"tensor \"a\": duplicate field \"dtype\""_s;
    QTest::addRow("metadata not object") << stFile(R"({"__metadata__":[]})") << F
                                         << u"__metadata__ must be an object mapping strings to strings"_s;
    QTest::addRow("metadata value not string")
        << stFile(R"({"__metadata__":{"n":1}})") << F << u"__metadata__: the value of \"n\" must be a string"_s;
    QTest::addRow("metadata nested object")
        << stFile(R"({"__metadata__":{"n":{"x":"y"}}})") << F << u"__metadata__: the value of \"n\" must be a string"_s;
    QTest::addRow("metadata duplicate key")
        << stFile(R"({"__metadata__":{"n":"1","n":"2"}})") << F << u"__metadata__: duplicate key \"n\""_s;
    QTest::addRow("duplicate metadata") << stFile(R"({"__metadata__":{},"__metadata__":{}})") << F
                                        << u"duplicate key \"__metadata__\""_s;
    QTest::addRow("tensor not object") << stFile(R"({"a":5})") << F
                                       << u"tensor \"a\": at byte 5 of the header: expected an object"_s;
    QTest::addRow("missing data_offsets") << stFile(R"({"a":{"dtype":"F32","shape":[2]}})", eight) << F
                                          << u"tensor \"a\": missing field \"data_offsets\""_s;
    QTest::addRow("missing dtype") << stFile(R"({"a":{"shape":[2],"data_offsets":[0,8]}})", eight) << F
                                   << u"tensor \"a\": missing field \"dtype\""_s;
    QTest::addRow("missing shape") << stFile(R"({"a":{"dtype":"F32","data_offsets":[0,8]}})", eight) << F
                                   << u"tensor \"a\": missing field \"shape\""_s;
    QTest::addRow("dtype not string") << stFile(R"({"a":{"dtype":4,"shape":[2],"data_offsets":[0,8]}})", eight) << F
                                      << u"tensor \"a\": at byte 14 of the header: \"dtype\" must be a string"_s;
    QTest::addRow("unknown dtype") << stFile(R"({"a":{"dtype":"F33","shape":[2],"data_offsets":[0,8]}})", eight) << F
                                   << u"tensor \"a\": unknown dtype \"F33\" (expected one of BOOL, F4, F6_E2M3"_s;
    QTest::addRow("shape not array") << stFile(R"({"a":{"dtype":"F32","shape":2,"data_offsets":[0,8]}})", eight) << F
                                     << u"tensor \"a\": at byte 28 of the header: \"shape\" must be an array"_s;
    QTest::addRow("negative dim") << stFile(R"({"a":{"dtype":"F32","shape":[-2],"data_offsets":[0,8]}})", eight) << F
                                  << u"tensor \"a\": \"shape\": at byte 29 of the header: expected a non-negative "
                                     u"integer, found '-'"_s;
    QTest::addRow("fractional dim") << stFile(R"({"a":{"dtype":"F32","shape":[2.0],"data_offsets":[0,8]}})", eight) << F
                                    << u"tensor \"a\": \"shape\": at byte 30 of the header: expected an integer, "
                                       u"found a fraction or exponent"_s;
    QTest::addRow("leading zero dim") << stFile(R"({"a":{"dtype":"F32","shape":[02],"data_offsets":[0,8]}})", eight)
                                      << F << u"integers must not have leading zeros"_s;
    QTest::addRow("dim beyond int64")
        << stFile(R"({"a":{"dtype":"F32","shape":[99999999999999999999],"data_offsets":[0,8]}})", eight) << F
        << u"tensor \"a\": \"shape\": at byte 29 of the header: integer too large"_s;
    QTest::addRow("element count overflow")
        << stFile(R"({"a":{"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,8]}})", eight) << F
        << u"tensor \"a\": the element count of shape [4294967296, 4294967296] overflows"_s;
    QTest::addRow("three offsets") << stFile(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8,8]}})", eight) << F
                                   << u"tensor \"a\": \"data_offsets\" must be [begin, end], found 3 values"_s;
    QTest::addRow("begin after end") << stFile(R"({"a":{"dtype":"F32","shape":[0],"data_offsets":[8,4]}})", eight) << F
                                     << u"tensor \"a\": data_offsets [8, 4]: begin is after end"_s;
    QTest::addRow("size mismatch") << stFile(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,8]}})", eight) << F
                                   << u"tensor \"a\": data_offsets [0, 8] hold 8 bytes, but F32 [1] needs 4 bytes"_s;
    QTest::addRow("offsets past buffer") << stFile(R"({"a":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}})", eight)
                                         << F
                                         << u"tensor \"a\": data_offsets end 16 is past the end of the byte buffer (8 "
                                            u"bytes after the header)"_s;
    QTest::addRow("overlap") << stFile(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                                       R"("b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})",
                                       QByteArray(12, '\0'))
                             << F << u"tensor \"b\" (bytes 4..12) overlaps tensor \"a\" (bytes 0..8)"_s;
    QTest::addRow("hole") << stFile(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", eight) << F
                          << u"tensor \"a\" starts at byte 4 of the buffer, leaving a hole of 4 bytes"_s;
    QTest::addRow("trailing bytes") << stFile(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", eight) << F
                                    << u"the byte buffer has 4 trailing bytes after the last tensor"_s;
    QTest::addRow("control character") << stFile("{\"a\tb\":{}}") << F
                                       << u"control character 0x09 in a string must be escaped"_s;
    QTest::addRow("deep unknown field") << stFile("{\"a\":{\"x\":" + QByteArray(70, '[') + QByteArray(70, ']') + "}}")
                                        << F << u"nested more than 64 levels deep"_s;
    QTest::addRow("bad escape") << stFile(R"({"a\q":{}})") << F << u"unknown escape \\q"_s;
}

void TestSafetensors::hostile()
{
    QFETCH(QByteArray, file);
    QFETCH(int, code);
    QFETCH(QString, message);
    const Result<SafetensorsFile> st = parse(file);
    QVERIFY(!st.ok());
    QCOMPARE(int(st.error().code), code);
    QCOMPARE(st.error().location, u"w.safetensors"_s);
    QVERIFY2(st.error().message.contains(message), qPrintable(st.error().toString()));
}

void TestSafetensors::acceptsTrailingPadding()
{
    // Trailing padding: the format pads with spaces; serde_json, which the reference
    // reads headers with, takes any JSON whitespace after the object. (Before it: no,
    // see hostile "leading space".)
    const QByteArray tensor = R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})";
    for (const QByteArray &pad : {QByteArray("\n"), QByteArray("\r\t\n "), QByteArray(" "), QByteArray("       ")}) {
        QByteArray header = tensor + pad;
        header += QByteArray((8 - header.size() % 8) % 8, ' ');
        QByteArray file(8, '\0');
        qToLittleEndian<quint64>(quint64(header.size()), file.data());
        const Result<SafetensorsFile> st = parse(file + header + QByteArray("\0\0\xc0\x3f", 4));
        QVERIFY2(st.ok(), qPrintable(st.ok() ? QString() : st.error().toString()));
        QCOMPARE((*st->openTensor(u"a"_s))->readTensor(TensorRegion::whole({1})).value().valueAsText(0), u"1.5"_s);
    }
}

void TestSafetensors::listsEveryReferenceDtype()
{
    // Every dtype the reference defines is listed with its size. F8_* and F4 read as
    // float32 (tst_narrowfloat checks every code); F6_* and C64 are listed only:
    // opening them says "cannot show values".
    const QByteArray header = R"({"f4":{"dtype":"F4","shape":[2,2],"data_offsets":[0,2]},)"
                              R"("f6":{"dtype":"F6_E2M3","shape":[4],"data_offsets":[2,5]},)"
                              R"("c64":{"dtype":"C64","shape":[1],"data_offsets":[5,13]},)"
                              R"("e8m0":{"dtype":"F8_E8M0","shape":[2],"data_offsets":[13,15]},)"
                              R"("fnuz":{"dtype":"F8_E4M3FNUZ","shape":[1],"data_offsets":[15,16]},)"
                              R"("fnuz2":{"dtype":"F8_E5M2FNUZ","shape":[1],"data_offsets":[16,17]},)"
                              R"("x":{"dtype":"F32","shape":[1],"data_offsets":[17,21]}})";
    QByteArray buffer(17, '\x11');
    buffer += QByteArray("\0\0\x80\xbf", 4);
    const Result<SafetensorsFile> st = parse(stFile(header, buffer));
    QVERIFY2(st.ok(), qPrintable(st.ok() ? QString() : st.error().toString()));
    QCOMPARE(st->tensors().size(), 7);
    const QList<std::pair<QString, qint64>> sizes{{u"c64"_s, 8},  {u"e8m0"_s, 2},  {u"f4"_s, 2}, {u"f6"_s, 3},
                                                  {u"fnuz"_s, 1}, {u"fnuz2"_s, 1}, {u"x"_s, 4}};
    // Byte 0x11: F4 nibbles 1 = 0.5; E8M0 2^(17-127); E4M3FNUZ 2^(2-8) · 1.125; E5M2FNUZ 2^(4-16) · 1.25.
    const QHash<QString, double> first{{u"f4"_s, 0.5},
                                       {u"e8m0"_s, std::ldexp(1.0, 17 - 127)},
                                       {u"fnuz"_s, std::ldexp(1.125, 2 - 8)},
                                       {u"fnuz2"_s, std::ldexp(1.25, 4 - 16)},
                                       {u"x"_s, -1.0}};
    for (const auto &[name, bytes] : sizes) {
        const SafetensorsTensor *t = st->find(name);
        QVERIFY(t);
        QCOMPARE(t->byteSize(), bytes);
        QCOMPARE(t->dtype.has_value(), first.contains(name));
        const auto reader = st->openTensor(name);
        if (first.contains(name)) {
            QVERIFY(reader);
            QCOMPARE((*reader)->dtype(), DType::Float32);
            QCOMPARE((*reader)->readTensor(TensorRegion::whole(t->shape)).value().valueAsDouble(0), first.value(name));
            continue;
        }
        QVERIFY(!reader);
        QCOMPARE(reader.error().code, ErrorCode::Unsupported);
        QVERIFY2(reader.error().message.endsWith(u"cannot show values"), qPrintable(reader.error().message));
    }
}

void TestSafetensors::validFile()
{
    // Three tensors stored out of name order, a scalar, a bool and an F8.
    QByteArray buffer;
    buffer += QByteArray("\x00\x00\x80\x3f\x00\x00\x00\x40\x00\x00\x40\x40\x00\x00\x80\x40", 16); // z: F32 [2,2] 1..4
    buffer += QByteArray("\x80\x3f", 2);                                                          // h: BF16 [] 1.0
    buffer += QByteArray("\x01\x00\x01", 3);                                                      // m: BOOL [3]
    buffer += QByteArray("\x7f", 1);                                                              // f8
    QByteArray header = R"({"z":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]},)"
                        R"("h":{"dtype":"BF16","shape":[],"data_offsets":[16,18]},)"
                        R"("__metadata__":{"format":"pt","note":"caf\u00e9 \"q\""},)"
                        R"("m":{"dtype":"BOOL","shape":[3],"data_offsets":[18,21]},)"
                        R"("f8":{"dtype":"F8_E4M3","shape":[1],"data_offsets":[21,22]}}    )";
    const Result<SafetensorsFile> st = parse(stFile(header, buffer));
    QVERIFY2(st.ok(), qPrintable(st.ok() ? QString() : st.error().toString()));
    QCOMPARE(st->tensors().size(), 4);
    QStringList names;
    for (const SafetensorsTensor &t : st->tensors())
        names << t.name;
    QCOMPARE(names, (QStringList{u"f8"_s, u"h"_s, u"m"_s, u"z"_s}));
    QCOMPARE(st->metadata(), (SafetensorsMetadata{{u"format"_s, u"pt"_s}, {u"note"_s, u"café \"q\""_s}}));
    QCOMPARE(st->bufferOffset(), qint64(8 + header.size()));
    const SafetensorsTensor *z = st->find(u"z"_s);
    QVERIFY(z);
    QCOMPARE(z->dtypeName, u"F32"_s);
    QCOMPARE(z->shape, (QList<qint64>{2, 2}));
    QCOMPARE(z->byteSize(), qint64(16));

    auto zr = st->openTensor(u"z"_s);
    QVERIFY(zr.ok());
    auto column = (*zr)->readTensor(TensorRegion{{0, 1}, {2, 1}});
    QVERIFY(column.ok());
    QCOMPARE(column->valueAsText(0), u"2"_s);
    QCOMPARE(column->valueAsText(1), u"4"_s);
    QCOMPARE((*st->openTensor(u"h"_s))->readTensor(TensorRegion::whole({})).value().valueAsText(0), u"1"_s);
    const Tensor m = (*st->openTensor(u"m"_s))->readTensor(TensorRegion{{1}, {2}}).value();
    QCOMPARE(m.valueAsText(0), u"false"_s);
    QCOMPARE(m.valueAsText(1), u"true"_s);
    const auto f8 = st->openTensor(u"f8"_s); // E4M3FN 0x7f: NaN
    QVERIFY(f8);
    QVERIFY(std::isnan((*f8)->readTensor(TensorRegion::whole({1})).value().valueAsDouble(0)));
    QCOMPARE(st->openTensor(u"nope"_s).error().code, ErrorCode::NotFound);
}

void TestSafetensors::emptyAndUnknownFields()
{
    const Result<SafetensorsFile> empty = parse(stFile("{}"));
    QVERIFY(empty.ok());
    QVERIFY(empty->tensors().isEmpty());
    // Zero-element tensors hold no bytes; unknown fields are skipped.
    const Result<SafetensorsFile> st =
        parse(stFile(R"({"e":{"dtype":"I64","shape":[0,3],"data_offsets":[0,0],"x":{"y":[1,2.5e3,null,true]}},)"
                     R"("u":{"dtype":"U16","shape":[1],"data_offsets":[0,2]}})",
                     QByteArray("\x05\x00", 2)));
    QVERIFY2(st.ok(), qPrintable(st.ok() ? QString() : st.error().toString()));
    QCOMPARE(st->find(u"e"_s)->shape, (QList<qint64>{0, 3}));
    QCOMPARE((*st->openTensor(u"u"_s))->readTensor(TensorRegion::whole({1})).value().valueAsText(0), u"5"_s);
}

void TestSafetensors::roundTrip()
{
    QByteArray a;
    for (int i = 0; i < 24; ++i)
        a.append(char(i * 3));
    QByteArray b = QByteArray::fromHex("0000c07f0000807f000080ff00000000"); // nan, inf, -inf, 0
    auto ra = TensorReader::create(u"layer.0/weight \"x\""_s, TensorLayout{DType::Int16, {3, 4}},
                                   std::make_shared<MemorySource>(a, u"a"_s), true);
    auto rb = TensorReader::create(u"b"_s, TensorLayout{DType::Float32, {2, 2}},
                                   std::make_shared<MemorySource>(b, u"b"_s), true);
    QVERIFY(ra.ok() && rb.ok());
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    Progress progress;
    QVERIFY(writeSafetensors(out, {*ra, *rb}, {{u"source"_s, u"carton ✓"_s}}, &progress).ok());
    QCOMPARE(progress.done(), qint64(40));
    const QByteArray file = out.data();
    const quint64 headerLength = qFromLittleEndian<quint64>(file.constData());
    QCOMPARE((8 + headerLength) % 8, quint64(0));
    QCOMPARE(file.mid(8, qsizetype(headerLength)).trimmed(),
             QByteArray(R"({"layer.0/weight \"x\"":{"dtype":"I16","shape":[3,4],"data_offsets":[0,24]},)"
                        R"("b":{"dtype":"F32","shape":[2,2],"data_offsets":[24,40]},)"
                        R"("__metadata__":{"source":"carton )"
                        "\xe2\x9c\x93"
                        R"("}})"));
    QCOMPARE(file.mid(8 + qsizetype(headerLength)), a + b);
    const Result<SafetensorsFile> st = parse(file);
    QVERIFY2(st.ok(), qPrintable(st.ok() ? QString() : st.error().toString()));
    QCOMPARE(st->metadata(), (SafetensorsMetadata{{u"source"_s, u"carton ✓"_s}}));
    auto back = st->openTensor(u"layer.0/weight \"x\""_s);
    QVERIFY(back.ok());
    QCOMPARE((*back)->readTensor(TensorRegion::whole({3, 4})).value().data(), a);
    QCOMPARE((*st->openTensor(u"b"_s))->readTensor(TensorRegion::whole({2, 2})).value().data(), b);
}

void TestSafetensors::writerRejects()
{
    auto r = TensorReader::create(u"__metadata__"_s, TensorLayout{DType::Int8, {1}},
                                  std::make_shared<MemorySource>(QByteArray(1, '\0'), u"a"_s), true);
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    const Status reserved = writeSafetensors(out, {*r});
    QCOMPARE(reserved.error().code, ErrorCode::Usage);
    QVERIFY(reserved.error().message.contains(u"reserved"_s));
    auto d = TensorReader::create(u"d"_s, TensorLayout{DType::Int8, {1}},
                                  std::make_shared<MemorySource>(QByteArray(1, '\0'), u"a"_s), true);
    const Status twice = writeSafetensors(out, {*d, *d});
    QCOMPARE(twice.error().code, ErrorCode::Usage);
    QVERIFY(twice.error().message.contains(u"used twice"_s));
}

// Tensors in files on disk go to a file in the kernel (copy_file_range): with the
// source's and the tensor's offsets, between tensors written through Qt's buffer,
// through a RegionSource, and a big-endian tensor still converted on the way.
void TestSafetensors::kernelCopyToFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QByteArray payload;
    for (int i = 0; i < 3 * 1000 * 1000 + 7; ++i) // > one 256 KiB chunk, odd length
        payload.append(char((quint32(i) * 7919u) >> 3));
    const QByteArray prefix("JUNKJUNK");
    QFile in(dir.filePath(u"in.bin"_s));
    QVERIFY(in.open(QIODevice::WriteOnly));
    in.write(prefix + payload + "TAIL");
    in.close();
    // The source region starts 5 bytes in; the tensor 3 bytes into the region.
    auto file = FileRegionSource::open(in.fileName(), 5, prefix.size() - 5 + payload.size() + 4, u"in"_s);
    QVERIFY(file.ok());
    const qint64 n = payload.size() / 2;
    auto big = TensorReader::create(u"big"_s, TensorLayout{DType::Int16, {n}, 3}, *file, false);
    auto region = RegionSource::open(*file, 3, n * 2, u"region"_s);
    QVERIFY(big.ok() && region.ok());
    auto viaRegion = TensorReader::create(u"region"_s, TensorLayout{DType::Int16, {n}}, *region, true);
    auto small = TensorReader::create(u"small"_s, TensorLayout{DType::Int8, {3}},
                                      std::make_shared<MemorySource>(QByteArray("xyz"), u"m"_s), true);
    auto swapped = TensorReader::create(u"swapped"_s, TensorLayout{DType::Int16, {4}, 3, true}, *file, false);
    QVERIFY(viaRegion.ok() && small.ok() && swapped.ok());

    QSaveFile out(dir.filePath(u"out.safetensors"_s));
    QVERIFY(out.open(QIODevice::WriteOnly));
    Progress progress;
    QVERIFY(writeSafetensors(out, {*big, *small, *viaRegion, *swapped}, {}, &progress).ok());
    QVERIFY(out.commit());
    QCOMPARE(progress.done(), 4 * n + 3 + 8);
    QFile back(out.fileName());
    QVERIFY(back.open(QIODevice::ReadOnly));
    const QByteArray written = back.readAll();
    const quint64 headerLength = qFromLittleEndian<quint64>(written.constData());
    const QByteArray data = written.mid(8 + qsizetype(headerLength));
    const QByteArray tensorBytes = payload.left(2 * n);
    QByteArray swappedBytes = payload.left(8);
    for (int i = 0; i < 8; i += 2)
        std::swap(swappedBytes[i], swappedBytes[i + 1]);
    QCOMPARE(data.size(), 4 * n + 3 + 8);
    QVERIFY(data.left(2 * n) == tensorBytes);
    QCOMPARE(data.mid(2 * n, 3), QByteArray("xyz"));
    QVERIFY(data.mid(2 * n + 3, 2 * n) == tensorBytes);
    QCOMPARE(data.right(8), swappedBytes);
    const Result<SafetensorsFile> st = parse(written);
    QVERIFY2(st.ok(), qPrintable(st.ok() ? QString() : st.error().toString()));
}

QTEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
