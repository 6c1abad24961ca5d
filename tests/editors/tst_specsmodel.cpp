// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "common/roles.h"
#include "document/cartondocument.h"
#include "fixturepolicy.h"
#include "specs/shapedelegate.h"
#include "specs/specsmodel.h"
#include "specs/symbolpalette.h"
#include "testcartons.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

Q_DECLARE_METATYPE(carton::Shape)

using namespace studio;
using namespace Qt::StringLiterals;

namespace {

// A new document declaring `inputs`, as the Inputs / Outputs tab reads it.
std::unique_ptr<CartonDocument> documentWith(const QList<carton::TensorSpec> &inputs)
{
    auto document = std::make_unique<CartonDocument>(nullptr, QString());
    carton::CartonInfo info = document->info();
    info.inputs = inputs;
    document->setInfo(info, u"Set Specs"_s);
    return document;
}

} // namespace

// SpecsModel: the [[input]] / [[output]] tables of a document, browsing (read-only)
// and editing alike.
class TestSpecsModel : public QObject {
    Q_OBJECT

private slots:
    void upstreamInputs();
    void readOnlyUntilEditable();
    void shapes_data();
    void shapes();
    void symbolsShareColors();
    void chipColors();
    void delegatePaintsChips();
};

void TestSpecsModel::upstreamInputs()
{
    const QString path = testcartons::upstreamFixture();
    if (path.isEmpty())
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    auto carton = testcartons::open(path);
    QVERIFY(carton && carton->info());
    CartonDocument document(carton, path);
    SpecsModel inputs(&document, false);
    SpecsModel outputs(&document, true);
    QAbstractItemModelTester t1(&inputs, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&outputs, QAbstractItemModelTester::FailureReportingMode::QtTest);

    QCOMPARE(inputs.rowCount(), 7);
    QCOMPARE(outputs.rowCount(), 1);
    QStringList names;
    for (int r = 0; r < inputs.rowCount(); ++r)
        names.append(inputs.index(r, SpecsModel::NameColumn).data().toString());
    QCOMPARE(names, (QStringList{"a", "b", "c", "d", "e", "f", "g"}));
    QCOMPARE(inputs.index(5, SpecsModel::ShapeColumn).data().toString(), QStringLiteral("[batch_size, 3, 512, 512]"));
    QCOMPARE(inputs.index(5, SpecsModel::DTypeColumn).data().toString(), QStringLiteral("int32"));
    QCOMPARE(inputs.index(0, SpecsModel::ShapeColumn).data().toString(), QStringLiteral("*"));
    QCOMPARE(inputs.index(4, SpecsModel::ShapeColumn).data().toString(), QStringLiteral("[]"));
    QCOMPARE(outputs.index(0, SpecsModel::DescriptionColumn).data().toString(),
             QStringLiteral("Some description of the output with emoji! 🥳"));
    QCOMPARE(outputs.index(0, SpecsModel::DTypeColumn).data().toString(), QStringLiteral("uint32"));

    // "some_symbol" names b's whole shape and d's only dim: same color in both rows.
    const auto partsB = inputs.index(1, SpecsModel::ShapeColumn).data(Roles::ShapePartsRole).value<QList<ShapePart>>();
    const auto partsD = inputs.index(3, SpecsModel::ShapeColumn).data(Roles::ShapePartsRole).value<QList<ShapePart>>();
    QCOMPARE(partsB.size(), 1);
    QCOMPARE(partsD.size(), 3);
    QCOMPARE(partsB[0].kind, ShapePart::Symbol);
    QCOMPARE(partsD[1].text, QStringLiteral("some_symbol"));
    QCOMPARE(partsD[1].colorIndex, partsB[0].colorIndex);
    const auto partsF = inputs.index(5, SpecsModel::ShapeColumn).data(Roles::ShapePartsRole).value<QList<ShapePart>>();
    QCOMPARE(partsF[1].text, QStringLiteral("batch_size"));
    QVERIFY(partsF[1].colorIndex >= 0);
    QVERIFY(partsF[1].colorIndex != partsB[0].colorIndex);
    QCOMPARE(inputs.index(5, SpecsModel::ShapeColumn).data(Roles::SymbolsRole).toStringList(),
             QStringList{"batch_size"});
    // The tooltip of b's shape names every place "some_symbol" is used.
    QCOMPARE(inputs.palette().usersOf(QStringLiteral("some_symbol")), (QStringList{"input b", "input d"}));
    QVERIFY(inputs.index(1, SpecsModel::ShapeColumn).data(Qt::ToolTipRole).toString().contains(u"input b, input d"));
}

