// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftest/tensorcompare.h"
#include "selftesttestutil.h"

#include <QRandomGenerator>
#include <QTest>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

using namespace carton;
using namespace selftesttest;
using namespace Qt::StringLiterals;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool near(double actual, double expected, double relative = 1e-12)
{
    if (std::isinf(expected) || std::isnan(expected))
        return actual == expected || (std::isnan(actual) && std::isnan(expected));
    return std::fabs(actual - expected) <= relative * std::max(1.0, std::fabs(expected));
}
} // namespace

class TestTensorCompare : public QObject {
    Q_OBJECT
private slots:
    void figures_data();
    void figures();
    void nonFinite_data();
    void nonFinite();
    void exactDtypes_data();
    void exactDtypes();
    void mismatchKinds_data();
    void mismatchKinds();
    void minimumTolerancePasses();
    void worstOrderAndIndices();
    void histogramBins();
    void largeTensorMatchesReference();
    void unflatten();
};

// Hand-computed figures of float comparisons.
void TestTensorCompare::figures_data()
{
    QTest::addColumn<TensorPair>("tensors");
    QTest::addColumn<double>("rtol");
    QTest::addColumn<double>("atol");
    QTest::addColumn<qint64>("mismatches");
    QTest::addColumn<QList<double>>("abs"); // max, mean, median, p99
    QTest::addColumn<QList<double>>("rel");
    QTest::addColumn<double>("minAtol");
    QTest::addColumn<double>("minRtol");

    // d = [0, .5, 1, 0], allowed = [.1, .2, .4, 0]; rel = [0, .25, .25, 0 (0 vs 0)]
    // median of [0,0,.5,1] = .25, p99 at 2.97 = .5 + .97*.5; minAtol = max(d - .1|e|) = .6;
    // minRtol = max((d - 0)/|e|) = .25.
    QTest::newRow("f64 rtol only") << TensorPair{f64({2, 2}, {1, 2.5, 3, 0}), f64({2, 2}, {1, 2, 4, 0})} << 0.1 << 0.0
                                   << qint64(2) << QList<double>{1, 0.375, 0.25, 0.985}
                                   << QList<double>{0.25, 0.125, 0.125, 0.25} << 0.6 << 0.25;
    // d = [.5, .5, .5]; with atol .5 all pass (d <= atol); minRtol 0 since d <= atol.
    QTest::newRow("f64 atol edge passes")
        << TensorPair{f64({3}, {1.5, 2.5, -0.5}), f64({3}, {1, 2, 0})} << 0.0 << 0.5 << qint64(0)
        << QList<double>{0.5, 0.5, 0.5, 0.5} << QList<double>{kInf, kInf, 0.5, kInf} << 0.5 << 0.0;
    // f32 values exactly representable: d = [.25, 0, 2], e = [1, 8, -4]
    // allowed (rtol .25, atol .1) = [.35, 2.1, 1.1] -> one mismatch (2 > 1.1).
    // rel = [.25, 0, .5]; minAtol = max(.25-.25, 0-2, 2-1) = 1; minRtol = max(.15/1, -, 1.9/4) = .475
    QTest::newRow("f32 mixed") << TensorPair{f32({3}, {1.25, 8, -2}), f32({3}, {1, 8, -4})} << 0.25 << 0.1 << qint64(1)
                               << QList<double>{2, 2.25 / 3, 0.25, 0.25 + 0.98 * 1.75}
                               << QList<double>{0.5, 0.25, 0.25, 0.25 + 0.98 * 0.25} << 1.0 << 0.475;
    // actual = expected: everything zero, passes even with zero tolerances.
    QTest::newRow("identical exact tolerance")
        << TensorPair{f32({2}, {3, -7}), f32({2}, {3, -7})} << 0.0 << 0.0 << qint64(0) << QList<double>{0, 0, 0, 0}
        << QList<double>{0, 0, 0, 0} << 0.0 << 0.0;
    // expected 0, actual 1e-9: passes with atol 1e-8; rel error is inf; no rtol needed (d <= atol).
    QTest::newRow("zero expected within atol")
        << TensorPair{f64({}, {1e-9}), f64({}, {0})} << 1e-5 << 1e-8 << qint64(0)
        << QList<double>{1e-9, 1e-9, 1e-9, 1e-9} << QList<double>{kInf, kInf, kInf, kInf} << 1e-9 << 0.0;
    // expected 0, actual 1: fails; no rtol can pass (inf); atol must reach 1.
    QTest::newRow("zero expected beyond atol")
        << TensorPair{f64({1}, {1}), f64({1}, {0})} << 1e-5 << 1e-8 << qint64(1) << QList<double>{1, 1, 1, 1}
        << QList<double>{kInf, kInf, kInf, kInf} << 1.0 << kInf;
    // float16 values (exact in half): e = 1, a = 1 + 2^-10 (the next half): d = 2^-10.
    QTest::newRow("f16 one ulp") << TensorPair{f16({1}, {1.0009765625}), f16({1}, {1})} << 1e-3 << 1e-5 << qint64(0)
                                 << QList<double>{0.0009765625, 0.0009765625, 0.0009765625, 0.0009765625}
                                 << QList<double>{0.0009765625, 0.0009765625, 0.0009765625, 0.0009765625}
                                 << 0.0009765625 - 1e-3 * 1 << (0.0009765625 - 1e-5);
}

