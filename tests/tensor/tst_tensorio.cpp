// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "fixturepolicy.h"
#include "tensor/tensorio.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>
#include <cmath>
#include <limits>

using namespace carton;
using namespace Qt::StringLiterals;

using FileMap = QMap<QString, QByteArray>;

namespace {

// An in-memory carton root for ByteSourceOpener.
struct MemoryFiles {
    QMap<QString, QByteArray> files;
    mutable QStringList reads;

    ByteSourceOpener reader() const
    {
        return [this](const QString &path) -> Result<ByteSourcePtr> {
            reads.append(path);
            const auto it = files.constFind(path);
            if (it == files.cend())
                return makeError(ErrorCode::NotFound, u"no such file"_s, path);
            return ByteSourcePtr(std::make_shared<MemorySource>(*it, path));
        };
    }
};

template <typename T>
QByteArray littleEndianBytes(const QList<double> &values)
{
    QByteArray out;
    for (double v : values) {
        T typed = static_cast<T>(v);
        typed = qToLittleEndian(typed);
        out.append(reinterpret_cast<const char *>(&typed), sizeof(T));
    }
    return out;
}

TensorIndexEntry entry(const QString &name, DType dtype, QList<qint64> shape, const QString &file)
{
    TensorIndexEntry e;
    e.name = name;
    e.dtype = dtype;
    e.shape = std::move(shape);
    e.file = file;
    return e;
}

QString errorText(const Error &e)
{
    return e.toString();
}

} // namespace

class TestTensorIo final : public QObject {
    Q_OBJECT

private slots:
    void numeric_data();
    void numeric();
    void previewDTypes_data();
    void previewDTypes();
    void strings_data();
    void strings();
    void stringFileUpstreamStyle();
    void nested();
    void scalarAndEmpty_data();
    void scalarAndEmpty();
    void checkedCount_data();
    void checkedCount();
    void hostile_data();
    void hostile();
    void decodeStringHostile_data();
    void decodeStringHostile();
    void upstreamFixture();
};

void TestTensorIo::numeric_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<QStringList>("texts");

    const QList<double> common{0, 1, 42, 100, 7, 3};
    const QList<double> negative{0, -1, -42, 100, -7, 3};
    QTest::addRow("float32") << DType::Float32 << littleEndianBytes<float>({0.5, -1.25, 3, 1e10, -0.0, 2})
                             << QList<double>{0.5, -1.25, 3, 1e10, -0.0, 2}
                             << QStringList{u"0.5"_s, u"-1.25"_s, u"3"_s, u"1e+10"_s, u"-0"_s, u"2"_s};
    QTest::addRow("float64") << DType::Float64 << littleEndianBytes<double>({0.1, -2.5, 1e300, 4, 5, 6})
                             << QList<double>{0.1, -2.5, 1e300, 4, 5, 6}
                             << QStringList{u"0.1"_s, u"-2.5"_s, u"1e+300"_s, u"4"_s, u"5"_s, u"6"_s};
    QTest::addRow("int8") << DType::Int8 << littleEndianBytes<qint8>({-128, 127, -1, 0, 1, 2})
                          << QList<double>{-128, 127, -1, 0, 1, 2}
                          << QStringList{u"-128"_s, u"127"_s, u"-1"_s, u"0"_s, u"1"_s, u"2"_s};
    QTest::addRow("int16") << DType::Int16 << littleEndianBytes<qint16>(negative) << negative
                           << QStringList{u"0"_s, u"-1"_s, u"-42"_s, u"100"_s, u"-7"_s, u"3"_s};
    QTest::addRow("int32") << DType::Int32 << littleEndianBytes<qint32>({-2147483648.0, 2147483647.0, 0, 1, 2, 3})
                           << QList<double>{-2147483648.0, 2147483647.0, 0, 1, 2, 3}
                           << QStringList{u"-2147483648"_s, u"2147483647"_s, u"0"_s, u"1"_s, u"2"_s, u"3"_s};
    QTest::addRow("int64") << DType::Int64 << littleEndianBytes<qint64>(negative) << negative
                           << QStringList{u"0"_s, u"-1"_s, u"-42"_s, u"100"_s, u"-7"_s, u"3"_s};
    QTest::addRow("uint8") << DType::Uint8 << littleEndianBytes<quint8>({255, 0, 1, 2, 3, 128})
                           << QList<double>{255, 0, 1, 2, 3, 128}
                           << QStringList{u"255"_s, u"0"_s, u"1"_s, u"2"_s, u"3"_s, u"128"_s};
    QTest::addRow("uint16") << DType::Uint16 << littleEndianBytes<quint16>({65535, 0, 1, 2, 3, 256})
                            << QList<double>{65535, 0, 1, 2, 3, 256}
                            << QStringList{u"65535"_s, u"0"_s, u"1"_s, u"2"_s, u"3"_s, u"256"_s};
    QTest::addRow("uint32") << DType::Uint32 << littleEndianBytes<quint32>({4294967295.0, 0, 1, 2, 3, 65536})
                            << QList<double>{4294967295.0, 0, 1, 2, 3, 65536}
                            << QStringList{u"4294967295"_s, u"0"_s, u"1"_s, u"2"_s, u"3"_s, u"65536"_s};
    // 2^64 - 1 is not a double: build its bytes by hand and check the exact text.
    QByteArray u64 = littleEndianBytes<quint64>(common);
    u64.replace(0, 8, QByteArray(8, '\xff'));
    QTest::addRow("uint64") << DType::Uint64 << u64 << QList<double>{18446744073709551615.0, 1, 42, 100, 7, 3}
                            << QStringList{u"18446744073709551615"_s, u"1"_s, u"42"_s, u"100"_s, u"7"_s, u"3"_s};
}

