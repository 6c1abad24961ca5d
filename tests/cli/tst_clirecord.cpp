// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton record` end to end: the real CLI, the sandboxed runner host and real
// plugins (noop, python, torchscript); each recording is then self-tested.
#include "clirunner.h"
#include "fixturepolicy.h"
#include "format/cartontoml.h"
#include "format/manifest.h"
#include "kservetestserver.h"
#include "package/carton.h"
#include "selftesttestutil.h"
#include "testpaths.h"
#include "testsession.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace carton;
using namespace selftesttest;

class TestCliRecord final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void folderRecordedInPlace();
    void overwriteReplacesTheTensor();
    void emptyExpectedOutIsFilled();
    void cartonWrittenToOutput();
    void manifestFollows();
    void pythonModelBuiltInCode();
#ifdef CARTON_WITH_TORCHSCRIPT_RUNNER // the core-only tree builds no torchscript plugin
    void upstreamTorchScriptModel();
#endif
    void recordOnAKserveServer();
    void usageErrors();

private:
    QString writeFolder(const QString &name);
    QString writeCarton(const QString &name); // writeFolder, packed into NAME.carton
    static CartonInfo infoOf(const QString &path);
    QTemporaryDir m_dir;
};

void TestCliRecord::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

// A noop carton (the runner echoes x back): t_new has no expected_out, t_fail
// expects x with its second element off by 0.001.
QString TestCliRecord::writeFolder(const QString &name)
{
    CartonFolder folder;
    folder.info.inputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(3)}))};
    folder.info.outputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(3)}))};
    folder.add(f32({3}, {1.0, 2.0, 3.0}, u"x"_s));
    folder.add(f32({3}, {1.0, 2.001, 3.0}, u"x_off"_s));
    SelfTest fresh;
    fresh.name = u"t_new"_s;
    fresh.inputs = refs({{"x", "@tensor_data/x"}});
    SelfTest fail;
    fail.name = u"t_fail"_s;
    fail.inputs = refs({{"x", "@tensor_data/x"}});
    fail.expectedOut = refs({{"x", "@tensor_data/x_off"}});
    folder.info.selfTests = {fresh, fail};
    const QString dir = m_dir.filePath(name);
    return folder.write(dir) ? dir : QString();
}

QString TestCliRecord::writeCarton(const QString &name)
{
    const QString dir = writeFolder(name);
    const QString packed = m_dir.filePath(name + u".carton"_s);
    return !dir.isEmpty() && runCarton({u"pack"_s, dir, u"-o"_s, packed}).exitCode == 0 ? packed : QString();
}

CartonInfo TestCliRecord::infoOf(const QString &path)
{
    auto carton = Carton::open(path);
    if (!carton || !(*carton)->info())
        return {};
    return *(*carton)->info();
}

void TestCliRecord::folderRecordedInPlace()
{
    const QString dir = writeFolder(u"inplace"_s);
    QVERIFY(!dir.isEmpty());
    QCOMPARE(runCarton({u"selftest"_s, dir}).exitCode, 1); // t_fail fails before

    const RunResult r = runCarton({u"record"_s, dir});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("RECORDED: t_new\n  x = @tensor_data/t_new_x (float32 [3])"), r.out.constData());
    QVERIFY2(r.out.contains("SKIPPED: t_fail"), r.out.constData());
    QVERIFY2(r.out.contains("1 recorded, 1 skipped, 0 failed"), r.out.constData());

    const CartonInfo info = infoOf(dir);
    QCOMPARE(info.selfTests.size(), 2);
    QVERIFY(info.selfTests.at(0).expectedOut);
    QCOMPARE(*info.selfTests.at(0).expectedOut, refs({{"x", "@tensor_data/t_new_x"}}));
    QCOMPARE(*info.selfTests.at(1).expectedOut, refs({{"x", "@tensor_data/x_off"}})); // not touched
    auto carton = Carton::open(dir);
    QVERIFY(carton);
    const Result<Tensor> kept = (*carton)->loadTensor(u"t_new_x"_s);
    QVERIFY2(kept, qPrintable(kept ? QString() : kept.error().toString()));
    QCOMPARE(kept->data(), f32({3}, {1.0, 2.0, 3.0}).data());

    const RunResult check = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_new"_s});
    QVERIFY2(check.exitCode == 0, check.out.constData());
    QVERIFY2(check.out.contains("PASSED: t_new"), check.out.constData());
}

