// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The torchscript runner end to end through carton-runner-host: models written in
// code (carton-make-torch-model: torch::jit::Module::define + save), upstream's
// Dict convention with tensors, str and List[str], num_threads, errors; and
// upstream's torchscript_test_model.pt when ../shared is there.

#include "fixturepolicy.h"
#include "runnertestutil.h"
#include "testpaths.h"

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

const QByteArray kTorchRunner = "[runner]\nrunner_name = \"torchscript\"\nrequired_framework_version = \">=1.13\"\n"
                                "runner_compat_version = 1\n";

// Writes a folder carton whose model/model.pt is a model of `kind`.
bool writeTorchCarton(const QString &dir, const QString &kind, const QByteArray &extraToml = {})
{
    if (!runnertest::writeCarton(dir, kTorchRunner + extraToml))
        return false;
    QDir().mkpath(dir + u"/model"_s);
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedChannels);
    p.start(testutil::binaryPath(u"/tests/bin/carton-make-torch-model"), {dir + u"/model/model.pt"_s, kind});
    return p.waitForFinished(120'000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

QByteArray doubles(std::initializer_list<double> values)
{
    QByteArray out;
    for (double v : values)
        out.append(reinterpret_cast<const char *>(&v), sizeof v);
    return out;
}

} // namespace

class TestTorchRunner : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void doubler();
    void stringsAndThreads();
    void modelErrors();
    void upstreamModel();
    void inspectSignature();
    void inspectUpstreamModel();
    void inspectErrors();
};

void TestTorchRunner::doubler()
{
    QTemporaryDir dir;
    QVERIFY(writeTorchCarton(dir.path(), u"doubler"_s));
    auto carton = runnertest::openCarton(dir.path());
    QVERIFY(carton);
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().toString()));
    Result<TensorMap> out = (*session)->infer(
        {{u"x"_s, Tensor::numeric(u"x"_s, DType::Float32, {2, 2}, runnertest::floats({1.f, -2.5f, 3.f, 0.f}))}});
    QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().toString()));
    QCOMPARE(out->keys(), QStringList{u"y"_s});
    QCOMPARE(out->value(u"y"_s).dtype(), DType::Float32);
    QCOMPARE(out->value(u"y"_s).shape(), (QList<qint64>{2, 2}));
    QCOMPARE(runnertest::toFloats(out->value(u"y"_s).data()), (QList<float>{2.f, -5.f, 6.f, 0.f}));
    // The dtype follows the input: float64 in, float64 out; int64 too.
    out = (*session)->infer({{u"x"_s, Tensor::numeric(u"x"_s, DType::Float64, {2}, doubles({0.5, 1e300}))}});
    QVERIFY(out.ok());
    QCOMPARE(out->value(u"y"_s).dtype(), DType::Float64);
    QCOMPARE(out->value(u"y"_s).data(), doubles({1.0, 2e300}));
    out = (*session)->infer(
        {{u"x"_s, Tensor::numeric(u"x"_s, DType::Int64, {1, 1, 1}, QByteArray("\x15\0\0\0\0\0\0\0", 8))}});
    QVERIFY(out.ok());
    QCOMPARE(out->value(u"y"_s).dtype(), DType::Int64);
    QCOMPARE(out->value(u"y"_s).valueAsDouble(0), 42.0);
    // libtorch 1.13 has no uint32 tensors: a clear error, and the session goes on.
    out = (*session)->infer({{u"x"_s, Tensor::numeric(u"x"_s, DType::Uint32, {1}, QByteArray(4, 0))}});
    QVERIFY(!out.ok());
    QCOMPARE(out.error().message, u"input \"x\" is uint32; libtorch has no such tensor type"_s);
    QVERIFY(
        (*session)->infer({{u"x"_s, Tensor::numeric(u"x"_s, DType::Float32, {1}, runnertest::floats({1.f}))}}).ok());
}