void TestTensorIo::numeric()
{
    QFETCH(DType, dtype);
    QFETCH(QByteArray, bytes);
    QFETCH(QList<double>, values);
    QFETCH(QStringList, texts);

    const QList<qint64> shape{2, 3};
    const Tensor tensor = Tensor::numeric(u"t"_s, dtype, shape, bytes);
    QCOMPARE(tensor.elementCount(), std::optional<qint64>(6));
    QCOMPARE(bytes.size(), 6 * dtypeSize(dtype));
    for (int i = 0; i < 6; ++i) {
        QCOMPARE(tensor.valueAsDouble(i), values.at(i));
        QCOMPARE(tensor.valueAsText(i), texts.at(i));
    }
    QVERIFY(std::isnan(tensor.valueAsDouble(6)));
    QVERIFY(std::isnan(tensor.valueAsDouble(-1)));
    QVERIFY(tensor.valueAsText(6).isEmpty());

    // Through tensor_data: encode, index, load.
    MemoryFiles files;
    files.files.insert(u"tensor_data/tensor_7.bin"_s, encodeTensorFile(tensor));
    const TensorIndex index({entry(u"t"_s, dtype, shape, u"tensor_7.bin"_s)});
    const Result<TensorIndex> reparsed = TensorIndex::parse(index.serialize());
    QVERIFY(reparsed.ok());
    const Result<Tensor> loaded = loadTensor(*reparsed, u"t"_s, files.reader());
    QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : errorText(loaded.error())));
    QCOMPARE(*loaded, tensor);
    QCOMPARE(files.reads, QStringList{u"tensor_data/tensor_7.bin"_s});
}

void TestTensorIo::previewDTypes_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<QStringList>("texts");
    // IEEE half: 0x3C00 = 1, 0xC000 = -2, 0x3800 = 0.5, 0x7C00 = inf.
    QTest::addRow("float16") << DType::Float16 << QByteArray::fromHex("003c00c00038007c")
                             << QList<double>{1, -2, 0.5, std::numeric_limits<double>::infinity()}
                             << QStringList{u"1"_s, u"-2"_s, u"0.5"_s, u"inf"_s};
    // bfloat16 is the top half of a float32: 0x3F80 = 1, 0xC040 = -3, 0x3E80 = 0.25, 0x0000 = 0.
    QTest::addRow("bfloat16") << DType::BFloat16 << QByteArray::fromHex("803f40c0803e0000")
                              << QList<double>{1, -3, 0.25, 0} << QStringList{u"1"_s, u"-3"_s, u"0.25"_s, u"0"_s};
    QTest::addRow("bool") << DType::Bool << QByteArray::fromHex("00010200") << QList<double>{0, 1, 1, 0}
                          << QStringList{u"false"_s, u"true"_s, u"true"_s, u"false"_s};
}

