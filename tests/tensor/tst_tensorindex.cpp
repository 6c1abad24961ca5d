// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/tensorindex.h"
#include "tensor/tensorinterchange.h"

#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

class TestTensorIndex final : public QObject {
    Q_OBJECT

private slots:
    void parseValid_data();
    void parseValid();
    void upstreamStyle();
    void roundTrip_data();
    void roundTrip();
    void serializeEmpty();
    void serializeWritesInner();
    void serializeEscapes();
    void hostile_data();
    void hostile();
    void uniqueNamesAreSlugs_data();
    void uniqueNamesAreSlugs();
};

void TestTensorIndex::parseValid_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QList<qint64>>("shape");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("inner");

    const QStringList numeric{u"float32"_s, u"float64"_s, u"int8"_s,   u"int16"_s,  u"int32"_s,
                              u"int64"_s,   u"uint8"_s,   u"uint16"_s, u"uint32"_s, u"uint64"_s};
    for (const QString &dtype : numeric) {
        const QByteArray text = "[[tensor]]\nname = \"t_" + dtype.toUtf8() + "\"\ndtype = \"" + dtype.toUtf8() +
                                "\"\nshape = [2, 3]\nfile = \"tensor_0.bin\"\ninner = []\n";
        QTest::addRow("%s", qPrintable(dtype))
            << text << (u"t_"_s + dtype) << dtype << QList<qint64>{2, 3} << u"tensor_0.bin"_s << QStringList{};
    }
    QTest::addRow("string without inner")
        << QByteArray("[[tensor]]\nname = 's'\ndtype = 'string'\nshape = [1, 2, 3]\nfile = 'tensor_1.toml'\n") << u"s"_s
        << u"string"_s << QList<qint64>{1, 2, 3} << u"tensor_1.toml"_s << QStringList{};
    QTest::addRow("scalar") << QByteArray("[[tensor]]\nname = 'x'\ndtype = 'int64'\nshape = []\nfile = 'a/b.bin'\n")
                            << u"x"_s << u"int64"_s << QList<qint64>{} << u"a/b.bin"_s << QStringList{};
    QTest::addRow("empty dim") << QByteArray(
                                      "[[tensor]]\nname = 'e'\ndtype = 'uint8'\nshape = [0, 4]\nfile = 'e.bin'\n")
                               << u"e"_s << u"uint8"_s << QList<qint64>{0, 4} << u"e.bin"_s << QStringList{};
}

void TestTensorIndex::parseValid()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, name);
    QFETCH(QString, dtype);
    QFETCH(QList<qint64>, shape);
    QFETCH(QString, file);
    QFETCH(QStringList, inner);

    const Result<TensorIndex> index = TensorIndex::parse(text);
    QVERIFY2(index.ok(), qPrintable(index.ok() ? QString() : index.error().toString()));
    QCOMPARE(index->entries().size(), 1);
    const TensorIndexEntry &entry = index->entries().first();
    QCOMPARE(entry.name, name);
    QCOMPARE(dtypeName(entry.dtype), dtype);
    QVERIFY(entry.shape.has_value());
    QCOMPARE(*entry.shape, shape);
    QCOMPARE(entry.file.value_or(QString()), file);
    QCOMPARE(entry.inner, inner);
    QCOMPARE(entry.line, 1);
    QVERIFY(index->find(name) == &entry);
    QVERIFY(index->find(name + u"x"_s) == nullptr);
}

// Written the way upstream writes it: literal strings, nested tensors without shape/file.
void TestTensorIndex::upstreamStyle()
{
    const QByteArray text = "[[tensor]]\nname = '_tensor_1'\ndtype = 'float32'\nshape = [5]\nfile = 'tensor_0.bin'\n"
                            "inner = []\n\n"
                            "[[tensor]]\nname = '_carton_nested_inner_@tensor_data/_tensor_0_0'\ndtype = 'string'\n"
                            "shape = [3]\nfile = 'tensor_1.toml'\ninner = []\n\n"
                            "[[tensor]]\nname = '_tensor_0'\ndtype = 'nested'\n"
                            "inner = ['_carton_nested_inner_@tensor_data/_tensor_0_0', '_tensor_1']\n";
    const Result<TensorIndex> index = TensorIndex::parse(text);
    QVERIFY2(index.ok(), qPrintable(index.ok() ? QString() : index.error().toString()));
    QCOMPARE(index->entries().size(), 3);
    const TensorIndexEntry *nested = index->find(u"_tensor_0"_s);
    QVERIFY(nested);
    QCOMPARE(nested->dtype, DType::Nested);
    QVERIFY(!nested->shape.has_value());
    QVERIFY(!nested->file.has_value());
    QCOMPARE(nested->inner, (QStringList{u"_carton_nested_inner_@tensor_data/_tensor_0_0"_s, u"_tensor_1"_s}));
    QCOMPARE(nested->line, 15);
    QCOMPARE(index->entries().at(1).line, 8);
}

