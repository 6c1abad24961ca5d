// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The histogram's log count and the heatmap's index ticks (issue 29 item 7).
#include "floattensor.h"
#include "tensorviewer/heatmapview.h"
#include "tensorviewer/histogramwidget.h"
#include "tensorviewer/statspanel.h"
#include "tensorviewer/tensorviewer.h"

#include <QCheckBox>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>
#include <cmath>

using namespace studio;

namespace {

carton::Tensor ramp(const QList<qint64> &shape)
{
    return floatTensor(
        shape, [](qint64 i) { return float(i); }, QStringLiteral("ramp"));
}

bool niceStep(qint64 step)
{
    while (step % 10 == 0)
        step /= 10;
    return step == 1 || step == 2 || step == 5;
}

} // namespace

class TestTensorAxes final : public QObject {
    Q_OBJECT

private slots:
    void histogramLogCount()
    {
        HistogramWidget histogram;
        histogram.setHistogram({100000, 0, 9, 1}, 0, 4);
        QCOMPARE(histogram.barFraction(0), 1.0);
        QCOMPARE(histogram.barFraction(1), 0.0);
        QCOMPARE(histogram.barFraction(2), 9.0 / 100000);
        QVERIFY(!histogram.countLabel().contains(QStringLiteral("log")));
        histogram.setLogCount(true);
        QCOMPARE(histogram.barFraction(0), 1.0);
        QCOMPARE(histogram.barFraction(1), 0.0);
        QVERIFY(qFuzzyCompare(histogram.barFraction(2), 1.0 / std::log10(100001.0))); // log10(1 + 9) = 1
        QVERIFY(qFuzzyCompare(histogram.barFraction(3), std::log10(2.0) / std::log10(100001.0)));
        QCOMPARE(histogram.countLabel(), QStringLiteral("log10(1 + count), max count 100000"));

        // The Statistics tab's checkbox switches both histograms.
        TensorViewer viewer;
        viewer.setTensor(ramp({4, 5}));
        StatsPanel *panel = viewer.statsPanel();
        QVERIFY(panel->logCountCheck());
        QVERIFY(!panel->histogram(StatsPanel::Whole)->logCount());
        panel->logCountCheck()->setChecked(true);
        QVERIFY(panel->histogram(StatsPanel::Whole)->logCount());
        QVERIFY(panel->histogram(StatsPanel::Slice)->logCount());
    }

    void tickSteps()
    {
        QCOMPARE(HeatmapView::tickStep(30, 20), 1);
        QCOMPARE(HeatmapView::tickStep(12, 20), 2);
        QCOMPARE(HeatmapView::tickStep(5, 20), 5);
        QCOMPARE(HeatmapView::tickStep(0.5, 20), 50);
        QCOMPARE(HeatmapView::tickStep(0.09, 20), 500);
    }

    // The legend's value labels never overlap; one value everywhere (A = B in
    // Compare Backends: all differences 0) is one label, not "0" over "0".
    void heatmapLegendLabelsApart()
    {
        const auto data = [](double lo, double hi) {
            auto d = std::make_shared<HeatmapData>();
            d->rows = d->cols = d->binRows = d->binCols = 2;
            d->binMin = {lo, lo, hi, hi};
            d->binMax = {lo, lo, hi, hi};
            d->flags = QByteArray(4, '\0');
            d->min = lo;
            d->max = hi;
            d->signedData = true;
            return d;
        };
        const auto apart = [](const QList<HeatmapView::LegendLabel> &labels) {
            for (qsizetype i = 0; i < labels.size(); ++i)
                for (qsizetype j = i + 1; j < labels.size(); ++j)
                    if (labels[i].rect.intersects(labels[j].rect))
                        return false;
            return true;
        };
        HeatmapView view;
        view.resize(320, 120); // the Compare Backends dialog's strip
        view.setData(data(0, 0));
        QList<HeatmapView::LegendLabel> labels = view.legendLabels();
        QCOMPARE(labels.size(), 1);
        QCOMPARE(labels.first().text, QStringLiteral("all 0"));

        view.setData(data(-1, 1)); // diverging: 1, -1 and 0 where there is room
        labels = view.legendLabels();
        QVERIFY(apart(labels));
        QVERIFY(labels.size() >= 1);
        view.resize(320, 600);
        labels = view.legendLabels();
        QCOMPARE(labels.size(), 3);
        QCOMPARE(labels[0].text, QStringLiteral("1"));
        QCOMPARE(labels[1].text, QStringLiteral("-1"));
        QCOMPARE(labels[2].text, QStringLiteral("0"));
        QVERIFY(apart(labels));
        QVERIFY(!view.grab().isNull());
    }