void TestTensorIo::previewDTypes()
{
    QFETCH(DType, dtype);
    QFETCH(QByteArray, bytes);
    QFETCH(QList<double>, values);
    QFETCH(QStringList, texts);
    const Tensor tensor = Tensor::numeric(u"p"_s, dtype, {4}, bytes);
    QCOMPARE(bytes.size(), 4 * dtypeSize(dtype));
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(tensor.valueAsDouble(i), values.at(i));
        QCOMPARE(tensor.valueAsText(i), texts.at(i));
    }
}

void TestTensorIo::strings_data()
{
    QTest::addColumn<QList<qint64>>("shape");
    QTest::addColumn<QStringList>("values");
    QTest::addRow("unicode") << QList<qint64>{3}
                             << QStringList{u"Hello 💖 😂😍🎉👍 Unicode"_s, u"Some Telugu: గ ఘ ఙ చ ఛ జ ఝ ఞ ట ఠ డ ఢ ణ"_s,
                                            u"Let's 🤑 make 🙋😬 sure 👍 emojis ⚽ work"_s};
    QTest::addRow("escapes") << QList<qint64>{2, 2}
                             << QStringList{u"quote \" and backslash \\"_s, u"line\nbreak\ttab"_s, u""_s,
                                            u"control \x01 char"_s};
    QTest::addRow("scalar") << QList<qint64>{} << QStringList{u"just one"_s};
    QTest::addRow("empty") << QList<qint64>{2, 0} << QStringList{};
}

void TestTensorIo::strings()
{
    QFETCH(QList<qint64>, shape);
    QFETCH(QStringList, values);
    const Tensor tensor = Tensor::strings(u"s"_s, shape, values);
    QCOMPARE(tensor.dtype(), DType::String);
    QCOMPARE(tensor.elementCount(), std::optional<qint64>(values.size()));
    const QByteArray file = encodeTensorFile(tensor);
    QVERIFY(file.startsWith("data = ["));

    const Result<QStringList> decoded = decodeStringTensorFile(file, values.size(), u"tensor_data/s.toml"_s);
    QVERIFY2(decoded.ok(), qPrintable(decoded.ok() ? QString() : errorText(decoded.error())));
    QCOMPARE(*decoded, values);

    MemoryFiles files;
    files.files.insert(u"tensor_data/sub/s.toml"_s, file);
    const TensorIndex index({entry(u"s"_s, DType::String, shape, u"sub/s.toml"_s)});
    const Result<Tensor> loaded = loadTensor(index, u"s"_s, files.reader());
    QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : errorText(loaded.error())));
    QCOMPARE(*loaded, tensor);
    if (!values.isEmpty())
        QVERIFY(tensor.valueAsText(0).startsWith(u'"'));
}

void TestTensorIo::stringFileUpstreamStyle()
{
    // Upstream writes literal strings and ''' multi-line literals.
    const QByteArray text = "data = [\n    'Hello 💖 😂😍🎉👍 Unicode',\n    'Some Telugu: గ ఘ ఙ',\n"
                            "    '''Let's 🤑 make 🙋😬 sure 👍 emojis ⚽ work 💼🙄 well 🤓🤒''',\n]\n";
    const Result<QStringList> decoded = decodeStringTensorFile(text, 3, u"tensor_data/tensor_1.toml"_s);
    QVERIFY(decoded.ok());
    QCOMPARE(decoded->at(2), u"Let's 🤑 make 🙋😬 sure 👍 emojis ⚽ work 💼🙄 well 🤓🤒"_s);
    const Tensor t = Tensor::strings(u"b"_s, {3}, *decoded);
    QCOMPARE(t.valueAsText(1), u"\"Some Telugu: గ ఘ ఙ\""_s);
}