void TestTensorCompare::figures()
{
    QFETCH(TensorPair, tensors);
    const Tensor &actual = tensors.actual;
    const Tensor &expected = tensors.expected;
    QFETCH(double, rtol);
    QFETCH(double, atol);
    QFETCH(qint64, mismatches);
    QFETCH(QList<double>, abs);
    QFETCH(QList<double>, rel);
    QFETCH(double, minAtol);
    QFETCH(double, minRtol);

    const TensorComparison c = compareTensors(actual, expected, Tolerance{rtol, atol, false});
    QCOMPARE(c.mismatchCount, mismatches);
    QCOMPARE(c.verdict, mismatches ? CompareVerdict::Failed : CompareVerdict::Passed);
    QVERIFY(!c.exact);
    QVERIFY(c.quantilesExact);
    QCOMPARE(c.elementCount, expected.elementCount().value());
    QCOMPARE(c.comparedCount, c.elementCount);
    QVERIFY(near(c.mismatchFraction, double(mismatches) / double(c.elementCount)));
    const double gotAbs[] = {c.absError.max, c.absError.mean, c.absError.median, c.absError.p99};
    const double gotRel[] = {c.relError.max, c.relError.mean, c.relError.median, c.relError.p99};
    for (int i = 0; i < 4; ++i) {
        QVERIFY2(near(gotAbs[i], abs.at(i)),
                 qPrintable(u"abs figure %1: %2 != %3"_s.arg(i).arg(gotAbs[i]).arg(abs.at(i))));
        QVERIFY2(near(gotRel[i], rel.at(i)),
                 qPrintable(u"rel figure %1: %2 != %3"_s.arg(i).arg(gotRel[i]).arg(rel.at(i))));
    }
    QVERIFY(c.minAtol && c.minRtol);
    QVERIFY2(near(*c.minAtol, std::max(0.0, minAtol)), qPrintable(QString::number(*c.minAtol, 'g', 17)));
    QVERIFY2(near(*c.minRtol, std::max(0.0, minRtol)), qPrintable(QString::number(*c.minRtol, 'g', 17)));
    QCOMPARE(c.expectedNonFinite, NonFiniteCounts{});
    QCOMPARE(c.actualNonFinite, NonFiniteCounts{});
    QCOMPARE(c.absHistogram.total(), c.comparedCount);
    QCOMPARE(c.relHistogram.total(), c.comparedCount);
}

void TestTensorCompare::nonFinite_data()
{
    QTest::addColumn<bool>("equalNan");
    QTest::addColumn<qint64>("mismatches");
    QTest::newRow("NaN unequal") << false << qint64(3);
    QTest::newRow("NaN equal") << true << qint64(2);
}

