// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Statistics: hand-computed figures, regions, determinism across threads and chunk
// sizes, cancellation, and a cross-check with numpy on random data.
#include "tensor/tensorstats.h"
#include "testutil.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <limits>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

template <typename T>
TensorReaderPtr reader(DType dtype, QList<qint64> shape, const QList<T> &values)
{
    QByteArray bytes(reinterpret_cast<const char *>(values.constData()), values.size() * qsizetype(sizeof(T)));
    return TensorReader::create(u"s"_s, TensorLayout{dtype, shape}, std::make_shared<MemorySource>(bytes, u"s"_s), true)
        .value();
}

} // namespace

class TestTensorStats final : public QObject {
    Q_OBJECT

private slots:
    void handComputed();
    void integersAndRegion();
    void nothingFinite();
    void deterministicAcrossThreads();
    void cancel();
    void numpyCrossCheck();
    void floatKernelMatchesDoublePath();
};

void TestTensorStats::handComputed()
{
    const float inf = std::numeric_limits<float>::infinity();
    auto r = reader<float>(DType::Float32, {2, 3}, {1, 2, std::nanf(""), inf, 0, -inf});
    StatsOptions options;
    options.bins = 2;
    const Result<TensorStats> s = computeStats(*r, TensorRegion::whole({2, 3}), options);
    QVERIFY(s.ok());
    QCOMPARE(s->count, 6);
    QCOMPARE(s->finite, 3);
    QCOMPARE(s->zeros, 1);
    QCOMPARE(s->nans, 1);
    QCOMPARE(s->positiveInfinities, 1);
    QCOMPARE(s->negativeInfinities, 1);
    QCOMPARE(s->min, 0.0);
    QCOMPARE(s->max, 2.0);
    QCOMPARE(s->mean, 1.0);
    QCOMPARE(s->std, std::sqrt(2.0 / 3.0));
    QCOMPARE(s->histogram, (QList<qint64>{1, 2})); // [0, 1) and [1, 2]
}

void TestTensorStats::integersAndRegion()
{
    // int16 [3, 4] = 0..11; region rows 1..2, columns 1..2 -> 5, 6, 9, 10.
    QList<qint16> values;
    for (int i = 0; i < 12; ++i)
        values << qint16(i);
    auto r = reader<qint16>(DType::Int16, {3, 4}, values);
    StatsOptions options;
    options.bins = 5;
    const Result<TensorStats> s = computeStats(*r, TensorRegion{{1, 1}, {2, 2}}, options);
    QVERIFY(s.ok());
    QCOMPARE(s->count, 4);
    QCOMPARE(s->min, 5.0);
    QCOMPARE(s->max, 10.0);
    QCOMPARE(s->mean, 7.5);
    QCOMPARE(s->std, std::sqrt((2.5 * 2.5 * 2 + 1.5 * 1.5 * 2) / 4));
    QCOMPARE(s->zeros, 0);
    QCOMPARE(s->histogram, (QList<qint64>{1, 1, 0, 0, 2})); // bins [5,6) [6,7) [7,8) [8,9) [9,10]
    const Result<TensorStats> bad = computeStats(*r, TensorRegion{{0, 0}, {4, 1}});
    QCOMPARE(bad.error().code, ErrorCode::Usage);
}

void TestTensorStats::nothingFinite()
{
    auto r = reader<double>(DType::Float64, {2}, {std::nan(""), std::nan("")});
    const Result<TensorStats> s = computeStats(*r, TensorRegion::whole({2}));
    QVERIFY(s.ok());
    QCOMPARE(s->nans, 2);
    QVERIFY(std::isnan(s->min) && std::isnan(s->mean) && std::isnan(s->std));
    QCOMPARE(s->histogram, QList<qint64>(64, 0));
}