void TestTensorIo::nested()
{
    const QString innerA = u"_carton_nested_inner_@tensor_data/_tensor_0_0"_s;
    const QString innerB = u"_carton_nested_inner_@tensor_data/_tensor_0_1"_s;
    const Tensor a = Tensor::numeric(innerA, DType::Int32, {2}, littleEndianBytes<qint32>({7, -8}));
    const Tensor b = Tensor::strings(innerB, {1}, {u"ragged"_s});
    MemoryFiles files;
    files.files.insert(u"tensor_data/tensor_0.bin"_s, encodeTensorFile(a));
    files.files.insert(u"tensor_data/tensor_1.toml"_s, encodeTensorFile(b));
    TensorIndexEntry nestedEntry;
    nestedEntry.name = u"_tensor_0"_s;
    nestedEntry.dtype = DType::Nested;
    nestedEntry.inner = {innerA, innerB};
    const TensorIndex index({entry(innerA, DType::Int32, {2}, u"tensor_0.bin"_s),
                             entry(innerB, DType::String, {1}, u"tensor_1.toml"_s), nestedEntry});
    const Result<TensorIndex> reparsed = TensorIndex::parse(index.serialize());
    QVERIFY(reparsed.ok());
    const Result<Tensor> loaded = loadTensor(*reparsed, u"_tensor_0"_s, files.reader());
    QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : errorText(loaded.error())));
    QCOMPARE(loaded->dtype(), DType::Nested);
    QCOMPARE(loaded->inner(), (QList<Tensor>{a, b}));
    QCOMPARE(loaded->elementCount(), std::optional<qint64>(2));
    QVERIFY(encodeTensorFile(*loaded).isEmpty());
    QCOMPARE(loaded->inner().at(0).valueAsText(1), u"-8"_s);
}

void TestTensorIo::scalarAndEmpty_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<QList<qint64>>("shape");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addRow("int64 scalar") << DType::Int64 << QList<qint64>{} << littleEndianBytes<qint64>({5});
    QTest::addRow("float64 scalar") << DType::Float64 << QList<qint64>{} << littleEndianBytes<double>({-0.25});
    QTest::addRow("empty float32") << DType::Float32 << QList<qint64>{0, 3} << QByteArray();
    QTest::addRow("empty trailing") << DType::Uint16 << QList<qint64>{4, 0} << QByteArray();
    QTest::addRow("empty huge dims") << DType::Int8 << QList<qint64>{qint64(1) << 40, qint64(1) << 40, 0}
                                     << QByteArray();
}

void TestTensorIo::scalarAndEmpty()
{
    QFETCH(DType, dtype);
    QFETCH(QList<qint64>, shape);
    QFETCH(QByteArray, bytes);
    MemoryFiles files;
    files.files.insert(u"tensor_data/x.bin"_s, bytes);
    const TensorIndex index({entry(u"x"_s, dtype, shape, u"x.bin"_s)});
    const Result<Tensor> loaded = loadTensor(index, u"x"_s, files.reader());
    QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : errorText(loaded.error())));
    QCOMPARE(loaded->data(), bytes);
    QCOMPARE(loaded->elementCount(), std::optional<qint64>(bytes.size() / dtypeSize(dtype)));
}

void TestTensorIo::checkedCount_data()
{
    QTest::addColumn<QList<qint64>>("shape");
    QTest::addColumn<qint64>("cap");
    QTest::addColumn<qint64>("expected"); // -1: nullopt
    const qint64 big = qint64(1) << 40;
    const qint64 max = std::numeric_limits<qint64>::max();
    QTest::addRow("scalar") << QList<qint64>{} << max << qint64(1);
    QTest::addRow("product") << QList<qint64>{2, 3, 4} << max << qint64(24);
    QTest::addRow("at cap") << QList<qint64>{2, 3, 4} << qint64(24) << qint64(24);
    QTest::addRow("over cap") << QList<qint64>{2, 3, 4} << qint64(23) << qint64(-1);
    QTest::addRow("negative") << QList<qint64>{2, -3} << max << qint64(-1);
    QTest::addRow("overflow 2^40 x 2^40") << QList<qint64>{big, big} << max << qint64(-1);
    QTest::addRow("overflow max x 2") << QList<qint64>{max, 2} << max << qint64(-1);
    QTest::addRow("zero wins") << QList<qint64>{big, big, 0} << max << qint64(0);
    QTest::addRow("zero with negative") << QList<qint64>{0, -1} << max << qint64(-1);
}

