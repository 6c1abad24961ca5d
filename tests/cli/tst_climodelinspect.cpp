// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton model --inspect`: a TorchScript carton's forward signature and ops read
// by the torchscript runner in the sandboxed runner host (a model written by
// carton-make-torch-model), and the hint without --inspect.
#include "clirunner.h"
#include "testpaths.h"
#include "testutil.h"

#include <QDir>
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

private:
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

QTEST_GUILESS_MAIN(TestCliModelInspect)
#include "tst_climodelinspect.moc"