void TestTensorStats::deterministicAcrossThreads()
{
    QList<float> values;
    QRandomGenerator rng(3);
    for (int i = 0; i < 100'000; ++i)
        values << float(rng.generateDouble() * 200 - 100);
    auto r = reader<float>(DType::Float32, {100, 1000}, values);
    StatsOptions one;
    one.threads = 1;
    one.chunkBytes = 4000; // one row per chunk
    StatsOptions many;
    many.threads = 4;
    many.chunkBytes = 4000;
    const TensorStats a = computeStats(*r, TensorRegion::whole({100, 1000}), one).value();
    const TensorStats b = computeStats(*r, TensorRegion::whole({100, 1000}), many).value();
    QCOMPARE(a.mean, b.mean);
    QCOMPARE(a.std, b.std);
    QCOMPARE(a.histogram, b.histogram);
    qint64 sum = 0;
    for (qint64 c : a.histogram)
        sum += c;
    QCOMPARE(sum, 100'000);
    Progress progress;
    QVERIFY(computeStats(*r, TensorRegion::whole({100, 1000}), many, &progress).ok());
    QCOMPARE(progress.done(), qint64(2 * 400'000));
}

void TestTensorStats::cancel()
{
    auto r = reader<float>(DType::Float32, {1000}, QList<float>(1000, 1.0f));
    Progress progress;
    progress.cancel();
    const Result<TensorStats> s = computeStats(*r, TensorRegion::whole({1000}), {}, &progress);
    QCOMPARE(s.error().code, ErrorCode::Cancelled);
}

void TestTensorStats::numpyCrossCheck()
{
    QString py = QStandardPaths::findExecutable(u"python3"_s, {u"/usr/bin"_s});
    if (py.isEmpty())
        py = QStandardPaths::findExecutable(u"python3"_s);
    QVERIFY2(!py.isEmpty(), "python3 is required (scripts/install-deps.sh installs python3-numpy)");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"a.f32"_s);
    QProcess p;
    p.start(py, {u"-c"_s, uR"(
import numpy as np, sys
rng = np.random.default_rng(5)
a = rng.normal(3, 2, size=(300, 700)).astype('<f4')
a[1, 2] = np.nan; a[5, 5] = np.inf; a[7, 1] = 0
a.tofile(sys.argv[1])
f = a[np.isfinite(a)].astype(np.float64)
h, _ = np.histogram(f, bins=16)
print(f.min(), f.max(), f.mean(), f.std(), int((a == 0).sum()), *h)
)"_s,
                 path});
    QVERIFY(p.waitForFinished(60'000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    const QList<QByteArray> figures = p.readAllStandardOutput().trimmed().split(' ');
    QCOMPARE(figures.size(), 5 + 16);
    auto source = FileRegionSource::open(path);
    QVERIFY(source.ok());
    auto r = TensorReader::create(u"a"_s, TensorLayout{DType::Float32, {300, 700}}, *source, true);
    QVERIFY(r.ok());
    StatsOptions options;
    options.bins = 16;
    options.chunkBytes = 64 << 10;
    const TensorStats s = computeStats(**r, TensorRegion::whole({300, 700}), options).value();
    QCOMPARE(s.min, figures[0].toDouble());
    QCOMPARE(s.max, figures[1].toDouble());
    QVERIFY(std::abs(s.mean - figures[2].toDouble()) < 1e-12);
    QVERIFY(std::abs(s.std - figures[3].toDouble()) < 1e-12);
    QCOMPARE(s.zeros, figures[4].toLongLong());
    QCOMPARE(s.nans, 1);
    QCOMPARE(s.positiveInfinities, 1);
    for (int b = 0; b < 16; ++b)
        QCOMPARE(s.histogram[b], figures[5 + b].toLongLong());
}

// The float32 vector kernels (8 lanes, scalar tail) against the generic double path
// on the same values: specials in every lane position and chunk sizes with tails.
void TestTensorStats::floatKernelMatchesDoublePath()
{
    const float inf = std::numeric_limits<float>::infinity();
    QRandomGenerator rng(11);
    QList<float> f;
    QList<double> d;
    for (int i = 0; i < 10'007; ++i) {
        float v = float(rng.generateDouble() * 2000 - 700);
        const int pick = rng.bounded(40);
        if (pick == 0)
            v = std::nanf("");
        else if (pick == 1)
            v = inf;
        else if (pick == 2)
            v = -inf;
        else if (pick == 3)
            v = 0;
        f << v;
        d << double(v);
    }
    auto rf = reader<float>(DType::Float32, {f.size()}, f);
    auto rd = reader<double>(DType::Float64, {d.size()}, d);
    for (const qint64 chunkBytes : {qint64(4 * 13), qint64(4 * 1000), qint64(1) << 20}) {
        StatsOptions options;
        options.bins = 37;
        options.threads = 3;
        options.chunkBytes = chunkBytes;
        StatsOptions wide = options;
        wide.chunkBytes = chunkBytes * 2; // the same elements per chunk
        const TensorStats a = computeStats(*rf, TensorRegion::whole({f.size()}), options).value();
        const TensorStats b = computeStats(*rd, TensorRegion::whole({d.size()}), wide).value();
        QCOMPARE(a.count, b.count);
        QCOMPARE(a.finite, b.finite);
        QCOMPARE(a.zeros, b.zeros);
        QCOMPARE(a.nans, b.nans);
        QCOMPARE(a.positiveInfinities, b.positiveInfinities);
        QCOMPARE(a.negativeInfinities, b.negativeInfinities);
        QCOMPARE(a.min, b.min);
        QCOMPARE(a.max, b.max);
        QVERIFY2(std::abs(a.mean - b.mean) <= 1e-12 * std::abs(b.mean),
                 qPrintable(u"%1 vs %2"_s.arg(a.mean).arg(b.mean)));
        QVERIFY2(std::abs(a.std - b.std) <= 1e-12 * b.std, qPrintable(u"%1 vs %2"_s.arg(a.std).arg(b.std)));
        QCOMPARE(a.histogram, b.histogram);
        QVERIFY(a.nans > 0 && a.positiveInfinities > 0 && a.negativeInfinities > 0 && a.zeros > 0);
    }
}

QTEST_GUILESS_MAIN(TestTensorStats)
#include "tst_tensorstats.moc"
