// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton selftest` end to end: the real CLI, the real runner host and plugins.
#include "clirunner.h"
#include "fixturepolicy.h"
#include "kservetestserver.h"
#include "selftesttestutil.h"
#include "testpaths.h"
#include "testsession.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace carton;
using namespace selftesttest;

class TestCliSelfTest final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void passAndFailWithFigures();
    void examplesThatCannotRunAreCounted();
    void oneTestAndTolerances();
    void noMatchingRunner();
    void htmlReport();
    void cartonTolerancesIgnored();
    void usageErrors();
    void upstreamPythonModel();
    void kserveServer();
    void sandboxIsReported();
    void noSandboxMeansNoRun();
    void loadFailureSaysWhetherSandboxed();
    void criticalFindingsStopTheRun();
    void benchmarkJson();
    void compareWithKserve();
    void compareRunner();
    void historyKept();

private:
    QString writeFolder(const QString &name, const QString &frameworkRequirement = u"=1.0.0"_s,
                        const QList<Example> &examples = {});
    QTemporaryDir m_dir;
};

void TestCliSelfTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The run history goes to GenericDataLocation: a temporary one, not the user's.
    qputenv("XDG_DATA_HOME", m_dir.filePath(u"data"_s).toLocal8Bit());
}

// A noop carton (the runner echoes x back as x): t_pass expects x itself, t_fail
// expects x with its second element off by 0.001.
QString TestCliSelfTest::writeFolder(const QString &name, const QString &frameworkRequirement,
                                     const QList<Example> &examples)
{
    CartonFolder folder;
    folder.info.runner.requiredFrameworkVersion = frameworkRequirement;
    folder.info.inputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(3)}))};
    folder.info.outputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(3)}))};
    folder.add(f32({3}, {1.0, 2.0, 3.0}, u"x"_s));
    folder.add(f32({3}, {1.0, 2.001, 3.0}, u"x_off"_s));
    SelfTest pass;
    pass.name = u"t_pass"_s;
    pass.inputs = refs({{"x", "@tensor_data/x"}});
    pass.expectedOut = refs({{"x", "@tensor_data/x"}});
    SelfTest fail;
    fail.name = u"t_fail"_s;
    fail.inputs = refs({{"x", "@tensor_data/x"}});
    fail.expectedOut = refs({{"x", "@tensor_data/x_off"}});
    folder.info.selfTests = {pass, fail};
    folder.info.examples = examples;
    const QString dir = m_dir.filePath(name);
    return folder.write(dir) ? dir : QString();
}

void TestCliSelfTest::passAndFailWithFigures()
{
    const QString dir = writeFolder(u"figures"_s);
    QVERIFY(!dir.isEmpty());
    const RunResult r = runCarton({u"selftest"_s, dir, u"--json"_s});
    QCOMPARE(r.exitCode, 1);
    const QJsonObject json = r.json();
    const QJsonObject summary = json[u"summary"_s].toObject();
    QCOMPARE(summary[u"total"_s].toInt(), 2);
    QCOMPARE(summary[u"passed"_s].toInt(), 1);
    QCOMPARE(summary[u"failed"_s].toInt(), 1);
    const QJsonArray tests = json[u"self_tests"_s].toArray();
    QCOMPARE(tests.at(0)[u"status"_s].toString(), u"passed"_s);
    QCOMPARE(tests.at(1)[u"status"_s].toString(), u"failed"_s);
    const QJsonObject cmp = tests.at(1)[u"outputs"_s].toArray().at(0)[u"comparison"_s].toObject();
    QCOMPARE(cmp[u"mismatch_count"_s].toInt(), 1);
    // The float32 difference of 2.0 and 2.001, computed independently of the engine.
    const double absErr = double(2.001f) - double(2.0f);
    QCOMPARE(cmp[u"abs_error"_s][u"max"_s].toDouble(), absErr);
    const QJsonArray worst = cmp[u"worst"_s].toArray();
    QCOMPARE(worst.at(0)[u"index"_s].toArray(), QJsonArray({1}));
    QVERIFY(json[u"timings_ms"_s][u"model_load"_s].toDouble() > 0);
}

