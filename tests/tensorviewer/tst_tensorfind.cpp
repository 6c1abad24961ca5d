// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Go to index and Find value in the tensor viewer's table (issue 29 item 7).
#include "floattensor.h"
#include "tensorviewer/slicecontrols.h"
#include "tensorviewer/tensorfindbar.h"
#include "tensorviewer/tensortablemodel.h"
#include "tensorviewer/tensorviewer.h"
#include "tensorviewer/valuequery.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <cmath>
#include <limits>

using namespace studio;

namespace {

QPoint currentCell(const TensorViewer &viewer)
{
    const QModelIndex i = viewer.tableView()->currentIndex();
    return {i.column(), i.row()};
}

bool searched(TensorFindBar *bar)
{
    return QTest::qWaitFor([bar] { return !bar->isSearching(); }, 10000);
}

} // namespace

class TestTensorFind final : public QObject {
    Q_OBJECT

private slots:
    void parseQueries()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
        QVERIFY(ValueQuery::parse(QStringLiteral("NaN"))->matches(nan));
        QVERIFY(!ValueQuery::parse(QStringLiteral("nan"))->matches(1));
        QVERIFY(ValueQuery::parse(QStringLiteral("Inf"))->matches(-inf));
        QVERIFY(!ValueQuery::parse(QStringLiteral("-Inf"))->matches(inf));
        QVERIFY(ValueQuery::parse(QStringLiteral("-inf"))->matches(-inf));
        QVERIFY(ValueQuery::parse(QStringLiteral("> 0.5"))->matches(0.75));
        QVERIFY(!ValueQuery::parse(QStringLiteral(">0.5"))->matches(0.5));
        QVERIFY(ValueQuery::parse(QStringLiteral("< -1"))->matches(-2));
        QVERIFY(ValueQuery::parse(QStringLiteral("== 3"))->matches(3));
        QVERIFY(ValueQuery::parse(QStringLiteral("3"))->matches(3));
        QVERIFY(!ValueQuery::parse(QStringLiteral("!= 0"))->matches(nan));
        QVERIFY(ValueQuery::parse(QStringLiteral("!= 0"))->matches(2));
        const auto bad = ValueQuery::parse(QStringLiteral("> abc"));
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().message.contains(QStringLiteral("NaN, Inf")), qPrintable(bad.error().message));
    }

    void goToSliceCellAndWholeIndex()
    {
        TensorViewer viewer;
        viewer.resize(900, 600);
        viewer.setTensor(floatTensor({3, 2, 5, 4}, [](qint64 i) { return float(i); }));
        viewer.setCurrentTab(TensorViewer::TableTab); // 5 × 4 × 4 opens as a picture
        viewer.show();
        QVERIFY(QTest::qWaitForWindowExposed(&viewer));
        QApplication::setActiveWindow(&viewer);
        QVERIFY(QTest::qWaitForWindowActive(&viewer));
        TensorFindBar *bar = viewer.findBar();
        QVERIFY(bar);

        // Ctrl+G in the table moves the focus to the Go to field.
        viewer.tableView()->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), viewer.tableView());
        QTest::keyClick(viewer.tableView(), Qt::Key_G, Qt::ControlModifier);
        QTRY_VERIFY(bar->goToEdit()->hasFocus());
        QTest::keyClicks(bar->goToEdit(), QStringLiteral("3, 2"));
        QTest::keyClick(bar->goToEdit(), Qt::Key_Return);
        QCOMPARE(currentCell(viewer), QPoint(2, 3));
        QCOMPARE(viewer.slice().index[0], 0);

        // A whole index moves the slice pickers too.
        bar->goTo(QStringLiteral("2, 1, 4, 3"));
        QCOMPARE(viewer.slice().index[0], 2);
        QCOMPARE(viewer.slice().index[1], 1);
        QCOMPARE(viewer.sliceControls()->indexSpin(0)->value(), 2);
        QCOMPARE(currentCell(viewer), QPoint(3, 4));
        QVERIFY(bar->statusText().isEmpty());

        bar->goTo(QStringLiteral("0, 9"));
        QVERIFY2(bar->statusText().contains(QStringLiteral("dimension 3 (size 4)")), qPrintable(bar->statusText()));
        QCOMPARE(currentCell(viewer), QPoint(3, 4));
        bar->goTo(QStringLiteral("[5, 0, 0, 0]"));
        QVERIFY2(bar->statusText().contains(QStringLiteral("dimension 0 (size 3)")), qPrintable(bar->statusText()));
        bar->goTo(QStringLiteral("1, 2, 3"));
        QVERIFY2(bar->statusText().contains(QStringLiteral("Give 2 numbers")), qPrintable(bar->statusText()));
        bar->goTo(QStringLiteral("1, x"));
        QVERIFY2(bar->statusText().contains(QStringLiteral("\"x\"")), qPrintable(bar->statusText()));
    }

    void findWalksMatchesInRowMajorOrder()
    {
        const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
        // 2 slices of 6 × 5; NaN at (1, 4), (3, 0), (5, 2) of slice 0 and at (0, 0) of slice 1.
        const auto value = [&](qint64 i) -> float {
            switch (i) {
            case 1 * 5 + 4:
            case 3 * 5 + 0:
            case 5 * 5 + 2:
            case 30:
                return nan;
            case 2 * 5 + 1:
                return -inf;
            case 4 * 5 + 3:
                return inf;
            default:
                return float(i % 30) / 10;
            }
        };
        TensorViewer viewer;
        viewer.resize(900, 600);
        viewer.setTensor(floatTensor({2, 6, 5}, value));
        viewer.show();
        QVERIFY(QTest::qWaitForWindowExposed(&viewer));
        QApplication::setActiveWindow(&viewer);
        QVERIFY(QTest::qWaitForWindowActive(&viewer));
        TensorFindBar *bar = viewer.findBar();

        viewer.tableView()->setFocus();
        QTest::keyClick(viewer.tableView(), Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(bar->findEdit()->hasFocus());
        QTest::keyClicks(bar->findEdit(), QStringLiteral("NaN"));
        QTest::keyClick(bar->findEdit(), Qt::Key_Return);
        QVERIFY(searched(bar));
        QCOMPARE(bar->matchCount(), 3);
        QCOMPARE(bar->statusText(), QStringLiteral("match 1 of 3"));
        QCOMPARE(currentCell(viewer), QPoint(4, 1));
        QTest::keyClick(viewer.tableView(), Qt::Key_F3);
        QCOMPARE(currentCell(viewer), QPoint(0, 3));
        QCOMPARE(bar->statusText(), QStringLiteral("match 2 of 3"));
        QTest::keyClick(viewer.tableView(), Qt::Key_F3);
        QCOMPARE(currentCell(viewer), QPoint(2, 5));
        QTest::keyClick(viewer.tableView(), Qt::Key_F3); // wraps
        QCOMPARE(currentCell(viewer), QPoint(4, 1));
        QTest::keyClick(viewer.tableView(), Qt::Key_F3, Qt::ShiftModifier);
        QCOMPARE(currentCell(viewer), QPoint(2, 5));
        QCOMPARE(bar->statusText(), QStringLiteral("match 3 of 3"));

        bar->find(QStringLiteral("-Inf"));
        QVERIFY(searched(bar));
        QCOMPARE(bar->matchCount(), 1);
        QCOMPARE(currentCell(viewer), QPoint(1, 2));
        bar->find(QStringLiteral("Inf"));
        QVERIFY(searched(bar));
        QCOMPARE(bar->matchCount(), 2);
        bar->find(QStringLiteral("> 2.5"));
        QVERIFY(searched(bar));
        // 2.6, 2.8, 2.9 (2.7 is a NaN) and the +Inf at (4, 3), the first in row-major order.
        QCOMPARE(bar->matchCount(), 4);
        QCOMPARE(currentCell(viewer), QPoint(3, 4));

        // Another slice: its own matches.
        SliceSpec spec = viewer.slice();
        spec.index[0] = 1;
        viewer.setSlice(spec);
        bar->find(QStringLiteral("NaN"));
        QVERIFY(searched(bar));
        QCOMPARE(bar->matchCount(), 1);
        QCOMPARE(currentCell(viewer), QPoint(0, 0));
        QCOMPARE(viewer.slice().index[0], 1);

        bar->find(QStringLiteral("== 99"));
        QVERIFY(searched(bar));
        QCOMPARE(bar->matchCount(), 0);
        QCOMPARE(bar->statusText(), QStringLiteral("No match in this slice"));
        bar->find(QStringLiteral("between"));
        QVERIFY(bar->statusText().contains(QStringLiteral("is not a search")));
    }

    void findCountIsBounded()
    {
        TensorViewer viewer;
        viewer.setTensor(floatTensor({1000, 300}, [](qint64 i) { return i == 299999 ? 1.f : 0.f; }));
        TensorFindBar *bar = viewer.findBar();
        bar->find(QStringLiteral("== 0"));
        QVERIFY(bar->isSearching() || bar->matchCount() > 0);
        QVERIFY(searched(bar));
        QCOMPARE(bar->matchCount(), ValueQuery::defaultLimit);
        QVERIFY(bar->matchesCapped());
        QVERIFY2(bar->statusText().startsWith(QStringLiteral("match 1 of ")) && bar->statusText().endsWith(u'+'),
                 qPrintable(bar->statusText()));
        // The last cell, found past the bound by a narrower search.
        bar->find(QStringLiteral("> 0"));
        QVERIFY(searched(bar));
        QCOMPARE(bar->matchCount(), 1);
        QVERIFY(!bar->matchesCapped());
        QCOMPARE(currentCell(viewer), QPoint(299, 999));
    }
};

QTEST_MAIN(TestTensorFind)
#include "tst_tensorfind.moc"
