// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/progress.h"
#include "fixturepolicy.h"
#include "package/carton.h"
#include "selftest/selftestengine.h"
#include "selftesttestutil.h"
#include "testpaths.h"
#include "testsession.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <cstring>

using namespace carton;
using namespace selftesttest;
using namespace Qt::StringLiterals;

namespace {

// The model of most tests: y = 2 * x (float32), named outputs as given.
Result<TensorMap> doubler(const TensorMap &in, const QString &outName = u"y"_s)
{
    const Tensor &x = in.value(u"x"_s);
    QByteArray data = x.data();
    auto *f = reinterpret_cast<float *>(data.data());
    for (qsizetype i = 0; i < data.size() / 4; ++i)
        f[i] *= 2;
    return TensorMap{{outName, Tensor::numeric(outName, DType::Float32, x.shape(), data)}};
}

// A carton: input x float32 [n], output y float32 [n], and one self-test per entry of `tests`
// (name, x values, expected y values; empty expected = no expected_out).
struct Case {
    QString name;
    QList<double> x;
    QList<double> y;
};

CartonFolder doublerCarton(const QList<Case> &tests)
{
    CartonFolder c;
    c.info.inputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::symbol(u"n"_s)}))};
    c.info.outputs = {spec(u"y"_s, DType::Float32, Shape::dims({Dim::symbol(u"n"_s)}))};
    for (qsizetype i = 0; i < tests.size(); ++i) {
        const Case &t = tests.at(i);
        const QString xn = u"x%1"_s.arg(i), yn = u"y%1"_s.arg(i);
        c.add(f32({t.x.size()}, t.x, xn));
        SelfTest st;
        st.name = t.name;
        st.inputs = {{u"x"_s, u"@tensor_data/"_s + xn}};
        if (!t.y.isEmpty()) {
            c.add(f32({t.y.size()}, t.y, yn));
            st.expectedOut = TensorRefs{{u"y"_s, u"@tensor_data/"_s + yn}};
        }
        c.info.selfTests.append(st);
    }
    return c;
}

} // namespace

