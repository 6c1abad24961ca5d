// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Keep as Tolerance: readable rounding, the table kept per output and for the
// whole self-test, and a run re-judged with the kept table passing.
#include "format/cartontolerance.h"
#include "package/carton.h"
#include "selftest/keeptolerance.h"
#include "selftest/selftestengine.h"
#include "selftesttestutil.h"
#include "testsession.h"

#include <QTemporaryDir>
#include <QTest>
#include <limits>

using namespace carton;
using namespace selftesttest;
using namespace Qt::StringLiterals;

class TestKeepTolerance : public QObject {
    Q_OBJECT
private slots:
    void roundUp_data();
    void roundUp();
    void keptAndRejudged();
    void wholeTestClearsPerOutputFigures();
    void refusals();

private:
    // A self-test with outputs y (float32, off by `offY`) and z (float32, off by
    // `offZ`) and n (int32, exact); the model returns expected + the offsets.
    static SelfTestRun run(QTemporaryDir &dir, double offY, double offZ, const QByteArray &unknownToml = {});
};

void TestKeepTolerance::roundUp_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<double>("expected");
    QTest::newRow("issue figure") << 0.00994 << 0.01;
    QTest::newRow("next digit") << 0.0123 << 0.02;
    QTest::newRow("small") << 3.2e-7 << 4e-7;
    QTest::newRow("exact digit stays") << 0.5 << 0.5;
    QTest::newRow("nine rounds to ten") << 9.2 << 10.0;
    QTest::newRow("integer") << 7.0 << 7.0;
    QTest::newRow("zero") << 0.0 << 0.0;
}

void TestKeepTolerance::roundUp()
{
    QFETCH(double, value);
    QFETCH(double, expected);
    const double r = roundUpReadable(value);
    QCOMPARE(r, expected);
    QVERIFY(r >= value);
}

SelfTestRun TestKeepTolerance::run(QTemporaryDir &dir, double offY, double offZ, const QByteArray &unknownToml)
{
    CartonFolder folder;
    folder.add(f32({3}, {1.0, 2.0, 3.0}, u"x"_s));
    folder.add(f32({3}, {1.0, 2.0, 3.0}, u"y"_s));
    folder.add(f32({2}, {10.0, 20.0}, u"z"_s));
    folder.add(i32({2}, {4, 5}, u"n"_s));
    SelfTest t;
    t.name = u"t"_s;
    t.inputs = refs({{"x", "@tensor_data/x"}});
    t.expectedOut = refs({{"y", "@tensor_data/y"}, {"z", "@tensor_data/z"}, {"n", "@tensor_data/n"}});
    t.unknownToml = unknownToml;
    folder.info.selfTests = {t};
    if (!folder.write(dir.path()))
        return {};
    auto carton = Carton::open(dir.path());
    if (!carton)
        return {};
    FunctionSession session([offY, offZ](const TensorMap &) -> Result<TensorMap> {
        return TensorMap{{u"y"_s, f32({3}, {1.0, 2.0 + offY, 3.0}, u"y"_s)},
                         {u"z"_s, f32({2}, {10.0 + offZ, 20.0}, u"z"_s)},
                         {u"n"_s, i32({2}, {4, 5}, u"n"_s)}};
    });
    Result<SelfTestRun> r = runSelfTests(**carton, session, {});
    return r ? *r : SelfTestRun();
}

void TestKeepTolerance::keptAndRejudged()
{
    QTemporaryDir dir;
    SelfTestRun r = run(dir, 0.00994, 0.0);
    QCOMPARE(r.tests.size(), 1);
    QCOMPARE(r.tests[0].status, SelfTestStatus::Failed);

    // Per output: [self_test.tolerance.y] with the rtol applied and atol 0.01.
    const Result<CartonTolerance> kept = keptTolerance(r.tests[0], u"y"_s);
    QVERIFY2(kept, qPrintable(kept ? QString() : kept.error().message));
    QVERIFY(kept->all.isEmpty());
    QCOMPARE(kept->perOutput.size(), 1);
    QCOMPARE(kept->perOutput[u"y"_s].atol, std::optional<double>(0.01));
    QCOMPARE(kept->perOutput[u"y"_s].rtol, std::optional<double>(1e-5));

    // Written into the self-test's TOML and read back as the engine does: it passes.
    const Result<QByteArray> written = withCartonTolerance({}, *kept);
    QVERIFY(written);
    const QByteArray toml = *written;
    const Result<CartonTolerance> reread = parseCartonTolerance(toml, u"t"_s);
    QVERIFY(reread);
    QCOMPARE(*reread, *kept);
    r.tests[0].cartonTolerance = *reread;
    judge(r, r.tolerances);
    QCOMPARE(r.tests[0].status, SelfTestStatus::Passed);

    // And a fresh run of the carton carrying the table passes too.
    QTemporaryDir again;
    const SelfTestRun rerun = run(again, 0.00994, 0.0, toml);
    QCOMPARE(rerun.tests.at(0).status, SelfTestStatus::Passed);
}

void TestKeepTolerance::wholeTestClearsPerOutputFigures()
{
    QTemporaryDir dir;
    // A per-output atol for z that is too small, and equal_nan on z, already there.
    CartonTolerance before;
    before.perOutput[u"z"_s] = ToleranceOverride{std::nullopt, 1e-9, true};
    const Result<QByteArray> beforeToml = withCartonTolerance({}, before);
    QVERIFY(beforeToml);
    SelfTestRun r = run(dir, 0.00994, 0.03, *beforeToml);
    QCOMPARE(r.tests.at(0).status, SelfTestStatus::Failed);
    const Result<CartonTolerance> kept = keptTolerance(r.tests[0]);
    QVERIFY2(kept, qPrintable(kept ? QString() : kept.error().message));
    // max over y (0.00994 - 2e-5) and z (0.03 - 1e-4 in float32): 0.0299..., rounded up
    QCOMPARE(kept->all.atol, std::optional<double>(0.03));
    QCOMPARE(kept->all.rtol, std::optional<double>(1e-5));
    QCOMPARE(kept->perOutput.size(), 1);
    QCOMPARE(kept->perOutput[u"z"_s], (ToleranceOverride{std::nullopt, std::nullopt, true}));
    r.tests[0].cartonTolerance = *kept;
    judge(r, r.tolerances);
    QCOMPARE(r.tests[0].status, SelfTestStatus::Passed);
}

void TestKeepTolerance::refusals()
{
    QTemporaryDir dir;
    const SelfTestRun r = run(dir, std::numeric_limits<double>::quiet_NaN(), 0.0);
    const SelfTestResult &t = r.tests.at(0);
    Result<CartonTolerance> kept = keptTolerance(t, u"n"_s);
    QVERIFY(!kept);
    QVERIFY2(kept.error().message.contains(u"compared exactly (int32)"_s), qPrintable(kept.error().message));
    kept = keptTolerance(t, u"y"_s);
    QVERIFY(!kept);
    QVERIFY2(kept.error().message.contains(u"NaN or infinity"_s), qPrintable(kept.error().message));
    kept = keptTolerance(t); // the whole test: y cannot be fixed
    QVERIFY(!kept);
    kept = keptTolerance(t, u"nope"_s);
    QVERIFY(!kept);
    QVERIFY2(kept.error().message.contains(u"no output 'nope'"_s), qPrintable(kept.error().message));
}

QTEST_GUILESS_MAIN(TestKeepTolerance)
#include "tst_keeptolerance.moc"