// The summary line counts the examples that cannot run (an input that does not exist).
void TestCliSelfTest::examplesThatCannotRunAreCounted()
{
    Example good;
    good.inputs = refs({{"x", "@tensor_data/x"}});
    Example broken;
    broken.inputs = refs({{"x", "@tensor_data/nowhere"}});
    const QString dir = writeFolder(u"examples"_s, u"=1.0.0"_s, {good, broken});
    QVERIFY(!dir.isEmpty());
    const RunResult r = runCarton({u"selftest"_s, dir});
    QCOMPARE(r.exitCode, 1); // t_fail
    QVERIFY2(r.out.contains("1 passed, 1 failed, 0 cannot run, 0 error; examples: 1 ran, 1 cannot run, 0 error;"),
             r.out.constData());
    const RunResult json = runCarton({u"selftest"_s, dir, u"--json"_s});
    QCOMPARE(json.json()[u"summary"_s][u"examples_cannot_run"_s].toInt(), 1);
}

void TestCliSelfTest::oneTestAndTolerances()
{
    const QString dir = writeFolder(u"tolerances"_s);
    RunResult r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_pass"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("PASSED: t_pass"), r.out.constData());
    QVERIFY2(r.out.contains("x: within tolerance (max abs 0, max rel 0, 0 of 3 elements off)"), r.out.constData());
    QVERIFY(!r.out.contains("t_fail"));
    // 0.001 off passes with atol 0.01 for output x, and not with atol 1e-4.
    r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_fail"_s, u"--atol"_s, u"x:0.01"_s});
    QCOMPARE(r.exitCode, 0);
    r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_fail"_s, u"--atol"_s, u"x:1e-4"_s, u"--rtol"_s, u"0"_s});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("FAILED: t_fail"), r.out.constData());
    QVERIFY2(r.out.contains("1 of 3"), r.out.constData());
}

void TestCliSelfTest::noMatchingRunner()
{
    const QString dir = writeFolder(u"nomatch"_s, u">=2.0.0"_s);
    RunResult r = runCarton({u"selftest"_s, dir});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("1.0.0") && r.err.contains(">=2.0.0"), r.err.constData());
    QVERIFY2(r.err.contains("(use --runner noop --force to run it with noop 1.0.0 anyway)"), r.err.constData());
    r = runCarton({u"selftest"_s, dir, u"--runner"_s, u"noop"_s, u"--force"_s, u"--test"_s, u"t_pass"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.startsWith("warning: "), r.err.constData());
    QVERIFY2(!r.err.contains("error:"), r.err.constData());
    // The report says the run was forced, and with what.
    QVERIFY2(r.out.contains("FORCED: run with noop 1.0.0, although the carton asks for noop >=2.0.0"),
             r.out.constData());
    r = runCarton({u"selftest"_s, dir, u"--runner"_s, u"noop"_s, u"--force"_s, u"--json"_s});
    QVERIFY2(r.json().value(u"forced"_s).toString().startsWith(u"noop 1.0.0, although"_s), r.out.constData());
    r = runCarton({u"selftest"_s, writeFolder(u"match"_s, u">=1.0.0"_s), u"--json"_s});
    QCOMPARE(r.exitCode, 1);                                           // t_fail fails
    QVERIFY2(r.json().value(u"forced"_s).isNull(), r.out.constData()); // not forced
}

