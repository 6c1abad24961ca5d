// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The python runner end to end: cartons written in code run by the system python3
// through carton-runner-host, upstream's convention (entrypoint_package,
// entrypoint_fn, model.<x> keyword arguments, infer_with_tensors), missing
// requirements, Python exceptions; and upstream's test.carton when ../shared is there.

#include "fixturepolicy.h"
#include "format/semver.h"
#include "runnertestutil.h"
#include "testpaths.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

QByteArray pythonRunner(const QByteArray &extraOpts = {})
{
    return "[runner]\nrunner_name = \"python\"\nrequired_framework_version = \">=3.0\"\nrunner_compat_version = 1\n"
           "[runner.opts]\nentrypoint_package = \"mymodel\"\nentrypoint_fn = \"get_model\"\n" +
           extraOpts;
}

const QByteArray kModel = R"(import numpy as np
print("the model prints to stdout", flush=True)

class Model:
    def __init__(self, scale, label="none"):
        self.scale = scale
        self.label = label

    def infer_with_tensors(self, tensors):
        if "fail" in tensors:
            raise ValueError("asked to fail")
        x = tensors["x"]
        return {
            "y": x * self.scale,
            "upper": np.array([s.upper() for s in tensors["s"].reshape(-1)]).reshape(tensors["s"].shape),
            "positive": x > 0,
            "grid": np.arange(6, dtype=np.uint16).reshape(2, 3),
            "label": np.array(self.label),
        }

def get_model(scale, label="none"):
    return Model(scale, label)
)";

TensorMap inputs()
{
    return {{u"x"_s, Tensor::numeric(u"x"_s, DType::Float32, {3}, runnertest::floats({1.5f, -2.f, 0.25f}))},
            {u"s"_s, Tensor::strings(u"s"_s, {2, 1}, {u"abc"_s, u"ünï"_s})}};
}

} // namespace

class TestPythonRunner : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void runsAModelWrittenInCode();
    void pythonExceptionFailsOneInference();
    void missingRequirementsAreNamed();
    void missingEntrypoint();
    void missingInterpreter();
    void upstreamTestCarton();
};

void TestPythonRunner::runsAModelWrittenInCode()
{
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(
        dir.path(), pythonRunner("\"model.scale\" = 3\n\"model.label\" = \"big\"\n"),
        {{u"model/mymodel.py"_s, kModel}, {u"model/requirements.txt"_s, "numpy\n# a comment\n"}}));
    auto carton = runnertest::openCarton(dir.path());
    QVERIFY(carton);
    QStringList warnings;
    Result<std::unique_ptr<RunnerSession>> session =
        openRunnerSession(*carton, {}, runnertest::runOptions(), &warnings);
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().toString()));
    QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
    for (int round = 0; round < 2; ++round) {
        Result<TensorMap> out = (*session)->infer(inputs());
        QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().toString()));
        QCOMPARE(out->keys(), (QStringList{u"grid"_s, u"label"_s, u"positive"_s, u"upper"_s, u"y"_s}));
        const Tensor y = out->value(u"y"_s);
        QCOMPARE(y.dtype(), DType::Float32);
        QCOMPARE(y.shape(), QList<qint64>{3});
        QCOMPARE(runnertest::toFloats(y.data()), (QList<float>{4.5f, -6.f, 0.75f}));
        const Tensor upper = out->value(u"upper"_s);
        QCOMPARE(upper.dtype(), DType::String);
        QCOMPARE(upper.shape(), (QList<qint64>{2, 1}));
        QCOMPARE(upper.stringValues(), (QStringList{u"ABC"_s, u"ÜNÏ"_s}));
        const Tensor positive = out->value(u"positive"_s);
        QCOMPARE(positive.dtype(), DType::Bool);
        QCOMPARE(positive.data(), QByteArray("\x01\x00\x01", 3));
        const Tensor grid = out->value(u"grid"_s);
        QCOMPARE(grid.dtype(), DType::Uint16);
        QCOMPARE(grid.shape(), (QList<qint64>{2, 3}));
        QCOMPARE(grid.valueAsDouble(5), 5.0);
        const Tensor label = out->value(u"label"_s);
        QCOMPARE(label.shape(), QList<qint64>{});
        QCOMPARE(label.stringValues(), QStringList{u"big"_s});
    }
    // What the model printed went to the log, not into the protocol stream.
    QVERIFY2((*session)->log().contains(u"the model prints to stdout"_s), qPrintable((*session)->log()));
    // The driver wrote no bytecode into the carton's folder.
    QVERIFY(!QFileInfo::exists(dir.filePath(u"model/__pycache__"_s)));
}