void TestCliRecord::overwriteReplacesTheTensor()
{
    const QString dir = writeFolder(u"overwrite"_s);
    QVERIFY(!dir.isEmpty());
    const RunResult r = runCarton({u"record"_s, dir, u"--test"_s, u"t_fail"_s, u"--overwrite"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("RECORDED: t_fail\n  x = @tensor_data/x_off (float32 [3], replaced)"), r.out.constData());
    const CartonInfo info = infoOf(dir);
    QVERIFY(!info.selfTests.at(0).expectedOut); // --test t_fail only
    QCOMPARE(*info.selfTests.at(1).expectedOut, refs({{"x", "@tensor_data/x_off"}}));
    // The tensor x_off now holds what the model returned: the self-test passes.
    const RunResult check = runCarton({u"selftest"_s, dir, u"--test"_s, u"t_fail"_s});
    QVERIFY2(check.exitCode == 0, check.out.constData());
}

// A present but empty [self_test.expected_out] table names no outputs: record fills
// it without --overwrite.
void TestCliRecord::emptyExpectedOutIsFilled()
{
    CartonFolder folder;
    folder.info.inputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(3)}))};
    folder.info.outputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(3)}))};
    folder.add(f32({3}, {1.0, 2.0, 3.0}, u"x"_s));
    SelfTest empty;
    empty.name = u"t_empty"_s;
    empty.inputs = refs({{"x", "@tensor_data/x"}});
    empty.expectedOut = TensorRefs();
    folder.info.selfTests = {empty};
    const QString dir = m_dir.filePath(u"emptytable"_s);
    QVERIFY(folder.write(dir));
    QFile toml(QDir(dir).filePath(u"carton.toml"_s));
    QVERIFY(toml.open(QIODevice::ReadOnly));
    QVERIFY2(toml.readAll().contains("[self_test.expected_out]"), "the fixture must have the empty table");
    QVERIFY(infoOf(dir).selfTests.at(0).expectedOut);

    const RunResult r = runCarton({u"record"_s, dir});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("RECORDED: t_empty\n  x = @tensor_data/t_empty_x (float32 [3])"), r.out.constData());
    QVERIFY2(r.out.contains("1 recorded, 0 skipped, 0 failed"), r.out.constData());
    QCOMPARE(*infoOf(dir).selfTests.at(0).expectedOut, refs({{"x", "@tensor_data/t_empty_x"}}));
    const RunResult check = runCarton({u"selftest"_s, dir});
    QVERIFY2(check.exitCode == 0, check.out.constData());
}

