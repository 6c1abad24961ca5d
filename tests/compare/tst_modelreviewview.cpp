// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Compare tab's model half (issue 41) on ResNet-18 checkpoints and ONNX exports made
// by reviewmodels.py: the weights table sorted by change, the per-layer chart, a click
// showing both sides and B − A with one colour scale, the graph changes and cancelling.
#include "compare/comparepage.h"
#include "compare/graphchangesmodel.h"
#include "compare/weightchart.h"
#include "compare/weightdeltaview.h"
#include "compare/weightdiffmodel.h"
#include "jobs/jobpools.h"
#include "reviewmodels.h"
#include "tensorviewer/heatmapdata.h"
#include "tensorviewer/heatmapview.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace studio;
using namespace carton;

class TestModelReviewView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void weightsSortedByChange();
    void chartClickShowsBothSidesAndDifference();
    void graphChanges();
    void cancel();
    void cleanupTestCase();

private:
    bool waitCompared(ComparePage &page)
    {
        QSignalSpy spy(&page, &ComparePage::compared);
        return (spy.count() > 0 || spy.wait(120000)) && !page.isComparing();
    }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QTemporaryDir m_dir;
};

void TestModelReviewView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    REVIEW_MAKE_MODELS(m_dir.path());
}

void TestModelReviewView::cleanupTestCase()
{
    JobPools::waitForAll();
}

void TestModelReviewView::weightsSortedByChange()
{
    ComparePage page(path(QStringLiteral("r18.pt")), path(QStringLiteral("r18ft.pt")));
    QVERIFY(waitCompared(page));
    QVERIFY2(page.summaryLabel()->text().contains(u"weights only"), qPrintable(page.summaryLabel()->text()));
    QVERIFY(page.progressBar()->isHidden());
    QAbstractItemModelTester tester(page.weightsModel());
    QCOMPARE(page.weightsModel()->rowCount(), 122);
    // Sorting by relative change, descending: the two fine-tuned tensors first, the
    // fully rewritten fc.weight (0.39) above the partly scaled conv (0.006).
    page.weightsTable()->sortByColumn(WeightDiffModel::RelL2Column, Qt::DescendingOrder);
    QAbstractItemModel *shown = page.weightsTable()->model();
    QCOMPARE(shown->index(0, WeightDiffModel::NameColumn).data().toString(), QStringLiteral("fc.weight"));
    QCOMPARE(shown->index(1, WeightDiffModel::NameColumn).data().toString(), QStringLiteral("layer4.1.conv2.weight"));
    QCOMPARE(shown->index(2, WeightDiffModel::ChangeColumn).data().toString(), QStringLiteral("unchanged"));
    QCOMPARE(shown->index(0, WeightDiffModel::RelL2Column).data().toString(), QStringLiteral("0.3922"));
}

void TestModelReviewView::chartClickShowsBothSidesAndDifference()
{
    ComparePage page(path(QStringLiteral("r18.pt")), path(QStringLiteral("r18ft.pt")));
    page.resize(1366, 768);
    page.show();
    QVERIFY(waitCompared(page));
    page.sections()->setCurrentIndex(1);
    const QList<WeightDiff> &weights = page.weightsModel()->weights();
    int fc = -1, changedBars = 0;
    for (int i = 0; i < weights.size(); ++i) {
        fc = weights.at(i).nameB == u"fc.weight" ? i : fc;
        changedBars += weights.at(i).kind == ChangeKind::Changed;
    }
    QVERIFY(fc >= 0);
    QCOMPARE(changedBars, 2);
    WeightChart *chart = page.weightChart();
    QVERIFY(chart->isVisible());
    // A changed bar stands above an unchanged one; fc.weight (0.39) is taller than the conv (0.006).
    const QRectF fcBar = chart->barRect(fc);
    QVERIFY(fcBar.height() > chart->barRect(0).height() * 10);
    QCOMPARE(chart->barAt(fcBar.center()), fc);
    QSignalSpy shown(&page, &ComparePage::weightShown);
    QTest::mouseClick(chart, Qt::LeftButton, Qt::NoModifier, fcBar.center().toPoint());
    QVERIFY(shown.wait(60000));
    // The table follows the click.
    QCOMPARE(page.weightsTable()->currentIndex().siblingAtColumn(0).data().toString(), QStringLiteral("fc.weight"));
    const HeatmapData *a = page.deltaView()->left()->data(), *b = page.deltaView()->right()->data(),
                      *d = page.deltaView()->difference()->data();
    QVERIFY(a && b && d);
    QCOMPARE(a->rows, 1000);
    QCOMPARE(a->cols, 512);
    // One colour scale for both sides; the difference centred on 0.
    QCOMPARE(a->min, b->min);
    QCOMPARE(a->max, b->max);
    QCOMPARE(d->min, -d->max);
    QVERIFY(d->max > 0.04 && d->max < 0.06); // numpy: max |B−A| of fc.weight is 0.0495
    // A picture to look at (CARTON_REVIEW_GUI_SCREENSHOT=path.png).
    if (const QString shot = qEnvironmentVariable("CARTON_REVIEW_GUI_SCREENSHOT"); !shot.isEmpty())
        QVERIFY(page.grab().save(shot));
}

void TestModelReviewView::graphChanges()
{
    ComparePage page(path(QStringLiteral("r18.onnx")), path(QStringLiteral("r18_strides.onnx")));
    QVERIFY(waitCompared(page));
    QAbstractItemModelTester tester(page.graphModel());
    QCOMPARE(page.graphModel()->rowCount(), 1);
    QCOMPARE(page.graphModel()->index(0, GraphChangesModel::OpColumn).data().toString(), QStringLiteral("Conv"));
    QCOMPARE(page.graphModel()->index(0, GraphChangesModel::WhatColumn).data().toString(),
             QStringLiteral("strides: [1, 1] -> [2, 2]"));
    QCOMPARE(page.graphModel()->matched(), 49);
    QVERIFY2(page.summaryLabel()->text().contains(u"structure"), qPrintable(page.summaryLabel()->text()));
}

void TestModelReviewView::cancel()
{
    ComparePage page(path(QStringLiteral("r18.onnx")), path(QStringLiteral("r34.onnx")));
    QSignalSpy compared(&page, &ComparePage::compared);
    QVERIFY(page.isComparing());
    QVERIFY(!page.cancelButton()->isHidden());
    QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
    QVERIFY(!page.isComparing());
    QVERIFY(page.cancelButton()->isHidden());
    QCOMPARE(page.summaryLabel()->text(), QStringLiteral("Comparison cancelled"));
    JobPools::waitForAll();
    QCoreApplication::processEvents();
    QCOMPARE(compared.count(), 0); // the cancelled result is dropped
    QVERIFY(!page.modelDiff());
}

QTEST_MAIN(TestModelReviewView)
#include "tst_modelreviewview.moc"