class TestSelfTestEngine : public QObject {
    Q_OBJECT
private slots:
    void init();
    void passesAndTimes();
    void failsByToleranceAndRejudges();
    void cartonToleranceTable();
    void badToleranceTableCannotRun();
    void cannotRun_data();
    void cannotRun();
    void runDespiteSpecMismatch();
    void outputProblems_data();
    void outputProblems();
    void runnerError();
    void noExpectedOut();
    void selection();
    void cancel();
    void examples();
    void upstreamFixture();

private:
    std::unique_ptr<Carton> open(const CartonFolder &folder);
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestSelfTestEngine::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

std::unique_ptr<Carton> TestSelfTestEngine::open(const CartonFolder &folder)
{
    if (!folder.write(m_dir->path()))
        qFatal("cannot write the carton folder in %s", qPrintable(m_dir->path()));
    Result<std::unique_ptr<Carton>> c = Carton::open(m_dir->path());
    if (!c)
        qFatal("%s", qPrintable(c.error().toString()));
    if (!c.value()->info())
        qFatal("carton.toml unreadable");
    return std::move(c).value();
}

void TestSelfTestEngine::passesAndTimes()
{
    auto carton = open(doublerCarton({{u"first"_s, {1, 2, 3}, {2, 4, 6}}, {u"second"_s, {-1, 0.5}, {-2, 1}}}));
    FunctionSession session([](const TensorMap &in) { return doubler(in); });
    const Result<SelfTestRun> run = runSelfTests(*carton, session, {});
    QVERIFY(run.ok());
    QCOMPARE(session.calls, 2);
    QCOMPARE(run->tests.size(), 2);
    QCOMPARE(run->count(SelfTestStatus::Passed), 2);
    QCOMPARE(run->exitCode(), 0);
    const SelfTestResult &first = run->tests.at(0);
    QCOMPARE(first.name, u"first"_s);
    QCOMPARE(first.status, SelfTestStatus::Passed);
    QVERIFY(first.reason.isEmpty());
    QCOMPARE(first.outputs.size(), 1);
    QCOMPARE(first.outputs.at(0).kind, OutputResult::Kind::Compared);
    QVERIFY(first.outputs.at(0).comparison);
    QCOMPARE(first.outputs.at(0).comparison->tolerance, (Tolerance{1e-5, 1e-8, false}));
    QCOMPARE(first.outputs.at(0).comparison->elementCount, qint64(3));
    // The model saw the self-test's tensor under the input's name.
    QCOMPARE(session.seenInputs.at(1).value(u"x"_s).shape(), QList<qint64>{2});
    // Timings: load from the session, the first inference, then the later ones.
    QCOMPARE(run->loadTime, std::chrono::nanoseconds(std::chrono::milliseconds(5)));
    QVERIFY(first.firstInference && !run->tests.at(1).firstInference);
    QVERIFY(run->firstInference && *run->firstInference == *first.inferenceTime);
    QCOMPARE(run->laterInferences.size(), 1);
    QCOMPARE(run->laterInferences.at(0), *run->tests.at(1).inferenceTime);
    QVERIFY(run->wallTime >= *run->firstInference);
    QCOMPARE(run->runnerLog, u"model loaded\ninfer 1\ninfer 2\n"_s);
    QCOMPARE(run->modelName, u"test model"_s);
    QCOMPARE(run->runnerName, u"noop"_s);
}

void TestSelfTestEngine::failsByToleranceAndRejudges()
{
    auto carton = open(doublerCarton({{u"off"_s, {1, 2, 3}, {2, 4, 6.1}}}));
    FunctionSession session([](const TensorMap &in) { return doubler(in); });
    Result<SelfTestRun> run = runSelfTests(*carton, session, {});
    QVERIFY(run.ok());
    SelfTestResult &r = run->tests[0];
    QCOMPARE(r.status, SelfTestStatus::Failed);
    QCOMPARE(r.reason, u"output 'y': 1 of 3 elements (33.3%) outside rtol 1e-05, atol 1e-08"_s);
    QCOMPARE(run->exitCode(), 1);
    const TensorComparison &c = *r.outputs.at(0).comparison;
    QCOMPARE(c.worst.first().flatIndex, qint64(2));
    QVERIFY(qAbs(c.absError.max - 0.1) < 1e-6);

    // Looser tolerances re-judge from the kept tensors, without running the model.
    ToleranceSettings looser;
    QVERIFY(looser.applyOption(u"--atol", u"y:0.2").ok());
    judge(*run, looser);
    QCOMPARE(session.calls, 1);
    QCOMPARE(run->tests[0].status, SelfTestStatus::Passed);
    QVERIFY(run->tests[0].reason.isEmpty());
    QCOMPARE(run->tests[0].outputs.at(0).comparison->tolerance.atol, 0.2);
    QCOMPARE(run->tolerances, looser);
    judge(*run, ToleranceSettings{});
    QCOMPARE(run->tests[0].status, SelfTestStatus::Failed);
    // The minimum atol it reports passes.
    ToleranceSettings minimal;
    minimal.all.atol = *run->tests[0].outputs.at(0).comparison->minAtol;
    judge(*run, minimal);
    QCOMPARE(run->tests[0].status, SelfTestStatus::Passed);
}

void TestSelfTestEngine::cartonToleranceTable()
{
    CartonFolder folder = doublerCarton({{u"off"_s, {1, 2, 3}, {2, 4, 6.1}}});
    folder.info.selfTests[0].unknownToml = "[tolerance.y]\natol = 0.2\n";
    auto carton = open(folder);
    FunctionSession session([](const TensorMap &in) { return doubler(in); });
    Result<SelfTestRun> run = runSelfTests(*carton, session, {});
    QVERIFY(run.ok());
    QCOMPARE(run->tests[0].status, SelfTestStatus::Passed);
    QCOMPARE(run->tests[0].cartonTolerance.perOutput.value(u"y"_s).atol, 0.2);
    // The user's value wins over the carton's.
    ToleranceSettings strict;
    strict.all.atol = 0;
    judge(*run, strict);
    QCOMPARE(run->tests[0].status, SelfTestStatus::Failed);
    strict.useCartonTolerances = false;
    strict.all = {};
    judge(*run, strict);
    QCOMPARE(run->tests[0].status, SelfTestStatus::Failed);
}

void TestSelfTestEngine::badToleranceTableCannotRun()
{
    CartonFolder folder = doublerCarton({{u"t"_s, {1}, {2}}});
    folder.info.selfTests[0].unknownToml = "[tolerance]\nrtol = \"tight\"\n";
    auto carton = open(folder);
    FunctionSession session([](const TensorMap &in) { return doubler(in); });
    const Result<SelfTestRun> run = runSelfTests(*carton, session, {});
    QVERIFY(run.ok());
    QCOMPARE(run->tests[0].status, SelfTestStatus::CannotRun);
    QCOMPARE(run->tests[0].reason,
             u"carton.toml: self_test[0]: tolerance.rtol: expected a number >= 0, found a string"_s);
    QCOMPARE(session.calls, 0);
}

using Edit = std::function<void(CartonFolder &)>;

void TestSelfTestEngine::cannotRun_data()
{
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QString>("reason");

    QTest::newRow("input dtype") << Edit([](CartonFolder &c) {
        c.tensors[0] = i32({3}, {1, 2, 3}, u"x0"_s);
    }) << u"input 'x' is an int32 tensor but [[input]] declares float32"_s;
    QTest::newRow("input rank") << Edit([](CartonFolder &c) {
        c.tensors[0] = f32({1, 3}, {1, 2, 3}, u"x0"_s);
    }) << u"input 'x' has shape [1, 3] but [[input]] declares [n]"_s;
    QTest::newRow("symbol conflict across inputs") << Edit([](CartonFolder &c) {
        c.info.inputs.append(spec(u"w"_s, DType::Float32, Shape::dims({Dim::symbol(u"n"_s)})));
        c.add(f32({2}, {1, 1}, u"w0"_s));
        c.info.selfTests[0].inputs.append({u"w"_s, u"@tensor_data/w0"_s});
    }) << u"input 'w': symbol 'n' is 2 here (dim 0) but 3 in input 'x'"_s;
    QTest::newRow("expected output against input symbols") << Edit([](CartonFolder &c) {
        c.tensors[1] = f32({2}, {2, 4}, u"y0"_s);
    }) << u"output 'y': symbol 'n' is 2 here (dim 0) but 3 in input 'x'"_s;
    QTest::newRow("undeclared input") << Edit([](CartonFolder &c) {
        c.info.selfTests[0].inputs.append({u"z"_s, u"@tensor_data/x0"_s});
    }) << u"input 'z' is not declared in [[input]] (declared: 'x')"_s;
    QTest::newRow("missing tensor") << Edit([](CartonFolder &c) {
        c.info.selfTests[0].inputs[0].second = u"@tensor_data/nope"_s;
    }) << u"self_test[0].inputs.x: cannot load tensor \"nope\": tensor_data/index.toml: no tensor named \"nope\""_s;
    QTest::newRow("misc reference") << Edit([](CartonFolder &c) {
        c.info.selfTests[0].inputs[0].second = u"@misc/x.png"_s;
    }) << u"self_test[0].inputs.x = \"@misc/x.png\" is not a @tensor_data/ reference; only tensors can be given to a model"_s;
}

void TestSelfTestEngine::cannotRun()
{
    QFETCH(Edit, edit);
    QFETCH(QString, reason);
    CartonFolder folder = doublerCarton({{u"t"_s, {1, 2, 3}, {2, 4, 6}}});
    edit(folder);
    auto carton = open(folder);
    FunctionSession session([](const TensorMap &in) { return doubler(in); });
    const Result<SelfTestRun> run = runSelfTests(*carton, session, {});
    QVERIFY(run.ok());
    QCOMPARE(run->tests[0].status, SelfTestStatus::CannotRun);
    QCOMPARE(run->tests[0].reason, reason);
    QCOMPARE(session.calls, 0);
    QCOMPARE(run->exitCode(), 1);
}

void TestSelfTestEngine::runDespiteSpecMismatch()
{
    CartonFolder folder = doublerCarton({{u"t"_s, {1, 2, 3}, {2, 4, 6}}});
    folder.tensors[0] = f32({1, 3}, {1, 2, 3}, u"x0"_s);
    folder.tensors[1] = f32({1, 3}, {2, 4, 6}, u"y0"_s);
    auto carton = open(folder);
    FunctionSession session([](const TensorMap &in) { return doubler(in); });
    SelfTestOptions options;
    options.runDespiteSpecMismatch = true;
    const Result<SelfTestRun> run = runSelfTests(*carton, session, options);
    QVERIFY(run.ok());
    QCOMPARE(session.calls, 1);
    const SelfTestResult &r = run->tests[0];
    QVERIFY2(r.notes.contains(u"input 'x' has shape [1, 3] but [[input]] declares [n] (run anyway)"_s),
             qPrintable(r.notes.join(u'\n')));
    // The values match, but the returned tensor still contradicts [[output]].
    QCOMPARE(r.status, SelfTestStatus::Failed);
    QCOMPARE(r.reason, u"returned output 'y' has shape [1, 3] but [[output]] declares [n]"_s);
    QVERIFY(r.outputs.at(0).comparison->passed());
}

void TestSelfTestEngine::outputProblems_data()
{
    QTest::addColumn<FunctionSession::Model>("model");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QStringList>("notes");

    QTest::newRow("missing output, unexpected one")
        << FunctionSession::Model([](const TensorMap &in) { return doubler(in, u"out"_s); })
        << u"output 'y' was not returned (the model returned 'out')"_s
        << QStringList{u"output 'out' was returned but expected_out has no tensor for it"_s,
                       u"output 'out' is not declared in [[output]]"_s};
    QTest::newRow("shape mismatch") << FunctionSession::Model([](const TensorMap &) -> Result<TensorMap> {
        return TensorMap{{u"y"_s, f32({1, 3}, {2, 4, 6})}};
    }) << u"returned output 'y' has shape [1, 3] but [[output]] declares [n]; output 'y': shape [3] expected, got [1, 3]"_s
                                    << QStringList{};
    QTest::newRow("dtype mismatch") << FunctionSession::Model([](const TensorMap &) -> Result<TensorMap> {
        return TensorMap{{u"y"_s, f64({3}, {2, 4, 6})}};
    }) << u"returned output 'y' is a float64 tensor but [[output]] declares float32; output 'y': dtype float32 expected, got float64"_s
                                    << QStringList{};
    QTest::newRow("returned size contradicts the input's symbol") << FunctionSession::Model([](const TensorMap &)
                                                                                                -> Result<TensorMap> {
        return TensorMap{{u"y"_s, f32({2}, {2, 4})}};
    }) << u"returned output 'y': symbol 'n' is 2 here (dim 0) but 3 in input 'x'; output 'y': shape [3] expected, got [2]"_s
                                                                  << QStringList{};
}

void TestSelfTestEngine::outputProblems()
{
    QFETCH(FunctionSession::Model, model);
    QFETCH(QString, reason);
    QFETCH(QStringList, notes);
    auto carton = open(doublerCarton({{u"t"_s, {1, 2, 3}, {2, 4, 6}}}));
    FunctionSession session(model);
    const Result<SelfTestRun> run = runSelfTests(*carton, session, {});
    QVERIFY(run.ok());
    QCOMPARE(run->tests[0].status, SelfTestStatus::Failed);
    QCOMPARE(run->tests[0].reason, reason);
    QCOMPARE(run->tests[0].notes, notes);
}

void TestSelfTestEngine::runnerError()
{
    auto carton = open(doublerCarton({{u"a"_s, {1}, {2}}, {u"b"_s, {1}, {2}}}));
    FunctionSession session([](const TensorMap &in) -> Result<TensorMap> {
        if (in.value(u"x"_s).data().size() == 4 && in.size() == 1 &&
            qFuzzyCompare(in.value(u"x"_s).valueAsDouble(0), 1.0))
            return makeError(ErrorCode::Io, u"runner host killed by signal 11 (SIGSEGV)"_s, u"carton-runner-host"_s);
        return doubler(in);
    });
    const Result<SelfTestRun> run = runSelfTests(*carton, session, {});
    QVERIFY(run.ok());
    for (const SelfTestResult &r : run->tests) {
        QCOMPARE(r.status, SelfTestStatus::Error);
        QCOMPARE(r.reason, u"carton-runner-host: runner host killed by signal 11 (SIGSEGV)"_s);
        QVERIFY(r.runnerLog.startsWith(u"model loaded\ninfer 1\n"_s));
    }
    QCOMPARE(run->tests[1].runnerLog, u"model loaded\ninfer 1\ninfer 2\n"_s); // the other tests go on
    QCOMPARE(run->count(SelfTestStatus::Error), 2);
}

void TestSelfTestEngine::noExpectedOut()
{
    auto carton = open(doublerCarton({{u"smoke"_s, {1, 2}, {}}}));
    FunctionSession session([](const TensorMap &in) { return doubler(in); });
    const Result<SelfTestRun> run = runSelfTests(*carton, session, {});
    QVERIFY(run.ok());
    const SelfTestResult &r = run->tests[0];
    QCOMPARE(r.status, SelfTestStatus::Passed);
    QCOMPARE(r.notes, QStringList{u"no expected_out: only checked that the model runs"_s});
    QCOMPARE(r.outputs.size(), 1);
    QCOMPARE(r.outputs.at(0).kind, OutputResult::Kind::Unexpected);
    QCOMPARE(r.outputs.at(0).actual->valueAsDouble(1), 4.0);
}

void TestSelfTestEngine::selection()
{
    CartonFolder folder = doublerCarton({{u"first"_s, {1}, {2}}, {u"second"_s, {2}, {4}}, {u"third"_s, {3}, {6}}});
    folder.info.selfTests[2].name.reset();
    auto carton = open(folder);
    FunctionSession session([](const TensorMap &in) { return doubler(in); });
    SelfTestOptions options;
    options.tests = {u"self_test[2]"_s, u"first"_s};
    Result<SelfTestRun> run = runSelfTests(*carton, session, options);
    QVERIFY(run.ok());
    QCOMPARE(run->tests.size(), 2);
    QCOMPARE(run->tests[0].name, u"first"_s);
    QCOMPARE(run->tests[1].name, u"self_test[2]"_s);
    QCOMPARE(run->tests[1].index, 2);
    options.tests = {u"1"_s};
    run = runSelfTests(*carton, session, options);
    QVERIFY(run.ok());
    QCOMPARE(run->tests.size(), 1);
    QCOMPARE(run->tests[0].name, u"second"_s);
    options.tests = {u"fourth"_s};
    run = runSelfTests(*carton, session, options);
    QVERIFY(!run.ok());
    QCOMPARE(run.error().code, ErrorCode::Usage);
    QCOMPARE(run.error().message, u"no self-test named 'fourth'; the carton has 'first', 'second', 'self_test[2]'"_s);
}

void TestSelfTestEngine::cancel()
{
    auto carton = open(doublerCarton({{u"a"_s, {1}, {2}}, {u"b"_s, {1}, {2}}, {u"c"_s, {1}, {2}}}));
    Progress progress;
    FunctionSession session([&progress](const TensorMap &in) {
        progress.cancel(); // the user presses Cancel during the first inference
        return doubler(in);
    });
    const Result<SelfTestRun> run = runSelfTests(*carton, session, {}, &progress);
    QVERIFY(run.ok());
    QVERIFY(run->cancelled);
    QCOMPARE(session.calls, 1);
    QCOMPARE(run->tests[0].status, SelfTestStatus::Passed);
    QCOMPARE(run->tests[1].status, SelfTestStatus::NotRun);
    QCOMPARE(run->tests[2].status, SelfTestStatus::NotRun);
    QCOMPARE(progress.total(), 3);
    QCOMPARE(progress.done(), 3);
    QCOMPARE(run->exitCode(), 1);
}

void TestSelfTestEngine::examples()
{
    CartonFolder folder = doublerCarton({});
    folder.add(f32({2}, {1, 2}, u"ex"_s));
    folder.add(f32({2}, {2, 4.5}, u"ey"_s));
    Example runnable;
    runnable.name = u"runnable"_s;
    runnable.inputs = {{u"x"_s, u"@tensor_data/ex"_s}};
    runnable.sampleOut = {{u"y"_s, u"@tensor_data/ey"_s}, {u"plot"_s, u"@misc/plot.png"_s}};
    Example image;
    image.inputs = {{u"x"_s, u"@misc/in.png"_s}};
    image.sampleOut = {{u"y"_s, u"@misc/out.png"_s}};
    folder.info.examples = {runnable, image};
    auto carton = open(folder);
    FunctionSession session([](const TensorMap &in) { return doubler(in); });
    const Result<SelfTestRun> run = runSelfTests(*carton, session, {});
    QVERIFY(run.ok());
    QCOMPARE(run->examples.size(), 2);
    const ExampleResult &e = run->examples[0];
    QCOMPARE(e.status, ExampleStatus::Ran);
    QCOMPARE(e.outputs.size(), 2);
    QCOMPARE(e.outputs[0].name, u"y"_s);
    QVERIFY(e.outputs[0].sample && e.outputs[0].actual && e.outputs[0].comparison);
    QCOMPARE(e.outputs[0].comparison->mismatchCount, qint64(1)); // 4 vs 4.5: shown, no verdict
    QCOMPARE(e.outputs[1].sampleRef, u"@misc/plot.png"_s);
    QVERIFY(!e.outputs[1].sample && !e.outputs[1].actual && !e.outputs[1].comparison);
    QCOMPARE(run->examples[1].name, u"example[1]"_s);
    QCOMPARE(run->examples[1].status, ExampleStatus::CannotRun);
    QCOMPARE(
        run->examples[1].reason,
        u"example[1].inputs.x = \"@misc/in.png\" is not a @tensor_data/ reference; only tensors can be given to a model"_s);
    QCOMPARE(session.calls, 1);

    SelfTestOptions noExamples;
    noExamples.runExamples = false;
    QVERIFY(runSelfTests(*carton, session, noExamples)->examples.isEmpty());
}

// Upstream's own test.carton: input 'b' is declared float64 but references a
// string tensor, and its model returns 'out' where the self-test expects 'y'.
void TestSelfTestEngine::upstreamFixture()
{
    const QString path = testutil::sharedPath(u"/fixtures/upstream/test.carton");
    if (!QFileInfo::exists(path))
        CARTON_MISSING_FIXTURE("fixtures/upstream/test.carton");
    Result<std::unique_ptr<Carton>> carton = Carton::open(path);
    QVERIFY(carton.ok());
    FunctionSession session([](const TensorMap &in) -> Result<TensorMap> {
        return TensorMap{{u"out"_s, in.value(u"a"_s)}};
    });
    Result<SelfTestRun> run = runSelfTests(**carton, session, {});
    QVERIFY(run.ok());
    QCOMPARE(run->tests[0].name, u"a_self_test"_s);
    QCOMPARE(run->tests[0].status, SelfTestStatus::CannotRun);
    QVERIFY2(run->tests[0].reason.startsWith(u"input 'b' is a string tensor but [[input]] declares float64"_s),
             qPrintable(run->tests[0].reason));
    SelfTestOptions anyway;
    anyway.runDespiteSpecMismatch = true;
    run = runSelfTests(**carton, session, anyway);
    QVERIFY(run.ok());
    QCOMPARE(run->tests[0].status, SelfTestStatus::Failed);
    QCOMPARE(run->tests[0].reason, u"output 'y' was not returned (the model returned 'out')"_s);
    QCOMPARE(run->examples[0].status, ExampleStatus::CannotRun); // its input is a misc image
}

QTEST_GUILESS_MAIN(TestSelfTestEngine)
#include "tst_selftestengine.moc"
