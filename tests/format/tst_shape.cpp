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

QTEST_GUILESS_MAIN(TestShape)
#include "tst_shape.moc"