void TestTorchRunner::stringsAndThreads()
{
    QTemporaryDir dir;
    QVERIFY(writeTorchCarton(dir.path(), u"mixed"_s, "[runner.opts]\nnum_threads = 1\n"));
    auto carton = runnertest::openCarton(dir.path());
    RunOptions options = runnertest::runOptions();
    options.optionOverrides = {{u"num_threads"_s, u"2"_s}, {u"num_interop_threads"_s, u"1"_s}};
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, options);
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().toString()));
    const TensorMap in{{u"a"_s, Tensor::numeric(u"a"_s, DType::Float32, {3}, runnertest::floats({1.f, 2.f, 3.f}))},
                       {u"b"_s, Tensor::strings(u"b"_s, {}, {u"héllo"_s})},
                       {u"c"_s, Tensor::strings(u"c"_s, {2}, {u"x"_s, u"🥳"_s})}};
    Result<TensorMap> out = (*session)->infer(in);
    QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().toString()));
    QCOMPARE(out->keys(), (QStringList{u"doubled"_s, u"string"_s, u"stringlist"_s}));
    QCOMPARE(runnertest::toFloats(out->value(u"doubled"_s).data()), (QList<float>{2.f, 4.f, 6.f}));
    QCOMPARE(out->value(u"string"_s).shape(), QList<qint64>{});
    QCOMPARE(out->value(u"string"_s).stringValues(), QStringList{u"héllo!"_s});
    QCOMPARE(out->value(u"stringlist"_s).shape(), QList<qint64>{3});
    QCOMPARE(out->value(u"stringlist"_s).stringValues(), (QStringList{u"x"_s, u"🥳"_s, u"end"_s}));
    // num_threads from the per-run override (2) won over [runner.opts] (1): the
    // plugin logs libtorch's thread counts after setting them.
    QVERIFY2((*session)->log().contains(u"[torchscript] 2 intra-op threads, 1 inter-op threads"_s),
             qPrintable((*session)->log()));
}

void TestTorchRunner::modelErrors()
{
    QTemporaryDir dir;
    QVERIFY(writeTorchCarton(dir.filePath(u"failing"_s), u"failing"_s));
    auto carton = runnertest::openCarton(dir.filePath(u"failing"_s));
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY(session.ok());
    Result<TensorMap> out = (*session)->infer({});
    QVERIFY(!out.ok());
    QVERIFY2(out.error().message.startsWith(u"forward() failed: "_s), qPrintable(out.error().message));
    QVERIFY2(out.error().message.contains(u"no_such_input"_s), qPrintable(out.error().message));

    QVERIFY(runnertest::writeCarton(dir.filePath(u"empty"_s), kTorchRunner));
    carton = runnertest::openCarton(dir.filePath(u"empty"_s));
    session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY(!session.ok());
    // A load failure says whether the host ran sandboxed (issue 43), on its own line.
    const QStringList lines = session.error().message.split(u'\n');
    QCOMPARE(lines.first(), u"loading the model failed: model/model.pt: the torchscript runner needs model/model.pt"_s);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines.last().startsWith(u"the runner host: "_s), qPrintable(lines.last()));

    QVERIFY(runnertest::writeCarton(dir.filePath(u"garbage"_s), kTorchRunner,
                                    {{u"model/model.pt"_s, "this is not a TorchScript archive"}}));
    carton = runnertest::openCarton(dir.filePath(u"garbage"_s));
    session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY(!session.ok());
    QVERIFY2(session.error().message.startsWith(u"loading the model failed: cannot load model/model.pt: "_s),
             qPrintable(session.error().message));
}

void TestTorchRunner::upstreamModel()
{
    // The upstream fixture from ../shared (models written in code cover the runner
    // everywhere): missing, it fails, unless CARTON_ALLOW_MISSING_FIXTURES=1.
    const QString path = testutil::sharedPath(u"/fixtures/upstream/torchscript_test_model.pt");
    if (!QFileInfo::exists(path))
        CARTON_MISSING_FIXTURE("fixtures/upstream/torchscript_test_model.pt");
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(), kTorchRunner, {{u"model/model.pt"_s, testutil::readFile(path)}}));
    auto carton = runnertest::openCarton(dir.path());
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().toString()));
    const TensorMap in{
        {u"a"_s, Tensor::numeric(u"a"_s, DType::Float32, {2, 2}, runnertest::floats({1.f, 2.f, 3.f, 4.f}))},
        {u"b"_s, Tensor::strings(u"b"_s, {}, {u"a string"_s})},
        {u"c"_s, Tensor::strings(u"c"_s, {2}, {u"some"_s, u"strings"_s})}};
    Result<TensorMap> out = (*session)->infer(in);
    QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().toString()));
    QCOMPARE(out->keys(), (QStringList{u"doubled"_s, u"string"_s, u"stringlist"_s}));
    QCOMPARE(out->value(u"doubled"_s).shape(), (QList<qint64>{2, 2}));
    QCOMPARE(runnertest::toFloats(out->value(u"doubled"_s).data()), (QList<float>{2.f, 4.f, 6.f, 8.f}));
    QCOMPARE(out->value(u"string"_s).stringValues(), QStringList{u"A string"_s});
    QCOMPARE(out->value(u"stringlist"_s).stringValues(), (QStringList{u"A"_s, u"list"_s, u"of"_s, u"strings"_s}));
}

