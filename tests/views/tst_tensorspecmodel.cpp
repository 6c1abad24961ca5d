// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "fixturepolicy.h"
#include "testcartons.h"
#include "views/roles.h"
#include "views/shapedelegate.h"
#include "views/symbolpalette.h"
#include "views/tensorspecmodel.h"

#include <QAbstractItemModelTester>
#include <QTableView>
#include <QTest>

Q_DECLARE_METATYPE(carton::Shape)

using namespace studio;

class TestTensorSpecModel : public QObject {
    Q_OBJECT

private slots:
    void upstreamInputs();
    void shapes_data();
    void shapes();
    void symbolsShareColors();
    void chipColors();
    void delegatePaintsChips();
};

void TestTensorSpecModel::upstreamInputs()
{
    const QString path = testcartons::upstreamFixture();
    if (path.isEmpty())
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    auto carton = testcartons::open(path);
    QVERIFY(carton && carton->info());
    SymbolPalette palette;
    for (const auto &spec : carton->info()->inputs)
        palette.addShape(spec.shape);
    for (const auto &spec : carton->info()->outputs)
        palette.addShape(spec.shape);

    TensorSpecModel inputs, outputs;
    QAbstractItemModelTester t1(&inputs, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&outputs, QAbstractItemModelTester::FailureReportingMode::QtTest);
    inputs.setSpecs(carton->info()->inputs, palette);
    outputs.setSpecs(carton->info()->outputs, palette);

    QCOMPARE(inputs.rowCount(), 7);
    QCOMPARE(outputs.rowCount(), 1);
    QStringList names;
    for (int r = 0; r < inputs.rowCount(); ++r)
        names.append(inputs.index(r, TensorSpecModel::NameColumn).data().toString());
    QCOMPARE(names, (QStringList{"a", "b", "c", "d", "e", "f", "g"}));
    QCOMPARE(inputs.index(5, TensorSpecModel::ShapeColumn).data().toString(),
             QStringLiteral("[batch_size, 3, 512, 512]"));
    QCOMPARE(inputs.index(5, TensorSpecModel::DTypeColumn).data().toString(), QStringLiteral("int32"));
    QCOMPARE(inputs.index(0, TensorSpecModel::ShapeColumn).data().toString(), QStringLiteral("*"));
    QCOMPARE(inputs.index(4, TensorSpecModel::ShapeColumn).data().toString(), QStringLiteral("[]"));
    QCOMPARE(outputs.index(0, TensorSpecModel::DescriptionColumn).data().toString(),
             QStringLiteral("Some description of the output with emoji! 🥳"));
    QCOMPARE(outputs.index(0, TensorSpecModel::DTypeColumn).data().toString(), QStringLiteral("uint32"));

    // "some_symbol" names b's whole shape and d's only dim: same color in both rows.
    const auto partsB =
        inputs.index(1, TensorSpecModel::ShapeColumn).data(Roles::ShapePartsRole).value<QList<ShapePart>>();
    const auto partsD =
        inputs.index(3, TensorSpecModel::ShapeColumn).data(Roles::ShapePartsRole).value<QList<ShapePart>>();
    QCOMPARE(partsB.size(), 1);
    QCOMPARE(partsD.size(), 3);
    QCOMPARE(partsB[0].kind, ShapePart::Symbol);
    QCOMPARE(partsD[1].text, QStringLiteral("some_symbol"));
    QCOMPARE(partsD[1].colorIndex, partsB[0].colorIndex);
    const auto partsF =
        inputs.index(5, TensorSpecModel::ShapeColumn).data(Roles::ShapePartsRole).value<QList<ShapePart>>();
    QCOMPARE(partsF[1].text, QStringLiteral("batch_size"));
    QVERIFY(partsF[1].colorIndex >= 0);
    QVERIFY(partsF[1].colorIndex != partsB[0].colorIndex);
    QCOMPARE(inputs.index(5, TensorSpecModel::ShapeColumn).data(Roles::SymbolsRole).toStringList(),
             QStringList{"batch_size"});
    // The tooltip of b's shape names every place "some_symbol" is used.
    QCOMPARE(palette.usersOf(QStringLiteral("some_symbol")), QStringList());
    SymbolPalette named;
    for (const auto &spec : carton->info()->inputs)
        named.addShape(spec.shape, QStringLiteral("input ") + spec.name);
    QCOMPARE(named.usersOf(QStringLiteral("some_symbol")), (QStringList{"input b", "input d"}));
    inputs.setSpecs(carton->info()->inputs, named);
    QVERIFY(
        inputs.index(1, TensorSpecModel::ShapeColumn).data(Qt::ToolTipRole).toString().contains(u"input b, input d"));
}

void TestTensorSpecModel::shapes_data()
{
    QTest::addColumn<carton::Shape>("shape");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("partTexts");
    QTest::addColumn<QStringList>("symbols");

    using carton::Dim;
    using carton::Shape;
    QTest::newRow("any") << Shape::any() << "*" << QStringList{"*"} << QStringList{};
    QTest::newRow("scalar") << Shape::scalar() << "[]" << QStringList{"[", "]"} << QStringList{};
    QTest::newRow("symbol") << Shape::symbol(QStringLiteral("s")) << "s" << QStringList{"s"} << QStringList{"s"};
    QTest::newRow("dims") << Shape::dims({Dim::symbol(QStringLiteral("n")), Dim::value(3), Dim::any(),
                                          Dim::symbol(QStringLiteral("n"))})
                          << "[n, 3, *, n]" << QStringList{"[", "n", ", ", "3", ", ", "*", ", ", "n", "]"}
                          << QStringList{"n"};
}

