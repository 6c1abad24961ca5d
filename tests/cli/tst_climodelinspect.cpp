// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton model --inspect`: a TorchScript carton's forward signature and ops read
// by the torchscript runner in the sandboxed runner host (a model written by
// carton-make-torch-model), and the hint without --inspect.
#include "clirunner.h"
#include "testpaths.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TestCliModelInspect : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void inspectJson();
    void inspectText();
    void withoutInspect();
    void runnerThatCannotInspect();
    void comparedWithCartonToml();
    void runnerFollowsContent();

private:
    // A folder carton `name` with `toml` and the 'signature' model; empty on failure.
    QString cartonWith(const QString &name, const QByteArray &toml);

    QTemporaryDir m_dir;
    QString m_carton;
};

void TestCliModelInspect::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_carton = m_dir.filePath(u"torch"_s);
    QVERIFY(testutil::writeFile(m_carton + u"/carton.toml"_s,
                                "spec_version = 1\nmodel_name = \"t\"\n[runner]\nrunner_name = \"torchscript\"\n"
                                "required_framework_version = \">=1.13\"\nrunner_compat_version = 1\n"));
    QVERIFY(QDir().mkpath(m_carton + u"/model"_s));
    const RunResult made = runProgram(testutil::binaryPath(u"/tests/bin/carton-make-torch-model"),
                                      {m_carton + u"/model/model.pt"_s, u"signature"_s});
    QVERIFY2(made.exitCode == 0, made.err.constData());
}