void TestTorchRunner::inspectSignature()
{
    QTemporaryDir dir;
    QVERIFY(writeTorchCarton(dir.path(), u"signature"_s));
    auto carton = runnertest::openCarton(dir.path());
    QString log;
    // Sandboxed as a self-test run (runOptions() keeps the sandbox on).
    Result<ModelInspection> inspection = inspectModel(*carton, {}, runnertest::runOptions(), nullptr, &log);
    QVERIFY2(inspection.ok(), inspection.ok() ? "" : qPrintable(inspection.error().toString() + log));
    QCOMPARE(inspection->format, u"TorchScript"_s);
    QCOMPARE(inspection->file, u"model/model.pt"_s);
    QCOMPARE(inspection->methods.size(), 2);
    QCOMPARE(inspection->methods[0].name, u"forward"_s);
    const InspectedMethod *forward = inspection->method(u"forward");
    QVERIFY(forward);
    QCOMPARE(forward->signature(), u"forward(self, x: Tensor, lengths: Tensor) -> Tensor"_s);
    QCOMPARE(forward->arguments.size(), 2);
    QCOMPARE(forward->arguments[1].name, u"lengths"_s);
    QCOMPARE(forward->returns.size(), 1);
    QCOMPARE(forward->returns[0].type, u"Tensor"_s);
    const QMap<QString, int> ops = forward->opCounts();
    QCOMPARE(ops.value(u"aten::relu"_s), 1);
    QCOMPARE(ops.value(u"aten::mul"_s), 1);
    QCOMPARE(ops.value(u"aten::add"_s), 1);
    // The relu node reads the mul node's output.
    qsizetype mul = -1, relu = -1;
    for (qsizetype i = 0; i < forward->nodes.size(); ++i) {
        if (forward->nodes[i].kind == u"aten::mul")
            mul = i;
        if (forward->nodes[i].kind == u"aten::relu")
            relu = i;
    }
    QVERIFY(mul >= 0 && relu > mul);
    QCOMPARE(forward->nodes[relu].inputs, forward->nodes[mul].outputs);
    QVERIFY2(forward->graph.startsWith(u"graph(%self"_s), qPrintable(forward->graph));
    QVERIFY2(forward->graph.contains(u"aten::relu"_s), qPrintable(forward->graph));
    const InspectedMethod *scale = inspection->method(u"scale");
    QVERIFY(scale);
    QCOMPARE(scale->signature(), u"scale(self, x: Tensor, factor: float) -> Tuple[Tensor, int]"_s);
    // It survives its own JSON (what crosses the pipe).
    Result<ModelInspection> again = ModelInspection::fromJson(inspection->toJson(), u"test"_s);
    QVERIFY(again.ok());
    QCOMPARE(again->toJson(), inspection->toJson());
}

void TestTorchRunner::inspectUpstreamModel()
{
    const QString path = testutil::sharedPath(u"/fixtures/upstream/torchscript_test_model.pt"_s);
    if (!QFileInfo::exists(path))
        CARTON_MISSING_FIXTURE("fixtures/upstream/torchscript_test_model.pt");
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(), kTorchRunner, {{u"model/model.pt"_s, testutil::readFile(path)}}));
    auto carton = runnertest::openCarton(dir.path());
    Result<ModelInspection> inspection = inspectModel(*carton, {}, runnertest::runOptions());
    QVERIFY2(inspection.ok(), inspection.ok() ? "" : qPrintable(inspection.error().toString()));
    const InspectedMethod *forward = inspection->method(u"forward");
    QVERIFY(forward);
    QCOMPARE(forward->signature(),
             u"forward(self, inputs: Dict[str, Any]) -> Dict[str, Union[Tensor, List[str], str]]"_s);
    QVERIFY(!forward->nodes.isEmpty());
    QVERIFY2(forward->graph.contains(u"aten::mul"_s), qPrintable(forward->graph));
}

void TestTorchRunner::inspectErrors()
{
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(), kTorchRunner, {{u"model/model.pt"_s, "not a TorchScript archive"}}));
    auto carton = runnertest::openCarton(dir.path());
    Result<ModelInspection> inspection = inspectModel(*carton, {}, runnertest::runOptions());
    QVERIFY(!inspection.ok());
    QVERIFY2(inspection.error().message.startsWith(u"cannot inspect model/model.pt: "_s),
             qPrintable(inspection.error().message));
}

QTEST_GUILESS_MAIN(TestTorchRunner)
#include "tst_torchrunner.moc"