// e = [nan, inf, 1, -inf, 2], a = [nan, inf, nan, inf, 2]
void TestTensorCompare::nonFinite()
{
    QFETCH(bool, equalNan);
    QFETCH(qint64, mismatches);
    const Tensor expected = f32({5}, {kNaN, kInf, 1, -kInf, 2});
    const Tensor actual = f32({5}, {kNaN, kInf, kNaN, kInf, 2});
    const TensorComparison c = compareTensors(actual, expected, Tolerance{1e-5, 1e-8, equalNan});
    QCOMPARE(c.mismatchCount, mismatches);
    QCOMPARE(c.comparedCount, qint64(1)); // only the last element has both sides finite
    QCOMPARE(c.expectedNonFinite, (NonFiniteCounts{1, 1, 1}));
    QCOMPARE(c.actualNonFinite, (NonFiniteCounts{2, 2, 0}));
    QCOMPARE(*c.minAtol, kInf);
    QCOMPARE(*c.minRtol, kInf);
    QCOMPARE(c.absError.max, 0.0);
    // Mismatching non-finite elements are the worst, in index order.
    QList<qint64> worstMismatches;
    for (const ElementDifference &d : c.worst)
        if (d.mismatch)
            worstMismatches.append(d.flatIndex);
    QCOMPARE(worstMismatches, equalNan ? QList<qint64>({2, 3}) : QList<qint64>({0, 2, 3}));
    QCOMPARE(c.worst.first().actual, u"nan"_s);
    QCOMPARE(c.worst.first().absError, kInf);
}

void TestTensorCompare::exactDtypes_data()
{
    QTest::addColumn<TensorPair>("tensors");
    QTest::addColumn<qint64>("mismatches");
    QTest::addColumn<qint64>("firstWorst");
    QTest::addColumn<double>("maxAbs");

    QTest::newRow("int32 one off") << TensorPair{i32({3}, {1, 2, 4}), i32({3}, {1, 2, 3})} << qint64(1) << qint64(2)
                                   << 1.0;
    QTest::newRow("int32 equal") << TensorPair{i32({2}, {-5, 9}), i32({2}, {-5, 9})} << qint64(0) << qint64(0) << 0.0;
    // 2^53 + 1 and 2^53 are the same double: only the raw comparison sees the difference.
    QTest::newRow("int64 beyond 2^53") << TensorPair{i64({2}, {(qint64(1) << 53), 7}),
                                                     i64({2}, {(qint64(1) << 53) + 1, 7})}
                                       << qint64(1) << qint64(0) << 0.0;
    // Any non-zero byte is true.
    QTest::newRow("bool non-zero bytes") << TensorPair{boolean({3}, QByteArray("\x01\x00\x02", 3)),
                                                       boolean({3}, QByteArray("\x01\x00\x01", 3))}
                                         << qint64(0) << qint64(0) << 0.0;
    QTest::newRow("bool differs") << TensorPair{boolean({2}, QByteArray("\x00\x01", 2)),
                                                boolean({2}, QByteArray("\x01\x01", 2))}
                                  << qint64(1) << qint64(0) << 1.0;
    QTest::newRow("strings") << TensorPair{strings({2, 2}, {u"a"_s, u"b"_s, u"c"_s, u"d"_s}),
                                           strings({2, 2}, {u"a"_s, u"x"_s, u"c"_s, u"y"_s})}
                             << qint64(2) << qint64(1) << 0.0;
    // Tolerances never apply to integers.
    QTest::newRow("int within would-be tolerance")
        << TensorPair{i32({1}, {1000001}), i32({1}, {1000000})} << qint64(1) << qint64(0) << 1.0;
}

void TestTensorCompare::exactDtypes()
{
    QFETCH(TensorPair, tensors);
    const Tensor &actual = tensors.actual;
    const Tensor &expected = tensors.expected;
    QFETCH(qint64, mismatches);
    QFETCH(qint64, firstWorst);
    QFETCH(double, maxAbs);
    const TensorComparison c = compareTensors(actual, expected, Tolerance{0.5, 10, false});
    QVERIFY(c.exact);
    QCOMPARE(c.mismatchCount, mismatches);
    QCOMPARE(c.verdict, mismatches ? CompareVerdict::Failed : CompareVerdict::Passed);
    QVERIFY(!c.minAtol && !c.minRtol);
    QCOMPARE(c.absError.max, maxAbs);
    QVERIFY(!c.worst.isEmpty());
    QCOMPARE(c.worst.first().flatIndex, firstWorst);
    QCOMPARE(c.worst.first().mismatch, mismatches > 0);
    if (mismatches)
        QVERIFY(c.message.contains(u"differ"_s));
}