void TestTensorIo::checkedCount()
{
    QFETCH(QList<qint64>, shape);
    QFETCH(qint64, cap);
    QFETCH(qint64, expected);
    const std::optional<qint64> count = checkedElementCount(shape, cap);
    QCOMPARE(count.value_or(-1), expected);
}

void TestTensorIo::hostile_data()
{
    QTest::addColumn<QList<TensorIndexEntry>>("entries");
    QTest::addColumn<FileMap>("files");
    QTest::addColumn<QString>("load");
    QTest::addColumn<int>("code");
    QTest::addColumn<QStringList>("messageParts");

    const qint64 big = qint64(1) << 40;
    using Files = FileMap;
    QTest::addRow("bin too small") << QList<TensorIndexEntry>{entry(u"a"_s, DType::Float32, {2, 3}, u"a.bin"_s)}
                                   << Files{{u"tensor_data/a.bin"_s, QByteArray(20, '\0')}} << u"a"_s
                                   << int(ErrorCode::Format)
                                   << QStringList{u"tensor_data/a.bin"_s, u"expected 24 bytes"_s, u"has 20 bytes"_s};
    QTest::addRow("bin too large") << QList<TensorIndexEntry>{entry(u"a"_s, DType::Uint64, {2}, u"a.bin"_s)}
                                   << Files{{u"tensor_data/a.bin"_s, QByteArray(17, '\0')}} << u"a"_s
                                   << int(ErrorCode::Format)
                                   << QStringList{u"tensor_data/a.bin"_s, u"expected 16 bytes"_s, u"has 17 bytes"_s};
    QTest::addRow("bin far too large") << QList<TensorIndexEntry>{entry(u"a"_s, DType::Int8, {1}, u"a.bin"_s)}
                                       << Files{{u"tensor_data/a.bin"_s, QByteArray(1 << 20, '\0')}} << u"a"_s
                                       << int(ErrorCode::Format)
                                       << QStringList{u"tensor_data/a.bin"_s, u"expected 1 bytes"_s,
                                                      u"has 1048576 bytes"_s};
    QTest::addRow("element overflow") << QList<TensorIndexEntry>{entry(u"a"_s, DType::Float64, {big, big}, u"a.bin"_s)}
                                      << Files{{u"tensor_data/a.bin"_s, QByteArray(8, '\0')}} << u"a"_s
                                      << int(ErrorCode::Limit) << QStringList{u"tensor \"a\""_s, u"overflows"_s};
    QTest::addRow("negative dim in code") << QList<TensorIndexEntry>{entry(u"a"_s, DType::Int8, {2, -1}, u"a.bin"_s)}
                                          << Files{{u"tensor_data/a.bin"_s, QByteArray()}} << u"a"_s
                                          << int(ErrorCode::Format) << QStringList{u"negative dimension -1"_s};
    QTest::addRow("missing bin") << QList<TensorIndexEntry>{entry(u"a"_s, DType::Int8, {1}, u"a.bin"_s)} << Files{}
                                 << u"a"_s << int(ErrorCode::NotFound) << QStringList{u"no such file"_s};
    QTest::addRow("unknown tensor") << QList<TensorIndexEntry>{entry(u"a"_s, DType::Int8, {1}, u"a.bin"_s)} << Files{}
                                    << u"b"_s << int(ErrorCode::NotFound) << QStringList{u"no tensor named \"b\""_s};
    QTest::addRow("unsafe file in code") << QList<TensorIndexEntry>{entry(u"a"_s, DType::Int8, {1}, u"../../x"_s)}
                                         << Files{} << u"a"_s << int(ErrorCode::Unsafe) << QStringList{u"../../x"_s};
    QTest::addRow("string count short") << QList<TensorIndexEntry>{entry(u"s"_s, DType::String, {2, 2}, u"s.toml"_s)}
                                        << Files{{u"tensor_data/s.toml"_s, QByteArray("data = ['a', 'b', 'c']\n")}}
                                        << u"s"_s << int(ErrorCode::Format)
                                        << QStringList{u"tensor_data/s.toml:1:8"_s, u"has 3 strings"_s, u"needs 4"_s};
    QTest::addRow("string count long") << QList<TensorIndexEntry>{entry(u"s"_s, DType::String, {}, u"s.toml"_s)}
                                       << Files{{u"tensor_data/s.toml"_s, QByteArray("data = ['a', 'b']\n")}} << u"s"_s
                                       << int(ErrorCode::Format)
                                       << QStringList{u"tensor_data/s.toml:1:8"_s,
                                                      u"has more strings than the 1 the tensor's shape needs"_s};
    QTest::addRow("string file too large")
        << QList<TensorIndexEntry>{entry(u"s"_s, DType::String, {1}, u"s.toml"_s)}
        << Files{{u"tensor_data/s.toml"_s, "data = ['" + QByteArray((64 << 20) + 1, 'x') + "']"}} << u"s"_s
        << int(ErrorCode::Limit) << QStringList{u"tensor_data/s.toml"_s, u"more than the limit of 67108864 bytes"_s};
    TensorIndexEntry nestedA;
    nestedA.name = u"n"_s;
    nestedA.dtype = DType::Nested;
    nestedA.inner = {u"a"_s, u"m"_s};
    TensorIndexEntry nestedM;
    nestedM.name = u"m"_s;
    nestedM.dtype = DType::Nested;
    nestedM.inner = {u"a"_s};
    QTest::addRow("nested inner nested") << QList<TensorIndexEntry>{entry(u"a"_s, DType::Int8, {1}, u"a.bin"_s),
                                                                    nestedA, nestedM}
                                         << Files{{u"tensor_data/a.bin"_s, QByteArray(1, '\x05')}} << u"n"_s
                                         << int(ErrorCode::Format)
                                         << QStringList{u"inner tensor \"m\" is itself nested"_s};
    TensorIndexEntry nestedMissing = nestedA;
    nestedMissing.inner = {u"a"_s, u"ghost"_s};
    QTest::addRow("nested inner missing")
        << QList<TensorIndexEntry>{entry(u"a"_s, DType::Int8, {1}, u"a.bin"_s), nestedMissing}
        << Files{{u"tensor_data/a.bin"_s, QByteArray(1, '\x05')}} << u"n"_s << int(ErrorCode::NotFound)
        << QStringList{u"inner tensor \"ghost\" does not exist"_s};
    TensorIndexEntry nestedOfA = nestedA;
    nestedOfA.inner = {u"a"_s};
    QTest::addRow("nested inner bad size")
        << QList<TensorIndexEntry>{entry(u"a"_s, DType::Int16, {1}, u"a.bin"_s), nestedOfA}
        << Files{{u"tensor_data/a.bin"_s, QByteArray(1, '\x05')}} << u"n"_s << int(ErrorCode::Format)
        << QStringList{u"expected 2 bytes"_s};
}