// t_fail carries [self_test.tolerance] atol = 0.01: it passes, unless told to ignore it.
void TestCliSelfTest::cartonTolerancesIgnored()
{
    const QString dir = writeFolder(u"cartontol"_s);
    QVERIFY(!dir.isEmpty());
    const QString tomlPath = dir + u"/carton.toml"_s;
    QFile toml(tomlPath);
    QVERIFY(toml.open(QIODevice::ReadOnly));
    QByteArray text = toml.readAll();
    toml.close();
    const qsizetype at = text.indexOf("name = \"t_fail\"");
    QVERIFY(at > 0);
    text.insert(text.indexOf('\n', at) + 1, "[self_test.tolerance]\natol = 0.01\n");
    QVERIFY(testutil::writeFile(tomlPath, text));
    RunResult r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_fail"_s});
    QVERIFY2(r.exitCode == 0, r.out.constData());
    r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_fail"_s, u"--ignore-carton-tolerances"_s});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("FAILED: t_fail"), r.out.constData());
}

void TestCliSelfTest::htmlReport()
{
    const QString dir = writeFolder(u"html"_s);
    const QString html = m_dir.filePath(u"report.html"_s);
    const RunResult r = runCarton({u"selftest"_s, dir, u"--html"_s, html});
    QCOMPARE(r.exitCode, 1);
    const QByteArray page = testutil::readFile(html);
    QVERIFY(page.startsWith("<!DOCTYPE html>"));
    QVERIFY(page.contains("t_pass") && page.contains("t_fail"));
}

void TestCliSelfTest::usageErrors()
{
    const QString dir = writeFolder(u"usage"_s);
    QCOMPARE(runCarton({u"selftest"_s, dir, u"--atol"_s, u"-1"_s}).exitCode, 2);
    QCOMPARE(runCarton({u"selftest"_s, dir, u"--preset"_s, u"vague"_s}).exitCode, 2);
    QCOMPARE(runCarton({u"selftest"_s, dir, u"--timeout"_s, u"soon"_s}).exitCode, 2);
    QCOMPARE(runCarton({u"selftest"_s, dir, u"--test"_s, u"missing"_s}).exitCode, 2);
    QCOMPARE(runCarton({u"selftest"_s, m_dir.filePath(u"no such carton"_s)}).exitCode, 2);
}

void TestCliSelfTest::upstreamPythonModel()
{
    // Upstream's test.carton through the python runner: its self-test expects `y`,
    // the model returns `out` (and its input `b` contradicts [[input]]).
    const QString fixture = testutil::sharedPath(u"/fixtures/upstream/test.carton");
    if (!QFileInfo::exists(fixture))
        CARTON_MISSING_FIXTURE("fixtures/upstream/test.carton");
    RunResult r = runCarton({u"selftest"_s, fixture});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("CANNOT RUN: a_self_test"), r.out.constData());
    QVERIFY2(r.out.contains("input 'b' is a string tensor but [[input]] declares float64"), r.out.constData());
    r = runCarton({u"selftest"_s, fixture, u"--ignore-spec-mismatch"_s});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("output 'y' was not returned (the model returned 'out')"), r.out.constData());
}