void TestTensorCompare::mismatchKinds_data()
{
    QTest::addColumn<TensorPair>("tensors");
    QTest::addColumn<CompareVerdict>("verdict");
    QTest::addColumn<QString>("message");
    QTest::addColumn<qint64>("mismatches");

    QTest::newRow("shape") << TensorPair{f32({4}, {1, 2, 3, 4}), f32({2, 2}, {1, 2, 3, 4})}
                           << CompareVerdict::ShapeMismatch << u"shape [2, 2] expected, got [4]"_s << qint64(0);
    // Same values, different float dtype: reported as a dtype mismatch, values still compared.
    QTest::newRow("dtype numeric") << TensorPair{f32({2}, {1, 2}), f64({2}, {1, 2.5})} << CompareVerdict::DtypeMismatch
                                   << u"dtype float64 expected, got float32"_s << qint64(1);
    QTest::newRow("dtype string vs float")
        << TensorPair{strings({1}, {u"1"_s}), f32({1}, {1})} << CompareVerdict::DtypeMismatch
        << u"dtype float32 expected, got string"_s << qint64(0);
    QTest::newRow("malformed actual") << TensorPair{Tensor::numeric({}, DType::Float32, {3}, QByteArray(8, '\0')),
                                                    f32({3}, {0, 0, 0})}
                                      << CompareVerdict::Malformed
                                      << u"the actual tensor has 8 bytes of data for shape [3] of float32"_s
                                      << qint64(0);
    QTest::newRow("shape overflows")
        << TensorPair{f32({1}, {0}), Tensor::numeric({}, DType::Float32, {qint64(1) << 40, qint64(1) << 40}, {})}
        << CompareVerdict::ShapeMismatch << u"shape [1099511627776, 1099511627776] expected, got [1]"_s << qint64(0);
    QTest::newRow("both shapes overflow")
        << TensorPair{Tensor::numeric({}, DType::Float32, {qint64(1) << 40, qint64(1) << 40}, {}),
                      Tensor::numeric({}, DType::Float32, {qint64(1) << 40, qint64(1) << 40}, {})}
        << CompareVerdict::Malformed
        << u"the expected tensor's shape [1099511627776, 1099511627776] has a negative dimension or too many elements"_s
        << qint64(0);
    QTest::newRow("negative dimension")
        << TensorPair{Tensor::numeric({}, DType::Int8, {-1}, {}), Tensor::numeric({}, DType::Int8, {-1}, {})}
        << CompareVerdict::Malformed
        << u"the expected tensor's shape [-1] has a negative dimension or too many elements"_s << qint64(0);
    QTest::newRow("strings count") << TensorPair{Tensor::strings({}, {3}, {u"a"_s}),
                                                 strings({3}, {u"a"_s, u"b"_s, u"c"_s})}
                                   << CompareVerdict::Malformed << u"the actual tensor has 1 strings for shape [3]"_s
                                   << qint64(0);
}

void TestTensorCompare::mismatchKinds()
{
    QFETCH(TensorPair, tensors);
    const Tensor &actual = tensors.actual;
    const Tensor &expected = tensors.expected;
    QFETCH(CompareVerdict, verdict);
    QFETCH(QString, message);
    QFETCH(qint64, mismatches);
    const TensorComparison c = compareTensors(actual, expected, Tolerance{});
    QCOMPARE(c.verdict, verdict);
    QCOMPARE(c.message, message);
    QCOMPARE(c.mismatchCount, mismatches);
    QVERIFY(!c.passed());
}