void TestTensorIo::hostile()
{
    QFETCH(QList<TensorIndexEntry>, entries);
    QFETCH(FileMap, files);
    QFETCH(QString, load);
    QFETCH(int, code);
    QFETCH(QStringList, messageParts);
    MemoryFiles memory;
    memory.files = files;
    const Result<Tensor> loaded = loadTensor(TensorIndex(entries), load, memory.reader());
    QVERIFY(!loaded.ok());
    QCOMPARE(int(loaded.error().code), code);
    for (const QString &part : messageParts)
        QVERIFY2(loaded.error().toString().contains(part), qPrintable(loaded.error().toString()));
}

void TestTensorIo::decodeStringHostile_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("messagePart");
    QTest::addRow("broken toml") << QByteArray("data = [\n  'a',\n  'b\n]\n") << u"f.toml:3:"_s;
    QTest::addRow("missing data") << QByteArray("values = ['a']\n") << u"missing required field \"data\""_s;
    QTest::addRow("data not array") << QByteArray("data = 'a'\n") << u"f.toml:1:8: field \"data\" must be an array"_s;
    QTest::addRow("number element") << QByteArray("data = ['a', 2]\n")
                                    << u"f.toml:1:14: field \"data\": elements must be strings, found an integer"_s;
    QTest::addRow("nested array") << QByteArray("data = [['a'], 'b']\n") << u"found an array"_s;
}