void TestPythonRunner::pythonExceptionFailsOneInference()
{
    QTemporaryDir dir;
    QVERIFY(
        runnertest::writeCarton(dir.path(), pythonRunner("\"model.scale\" = 2\n"), {{u"model/mymodel.py"_s, kModel}}));
    auto carton = runnertest::openCarton(dir.path());
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY(session.ok());
    TensorMap failing = inputs();
    failing.insert(u"fail"_s, Tensor::numeric(u"fail"_s, DType::Int8, {}, QByteArray(1, 1)));
    Result<TensorMap> out = (*session)->infer(failing);
    QVERIFY(!out.ok());
    QCOMPARE(out.error().message, u"ValueError: asked to fail"_s);
    QVERIFY((*session)->log().contains(u"Traceback"_s));
    out = (*session)->infer(inputs());
    QVERIFY(out.ok());
    QCOMPARE(runnertest::toFloats(out->value(u"y"_s).data()), (QList<float>{3.f, -4.f, 0.5f}));
}

void TestPythonRunner::missingRequirementsAreNamed()
{
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(
        dir.path(), pythonRunner("\"model.scale\" = 2\n"),
        {{u"model/mymodel.py"_s, kModel},
         {u"model/requirements.txt"_s, "numpy>=1.0\ncarton-no-such-package==1.2 ; python_version > '3'\n"
                                       "another_missing_pkg[extra]\n"}}));
    auto carton = runnertest::openCarton(dir.path());
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY(!session.ok());
    QVERIFY2(session.error().message.startsWith(u"loading the model failed: RuntimeError: model/requirements.txt needs "
                                                "Python packages that "_s),
             qPrintable(session.error().message));
    QVERIFY2(session.error().message.contains(u"does not have: carton-no-such-package, another_missing_pkg (install "
                                              "them for that interpreter"_s),
             qPrintable(session.error().message));
}

void TestPythonRunner::missingEntrypoint()
{
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(),
                                    "[runner]\nrunner_name = \"python\"\nrequired_framework_version = \">=3.0\"\n"
                                    "runner_compat_version = 1\n[runner.opts]\nentrypoint_package = \"mymodel\"\n"
                                    "entrypoint_fn = \"nope\"\n",
                                    {{u"model/mymodel.py"_s, kModel}}));
    auto carton = runnertest::openCarton(dir.path());
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY(!session.ok());
    // The first line is the error; the second says whether the host ran sandboxed (issue 43).
    const QStringList lines = session.error().message.split(u'\n');
    QCOMPARE(lines.first(), u"loading the model failed: RuntimeError: module 'mymodel' has no function "
                            "'nope' (runner.opts entrypoint_fn)"_s);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines.last().startsWith(u"the runner host: "_s), qPrintable(lines.last()));
}

void TestPythonRunner::missingInterpreter()
{
    QTemporaryDir dir;
    QVERIFY(
        runnertest::writeCarton(dir.path(), pythonRunner("\"model.scale\" = 2\n"), {{u"model/mymodel.py"_s, kModel}}));
    auto carton = runnertest::openCarton(dir.path());
    const QString python = dir.filePath(u"no-such-python3"_s);
    qputenv("CARTON_PYTHON", python.toUtf8());
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    qunsetenv("CARTON_PYTHON");
    QVERIFY(!session.ok());
    QVERIFY2(session.error().message.startsWith(
                 u"loading the model failed: cannot start the python driver (%1) \"%1\": "_s.arg(python)),
             qPrintable(session.error().message));
}

void TestPythonRunner::upstreamTestCarton()
{
    // The upstream fixture from ../shared (models written in code cover the runner
    // everywhere): missing, it fails, unless CARTON_ALLOW_MISSING_FIXTURES=1.
    const QString path = testutil::sharedPath(u"/fixtures/upstream/test.carton");
    if (!QFileInfo::exists(path))
        CARTON_MISSING_FIXTURE("fixtures/upstream/test.carton");
    auto carton = runnertest::openCarton(path);
    QVERIFY(carton);
    QCOMPARE(carton->info()->runner.requiredFrameworkVersion, u"=3.11"_s);
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().toString()));
    // Its self-test inputs, as the self-test engine will pass them.
    TensorMap in;
    for (const auto &[name, ref] : carton->info()->selfTests.first().inputs) {
        Result<Tensor> t = carton->loadTensor(ref.mid(QStringLiteral("@tensor_data/").size()));
        QVERIFY2(t.ok(), t.ok() ? "" : qPrintable(t.error().toString()));
        in.insert(name, *t);
    }
    QCOMPARE(in.keys(), (QStringList{u"a"_s, u"b"_s}));
    Result<TensorMap> out = (*session)->infer(in);
    QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().toString()));
    // model/main.py returns "out" = [major, minor] of the interpreter (the self-test
    // expects "y": that mismatch is the self-test's to report).
    QCOMPARE(out->keys(), QStringList{u"out"_s});
    const Tensor t = out->value(u"out"_s);
    QCOMPARE(t.dtype(), DType::Int64);
    QCOMPARE(t.shape(), QList<qint64>{2});
    const RunnerRegistry registry = RunnerRegistry::scan({runnertest::pluginDir()});
    const Result<SemVersion> version = parseSemVersion(registry.select(carton->info()->runner)->frameworkVersion);
    QVERIFY(version);
    QCOMPARE(t.valueAsDouble(0), double(version->major));
    QCOMPARE(t.valueAsDouble(1), double(version->minor));
}

QTEST_GUILESS_MAIN(TestPythonRunner)
#include "tst_pythonrunner.moc"