void TestTensorIndex::roundTrip_data()
{
    QTest::addColumn<QList<TensorIndexEntry>>("entries");
    QTest::addRow("none") << QList<TensorIndexEntry>{};
    QList<TensorIndexEntry> all;
    int i = 0;
    for (DType dtype : {DType::Float32, DType::Float64, DType::String, DType::Int8, DType::Int16, DType::Int32,
                        DType::Int64, DType::Uint8, DType::Uint16, DType::Uint32, DType::Uint64}) {
        TensorIndexEntry e;
        e.name = u"tensor %1 \"quoted\" ü"_s.arg(i);
        e.dtype = dtype;
        e.shape = QList<qint64>{i, 2, qint64(1) << 40};
        e.file = dtype == DType::String ? u"tensor_%1.toml"_s.arg(i) : u"tensor_%1.bin"_s.arg(i);
        all.append(e);
        ++i;
    }
    TensorIndexEntry scalar;
    scalar.name = u"scalar"_s;
    scalar.dtype = DType::Int64;
    scalar.shape = QList<qint64>{};
    scalar.file = u"s.bin"_s;
    all.append(scalar);
    TensorIndexEntry nested;
    nested.name = u"nested"_s;
    nested.dtype = DType::Nested;
    nested.inner = {all.at(0).name, u"scalar"_s};
    all.append(nested);
    QTest::addRow("all dtypes") << all;
    QTest::addRow("one") << QList<TensorIndexEntry>{scalar};
}

void TestTensorIndex::roundTrip()
{
    QFETCH(QList<TensorIndexEntry>, entries);
    const TensorIndex index(entries);
    const QByteArray bytes = index.serialize();
    QCOMPARE(TensorIndex(entries).serialize(), bytes); // deterministic
    const Result<TensorIndex> parsed = TensorIndex::parse(bytes);
    QVERIFY2(parsed.ok(),
             qPrintable(parsed.ok() ? QString() : parsed.error().toString() + u"\n"_s + QString::fromUtf8(bytes)));
    QCOMPARE(parsed->entries(), entries);
    QCOMPARE(parsed->serialize(), bytes);
}

void TestTensorIndex::serializeEmpty()
{
    const QByteArray bytes = TensorIndex().serialize();
    QCOMPARE(bytes, QByteArray("tensor = []\n"));
    const Result<TensorIndex> parsed = TensorIndex::parse(bytes);
    QVERIFY(parsed.ok());
    QVERIFY(parsed->entries().isEmpty());
    // An empty file is also an empty index.
    QVERIFY(TensorIndex::parse("").ok());
}

void TestTensorIndex::serializeWritesInner()
{
    TensorIndexEntry a;
    a.name = u"a"_s;
    a.dtype = DType::Uint32;
    a.shape = QList<qint64>{5};
    a.file = u"tensor_0.bin"_s;
    TensorIndexEntry b = a;
    b.name = u"b"_s;
    b.file = u"tensor_1.bin"_s;
    const QByteArray bytes = TensorIndex({a, b}).serialize();
    QCOMPARE(bytes.count("inner = []\n"), 2);
    QCOMPARE(bytes.count("[[tensor]]\n"), 2);
    QVERIFY(bytes.contains("dtype = \"uint32\"\nshape = [5]\nfile = \"tensor_0.bin\"\n"));
}

void TestTensorIndex::serializeEscapes()
{
    TensorIndexEntry a;
    a.name = u"back\\slash \"q\" tab\t nl\n bell\x07 emoji 😀"_s;
    a.dtype = DType::Float32;
    a.shape = QList<qint64>{1};
    a.file = u"x.bin"_s;
    const QByteArray bytes = TensorIndex({a}).serialize();
    QVERIFY(!bytes.contains('\t'));
    QVERIFY(!bytes.contains('\x07'));
    const Result<TensorIndex> parsed = TensorIndex::parse(bytes);
    QVERIFY(parsed.ok());
    QCOMPARE(parsed->entries().first().name, a.name);
}

