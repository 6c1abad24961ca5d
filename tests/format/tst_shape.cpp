// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "format/dtype.h"
#include "format/shape.h"

#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::Shape)
Q_DECLARE_METATYPE(carton::DType)

class TestShape : public QObject {
    Q_OBJECT
private slots:
    void dtypeNames_data();
    void dtypeNames();
    void dtypeRejects_data();
    void dtypeRejects();
    void toString_data();
    void toString();
    void accepts_data();
    void accepts();
    void dims();
    void parse_data();
    void parse();
    void parseRejects_data();
    void parseRejects();
};

void TestShape::dtypeNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<int>("size");
    QTest::addColumn<bool>("spec");
    QTest::addColumn<bool>("numeric");
    QTest::addColumn<bool>("floating");
    QTest::newRow("float32") << u"float32"_s << DType::Float32 << 4 << true << true << true;
    QTest::newRow("float64") << u"float64"_s << DType::Float64 << 8 << true << true << true;
    QTest::newRow("string") << u"string"_s << DType::String << 0 << true << false << false;
    QTest::newRow("int8") << u"int8"_s << DType::Int8 << 1 << true << true << false;
    QTest::newRow("int16") << u"int16"_s << DType::Int16 << 2 << true << true << false;
    QTest::newRow("int32") << u"int32"_s << DType::Int32 << 4 << true << true << false;
    QTest::newRow("int64") << u"int64"_s << DType::Int64 << 8 << true << true << false;
    QTest::newRow("uint8") << u"uint8"_s << DType::Uint8 << 1 << true << true << false;
    QTest::newRow("uint16") << u"uint16"_s << DType::Uint16 << 2 << true << true << false;
    QTest::newRow("uint32") << u"uint32"_s << DType::Uint32 << 4 << true << true << false;
    QTest::newRow("uint64") << u"uint64"_s << DType::Uint64 << 8 << true << true << false;
    QTest::newRow("float16") << u"float16"_s << DType::Float16 << 2 << false << true << true;
    QTest::newRow("bfloat16") << u"bfloat16"_s << DType::BFloat16 << 2 << false << true << true;
    QTest::newRow("bool") << u"bool"_s << DType::Bool << 1 << false << true << false;
    QTest::newRow("nested") << u"nested"_s << DType::Nested << 0 << false << false << false;
}

void TestShape::dtypeNames()
{
    QFETCH(QString, name);
    QFETCH(DType, dtype);
    QFETCH(int, size);
    QFETCH(bool, spec);
    QFETCH(bool, numeric);
    QFETCH(bool, floating);
    QCOMPARE(dtypeName(dtype), name);
    QCOMPARE(parseDType(name), std::optional<DType>(dtype));
    QCOMPARE(dtypeSize(dtype), size);
    QCOMPARE(isSpecDType(dtype), spec);
    QCOMPARE(isNumeric(dtype), numeric);
    QCOMPARE(isFloating(dtype), floating);
}

void TestShape::dtypeRejects_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("empty") << QString();
    QTest::newRow("uppercase") << u"Float32"_s;
    QTest::newRow("numpy style") << u"f4"_s;
    QTest::newRow("trailing space") << u"int8 "_s;
    QTest::newRow("half") << u"half"_s;
    QTest::newRow("prefix") << u"float"_s;
}

void TestShape::dtypeRejects()
{
    QFETCH(QString, name);
    QVERIFY(!parseDType(name).has_value());
}

void TestShape::toString_data()
{
    QTest::addColumn<Shape>("shape");
    QTest::addColumn<QString>("text");
    QTest::newRow("any") << Shape::any() << u"*"_s;
    QTest::newRow("symbol") << Shape::symbol(u"input_shape"_s) << u"input_shape"_s;
    QTest::newRow("scalar") << Shape::scalar() << u"[]"_s;
    QTest::newRow("dims") << Shape::dims(
                                 {Dim::symbol(u"batch_size"_s), Dim::value(3), Dim::value(512), Dim::value(512)})
                          << u"[batch_size, 3, 512, 512]"_s;
    QTest::newRow("any dims") << Shape::dims({Dim::any(), Dim(), Dim::any()}) << u"[*, *, *]"_s;
    QTest::newRow("zero") << Shape::dims({Dim::value(0)}) << u"[0]"_s;
    QTest::newRow("big") << Shape::dims({Dim::value(Q_INT64_C(9007199254740993))}) << u"[9007199254740993]"_s;
}

void TestShape::toString()
{
    QFETCH(Shape, shape);
    QFETCH(QString, text);
    QCOMPARE(shape.toString(), text);
}

