// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The self-test error map: per-element errors against hand-computed values.
#include "selftest/errormap.h"
#include "selftesttestutil.h"

#include <QTest>
#include <cmath>
#include <cstring>
#include <limits>

using namespace Qt::StringLiterals;
using namespace carton;
using namespace selftesttest;

namespace {

QList<float> floatsOf(const Tensor &t)
{
    QList<float> out(t.data().size() / 4);
    std::memcpy(out.data(), t.data().constData(), size_t(t.data().size()));
    return out;
}

constexpr double inf = std::numeric_limits<double>::infinity();
const double qnan = std::numeric_limits<double>::quiet_NaN();

} // namespace

class TestErrorMap final : public QObject {
    Q_OBJECT

private slots:
    void absoluteRelativeExcess();
    void nonFinite();
    void mixedDtypes();
    void rejected();
};

void TestErrorMap::absoluteRelativeExcess()
{
    const Tensor expected = f64({2, 2}, {1.0, -2.0, 0.0, 4.0}, u"y"_s);
    const Tensor actual = f64({2, 2}, {1.5, -2.0, 0.25, 3.0}, u"y"_s);
    const auto abs = errorMap(actual, expected, ErrorMapKind::Absolute);
    QVERIFY2(abs, qPrintable(abs ? QString() : abs.error().message));
    QCOMPARE(abs->dtype(), DType::Float32);
    QCOMPARE(abs->shape(), QList<qint64>({2, 2}));
    QCOMPARE(floatsOf(*abs), QList<float>({0.5f, 0.0f, 0.25f, 1.0f}));

    const auto rel = errorMap(actual, expected, ErrorMapKind::Relative);
    QVERIFY(rel);
    const QList<float> r = floatsOf(*rel);
    QCOMPARE(r.at(0), 0.5f);
    QCOMPARE(r.at(1), 0.0f);
    QVERIFY(std::isinf(r.at(2)) && r.at(2) > 0); // expected 0, actual not
    QCOMPARE(r.at(3), 0.25f);

    // atol 0.1, rtol 0.1: allowed 0.2, 0.3, 0.1, 0.5 -> excess 0.3, -0.3, 0.15, 0.5.
    const auto excess = errorMap(actual, expected, ErrorMapKind::Excess, Tolerance{0.1, 0.1, false});
    QVERIFY(excess);
    const QList<float> x = floatsOf(*excess);
    QCOMPARE(x.at(0), float(0.5 - 0.2));
    QCOMPARE(x.at(1), float(0.0 - 0.3));
    QCOMPARE(x.at(2), float(0.25 - 0.1));
    QCOMPARE(x.at(3), float(1.0 - 0.5));
}

void TestErrorMap::nonFinite()
{
    const Tensor expected = f64({5}, {qnan, qnan, inf, inf, 1.0});
    const Tensor actual = f64({5}, {qnan, 1.0, inf, -inf, qnan});
    auto map = errorMap(actual, expected, ErrorMapKind::Absolute);
    QVERIFY(map);
    QList<float> v = floatsOf(*map);
    QVERIFY(std::isinf(v.at(0))); // NaN vs NaN without equalNan
    QVERIFY(std::isinf(v.at(1)));
    QCOMPARE(v.at(2), 0.0f); // inf == inf
    QVERIFY(std::isinf(v.at(3)));
    QVERIFY(std::isinf(v.at(4)));
    map = errorMap(actual, expected, ErrorMapKind::Absolute, Tolerance{1e-5, 1e-8, true});
    QVERIFY(map);
    v = floatsOf(*map);
    QCOMPARE(v.at(0), 0.0f); // NaN == NaN with equalNan
    QVERIFY(std::isinf(v.at(1)));
}

void TestErrorMap::mixedDtypes()
{
    // int32 expected, float32 actual: widened to double before subtracting.
    const auto map = errorMap(f32({3}, {1.5, 2.0, -3.0}), i32({3}, {1, 2, -1}), ErrorMapKind::Absolute);
    QVERIFY(map);
    QCOMPARE(floatsOf(*map), QList<float>({0.5f, 0.0f, 2.0f}));
}

void TestErrorMap::rejected()
{
    auto map = errorMap(f32({3}, {1, 2, 3}), f32({1, 3}, {1, 2, 3}, u"y"_s), ErrorMapKind::Absolute);
    QVERIFY(!map);
    QCOMPARE(map.error().code, ErrorCode::Usage);
    QVERIFY2(map.error().message.contains(u"shapes differ (actual [3], expected [1, 3])"_s),
             qPrintable(map.error().message));
    map = errorMap(strings({1}, {u"a"_s}), strings({1}, {u"b"_s}, u"s"_s), ErrorMapKind::Absolute);
    QVERIFY(!map);
    QVERIFY2(map.error().message.contains(u"must be numeric"_s), qPrintable(map.error().message));
    map = errorMap(f32({4}, {1, 2, 3, 4}), f32({4}, {1, 2, 3, 4}), ErrorMapKind::Absolute, {}, 15);
    QVERIFY(!map);
    QCOMPARE(map.error().code, ErrorCode::Limit);
}

QTEST_GUILESS_MAIN(TestErrorMap)
#include "tst_errormap.moc"
