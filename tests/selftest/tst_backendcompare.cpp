// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// compareBackends: two in-process "backends" run the same self-test; B's outputs
// are compared with A's under the tolerances in force, and shape/dtype
// differences and outputs one side does not return are named.
#include "package/carton.h"
#include "selftest/backendcompare.h"
#include "selftest/selftestengine.h"
#include "selftesttestutil.h"
#include "testsession.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace selftesttest;
using namespace Qt::StringLiterals;

class TestBackendCompare : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void differencesNamed();
    void toleranceInForce();
    void oneSideFailedToRun();

private:
    SelfTestRun run(const FunctionSession::Model &model, const SelfTestOptions &options = {});
    QTemporaryDir m_dir;
};

void TestBackendCompare::initTestCase()
{
    CartonFolder folder;
    folder.add(f32({3}, {1.0, 2.0, 4.0}, u"x"_s));
    SelfTest t;
    t.name = u"t"_s;
    t.inputs = refs({{"x", "@tensor_data/x"}});
    t.expectedOut = refs({{"y", "@tensor_data/x"}});
    folder.info.selfTests = {t};
    QVERIFY(folder.write(m_dir.path()));
}

SelfTestRun TestBackendCompare::run(const FunctionSession::Model &model, const SelfTestOptions &options)
{
    auto carton = Carton::open(m_dir.path());
    if (!carton)
        return {};
    FunctionSession session(model);
    Result<SelfTestRun> r = runSelfTests(**carton, session, options);
    return r ? *r : SelfTestRun();
}

namespace {

Result<TensorMap> backendA(const TensorMap &)
{
    return TensorMap{{u"y"_s, f32({3}, {1.0, 2.0, 4.0}, u"y"_s)},
                     {u"z"_s, f32({2}, {1.0, 2.0}, u"z"_s)},
                     {u"w"_s, f32({1}, {7.0}, u"w"_s)}};
}

// y + 0.5 at every element, z of another shape, w not returned, v only here.
Result<TensorMap> backendB(const TensorMap &)
{
    return TensorMap{{u"y"_s, f32({3}, {1.5, 2.5, 4.5}, u"y"_s)},
                     {u"z"_s, f32({3}, {1.0, 2.0, 3.0}, u"z"_s)},
                     {u"v"_s, i32({1}, {1}, u"v"_s)}};
}

const BackendOutputDiff *output(const BackendTestDiff &t, const QString &name)
{
    for (const BackendOutputDiff &o : t.outputs) {
        if (o.name == name)
            return &o;
    }
    return nullptr;
}

} // namespace

void TestBackendCompare::differencesNamed()
{
    SelfTestRun a = run(backendA);
    SelfTestRun b = run(backendB);
    a.runner = u"A 1.0"_s;
    b.runner = u"B 2.0"_s;
    QCOMPARE(a.tests[0].status, SelfTestStatus::Passed);
    const BackendComparison c = compareBackends(a, b, {});
    QCOMPARE(c.backendA, u"A 1.0"_s);
    QCOMPARE(c.backendB, u"B 2.0"_s);
    QCOMPARE(c.tests.size(), 1);
    QVERIFY(!c.agrees());
    QCOMPARE(c.disagreements(), 1);
    const BackendTestDiff &t = c.tests[0];
    QVERIFY(t.problem.isEmpty());
    QCOMPARE(t.outputs.size(), 4); // y, z, w (A's order is the map's), then v
    const BackendOutputDiff *y = output(t, u"y"_s);
    QVERIFY(y && y->comparison);
    QCOMPARE(y->comparison->verdict, CompareVerdict::Failed);
    QCOMPARE(y->comparison->absError.max, 0.5);
    QCOMPARE(y->comparison->relError.max, 0.5); // 0.5 / 1
    QCOMPARE(y->comparison->mismatchCount, 3);
    const BackendOutputDiff *z = output(t, u"z"_s);
    QVERIFY(z && z->comparison);
    QCOMPARE(z->comparison->verdict, CompareVerdict::ShapeMismatch);
    QCOMPARE(z->comparison->expectedShape, QList<qint64>({2}));
    QCOMPARE(z->comparison->actualShape, QList<qint64>({3}));
    const BackendOutputDiff *w = output(t, u"w"_s);
    QVERIFY(w && !w->comparison);
    QCOMPARE(w->problem, u"not returned by backend B"_s);
    QCOMPARE(t.outputs.last().name, u"v"_s);
    QCOMPARE(t.outputs.last().problem, u"returned by backend B only"_s);
    const QJsonObject json = backendComparisonToJson(c);
    QCOMPARE(json[u"agree"_s].toBool(), false);
    QCOMPARE(json[u"backend_b"_s].toString(), u"B 2.0"_s);
}

void TestBackendCompare::toleranceInForce()
{
    const auto yOnly = [](double off) {
        return [off](const TensorMap &) -> Result<TensorMap> {
            return TensorMap{{u"y"_s, f32({3}, {1.0 + off, 2.0, 4.0}, u"y"_s)}};
        };
    };
    const SelfTestRun a = run(yOnly(0));
    const SelfTestRun b = run(yOnly(0.25));
    QVERIFY(!compareBackends(a, b, {}).agrees());
    ToleranceSettings loose;
    QVERIFY(loose.applyOption(u"atol", u"y:0.3"));
    const BackendComparison c = compareBackends(a, b, loose);
    QVERIFY(c.agrees());
    QCOMPARE(c.tests[0].outputs[0].comparison->tolerance.atol, 0.3);
}

void TestBackendCompare::oneSideFailedToRun()
{
    const SelfTestRun a = run(backendA);
    const SelfTestRun b =
        run([](const TensorMap &) -> Result<TensorMap> { return makeError(ErrorCode::Io, u"server went away"_s); });
    const BackendComparison c = compareBackends(a, b, {});
    QVERIFY(!c.agrees());
    QVERIFY2(c.tests[0].problem.startsWith(u"backend B: error — "_s), qPrintable(c.tests[0].problem));
    QVERIFY(c.tests[0].outputs.isEmpty());
}

QTEST_GUILESS_MAIN(TestBackendCompare)
#include "tst_backendcompare.moc"