void TestShape::accepts_data()
{
    QTest::addColumn<Shape>("shape");
    QTest::addColumn<QList<qint64>>("concrete");
    QTest::addColumn<bool>("accepted");
    const Shape f = Shape::dims({Dim::symbol(u"batch"_s), Dim::value(3), Dim::any()});
    QTest::newRow("any/scalar") << Shape::any() << QList<qint64>{} << true;
    QTest::newRow("any/3d") << Shape::any() << QList<qint64>{1, 2, 3} << true;
    QTest::newRow("symbol/2d") << Shape::symbol(u"s"_s) << QList<qint64>{4, 5} << true;
    QTest::newRow("scalar/scalar") << Shape::scalar() << QList<qint64>{} << true;
    QTest::newRow("scalar/1d") << Shape::scalar() << QList<qint64>{1} << false;
    QTest::newRow("dims/match") << f << QList<qint64>{8, 3, 100} << true;
    QTest::newRow("dims/zero batch") << f << QList<qint64>{0, 3, 0} << true;
    QTest::newRow("dims/wrong fixed") << f << QList<qint64>{8, 4, 100} << false;
    QTest::newRow("dims/too few") << f << QList<qint64>{8, 3} << false;
    QTest::newRow("dims/too many") << f << QList<qint64>{8, 3, 1, 1} << false;
    QTest::newRow("negative") << Shape::any() << QList<qint64>{-1} << false;
}

void TestShape::accepts()
{
    QFETCH(Shape, shape);
    QFETCH(QList<qint64>, concrete);
    QFETCH(bool, accepted);
    QCOMPARE(shape.accepts(concrete), accepted);
}

void TestShape::dims()
{
    const Dim v = Dim::value(7);
    QVERIFY(v.isValue() && !v.isAny() && !v.isSymbol());
    QCOMPARE(v.size(), 7);
    const Dim s = Dim::symbol(u"n"_s);
    QVERIFY(s.isSymbol());
    QCOMPARE(s.size(), -1);
    QCOMPARE(s.symbolName(), u"n"_s);
    QVERIFY(Dim().isAny());
    QVERIFY(Dim::value(0) != Dim::any());
    QVERIFY(Shape::scalar() != Shape::any());
    QVERIFY(Shape::symbol(u"a"_s) != Shape::dims({Dim::symbol(u"a"_s)}));
    QVERIFY(Shape::scalar().isScalar() && Shape::scalar().isDims());
    QCOMPARE(Shape::symbol(u"x"_s).kind(), Shape::Kind::Symbol);
}

void TestShape::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Shape>("shape");
    QTest::addColumn<QString>("inputText");
    QTest::newRow("any") << u" * "_s << Shape::any() << u"*"_s;
    QTest::newRow("scalar") << u"[]"_s << Shape::scalar() << u"[]"_s;
    QTest::newRow("scalar spaced") << u"[  ]"_s << Shape::scalar() << u"[]"_s;
    QTest::newRow("symbol") << u"input_shape"_s << Shape::symbol(u"input_shape"_s) << u"input_shape"_s;
    QTest::newRow("quoted digits symbol") << u"\"3\""_s << Shape::symbol(u"3"_s) << u"\"3\""_s;
    QTest::newRow("quoted spaced symbol") << u"\"my shape\""_s << Shape::symbol(u"my shape"_s) << u"\"my shape\""_s;
    QTest::newRow("dims") << u"[batch_size,3 , 512,*]"_s
                          << Shape::dims({Dim::symbol(u"batch_size"_s), Dim::value(3), Dim::value(512), Dim::any()})
                          << u"[batch_size, 3, 512, *]"_s;
    QTest::newRow("zero dim") << u"[0]"_s << Shape::dims({Dim::value(0)}) << u"[0]"_s;
    QTest::newRow("quoted dims") << u"[\"a,b\", \"7\", \"*\"]"_s
                                 << Shape::dims({Dim::symbol(u"a,b"_s), Dim::symbol(u"7"_s), Dim::symbol(u"*"_s)})
                                 << u"[\"a,b\", \"7\", \"*\"]"_s;
    // The spellings users type (issue 29, item 9): numpy / torch tuples, lists
    // without brackets, a bare size, extra whitespace.
    const Shape bchw = Shape::dims({Dim::symbol(u"batch"_s), Dim::value(3), Dim::value(32), Dim::value(32)});
    QTest::newRow("bare list") << u"batch, 3, 32, 32"_s << bchw << u"[batch, 3, 32, 32]"_s;
    QTest::newRow("bracketed list") << u"[batch, 3, 32, 32]"_s << bchw << u"[batch, 3, 32, 32]"_s;
    QTest::newRow("tuple") << u"(batch, 3, 32, 32)"_s << bchw << u"[batch, 3, 32, 32]"_s;
    QTest::newRow("whitespace") << u"\t [  batch ,3,  32 ,\t32 ]  "_s << bchw << u"[batch, 3, 32, 32]"_s;
    QTest::newRow("one-tuple") << u"(3,)"_s << Shape::dims({Dim::value(3)}) << u"[3]"_s;
    QTest::newRow("trailing comma") << u"[2, n,]"_s << Shape::dims({Dim::value(2), Dim::symbol(u"n"_s)}) << u"[2, n]"_s;
    QTest::newRow("bare trailing comma") << u"3,"_s << Shape::dims({Dim::value(3)}) << u"[3]"_s;
    QTest::newRow("bare number") << u"3"_s << Shape::dims({Dim::value(3)}) << u"[3]"_s;
    QTest::newRow("empty tuple") << u"( )"_s << Shape::scalar() << u"[]"_s;
    QTest::newRow("symbol seq_len") << u" seq_len "_s << Shape::symbol(u"seq_len"_s) << u"seq_len"_s;
    QTest::newRow("bare list with any") << u"*, 3"_s << Shape::dims({Dim::any(), Dim::value(3)}) << u"[*, 3]"_s;
    QTest::newRow("quoted digit-led symbol")
        << u"[\"3d\", 2]"_s << Shape::dims({Dim::symbol(u"3d"_s), Dim::value(2)}) << u"[\"3d\", 2]"_s;
    QTest::newRow("quoted symbol with parens") << u"\"f(x)\""_s << Shape::symbol(u"f(x)"_s) << u"\"f(x)\""_s;
    QTest::newRow("max size") << u"[9223372036854775807]"_s << Shape::dims({Dim::value(9223372036854775807LL)})
                              << u"[9223372036854775807]"_s;
}