void TestCliRecord::cartonWrittenToOutput()
{
    const QString packed = writeCarton(u"packed"_s);
    QVERIFY(!packed.isEmpty());
    const QByteArray before = sha256File(packed);
    const QString out = m_dir.filePath(u"recorded.carton"_s);
    RunResult r = runCarton({u"record"_s, packed, u"-o"_s, out, u"--overwrite"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("2 recorded, 0 skipped, 0 failed"), r.out.constData());
    QCOMPARE(sha256File(packed), before); // the input is not changed
    r = runCarton({u"verify"_s, out});
    QVERIFY2(r.exitCode == 0, r.out.constData());
    r = runCarton({u"selftest"_s, out});
    QVERIFY2(r.exitCode == 0, r.out.constData());
    QVERIFY2(r.out.contains("2 passed, 0 failed"), r.out.constData());
    // The model file is copied as it was.
    auto a = Carton::open(packed);
    auto b = Carton::open(out);
    QVERIFY(a && b);
    QCOMPARE((*b)->manifest()->find(u"model/model.bin"_s)->sha256,
             (*a)->manifest()->find(u"model/model.bin"_s)->sha256);
    // An existing output is replaced only when asked.
    r = runCarton({u"record"_s, packed, u"-o"_s, out, u"--overwrite"_s});
    QCOMPARE(r.exitCode, 2);
    r = runCarton({u"record"_s, packed, u"-o"_s, out, u"--overwrite"_s, u"--replace-output"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
}

void TestCliRecord::manifestFollows()
{
    // A folder unpacked from a carton has a MANIFEST: it gets the new files' lines.
    const QString packed = writeCarton(u"manifest"_s);
    QVERIFY(!packed.isEmpty());
    const QString unpacked = m_dir.filePath(u"manifest-unpacked"_s);
    QCOMPARE(runCarton({u"unpack"_s, packed, u"-o"_s, unpacked}).exitCode, 0);
    QVERIFY(QFileInfo::exists(unpacked + u"/MANIFEST"_s));
    RunResult r = runCarton({u"record"_s, unpacked});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCarton({u"verify"_s, unpacked});
    QVERIFY2(r.exitCode == 0, QByteArray(r.out + r.err).constData());
    auto carton = Carton::open(unpacked);
    QVERIFY(carton && (*carton)->manifest());
    QVERIFY((*carton)->manifest()->find(u"tensor_data/tensor_0.bin"_s));
}

void TestCliRecord::pythonModelBuiltInCode()
{
    // y = 2x + 1 and a string output, computed by the python runner.
    const QString dir = m_dir.filePath(u"python"_s);
    CartonFolder folder;
    folder.info.runner.runnerName = u"python"_s;
    folder.info.runner.requiredFrameworkVersion = u">=3.0"_s;
    folder.info.runner.opts = {{u"entrypoint_package"_s, RunnerOpt(u"mymodel"_s)},
                               {u"entrypoint_fn"_s, RunnerOpt(u"get_model"_s)}};
    folder.add(f32({2, 2}, {1.0, -2.0, 0.5, 4.0}, u"x"_s));
    SelfTest t;
    t.name = u"affine"_s;
    t.inputs = refs({{"x", "@tensor_data/x"}});
    folder.info.selfTests = {t};
    QVERIFY(folder.write(dir));
    QVERIFY(testutil::writeFile(dir + u"/model/mymodel.py"_s, R"(import numpy as np
class Model:
    def infer_with_tensors(self, tensors):
        x = tensors["x"]
        return {"y": x * 2 + 1, "label": np.array(["big" if v > 3 else "small" for v in x.reshape(-1)])}
def get_model():
    return Model()
)"));
    RunResult r = runCarton({u"record"_s, dir});
    QVERIFY2(r.exitCode == 0, QByteArray(r.out + r.err).constData());
    const CartonInfo info = infoOf(dir);
    QVERIFY(info.selfTests.at(0).expectedOut);
    QCOMPARE(info.selfTests.at(0).expectedOut->size(), 2);
    auto carton = Carton::open(dir);
    QVERIFY(carton);
    const Result<Tensor> y = (*carton)->loadTensor(u"affine_y"_s);
    QVERIFY2(y, qPrintable(y ? QString() : y.error().toString()));
    QCOMPARE(y->shape(), (QList<qint64>{2, 2}));
    QCOMPARE(y->data(), f32({2, 2}, {3.0, -3.0, 2.0, 9.0}).data());
    const Result<Tensor> label = (*carton)->loadTensor(u"affine_label"_s);
    QVERIFY2(label, qPrintable(label ? QString() : label.error().toString()));
    QCOMPARE(label->stringValues(), (QStringList{u"small"_s, u"small"_s, u"small"_s, u"big"_s}));
    r = runCarton({u"selftest"_s, dir});
    QVERIFY2(r.exitCode == 0, r.out.constData());
}

#ifdef CARTON_WITH_TORCHSCRIPT_RUNNER
void TestCliRecord::upstreamTorchScriptModel()
{
    // Upstream's TorchScript test model: doubled = 2a, string, stringlist.
    const QString model = testutil::sharedPath(u"/fixtures/upstream/torchscript_test_model.pt");
    if (!QFileInfo::exists(model))
        CARTON_MISSING_FIXTURE("fixtures/upstream/torchscript_test_model.pt");
    const QString dir = m_dir.filePath(u"torch"_s);
    CartonFolder folder;
    folder.info.runner.runnerName = u"torchscript"_s;
    folder.info.runner.requiredFrameworkVersion = u">=1.13"_s;
    folder.add(f32({2, 3}, {1.0, 2.0, 3.0, -4.0, 0.5, 0.25}, u"a"_s));
    folder.add(strings({}, {u"hello"_s}, u"b"_s));
    folder.add(strings({2}, {u"x"_s, u"y"_s}, u"c"_s));
    SelfTest t;
    t.name = u"upstream"_s;
    t.inputs = refs({{"a", "@tensor_data/a"}, {"b", "@tensor_data/b"}, {"c", "@tensor_data/c"}});
    folder.info.selfTests = {t};
    QVERIFY(folder.write(dir));
    QVERIFY(QFile::remove(dir + u"/model/model.bin"_s));
    QVERIFY(QFile::copy(model, dir + u"/model/model.pt"_s));
    RunResult r = runCarton({u"record"_s, dir});
    QVERIFY2(r.exitCode == 0, QByteArray(r.out + r.err).constData());
    auto carton = Carton::open(dir);
    QVERIFY(carton);
    const Result<Tensor> doubled = (*carton)->loadTensor(u"upstream_doubled"_s);
    QVERIFY2(doubled, qPrintable(doubled ? QString() : doubled.error().toString()));
    QCOMPARE(doubled->data(), f32({2, 3}, {2.0, 4.0, 6.0, -8.0, 1.0, 0.5}).data());
    const Result<Tensor> list = (*carton)->loadTensor(u"upstream_stringlist"_s);
    QVERIFY2(list, qPrintable(list ? QString() : list.error().toString()));
    QCOMPARE(list->stringValues(), (QStringList{u"A"_s, u"list"_s, u"of"_s, u"strings"_s}));
    r = runCarton({u"selftest"_s, dir});
    QVERIFY2(r.exitCode == 0, r.out.constData());
}
#endif

// --kserve-url records what a KServe v2 server returns (the test server's echo
// model), although no local runner matches the carton; the result self-tests
// on the server.
void TestCliRecord::recordOnAKserveServer()
{
    KserveTestServer server(
        {{u"test model"_s, KserveTestModel::Kind::Echo, {{u"x"_s, u"FP32"_s, {3}}}, {{u"x"_s, u"FP32"_s, {-1}}}}});
    QVERIFY(server.start());
    CartonFolder folder;
    folder.info.runner.requiredFrameworkVersion = u">=99.0.0"_s; // no local noop matches
    folder.info.inputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(3)}))};
    folder.info.outputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(3)}))};
    folder.add(f32({3}, {4.0, 5.0, 6.5}, u"x"_s));
    SelfTest t;
    t.name = u"served"_s;
    t.inputs = refs({{"x", "@tensor_data/x"}});
    folder.info.selfTests = {t};
    const QString dir = m_dir.filePath(u"kserve"_s);
    QVERIFY(folder.write(dir));
    QCOMPARE(runCarton({u"record"_s, dir}).exitCode, 2); // no local runner
    RunResult r = runCarton({u"record"_s, dir, u"--kserve-url"_s, server.url()});
    QVERIFY2(r.exitCode == 0, QByteArray(r.out + r.err).constData());
    QCOMPARE(server.lastInfer().path, "/v2/models/test%20model/infer");
    auto carton = Carton::open(dir);
    QVERIFY(carton);
    const Result<Tensor> kept = (*carton)->loadTensor(u"served_x"_s);
    QVERIFY(kept);
    QCOMPARE(kept->data(), f32({3}, {4.0, 5.0, 6.5}).data());
    r = runCarton({u"selftest"_s, dir, u"--kserve-url"_s, server.url()});
    QVERIFY2(r.exitCode == 0, r.out.constData());
}

void TestCliRecord::usageErrors()
{
    const QString packed = writeCarton(u"usage"_s);
    QVERIFY(!packed.isEmpty());
    const QString dir = m_dir.filePath(u"usage"_s);
    RunResult r = runCarton({u"record"_s, packed});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("give -o OUT.carton"), r.err.constData());
    r = runCarton({u"record"_s, dir, u"--test"_s, u"missing"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("no self-test named 'missing'"), r.err.constData());
    r = runCarton({u"record"_s, dir, u"--kserve-model"_s, u"m"_s});
    QCOMPARE(r.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestCliRecord)
#include "tst_clirecord.moc"
