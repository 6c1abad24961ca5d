// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// runBenchmark: warm-up and timed inferences, percentiles as numpy computes them.
#include "base/progress.h"
#include "package/carton.h"
#include "selftest/benchmark.h"
#include "selftesttestutil.h"
#include "testsession.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace selftesttest;
using namespace Qt::StringLiterals;

class TestRunBenchmark : public QObject {
    Q_OBJECT
private slots:
    void percentiles_data();
    void percentiles();
    void warmupAndTimedRuns();
    void badOptions();
    void latencyText_data();
    void latencyText();
};

void TestRunBenchmark::percentiles_data()
{
    QTest::addColumn<QList<qint64>>("samples");
    QTest::addColumn<double>("p50");
    QTest::addColumn<double>("p95");
    QTest::addColumn<double>("p99");
    // numpy.percentile(x, [50, 95, 99]) (linear)
    QTest::newRow("1..10") << QList<qint64>{3, 1, 2, 10, 4, 5, 6, 7, 8, 9} << 5.5 << 9.55 << 9.91;
    QTest::newRow("one") << QList<qint64>{42} << 42.0 << 42.0 << 42.0;
    QTest::newRow("two") << QList<qint64>{10, 20} << 15.0 << 19.5 << 19.9;
}

void TestRunBenchmark::percentiles()
{
    QFETCH(QList<qint64>, samples);
    QFETCH(double, p50);
    QFETCH(double, p95);
    QFETCH(double, p99);
    const LatencyStats s = latencyStats(samples);
    QCOMPARE(s.count, samples.size());
    QCOMPARE(s.p50, p50);
    QVERIFY(qAbs(s.p95 - p95) < 1e-9);
    QVERIFY(qAbs(s.p99 - p99) < 1e-9);
    QCOMPARE(s.min, double(*std::min_element(samples.cbegin(), samples.cend())));
    QCOMPARE(s.max, double(*std::max_element(samples.cbegin(), samples.cend())));
}

void TestRunBenchmark::warmupAndTimedRuns()
{
    QTemporaryDir dir;
    CartonFolder folder;
    folder.add(f32({2}, {1.0, 2.0}, u"x"_s));
    SelfTest a, b;
    a.name = u"a"_s;
    a.inputs = refs({{"x", "@tensor_data/x"}});
    b.name = u"b"_s;
    b.inputs = refs({{"x", "@tensor_data/missing"}});
    folder.info.selfTests = {a, b};
    QVERIFY(folder.write(dir.path()));
    auto carton = Carton::open(dir.path());
    QVERIFY(carton);
    FunctionSession session([](const TensorMap &in) -> Result<TensorMap> { return in; });
    BenchmarkOptions options;
    options.iterations = 25;
    options.warmup = 3;
    const Result<BenchmarkResult> r = runBenchmark(**carton, session, options);
    QVERIFY(r);
    QCOMPARE(session.calls, 28); // b cannot load its input: not run
    QCOMPARE(r->tests.size(), 2);
    const carton::TestBenchmark &ta = r->tests.at(0);
    QVERIFY(ta.error.isEmpty());
    QCOMPARE(ta.modelNs.size(), 25);
    QCOMPARE(ta.roundTripNs.size(), 25);
    QVERIFY(!ta.modelTimedByHost); // an in-process session: the round trip is the model time
    QCOMPARE(ta.model.count, 25);
    QVERIFY(ta.model.min <= ta.model.p50 && ta.model.p50 <= ta.model.p95 && ta.model.p95 <= ta.model.max);
    QVERIFY(r->firstInference);
    QVERIFY2(r->tests.at(1).error.contains(u"missing"_s), qPrintable(r->tests.at(1).error));

    const QJsonObject json = benchmarkToJson(*r);
    QCOMPARE(json[u"iterations"_s].toInt(), 25);
    QCOMPARE(json[u"warmup"_s].toInt(), 3);
    const QJsonObject first = json[u"self_tests"_s].toArray().at(0).toObject();
    QCOMPARE(first[u"samples_ms"_s].toArray().size(), 25);
    QCOMPARE(first[u"latency_ms"_s].toObject()[u"p50"_s].toDouble(), ta.model.p50 / 1e6);
    QVERIFY(benchmarkHtml(*r).contains(u"<h3>a</h3>"_s));
}

void TestRunBenchmark::badOptions()
{
    QTemporaryDir dir;
    CartonFolder folder;
    QVERIFY(folder.write(dir.path()));
    auto carton = Carton::open(dir.path());
    QVERIFY(carton);
    FunctionSession session([](const TensorMap &in) -> Result<TensorMap> { return in; });
    BenchmarkOptions options;
    options.iterations = 0;
    QCOMPARE(runBenchmark(**carton, session, options).error().code, ErrorCode::Usage);
    options.iterations = 1;
    options.tests = {u"nope"_s};
    QCOMPARE(runBenchmark(**carton, session, options).error().code, ErrorCode::Usage);
    QCOMPARE(session.calls, 0);
}

void TestRunBenchmark::latencyText_data()
{
    QTest::addColumn<double>("ns");
    QTest::addColumn<QString>("text");
    QTest::addRow("noop") << 41.0 << u"41 ns"_s;
    QTest::addRow("just under a µs") << 999.4 << u"999 ns"_s;
    QTest::addRow("rounds up to a µs") << 999.6 << u"1 µs"_s;
    QTest::addRow("µs") << 3200.0 << u"3.2 µs"_s;
    QTest::addRow("ms") << 12.5e6 << u"12.5 ms"_s;
    QTest::addRow("rounds up to a second") << 999.7e6 << u"1 s"_s;
    QTest::addRow("seconds") << 2.1e9 << u"2.1 s"_s;
}

void TestRunBenchmark::latencyText()
{
    QFETCH(double, ns);
    QFETCH(QString, text);
    QCOMPARE(carton::latencyText(ns), text);
}

QTEST_GUILESS_MAIN(TestRunBenchmark)
#include "tst_benchmark.moc"