void TestShape::parse()
{
    QFETCH(QString, text);
    QFETCH(Shape, shape);
    QFETCH(QString, inputText);
    const Result<Shape> parsed = Shape::parse(text);
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : qPrintable(parsed.error().message));
    QCOMPARE(*parsed, shape);
    QCOMPARE(parsed->toInputText(), inputText);
    // The input text reads back as the same shape.
    const Result<Shape> again = Shape::parse(parsed->toInputText());
    QVERIFY(again.ok());
    QCOMPARE(*again, shape);
}

void TestShape::parseRejects_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("empty") << u"  "_s << u"the shape is empty"_s;
    QTest::newRow("unclosed") << u"[n, 3"_s << u"has no closing ]"_s;
    QTest::newRow("negative") << u"[2, -1]"_s << u"dimension 1 is -1; expected a size >= 0"_s;
    QTest::newRow("empty dim") << u"[2, , 3]"_s << u"dimension 1 is empty"_s;
    QTest::newRow("two trailing commas") << u"[2,,]"_s << u"dimension 1 is empty"_s;
    QTest::newRow("empty dim unclosed") << u"[3,,4"_s << u"\"[3,,4\" has no closing ]"_s;
    QTest::newRow("empty dim bare") << u"3,,4"_s << u"dimension 1 is empty"_s;
    QTest::newRow("only a comma") << u"[,]"_s << u"dimension 0 is empty"_s;
    QTest::newRow("product") << u"3x4"_s << u"for dimensions of sizes 3, 4 write [3, 4]"_s;
    QTest::newRow("product in list") << u"[n, 3x4]"_s << u"dimension 1: \"3x4\" is not a size"_s;
    QTest::newRow("negative bare") << u"-1"_s << u"dimension 0 is -1; expected a size >= 0"_s;
    QTest::newRow("negative in tuple") << u"(-1, 3)"_s << u"a size not fixed in advance is * or a symbol"_s;
    QTest::newRow("digit-led symbol") << u"[3d]"_s << u"quote a symbol that starts with a digit"_s;
    QTest::newRow("mismatched brackets") << u"(3, 4]"_s << u"has no closing )"_s;
    QTest::newRow("spaces not commas") << u"[3 4]"_s << u"separate dimensions with commas"_s;
    QTest::newRow("nested tuple") << u"((3))"_s << u"unexpected '('"_s;
    QTest::newRow("stray paren") << u")"_s << u"starts with )"_s;
    QTest::newRow("space in symbol") << u"[batch size]"_s << u"holds a space"_s;
    QTest::newRow("nested") << u"[[2]]"_s << u"unexpected '['"_s;
    QTest::newRow("too large") << u"[99999999999999999999]"_s << u"is too large"_s;
    QTest::newRow("unclosed quote") << u"[\"a]"_s << u"dimension 0: \"a has no closing quote"_s;
    QTest::newRow("unclosed quote before comma") << u"[\"a, 2]"_s << u"dimension 0: \"a, 2 has no closing quote"_s;
    QTest::newRow("empty quoted") << u"\"\""_s << u"a symbol without a name"_s;
    QTest::newRow("stray bracket") << u"]"_s << u"starts with ]"_s;
}

void TestShape::parseRejects()
{
    QFETCH(QString, text);
    QFETCH(QString, fragment);
    const Result<Shape> parsed = Shape::parse(text);
    QVERIFY2(!parsed.ok(), qPrintable(parsed.ok() ? parsed->toString() : QString()));
    QVERIFY2(parsed.error().message.contains(fragment), qPrintable(parsed.error().message));
}

QTEST_GUILESS_MAIN(TestShape)
#include "tst_shape.moc"