// Re-judging with the reported minimum tolerance passes; slightly less fails.
void TestTensorCompare::minimumTolerancePasses()
{
    QRandomGenerator rng(7);
    QList<double> e, a;
    for (int i = 0; i < 1000; ++i) {
        const double v = rng.generateDouble() * 20 - 10;
        e.append(v);
        a.append(v + (rng.generateDouble() - 0.5) * 1e-3);
    }
    const Tensor expected = f64({1000}, e), actual = f64({1000}, a);
    const Tolerance base{1e-5, 1e-8, false};
    const TensorComparison c = compareTensors(actual, expected, base);
    QVERIFY(c.mismatchCount > 0);
    QVERIFY(compareTensors(actual, expected, Tolerance{base.rtol, *c.minAtol, false}).passed());
    QVERIFY(!compareTensors(actual, expected, Tolerance{base.rtol, *c.minAtol * 0.999, false}).passed());
    QVERIFY(compareTensors(actual, expected, Tolerance{*c.minRtol, base.atol, false}).passed());
    QVERIFY(!compareTensors(actual, expected, Tolerance{*c.minRtol * 0.999, base.atol, false}).passed());
}

// Mismatches first (largest error first), then the largest passing errors; N-D indices.
void TestTensorCompare::worstOrderAndIndices()
{
    QList<double> e, a;
    for (int i = 0; i < 24; ++i) {
        e.append(100);
        a.append(100 + 0.01 * i); // error 0.01 * i
    }
    a[3] = 100 + 0.5; // the only mismatch with atol 0.3: index [0, 0, 3]... but it is not the largest error
    a[23] = 100 + 0.205;
    const Tensor expected = f64({2, 3, 4}, e), actual = f64({2, 3, 4}, a);
    const TensorComparison c = compareTensors(actual, expected, Tolerance{0, 0.3, false});
    QCOMPARE(c.mismatchCount, qint64(1));
    QCOMPARE(c.worst.size(), 10);
    QCOMPARE(c.worst.at(0).flatIndex, qint64(3));
    QCOMPARE(c.worst.at(0).index, (QList<qint64>{0, 0, 3}));
    QVERIFY(c.worst.at(0).mismatch);
    QCOMPARE(c.worst.at(0).expected, u"100"_s);
    QCOMPARE(c.worst.at(0).actual, u"100.5"_s);
    // Then the passing errors, largest first: 22 (0.22), 23 (0.2), 21 (0.21)... sorted by error.
    QList<qint64> rest;
    for (qsizetype i = 1; i < c.worst.size(); ++i) {
        QVERIFY(!c.worst.at(i).mismatch);
        rest.append(c.worst.at(i).flatIndex);
    }
    QCOMPARE(rest, (QList<qint64>{22, 21, 23, 20, 19, 18, 17, 16, 15}));
    QCOMPARE(c.worst.at(1).index, (QList<qint64>{1, 2, 2}));

    CompareOptions three;
    three.worstCount = 3;
    QCOMPARE(compareTensors(actual, expected, Tolerance{0, 0.3, false}, three).worst.size(), 3);
}

void TestTensorCompare::histogramBins()
{
    // errors 0, 5e-13, 3e-5, 0.5, 2e4
    const Tensor expected = f64({5}, {0, 0, 0, 0, 0});
    const Tensor actual = f64({5}, {0, 5e-13, 3e-5, -0.5, 2e4});
    const TensorComparison c = compareTensors(actual, expected, Tolerance{});
    std::array<qint64, ErrorHistogram::kBins> abs{}, rel{};
    abs[0] = abs[1] = abs[9] = abs[13] = abs[17] = 1;
    rel[0] = 1;
    rel[17] = 4; // x / 0 = inf
    QCOMPARE(c.absHistogram.counts, abs);
    QCOMPARE(c.relHistogram.counts, rel);
    QCOMPARE(ErrorHistogram::binLabel(0), u"0"_s);
    QCOMPARE(ErrorHistogram::binLabel(1), u"<1e-12"_s);
    QCOMPARE(ErrorHistogram::binLabel(9), u"1e-5..1e-4"_s);
    QCOMPARE(ErrorHistogram::binLabel(17), u">=1e3"_s);
}