// --kserve-url runs the self-tests on a KServe v2 server (the test server on its
// own thread) although no local runner matches the carton (noop >=99.0.0): the
// echo model passes t_pass and fails t_fail by tolerance.
void TestCliSelfTest::kserveServer()
{
    // The carton's model_name is "test model": the URL path must encode the space.
    KserveTestServer server(
        {{u"test model"_s, KserveTestModel::Kind::Echo, {{u"x"_s, u"FP32"_s, {3}}}, {{u"x"_s, u"FP32"_s, {-1}}}},
         {u"float64 model"_s, KserveTestModel::Kind::Echo, {{u"x"_s, u"FP64"_s, {3}}}, {}}});
    QVERIFY(server.start());
    const QString dir = writeFolder(u"kserve"_s, u">=99.0.0"_s);
    QVERIFY(!dir.isEmpty());
    RunResult r = runCarton({u"selftest"_s, dir});
    QCOMPARE(r.exitCode, 2); // no local runner

    r = runCarton({u"selftest"_s, dir, u"--kserve-url"_s, server.url(), u"--json"_s});
    QVERIFY2(r.exitCode == 1, r.err.constData());
    const QJsonObject json = r.json();
    QCOMPARE(json[u"summary"_s][u"passed"_s].toInt(), 1);
    QCOMPARE(json[u"summary"_s][u"failed"_s].toInt(), 1);
    const QJsonArray tests = json[u"self_tests"_s].toArray();
    QCOMPARE(tests.at(0)[u"status"_s].toString(), u"passed"_s);
    QCOMPARE(tests.at(1)[u"status"_s].toString(), u"failed"_s);
    QCOMPARE(tests.at(1)[u"outputs"_s].toArray().at(0)[u"comparison"_s][u"mismatch_count"_s].toInt(), 1);
    QVERIFY2(!r.err.contains("warning"), r.err.constData()); // the carton's runner and opts are not used
    // Sandboxed too, with TCP to the server's port only.
    const QJsonArray confinement = json[u"sandbox"_s][u"confinement"_s].toArray();
    QVERIFY2(confinement.contains(u"network: TCP connections to port %1 only, on any address (the inference "
                                  u"server's port; Landlock scopes ports, not addresses), no listening; UDP (name "
                                  u"resolution) open"_s.arg(QUrl(server.url()).port())),
             r.out.constData());
    QCOMPARE(server.lastInfer().path, "/v2/models/test%20model/infer");

    r = runCarton({u"selftest"_s, dir, u"--kserve-url"_s, server.url(), u"--test"_s, u"t_pass"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("PASSED: t_pass"), r.out.constData());

    // A served model that does not fit the carton: could not run, nothing sent.
    const int before = server.requestCount();
    r = runCarton({u"selftest"_s, dir, u"--kserve-url"_s, server.url(), u"--kserve-model"_s, u"float64 model"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("input \"x\": the carton says float32 (FP32), the server says FP64"), r.err.constData());
    QCOMPARE(server.requestCount(), before + 3); // health, ready, metadata; no infer

    r = runCarton({u"selftest"_s, dir, u"--kserve-url"_s, server.url(), u"--kserve-model"_s, u"nope"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("model \"nope\" is not ready on the server (HTTP 404"), r.err.constData());

    r = runCarton({u"selftest"_s, dir, u"--kserve-model"_s, u"x"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--kserve-model needs --kserve-url"), r.err.constData());
}

void TestCliSelfTest::sandboxIsReported()
{
    const QString dir = writeFolder(u"sandboxed"_s);
    QVERIFY(!dir.isEmpty());
    RunResult r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_pass"_s, u"--json"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject sandbox = r.json()[u"sandbox"_s].toObject();
    QCOMPARE(sandbox[u"sandboxed"_s].toBool(), true);
    QVERIFY2(sandbox[u"mechanism"_s].toString().startsWith(u"bubblewrap"_s), r.out.constData());
    QVERIFY(sandbox[u"confinement"_s].toArray().contains(u"no network"_s));
    r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_pass"_s});
    QVERIFY2(r.out.contains("\nsandboxed (bubblewrap"), r.out.constData());
    // Opted out: loudly, in the warning and in the report.
    r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_pass"_s, u"--no-sandbox"_s, u"--json"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.err.contains("--no-sandbox: the carton's code runs with your full rights"), r.err.constData());
    QCOMPARE(r.json()[u"sandbox"_s][u"sandboxed"_s].toBool(), false);
    QCOMPARE(r.json()[u"sandbox"_s][u"reason"_s].toString(), u"--no-sandbox was given"_s);
    r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_pass"_s, u"--no-sandbox"_s});
    QVERIFY2(r.out.contains("NOT sandboxed: --no-sandbox was given"), r.out.constData());
}

void TestCliSelfTest::noSandboxMeansNoRun()
{
    // A machine without bubblewrap (or without user namespaces): refused, never a silent fallback.
    const QString dir = writeFolder(u"nosandbox"_s);
    QVERIFY(!dir.isEmpty());
    qputenv("CARTON_BWRAP", m_dir.filePath(u"no-such-bwrap"_s).toUtf8());
    RunResult r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_pass"_s});
    const RunResult optedOut = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_pass"_s, u"--no-sandbox"_s});
    qunsetenv("CARTON_BWRAP");
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("the model cannot run in a sandbox"), r.err.constData());
    QVERIFY2(r.err.contains("--no-sandbox"), r.err.constData());
    QVERIFY2(!r.out.contains("PASSED"), r.out.constData());
    QCOMPARE(optedOut.exitCode, 0);
    QVERIFY2(optedOut.out.contains("PASSED: t_pass"), optedOut.out.constData());
}

// A model that fails to load: the error says whether the runner host ran
// sandboxed, and --json still prints a report on stdout.
void TestCliSelfTest::loadFailureSaysWhetherSandboxed()
{
    const QString dir = writeFolder(u"loadfails"_s);
    QVERIFY(!dir.isEmpty());
    QFile toml(dir + u"/carton.toml"_s);
    QVERIFY(toml.open(QIODevice::ReadOnly));
    QByteArray text = toml.readAll();
    toml.close();
    QVERIFY(text.contains("runner_name = \"noop\"") && text.contains("required_framework_version = \"=1.0.0\""));
    text.replace("runner_name = \"noop\"", "runner_name = \"python\"");
    text.replace("required_framework_version = \"=1.0.0\"", "required_framework_version = \">=3.0\"");
    text += "\n[runner.opts]\nentrypoint_package = \"broken\"\nentrypoint_fn = \"get_model\"\n";
    QVERIFY(testutil::writeFile(dir + u"/carton.toml"_s, text));
    QVERIFY(testutil::writeFile(dir + u"/model/broken.py"_s,
                                "def get_model():\n    raise RuntimeError('broken on purpose')\n"));
    RunResult r = runCarton({u"selftest"_s, dir, u"--json"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("broken on purpose"), r.err.constData());
    QVERIFY2(r.err.contains("the runner host: sandboxed (bubblewrap"), r.err.constData());
    QJsonObject report = r.json();
    QCOMPARE(report[u"ok"_s].toBool(true), false);
    QVERIFY2(report[u"error"_s].toString().contains(u"broken on purpose"_s), r.out.constData());
    QCOMPARE(report[u"sandbox"_s][u"sandboxed"_s].toBool(), true);
    QVERIFY2(report[u"sandbox"_s][u"mechanism"_s].toString().startsWith(u"bubblewrap"_s), r.out.constData());
    // Without the sandbox, the same failure says so.
    r = runCarton({u"selftest"_s, dir, u"--json"_s, u"--no-sandbox"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("the runner host: NOT sandboxed: --no-sandbox was given"), r.err.constData());
    report = r.json();
    QCOMPARE(report[u"sandbox"_s][u"sandboxed"_s].toBool(true), false);
    QCOMPARE(report[u"sandbox"_s][u"reason"_s].toString(), u"--no-sandbox was given"_s);
}

void TestCliSelfTest::criticalFindingsStopTheRun()
{
    const QString dir = writeFolder(u"findings"_s);
    QVERIFY(!dir.isEmpty());
    // A protocol 2 pickle that calls os.system("id") when loaded.
    QFile pickle(dir + u"/model/weights.pkl"_s);
    QVERIFY(QDir().mkpath(dir + u"/model"_s));
    QVERIFY(pickle.open(QIODevice::WriteOnly));
    pickle.write(QByteArray("\x80\x02"
                            "cos\nsystem\n"
                            "X\x02\x00\x00\x00id"
                            "\x85R.",
                            23));
    pickle.close();
    RunResult r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_pass"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("critical problem(s); not running its code"), r.err.constData());
    QVERIFY2(r.err.contains("model/weights.pkl"), r.err.constData());
    QVERIFY2(!r.out.contains("PASSED"), r.out.constData());
    r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_pass"_s, u"--allow-findings"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("PASSED: t_pass"), r.out.constData());
}

// --benchmark N --warmup K through the sandboxed host: N samples per self-test,
// percentiles that are those of the samples (numpy 'linear'), the host's peak
// RSS, and the benchmark in the HTML report.
void TestCliSelfTest::benchmarkJson()
{
    const QString dir = writeFolder(u"benchmark"_s);
    QVERIFY(!dir.isEmpty());
    const QString html = m_dir.filePath(u"benchmark.html"_s);
    const RunResult r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_pass"_s, u"--benchmark"_s, u"40"_s,
                                   u"--warmup"_s, u"4"_s, u"--json"_s, u"--html"_s, html});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject bench = r.json()[u"benchmark"_s].toObject();
    QCOMPARE(bench[u"iterations"_s].toInt(), 40);
    QCOMPARE(bench[u"warmup"_s].toInt(), 4);
    QVERIFY(bench[u"peak_rss_bytes"_s].toDouble() > 1e6);
    QVERIFY(bench[u"first_inference_ms"_s].toDouble() > 0);
    const QJsonArray tests = bench[u"self_tests"_s].toArray();
    QCOMPARE(tests.size(), 1);
    const QJsonObject t = tests.at(0).toObject();
    QVERIFY(t[u"timed_by_host"_s].toBool());
    QList<double> samples;
    for (const QJsonValue &v : t[u"samples_ms"_s].toArray())
        samples.append(v.toDouble());
    QCOMPARE(samples.size(), 40);
    QCOMPARE(t[u"transfer_samples_ms"_s].toArray().size(), 40);
    std::sort(samples.begin(), samples.end());
    auto pct = [&samples](double q) {
        const double rank = q / 100 * double(samples.size() - 1);
        const qsizetype lo = qsizetype(rank);
        const qsizetype hi = std::min(lo + 1, samples.size() - 1);
        return samples[lo] + (samples[hi] - samples[lo]) * (rank - double(lo));
    };
    const QJsonObject latency = t[u"latency_ms"_s].toObject();
    for (const auto &[key, q] : {std::pair{u"p50"_s, 50.0}, std::pair{u"p95"_s, 95.0}, std::pair{u"p99"_s, 99.0}})
        QVERIFY2(qAbs(latency[key].toDouble() - pct(q)) <= 1e-9 + 1e-9 * pct(q),
                 qPrintable(u"%1: %2 vs %3"_s.arg(key).arg(latency[key].toDouble()).arg(pct(q))));
    QCOMPARE(latency[u"min"_s].toDouble(), samples.first());
    QCOMPARE(latency[u"max"_s].toDouble(), samples.last());
    QFile report(html);
    QVERIFY(report.open(QIODevice::ReadOnly));
    const QByteArray text = report.readAll();
    QVERIFY(text.contains("<section id=\"benchmark\">"));
    QVERIFY(text.contains("<h3>t_pass</h3>"));
    QCOMPARE(runCarton({u"selftest"_s, dir, u"--benchmark"_s, u"0"_s}).exitCode, 2);
}

// --compare-with: the same self-test on the local noop runner (A, an echo) and on
// a KServe server whose model adds 0.5 to y (B). t_x expects only x, so both
// backends pass against expected_out; only A vs B finds y's difference.
void TestCliSelfTest::compareWithKserve()
{
    KserveTestServer server({{u"test model"_s,
                              KserveTestModel::Kind::EchoLastOff,
                              {{u"x"_s, u"FP32"_s, {3}}, {u"y"_s, u"FP32"_s, {3}}},
                              {{u"x"_s, u"FP32"_s, {-1}}, {u"y"_s, u"FP32"_s, {-1}}}}});
    QVERIFY(server.start());
    CartonFolder folder;
    const auto f3 = [](const char *name) {
        return spec(QString::fromLatin1(name), DType::Float32, Shape::dims({Dim::value(3)}));
    };
    folder.info.inputs = {f3("x"), f3("y")};
    folder.info.outputs = {f3("x"), f3("y")};
    folder.add(f32({3}, {1.0, 2.0, 3.0}, u"x"_s));
    folder.add(f32({3}, {1.0, 2.0, 4.0}, u"y"_s));
    SelfTest t;
    t.name = u"t_x"_s;
    t.inputs = refs({{"x", "@tensor_data/x"}, {"y", "@tensor_data/y"}});
    t.expectedOut = refs({{"x", "@tensor_data/x"}});
    folder.info.selfTests = {t};
    const QString dir = m_dir.filePath(u"compare"_s);
    QVERIFY(folder.write(dir));

    RunResult r = runCarton({u"selftest"_s, dir, u"--compare-with"_s, u"kserve:"_s + server.url(), u"--json"_s});
    QVERIFY2(r.exitCode == 1, r.err.constData()); // A and B disagree
    const QJsonObject json = r.json();
    QCOMPARE(json[u"summary"_s][u"passed"_s].toInt(), 1); // A against expected_out
    QCOMPARE(json[u"runner"_s].toString(), u"noop 1.0.0"_s);
    const QJsonObject cmp = json[u"compare"_s].toObject();
    QCOMPARE(cmp[u"run_b"_s][u"summary"_s][u"passed"_s].toInt(), 1); // B against expected_out
    QVERIFY2(cmp[u"backend_b"_s].toString().startsWith(u"kserve "_s) &&
                 cmp[u"backend_b"_s].toString().contains(server.url()),
             qPrintable(cmp[u"backend_b"_s].toString()));
    QCOMPARE(cmp[u"agree"_s].toBool(), false);
    QCOMPARE(cmp[u"disagreements"_s].toInt(), 1);
    const QJsonArray outputs = cmp[u"self_tests"_s].toArray().at(0)[u"outputs"_s].toArray();
    QCOMPARE(outputs.size(), 2);
    QCOMPARE(outputs.at(0)[u"name"_s].toString(), u"x"_s);
    QCOMPARE(outputs.at(0)[u"agree"_s].toBool(), true);
    QCOMPARE(outputs.at(0)[u"comparison"_s][u"abs_error"_s][u"max"_s].toDouble(), 0.0);
    QCOMPARE(outputs.at(1)[u"name"_s].toString(), u"y"_s);
    QCOMPARE(outputs.at(1)[u"agree"_s].toBool(), false);
    const QJsonObject y = outputs.at(1)[u"comparison"_s].toObject();
    QCOMPARE(y[u"abs_error"_s][u"max"_s].toDouble(), 0.5);
    QCOMPARE(y[u"rel_error"_s][u"max"_s].toDouble(), 0.5); // 0.5 / 1.0
    QCOMPARE(y[u"mismatch_count"_s].toInt(), 3);
    QCOMPARE(y[u"tolerance"_s][u"atol"_s].toDouble(), 1e-8); // the tolerance in force: close

    r = runCarton({u"selftest"_s, dir, u"--compare-with"_s, u"kserve:"_s + server.url()});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("DISAGREE: t_x\n  x: within tolerance (max abs 0, max rel 0, 0 of 3 elements off)\n"
                            "  y: 3 of 3 elements (100%) outside"),
             r.out.constData());
    QVERIFY2(r.out.contains("(max abs 0.5, max rel 0.5, 3 of 3 elements off)"), r.out.constData());
    QVERIFY2(r.out.contains("A vs B: 1 of 1 self-tests disagree"), r.out.constData());

    // The tolerance in force decides: atol 0.6 covers the 0.5.
    r = runCarton({u"selftest"_s, dir, u"--compare-with"_s, u"kserve:"_s + server.url(), u"--atol"_s, u"0.6"_s});
    QVERIFY2(r.exitCode == 0, r.out.constData());
    QVERIFY2(r.out.contains("AGREE: t_x") && r.out.contains("A vs B: 0 of 1 self-tests disagree"), r.out.constData());

    r = runCarton({u"selftest"_s, dir, u"--compare-with"_s, server.url()});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--compare-with: expected kserve:http://HOST:PORT"), r.err.constData());
}

// --compare-runner NAME[@VERSION]: the noop runner against itself agrees; a
// version that is not installed is named.
void TestCliSelfTest::compareRunner()
{
    const QString dir = writeFolder(u"comparerunner"_s);
    RunResult r =
        runCarton({u"selftest"_s, dir, u"--test"_s, u"t_pass"_s, u"--compare-runner"_s, u"noop@1.0.0"_s, u"--json"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject cmp = r.json()[u"compare"_s].toObject();
    QCOMPARE(cmp[u"backend_b"_s].toString(), u"noop 1.0.0"_s);
    QCOMPARE(cmp[u"agree"_s].toBool(), true);
    QCOMPARE(cmp[u"self_tests"_s].toArray().size(), 1);
    r = runCarton({u"selftest"_s, dir, u"--compare-runner"_s, u"noop@9.9.9"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("runner noop 9.9.9 is not installed (installed: noop 1.0.0)"), r.err.constData());
    r = runCarton({u"selftest"_s, dir, u"--compare-runner"_s, u"noop"_s, u"--compare-with"_s, u"kserve:http://x"_s});
    QCOMPARE(r.exitCode, 2);
}

// Each run is kept in the model's history; --history lists them and what changed
// between the last two (t_fail passes once its tolerance is loosened); a corrupt
// history is an error for --history and a warning for a run (which still runs).
void TestCliSelfTest::historyKept()
{
    const QString dir = writeFolder(u"history"_s);
    QVERIFY(testutil::writeFile(dir + u"/model/model.bin"_s, "a model of its own")); // a hash of its own
    RunResult r = runCarton({u"selftest"_s, dir, u"--history"_s});
    QVERIFY2(r.exitCode == 0 && r.out.startsWith("0 run(s) kept"), r.out.constData());
    QCOMPARE(runCarton({u"selftest"_s, dir, u"--test"_s, u"t_fail"_s}).exitCode, 1);
    QCOMPARE(runCarton({u"selftest"_s, dir, u"--test"_s, u"t_fail"_s, u"--no-history"_s}).exitCode, 1);
    QCOMPARE(runCarton({u"selftest"_s, dir, u"--test"_s, u"t_fail"_s, u"--atol"_s, u"0.01"_s}).exitCode, 0);
    r = runCarton({u"selftest"_s, dir, u"--history"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith("2 run(s) kept for model "), r.out.constData());
    QVERIFY2(r.out.contains("noop 1.0.0  1/1 passed\n") && r.out.contains("noop 1.0.0  0/1 passed\n"),
             r.out.constData());
    QVERIFY2(r.out.contains("  t_fail: failed → passed\n"), r.out.constData());
    QVERIFY2(r.out.contains("  tolerances: "), r.out.constData());
    r = runCarton({u"selftest"_s, dir, u"--history"_s, u"--json"_s});
    const QJsonObject json = r.json();
    QCOMPARE(json[u"runs"_s].toArray().size(), 2);
    QCOMPARE(json[u"runs"_s][1][u"tolerances"_s][u"atol"_s].toDouble(), 0.01);
    QCOMPARE(json[u"runs"_s][0][u"self_tests"_s][0][u"outputs"_s][0][u"mismatches"_s].toInt(), 1);

    const QString file =
        m_dir.filePath(u"data/carton-studio/selftest-history/"_s) + json[u"model_hash"_s].toString() + u".json"_s;
    QVERIFY2(testutil::writeFile(file, "not json"), qPrintable(file));
    r = runCarton({u"selftest"_s, dir, u"--history"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QByteArray(file.toUtf8() + ": not a run history: ")), r.err.constData());
    r = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_pass"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("warning: the run was not kept in the history: "), r.err.constData());
    QCOMPARE(testutil::readFile(file), QByteArray("not json"));
}

QTEST_GUILESS_MAIN(TestCliSelfTest)
#include "tst_cliselftest.moc"