void TestCliModelInspect::inspectJson()
{
    const RunResult r = runCarton({u"model"_s, m_carton, u"--inspect"_s, u"--json"_s, u"--graph"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonArray models = r.json().value(u"models").toArray();
    QJsonObject model;
    for (const QJsonValue &v : models)
        if (v.toObject().value(u"entry").toString() == u"model/model.pt")
            model = v.toObject();
    QVERIFY2(!model.isEmpty(), r.out.constData());
    const QJsonObject signature = model.value(u"signature").toObject();
    QCOMPARE(signature.value(u"method").toString(), u"forward(self, x: Tensor, lengths: Tensor) -> Tensor"_s);
    const QJsonArray inputs = signature.value(u"inputs").toArray();
    QCOMPARE(inputs.size(), 2);
    QCOMPARE(inputs[0].toObject().value(u"name").toString(), u"x"_s);
    QCOMPARE(inputs[1].toObject().value(u"name").toString(), u"lengths"_s);
    QCOMPARE(inputs[1].toObject().value(u"type").toString(), u"Tensor"_s);
    QCOMPARE(signature.value(u"outputs").toArray().first().toObject().value(u"type").toString(), u"Tensor"_s);
    QCOMPARE(model.value(u"op_counts").toObject().value(u"aten::relu").toInt(), 1);
    QCOMPARE(model.value(u"methods").toArray().size(), 2);
    // --graph: the nodes and the graph's text.
    const QJsonArray nodes = model.value(u"nodes").toArray();
    QCOMPARE(nodes.size(), model.value(u"node_count").toInt());
    bool relu = false;
    for (const QJsonValue &n : nodes)
        relu = relu || n.toObject().value(u"kind").toString() == u"aten::relu";
    QVERIFY(relu);
    QVERIFY(model.value(u"graph").toString().contains(u"aten::relu"_s));
}

void TestCliModelInspect::inspectText()
{
    const RunResult r = runCarton({u"model"_s, m_carton, u"--inspect"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("  forward(self, x: Tensor, lengths: Tensor) -> Tensor\n"), r.out.constData());
    QVERIFY2(r.out.contains("  scale(self, x: Tensor, factor: float) -> Tuple[Tensor, int]\n"), r.out.constData());
    QVERIFY2(r.out.contains("aten::relu 1"), r.out.constData());
    QVERIFY2(!r.err.contains("needs --inspect"), r.err.constData());
}

void TestCliModelInspect::withoutInspect()
{
    const RunResult r = runCarton({u"model"_s, m_carton});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("the TorchScript signature needs --inspect"), r.err.constData());
    QVERIFY2(!r.out.contains("forward(self"), r.out.constData());
    const RunResult json = runCarton({u"model"_s, m_carton, u"--json"_s});
    QCOMPARE(json.exitCode, 0);
    QCOMPARE(json.json().value(u"signature_needs").toString(), u"--inspect"_s);
}

void TestCliModelInspect::runnerThatCannotInspect()
{
    const QString noop = m_dir.filePath(u"noop"_s);
    QVERIFY(testutil::writeFile(noop + u"/carton.toml"_s,
                                "spec_version = 1\nmodel_name = \"t\"\n[runner]\nrunner_name = \"noop\"\n"
                                "required_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n"));
    const RunResult r = runCarton({u"model"_s, noop, u"--inspect"_s});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("the noop runner cannot inspect a model"), r.err.constData());
}

QString TestCliModelInspect::cartonWith(const QString &name, const QByteArray &toml)
{
    const QString dir = m_dir.filePath(name);
    if (!testutil::writeFile(dir + u"/carton.toml"_s, toml) || !QDir().mkpath(dir + u"/model"_s) ||
        !QFile::copy(m_carton + u"/model/model.pt"_s, dir + u"/model/model.pt"_s))
        return {};
    return dir;
}

void TestCliModelInspect::comparedWithCartonToml()
{
    // forward(x, lengths) -> Tensor against inputs x and mask, outputs y and z.
    const QString dir =
        cartonWith(u"declared"_s, "spec_version = 1\nmodel_name = \"t\"\n[runner]\nrunner_name = \"torchscript\"\n"
                                  "required_framework_version = \">=1.13\"\nrunner_compat_version = 1\n"
                                  "\n[[input]]\nname = \"x\"\ndtype = \"float32\"\nshape = [3]\n"
                                  "\n[[input]]\nname = \"mask\"\ndtype = \"float32\"\nshape = [3]\n"
                                  "\n[[output]]\nname = \"y\"\ndtype = \"float32\"\nshape = [3]\n"
                                  "\n[[output]]\nname = \"z\"\ndtype = \"float32\"\nshape = [3]\n");
    QVERIFY(!dir.isEmpty());
    const RunResult r = runCarton({u"model"_s, dir, u"--inspect"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("  compared with carton.toml: 3 finding(s)\n"), r.out.constData());
    QVERIFY2(r.out.contains("    warning: carton.toml:14: input[1].name: input \"mask\" is not an input of "
                            "model/model.pt (its inputs: x, lengths)\n"),
             r.out.constData());
    QVERIFY2(r.out.contains("model/model.pt takes input \"lengths\" (Tensor *) that carton.toml does not declare"),
             r.out.constData());
    QVERIFY2(r.out.contains("carton.toml declares 2 output(s) but forward in model/model.pt returns 1 (Tensor)"),
             r.out.constData());
    const RunResult json = runCarton({u"model"_s, dir, u"--inspect"_s, u"--json"_s});
    QVERIFY2(json.exitCode == 0, json.err.constData());
    QJsonArray check;
    for (const QJsonValue &v : json.json().value(u"models").toArray())
        if (v.toObject().value(u"entry").toString() == u"model/model.pt")
            check = v.toObject().value(u"signature_check").toArray();
    QCOMPARE(check.size(), 3);
    QCOMPARE(check[0].toObject().value(u"severity").toString(), u"warning"_s);
    QCOMPARE(check[0].toObject().value(u"field").toString(), u"input[1].name"_s);
    // Nothing declared: nothing contradicts.
    const RunResult plain = runCarton({u"model"_s, m_carton, u"--inspect"_s});
    QVERIFY2(
        plain.out.contains("  compared with carton.toml: nothing in [[input]] or [[output]] contradicts forward\n"),
        plain.out.constData());
}

void TestCliModelInspect::runnerFollowsContent()
{
    // A bare TorchScript file: inspected by the torchscript runner through a scratch carton.
    const RunResult bare = runCarton({u"model"_s, m_carton + u"/model/model.pt"_s, u"--inspect"_s});
    QVERIFY2(bare.exitCode == 0, bare.err.constData());
    QVERIFY2(bare.out.contains("model.pt: TorchScript (inspected by the runner in its sandbox)\n"
                               "  forward(self, x: Tensor, lengths: Tensor) -> Tensor\n"),
             bare.out.constData());
    QVERIFY2(!bare.out.contains("compared with carton.toml"), bare.out.constData());
    // A carton naming the noop runner whose model/model.pt is TorchScript: the
    // content decides (torchscript, forced, and said so).
    const QString dir =
        cartonWith(u"noopnamed"_s, "spec_version = 1\nmodel_name = \"t\"\n[runner]\nrunner_name = \"noop\"\n"
                                   "required_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n");
    QVERIFY(!dir.isEmpty());
    const RunResult r = runCarton({u"model"_s, dir, u"--inspect"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("  forward(self, x: Tensor, lengths: Tensor) -> Tensor\n"), r.out.constData());
    QVERIFY2(r.err.contains("forced"), r.err.constData());
}

QTEST_GUILESS_MAIN(TestCliModelInspect)
#include "tst_climodelinspect.moc"