void TestTensorIo::decodeStringHostile()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, messagePart);
    const Result<QStringList> decoded = decodeStringTensorFile(text, 2, u"f.toml"_s);
    QVERIFY(!decoded.ok());
    QCOMPARE(decoded.error().code, ErrorCode::Format);
    QVERIFY2(decoded.error().toString().contains(messagePart), qPrintable(decoded.error().toString()));
}

// The real upstream carton: extract tensor_data with bsdtar (an independent zip reader
// that knows zstd entries) and load every tensor through its index.
void TestTensorIo::upstreamFixture()
{
    const QString carton = testutil::sharedPath(u"/fixtures/upstream/test.carton");
    if (!QFile::exists(carton))
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    const QString bsdtar = QStandardPaths::findExecutable(u"bsdtar"_s);
    if (bsdtar.isEmpty())
        CARTON_MISSING_TOOL("bsdtar");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QProcess tar;
    tar.setWorkingDirectory(dir.path());
    tar.start(bsdtar, {u"-xf"_s, carton, u"tensor_data"_s});
    QVERIFY(tar.waitForFinished(60'000));
    QCOMPARE(tar.exitCode(), 0);

    const ByteSourceOpener reader = [&dir](const QString &path) -> Result<ByteSourcePtr> {
        auto file = FileRegionSource::open(dir.filePath(path));
        if (!file)
            return file.error();
        return ByteSourcePtr(std::move(file).value());
    };
    const Result<ByteSourcePtr> indexFile = reader(u"tensor_data/index.toml"_s);
    QVERIFY(indexFile.ok());
    const Result<QByteArray> indexBytes = (*indexFile)->readAll(1 << 20);
    QVERIFY(indexBytes.ok());
    const Result<TensorIndex> index = TensorIndex::parse(*indexBytes);
    QVERIFY2(index.ok(), qPrintable(index.ok() ? QString() : index.error().toString()));
    QCOMPARE(index->entries().size(), 4);

    const Result<Tensor> a = loadTensor(*index, u"_tensor_1"_s, reader);
    QVERIFY(a.ok());
    QCOMPARE(a->dtype(), DType::Float32);
    QCOMPARE(a->shape(), QList<qint64>{5});
    for (int i = 0; i < 5; ++i)
        QCOMPARE(a->valueAsDouble(i), 1.0);

    const Result<Tensor> b = loadTensor(*index, u"_tensor_0"_s, reader);
    QVERIFY2(b.ok(), qPrintable(b.ok() ? QString() : b.error().toString()));
    QCOMPARE(b->stringValues().size(), 3);
    QVERIFY(b->stringValues().at(0).contains(u"💖"_s));
    QVERIFY(b->stringValues().at(1).startsWith(u"Some Telugu: గ ఘ ఙ"_s));
    QVERIFY(b->stringValues().at(2).startsWith(u"Let's 🤑"_s));

    const Result<Tensor> c = loadTensor(*index, u"_tensor_2"_s, reader);
    QVERIFY(c.ok());
    QCOMPARE(c->valueAsText(4), u"1"_s);

    const Result<Tensor> d = loadTensor(*index, u"_tensor_3"_s, reader);
    QVERIFY(d.ok());
    QVERIFY(d->shape().isEmpty());
    QCOMPARE(d->valueAsText(0), u"5"_s);

    // Our serialization of the same index re-reads identically.
    const Result<TensorIndex> again = TensorIndex::parse(index->serialize());
    QVERIFY(again.ok());
    QCOMPARE(again->entries(), index->entries());
}

QTEST_GUILESS_MAIN(TestTensorIo)
#include "tst_tensorio.moc"