void TestTensorIndex::hostile_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("messagePart");

    const int format = int(ErrorCode::Format);
    const QByteArray head = "[[tensor]]\nname = 'a'\n";
    QTest::addRow("broken toml") << QByteArray("[[tensor]]\nname = 'a'\ndtype = \n") << format
                                 << u"tensor_data/index.toml:3:"_s << u"invalid TOML"_s;
    QTest::addRow("unterminated string") << QByteArray("[[tensor]]\nname = 'a\n") << format
                                         << u"tensor_data/index.toml:2:"_s << u"invalid TOML"_s;
    // Refused by the nesting guard before toml++ sees it.
    QTest::addRow("deep nesting") << head + "dtype = 'int8'\nshape = " + QByteArray(100000, '[') + "\n"
                                  << int(ErrorCode::Limit) << u"tensor_data/index.toml:4"_s << u"nested deeper"_s;
    QTest::addRow("invalid utf-8") << QByteArray("[[tensor]]\nname = '\xff\xfe'\n") << format
                                   << u"tensor_data/index.toml:2:"_s << u"invalid TOML"_s;
    QTest::addRow("nul byte") << QByteArray("[[tensor]]\nname = 'a\0b'\n", 24) << format
                              << u"tensor_data/index.toml:2:"_s << u"invalid TOML"_s;
    QTest::addRow("name not string") << QByteArray("[[tensor]]\nname = 3\ndtype = 'int8'\nshape=[1]\nfile='a'\n")
                                     << format << u"tensor_data/index.toml:2:8"_s
                                     << u"\"name\" must be a string, found an integer"_s;
    QTest::addRow("missing name") << QByteArray("[[tensor]]\ndtype = 'int8'\nshape=[1]\nfile='a'\n") << format
                                  << u"tensor_data/index.toml:1:"_s << u"missing required field \"name\""_s;
    QTest::addRow("unknown dtype") << head + "dtype = 'complex64'\nshape = [1]\nfile = 'a.bin'\n"
                                   << format << u"tensor_data/index.toml:3:9"_s << u"unknown dtype \"complex64\""_s;
    QTest::addRow("dtype case") << head + "dtype = 'Float32'\nshape = [1]\nfile = 'a.bin'\n"
                                << format << u"tensor_data/index.toml:3:9"_s << u"unknown dtype"_s;
    QTest::addRow("preview-only dtype") << head + "dtype = 'float16'\nshape = [1]\nfile = 'a.bin'\n"
                                        << format << u"tensor_data/index.toml:3:9"_s << u"unknown dtype \"float16\""_s;
    QTest::addRow("dtype not string") << head + "dtype = 32\nshape = [1]\nfile = 'a.bin'\n"
                                      << format << u"tensor_data/index.toml:3:9"_s << u"\"dtype\" must be a string"_s;
    QTest::addRow("negative dim") << head + "dtype = 'int8'\nshape = [2, -1]\nfile = 'a.bin'\n"
                                  << format << u"tensor_data/index.toml:4:13"_s << u"negative dimension -1"_s;
    QTest::addRow("float dim") << head + "dtype = 'int8'\nshape = [2.5]\nfile = 'a.bin'\n"
                               << format << u"tensor_data/index.toml:4:10"_s << u"must be an integer, found a float"_s;
    QTest::addRow("string dim") << head + "dtype = 'int8'\nshape = ['batch']\nfile = 'a.bin'\n"
                                << format << u"tensor_data/index.toml:4:10"_s
                                << u"must be an integer, found a string"_s;
    QTest::addRow("shape not array") << head + "dtype = 'int8'\nshape = '*'\nfile = 'a.bin'\n"
                                     << format << u"tensor_data/index.toml:4:9"_s << u"\"shape\" must be an array"_s;
    QTest::addRow("missing shape") << head + "dtype = 'int8'\nfile = 'a.bin'\n"
                                   << format << u"tensor_data/index.toml:1:"_s << u"missing required field \"shape\""_s;
    QTest::addRow("missing file") << head + "dtype = 'string'\nshape = [1]\n"
                                  << format << u"tensor_data/index.toml:1:"_s << u"missing required field \"file\""_s;
    QTest::addRow("file not string") << head + "dtype = 'int8'\nshape = [1]\nfile = ['a']\n"
                                     << format << u"tensor_data/index.toml:5:8"_s
                                     << u"\"file\" must be a string, found an array"_s;
    QTest::addRow("file escapes") << head + "dtype = 'int8'\nshape = [1]\nfile = '../../etc/passwd'\n"
                                  << int(ErrorCode::Unsafe) << u"tensor_data/index.toml:5:8"_s << u"\"..\""_s;
    QTest::addRow("file absolute") << head + "dtype = 'int8'\nshape = [1]\nfile = '/etc/passwd'\n"
                                   << int(ErrorCode::Unsafe) << u"tensor_data/index.toml:5:8"_s << u"absolute"_s;
    QTest::addRow("nested with shape") << head + "dtype = 'nested'\nshape = [1]\ninner = []\n"
                                       << format << u"tensor_data/index.toml:4:9"_s << u"must not have a \"shape\""_s;
    QTest::addRow("nested with file") << head + "dtype = 'nested'\nfile = 'x.bin'\ninner = []\n"
                                      << format << u"tensor_data/index.toml:4:8"_s << u"must not have a \"file\""_s;
    QTest::addRow("inner on numeric") << head + "dtype = 'int8'\nshape = [1]\nfile = 'a.bin'\ninner = ['b']\n"
                                      << format << u"tensor_data/index.toml:6:9"_s << u"only nested tensors"_s;
    QTest::addRow("inner not strings") << head + "dtype = 'nested'\ninner = [1]\n"
                                       << format << u"tensor_data/index.toml:4:10"_s << u"entries must be strings"_s;
    QTest::addRow("inner is self") << head + "dtype = 'nested'\ninner = ['a']\n"
                                   << format << u"tensor_data/index.toml:4:9"_s << u"the tensor itself"_s;
    QTest::addRow("tensor is a table") << QByteArray("[tensor]\nname = 'a'\n") << format
                                       << u"tensor_data/index.toml:1:1"_s << u"must be an array of tables"_s;
    QTest::addRow("tensor entry not table")
        << QByteArray("tensor = [1]\n") << format << u"tensor_data/index.toml:1:11"_s
        << u"tensor #1 must be a table, found an integer"_s;
    QTest::addRow("duplicate names") << head + "dtype = 'int8'\nshape = [1]\nfile = 'a.bin'\n" + head +
                                            "dtype = 'int8'\nshape = [1]\nfile = 'b.bin'\n"
                                     << format << u"tensor_data/index.toml:6:1"_s << u"duplicate tensor name \"a\""_s;
}