    // The legend's figures follow the UI's locale: "0,5" in German, not "0.5" beside
    // the window's other German numbers (issue 39 item 6).
    void heatmapLegendInUiLocale()
    {
        auto d = std::make_shared<HeatmapData>();
        d->rows = d->cols = d->binRows = d->binCols = 2;
        d->binMin = {0.5, 0.5, 0.5, 0.5};
        d->binMax = d->binMin;
        d->flags = QByteArray(4, '\0');
        d->min = d->max = 0.5;
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        HeatmapView view;
        view.resize(320, 120);
        view.setData(d);
        const QList<HeatmapView::LegendLabel> labels = view.legendLabels();
        QLocale::setDefault(before);
        QCOMPARE(labels.size(), 1);
        QCOMPARE(labels.first().text, QStringLiteral("all 0,5"));
    }

    // The NaN, +Inf and -Inf swatches are inside the view however short the window
    // makes it (the Compare Backends dialog's strip cut -Inf off): the view's minimum
    // height holds the whole legend, a downsampled map's bins note included.
    void heatmapLegendSwatchesInside()
    {
        for (const bool downsampled : {false, true}) {
            auto d = std::make_shared<HeatmapData>();
            d->rows = d->cols = downsampled ? 4 : 2;
            d->binRows = d->binCols = 2;
            d->binMin = {0, 1, 2, 3};
            d->binMax = {0, 1, 2, 3};
            d->flags = QByteArray(4, '\0');
            d->min = 0;
            d->max = 3;
            QCOMPARE(d->downsampled(), downsampled);
            HeatmapView view;
            view.setData(d);
            const QSize minimum = view.minimumSizeHint();
            for (const int height : {minimum.height(), minimum.height() + 1, minimum.height() + 57, 700}) {
                view.resize(320, height);
                const QList<HeatmapView::LegendLabel> swatches = view.legendSwatches();
                QCOMPARE(swatches.size(), 3);
                QCOMPARE(swatches.constLast().text, QStringLiteral("-Inf"));
                for (const HeatmapView::LegendLabel &swatch : swatches)
                    QVERIFY2(view.rect().contains(swatch.rect),
                             qPrintable(QStringLiteral("%1 at y %2..%3, view %4 high (downsampled: %5)")
                                            .arg(swatch.text)
                                            .arg(swatch.rect.top())
                                            .arg(swatch.rect.bottom())
                                            .arg(height)
                                            .arg(downsampled)));
                if (downsampled) // the bins note's two lines below -Inf
                    QVERIFY(swatches.constLast().rect.bottom() + 2 + 2 * view.fontMetrics().height() <=
                            view.rect().bottom());
            }
        }
    }

    void heatmapTicksFollowZoom()
    {
        TensorViewer viewer;
        viewer.resize(800, 600);
        viewer.show();
        QSignalSpy ready(&viewer, &TensorViewer::heatmapReady);
        viewer.setTensor(ramp({1000, 600}));
        viewer.setCurrentTab(TensorViewer::HeatmapTab);
        QVERIFY(ready.wait(5000));
        HeatmapView *view = viewer.heatmapView();
        const QList<qint64> rows = view->rowTicks(), cols = view->columnTicks();
        QVERIFY2(rows.size() >= 3 && cols.size() >= 2,
                 qPrintable(QStringLiteral("%1 %2").arg(rows.size()).arg(cols.size())));
        QCOMPARE(rows.first(), 0);
        const qint64 rowStep = rows[1] - rows[0], colStep = cols[1] - cols[0];
        QVERIFY(niceStep(rowStep) && niceStep(colStep));
        QVERIFY(rows.last() + rowStep > 999 - rowStep); // reaches the end
        // Labels are at least a line and a half apart: never overlapping.
        const double pixelsPerRow = double(view->height()) / 1000;
        QVERIFY(rowStep * pixelsPerRow >= view->fontMetrics().height());
        // Zoomed in far, single rows are labelled, and only those in view.
        const QPointF centre(view->width() / 2.0 - 50, view->height() / 2.0);
        for (int i = 0; i < 8; ++i) {
            QWheelEvent wheel(centre, view->mapToGlobal(centre), {}, QPoint(0, 480), Qt::NoButton, Qt::NoModifier,
                              Qt::NoScrollPhase, false);
            QCoreApplication::sendEvent(view, &wheel);
        }
        QVERIFY(view->zoom() > 50);
        const QList<qint64> zoomed = view->rowTicks();
        QVERIFY(zoomed.size() >= 2);
        QVERIFY(zoomed[1] - zoomed[0] < rowStep);
        QVERIFY(zoomed.first() > 0 && zoomed.last() < 999);
        const auto under = view->cellAt(centre);
        QVERIFY(under);
        QVERIFY(zoomed.first() <= under->first && under->first <= zoomed.last());
    }
};

QTEST_MAIN(TestTensorAxes)
#include "tst_tensoraxes.moc"
