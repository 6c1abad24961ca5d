// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The benchmark's latency histogram (issue 39 item 8): one outlier does not squeeze
// the other samples into one bar (the axis ends before it, the outlier is counted
// in a bar of its own), and the p50/p95/p99 labels never overlap.
#include "selftest/benchmark.h"
#include "selftests/benchmarkdialog.h"
#include "selftests/latencyhistogram.h"
#include "testshot.h"

#include <QTest>

using namespace studio;

namespace {

void checkLabels(const LatencyHistogram &h)
{
    const QList<QRect> labels = h.markLabelRects();
    QCOMPARE(labels.size(), 3);
    for (int i = 0; i < 3; ++i) {
        QVERIFY2(h.rect().contains(labels[i]), qPrintable(QStringLiteral("label %1 outside").arg(i)));
        for (int j = i + 1; j < 3; ++j)
            QVERIFY2(!labels[i].intersects(labels[j]), qPrintable(QStringLiteral("labels %1 and %2").arg(i).arg(j)));
    }
}

} // namespace

class TestLatencyHistogram final : public QObject {
    Q_OBJECT

private slots:
    void oneOutlierIsCountedApart()
    {
        // 99 samples between 1.00 and 1.98 ms, one of 100 ms.
        QList<qint64> samples;
        for (int i = 0; i < 99; ++i)
            samples.append(1'000'000 + i * 10'000);
        samples.append(100'000'000);
        const carton::LatencyStats stats = carton::latencyStats(samples);
        LatencyHistogram h;
        h.resize(480, 200);
        h.setSamples(samples, stats.p50, stats.p95, stats.p99);
        QCOMPARE(h.outliers(), 1);
        QCOMPARE(h.axisMax(), 1'980'000.0);
        qsizetype inBins = 0, fullest = 0;
        for (qsizetype n : h.bins()) {
            inBins += n;
            fullest = std::max(fullest, n);
        }
        QCOMPARE(inBins, 99);
        QVERIFY2(fullest <= 6, qPrintable(QString::number(fullest))); // spread over the bins, not 99 in one
        checkLabels(h);
        h.resize(320, 160); // the smallest it gets
        checkLabels(h);
        QVERIFY(!h.grab().isNull());
    }

    void evenSamplesKeepTheWholeAxis()
    {
        QList<qint64> samples;
        for (int i = 0; i < 100; ++i)
            samples.append(1'000'000 + i * 10'000);
        const carton::LatencyStats stats = carton::latencyStats(samples);
        LatencyHistogram h;
        h.resize(480, 200);
        h.setSamples(samples, stats.p50, stats.p95, stats.p99);
        QCOMPARE(h.outliers(), 0);
        QCOMPARE(h.axisMax(), 1'990'000.0);
        checkLabels(h);
    }

    // The Benchmark dialog with that run: the chosen self-test's histogram has the
    // outlier apart (CARTON_SHOT_DIR: benchmark-outlier.png to look at).
    void benchmarkDialogShowsTheOutlierApart()
    {
        carton::TestBenchmark test;
        test.name = QStringLiteral("batch of three");
        for (int i = 0; i < 99; ++i)
            test.modelNs.append(1'000'000 + (i * 37 % 99) * 10'000);
        test.modelNs.append(100'000'000);
        test.roundTripNs = test.modelNs;
        test.model = carton::latencyStats(test.modelNs);
        test.throughput = 1e9 / test.model.mean;
        carton::BenchmarkResult result;
        result.options.iterations = 100;
        result.options.warmup = 10;
        result.loadTime = std::chrono::milliseconds(222);
        result.tests = {test};
        BenchmarkDialog dialog;
        dialog.setResult(result);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(dialog.histogram()->outliers(), 1);
        QVERIFY(dialog.histogram()->axisMax() < 2e6);
        checkLabels(*dialog.histogram());
        testutil::shot(&dialog, QStringLiteral("benchmark-outlier"));
    }

    void equalSamplesLabelsApart()
    {
        // Every mark at the same x: the labels go on rows of their own.
        const QList<qint64> samples(50, 2'000'000);
        LatencyHistogram h;
        h.resize(320, 160);
        h.setSamples(samples, 2e6, 2e6, 2e6);
        QCOMPARE(h.bins().first(), 50);
        checkLabels(h);
    }
};

QTEST_MAIN(TestLatencyHistogram)
#include "tst_latencyhistogram.moc"