void TestTensorSpecModel::shapes()
{
    QFETCH(carton::Shape, shape);
    QFETCH(QString, text);
    QFETCH(QStringList, partTexts);
    QFETCH(QStringList, symbols);
    carton::TensorSpec spec;
    spec.name = QStringLiteral("x");
    spec.dtype = carton::DType::Float32;
    spec.shape = shape;
    spec.internalName = QStringLiteral("ns/x:0");
    SymbolPalette palette;
    palette.addShape(shape);
    TensorSpecModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSpecs({spec}, palette);
    const QModelIndex cell = model.index(0, TensorSpecModel::ShapeColumn);
    QCOMPARE(cell.data().toString(), text);
    QStringList texts;
    for (const ShapePart &part : cell.data(Roles::ShapePartsRole).value<QList<ShapePart>>()) {
        texts.append(part.text);
        QCOMPARE(part.kind == ShapePart::Symbol, symbols.contains(part.text) && part.text != u"*");
    }
    QCOMPARE(texts, partTexts);
    QCOMPARE(cell.data(Roles::SymbolsRole).toStringList(), symbols);
    QCOMPARE(model.index(0, TensorSpecModel::InternalNameColumn).data().toString(), QStringLiteral("ns/x:0"));
    QCOMPARE(model.index(0, TensorSpecModel::DescriptionColumn).data().toString(), QString());
}

void TestTensorSpecModel::symbolsShareColors()
{
    using carton::Dim;
    using carton::Shape;
    SymbolPalette palette;
    palette.addShape(Shape::dims({Dim::symbol(QStringLiteral("batch")), Dim::value(3)}));
    palette.addShape(Shape::symbol(QStringLiteral("whole")));
    palette.addShape(Shape::dims({Dim::symbol(QStringLiteral("batch")), Dim::symbol(QStringLiteral("seq"))}));
    QCOMPARE(palette.symbols(), (QStringList{"batch", "whole", "seq"}));
    QCOMPARE(palette.indexOf(QStringLiteral("batch")), 0);
    QCOMPARE(palette.indexOf(QStringLiteral("seq")), 2);
    QCOMPARE(palette.indexOf(QStringLiteral("nope")), -1);
}

void TestTensorSpecModel::chipColors()
{
    QPalette light;
    light.setColor(QPalette::Base, Qt::white);
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(30, 30, 30));
    for (int i = 0; i < 8; ++i) {
        const QColor onLight = SymbolPalette::chipColor(i, light);
        const QColor onDark = SymbolPalette::chipColor(i, dark);
        QCOMPARE(SymbolPalette::chipColor(i, light), onLight); // stable
        QVERIFY(onLight.lightnessF() > 0.7);                   // pastel behind dark text
        QVERIFY(onDark.lightnessF() < 0.45);                   // deep behind light text
        if (i > 0)
            QVERIFY(SymbolPalette::chipColor(i - 1, light) != onLight);
    }
}

void TestTensorSpecModel::delegatePaintsChips()
{
    using carton::Dim;
    carton::TensorSpec spec;
    spec.name = QStringLiteral("x");
    spec.shape = carton::Shape::dims({Dim::symbol(QStringLiteral("batch_size")), Dim::value(3)});
    SymbolPalette palette;
    palette.addShape(spec.shape);
    TensorSpecModel model;
    model.setSpecs({spec}, palette);
    QTableView view;
    view.setModel(&model);
    view.setItemDelegateForColumn(TensorSpecModel::ShapeColumn, new ShapeDelegate(&view));
    view.resize(600, 120);
    view.setColumnWidth(TensorSpecModel::ShapeColumn, 250);
    const QImage image = view.grab().toImage();
    const QRect cell = view.visualRect(model.index(0, TensorSpecModel::ShapeColumn))
                           .translated(view.viewport()->mapTo(&view, QPoint(0, 0)));
    // The symbol's chip color (for this palette) appears inside the shape cell, and nowhere in the name cell.
    const QColor chip = SymbolPalette::chipColor(0, view.palette());
    auto countChip = [&](const QRect &rect) {
        int n = 0;
        for (int y = rect.top(); y <= rect.bottom(); ++y)
            for (int x = rect.left(); x <= rect.right(); ++x)
                if (image.rect().contains(x, y) && image.pixelColor(x, y).rgb() == chip.rgb())
                    ++n;
        return n;
    };
    QVERIFY(countChip(cell) > 50);
    const QRect nameCell = view.visualRect(model.index(0, TensorSpecModel::NameColumn))
                               .translated(view.viewport()->mapTo(&view, QPoint(0, 0)));
    QCOMPARE(countChip(nameCell), 0);
    QVERIFY(ShapeDelegate().sizeHint(QStyleOptionViewItem(), model.index(0, TensorSpecModel::ShapeColumn)).width() >
            QFontMetrics(QFont()).horizontalAdvance(QStringLiteral("[batch_size, 3]")));
}

QTEST_MAIN(TestTensorSpecModel)
#include "tst_tensorspecmodel.moc"