// 3M float32 elements: threads and the histogram quantiles against a plain reference.
void TestTensorCompare::largeTensorMatchesReference()
{
    const qint64 n = 3'000'000;
    QRandomGenerator rng(42);
    QByteArray eb(n * 4, Qt::Uninitialized), ab(n * 4, Qt::Uninitialized);
    auto *ep = reinterpret_cast<float *>(eb.data());
    auto *ap = reinterpret_cast<float *>(ab.data());
    for (qint64 i = 0; i < n; ++i) {
        ep[i] = float(rng.generateDouble() * 2 - 1);
        ap[i] = ep[i] + float((rng.generateDouble() - 0.5) * 2e-5);
    }
    const Tensor expected = Tensor::numeric({}, DType::Float32, {1000, 3000}, eb);
    const Tensor actual = Tensor::numeric({}, DType::Float32, {1000, 3000}, ab);
    const Tolerance tol{1e-5, 1e-6, false};

    qint64 mismatches = 0;
    double maxAbs = 0, sumAbs = 0;
    std::vector<double> errors(static_cast<size_t>(n));
    for (qint64 i = 0; i < n; ++i) {
        const double d = std::fabs(double(ap[i]) - double(ep[i]));
        errors[size_t(i)] = d;
        mismatches += d > tol.atol + tol.rtol * std::fabs(double(ep[i]));
        maxAbs = std::max(maxAbs, d);
        sumAbs += d;
    }
    std::sort(errors.begin(), errors.end());
    const double median = (errors[size_t(n / 2 - 1)] + errors[size_t(n / 2)]) / 2;
    const double p99pos = 0.99 * double(n - 1);
    const double p99 =
        errors[size_t(p99pos)] + (errors[size_t(p99pos) + 1] - errors[size_t(p99pos)]) * (p99pos - std::floor(p99pos));

    CompareOptions one, two, exact;
    one.threads = 1;
    two.threads = 2;
    exact.threads = 1;
    exact.exactQuantileLimit = n;
    const TensorComparison c1 = compareTensors(actual, expected, tol, one);
    const TensorComparison c2 = compareTensors(actual, expected, tol, two);
    const TensorComparison ce = compareTensors(actual, expected, tol, exact);
    for (const TensorComparison *c : {&c1, &c2, &ce}) {
        QVERIFY(mismatches > 1000);
        QCOMPARE(c->mismatchCount, mismatches);
        QCOMPARE(c->absError.max, maxAbs);
        QVERIFY(near(c->absError.mean, sumAbs / double(n), 1e-9));
        QCOMPARE(c->worst.size(), 10);
        QCOMPARE(c->absHistogram.total(), n);
    }
    QVERIFY(!c1.quantilesExact && !c2.quantilesExact && ce.quantilesExact);
    QVERIFY2(near(c1.absError.median, median, 0.008), qPrintable(u"%1 vs %2"_s.arg(c1.absError.median).arg(median)));
    QVERIFY2(near(c1.absError.p99, p99, 0.008), qPrintable(u"%1 vs %2"_s.arg(c1.absError.p99).arg(p99)));
    QCOMPARE(c2.absError.median, c1.absError.median);
    QVERIFY(near(ce.absError.median, median));
    QVERIFY(near(ce.absError.p99, p99));
    QCOMPARE(*c2.minAtol, *c1.minAtol);
    QCOMPARE(*c2.minRtol, *c1.minRtol);
    for (qsizetype i = 0; i < 10; ++i) {
        QCOMPARE(c2.worst.at(i).flatIndex, c1.worst.at(i).flatIndex);
        QCOMPARE(c2.worst.at(i).index, unflattenIndex(c1.worst.at(i).flatIndex, {1000, 3000}));
    }
    QCOMPARE(c1.worst.first().absError, maxAbs);
}

void TestTensorCompare::unflatten()
{
    QCOMPARE(unflattenIndex(0, {}), QList<qint64>());
    QCOMPARE(unflattenIndex(23, {2, 3, 4}), (QList<qint64>{1, 2, 3}));
    QCOMPARE(unflattenIndex(5, {2, 3}), (QList<qint64>{1, 2}));
}

QTEST_GUILESS_MAIN(TestTensorCompare)
#include "tst_tensorcompare.moc"