void TestTensorIndex::hostile()
{
    QFETCH(QByteArray, text);
    QFETCH(int, code);
    QFETCH(QString, location);
    QFETCH(QString, messagePart);
    const Result<TensorIndex> index = TensorIndex::parse(text);
    QVERIFY(!index.ok());
    QCOMPARE(int(index.error().code), code);
    QVERIFY2(index.error().location.startsWith(location), qPrintable(index.error().toString()));
    QVERIFY2(index.error().message.contains(messagePart), qPrintable(index.error().toString()));
}

// Names made from self-test and output names (Record Outputs, New Self-test from
// Inputs) are safe slugs, made unique against the index.
void TestTensorIndex::uniqueNamesAreSlugs_data()
{
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("name");
    QTest::newRow("spaces") << u"batch of two_doubled"_s << u"batch_of_two_doubled"_s;
    QTest::newRow("runs and ends") << u"  a / b..c  "_s << u"a_b_c"_s;
    QTest::newRow("non-ASCII") << u"Größe_y"_s << u"Gr_e_y"_s;
    QTest::newRow("nothing left") << u" ✓ "_s << u"tensor"_s;
    QTest::newRow("taken") << u"x"_s << u"x_2"_s;
    QTest::newRow("long") << QString(300, u'a') << QString(200, u'a');
}

void TestTensorIndex::uniqueNamesAreSlugs()
{
    QFETCH(QString, base);
    QFETCH(QString, name);
    TensorIndexEntry x;
    x.name = u"x"_s;
    x.dtype = DType::Float32;
    x.shape = {1};
    x.file = u"tensor_0.bin"_s;
    QCOMPARE(uniqueTensorName(TensorIndex({x}), base), name);
}

QTEST_GUILESS_MAIN(TestTensorIndex)
#include "tst_tensorindex.moc"