// Browsing: no cell is editable and setData() changes nothing. Editing (Ctrl+E)
// changes the flags only (no reset: the views keep their selection); a commit
// is one undo step of the document.
void TestSpecsModel::readOnlyUntilEditable()
{
    carton::TensorSpec spec;
    spec.name = u"x"_s;
    spec.dtype = carton::DType::Float32;
    spec.shape = carton::Shape::any();
    const auto document = documentWith({spec});
    SpecsModel model(document.get(), false);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int steps = document->undoStack()->count();
    const QModelIndex name = model.index(0, SpecsModel::NameColumn);
    QVERIFY(!model.isEditable());
    QCOMPARE(name.flags(), Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    QVERIFY(!model.setData(name, u"y"_s));
    QCOMPARE(document->info().inputs.at(0).name, u"x"_s);
    QCOMPARE(document->undoStack()->count(), steps);

    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setEditable(true);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 1);
    QVERIFY(name.flags() & Qt::ItemIsEditable);
    QVERIFY(model.setData(name, u"y"_s));
    QCOMPARE(document->info().inputs.at(0).name, u"y"_s);
    QCOMPARE(document->undoStack()->count(), steps + 1);
    QCOMPARE(name.data().toString(), u"y"_s);

    model.setEditable(false);
    QVERIFY(!(name.flags() & Qt::ItemIsEditable));
    QVERIFY(!model.setData(name, u"z"_s));
    QCOMPARE(document->info().inputs.at(0).name, u"y"_s);
}

void TestSpecsModel::shapes_data()
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

void TestSpecsModel::shapes()
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
    const auto document = documentWith({spec});
    SpecsModel model(document.get(), false);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QModelIndex cell = model.index(0, SpecsModel::ShapeColumn);
    QCOMPARE(cell.data().toString(), text);
    QStringList texts;
    for (const ShapePart &part : cell.data(Roles::ShapePartsRole).value<QList<ShapePart>>()) {
        texts.append(part.text);
        QCOMPARE(part.kind == ShapePart::Symbol, symbols.contains(part.text) && part.text != u"*");
    }
    QCOMPARE(texts, partTexts);
    QCOMPARE(cell.data(Roles::SymbolsRole).toStringList(), symbols);
    QCOMPARE(model.index(0, SpecsModel::InternalNameColumn).data().toString(), QStringLiteral("ns/x:0"));
    QCOMPARE(model.index(0, SpecsModel::DescriptionColumn).data().toString(), QString());
}

void TestSpecsModel::symbolsShareColors()
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

void TestSpecsModel::chipColors()
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

void TestSpecsModel::delegatePaintsChips()
{
    using carton::Dim;
    carton::TensorSpec spec;
    spec.name = QStringLiteral("x");
    spec.shape = carton::Shape::dims({Dim::symbol(QStringLiteral("batch_size")), Dim::value(3)});
    const auto document = documentWith({spec});
    SpecsModel model(document.get(), false);
    QTableView view;
    view.setModel(&model);
    view.setItemDelegateForColumn(SpecsModel::ShapeColumn, new ShapeDelegate(&view));
    view.resize(600, 120);
    view.setColumnWidth(SpecsModel::ShapeColumn, 250);
    const QImage image = view.grab().toImage();
    const QRect cell = view.visualRect(model.index(0, SpecsModel::ShapeColumn))
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
    const QRect nameCell =
        view.visualRect(model.index(0, SpecsModel::NameColumn)).translated(view.viewport()->mapTo(&view, QPoint(0, 0)));
    QCOMPARE(countChip(nameCell), 0);
    QVERIFY(ShapeDelegate().sizeHint(QStyleOptionViewItem(), model.index(0, SpecsModel::ShapeColumn)).width() >
            QFontMetrics(QFont()).horizontalAdvance(QStringLiteral("[batch_size, 3]")));
}

QTEST_MAIN(TestSpecsModel)
#include "tst_specsmodel.moc"
