// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Issue 40: carton.toml's [[input]] / [[output]] against the model's own signature
// from the terminal. A size or rank that contradicts one the model fixes is an
// error (`carton verify` exits 1); a symbol named otherwise is information. `carton
// pack` of one bare ONNX file takes its inputs and outputs from the model, and says
// each finding once.
#include "clirunner.h"
#include "fixturepolicy.h"
#include "onnxtestmodels.h"
#include "testutil.h"

#include <QCryptographicHash>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QByteArray kRunner = "spec_version = 1\n[runner]\nrunner_name = \"python\"\n"
                           "required_framework_version = \"=3.11\"\nrunner_compat_version = 1\n";

// "severity field" of each diagnostic of `verify --json` whose message holds `text`.
QStringList findings(const QJsonObject &report, const QString &text)
{
    QStringList out;
    for (const QJsonValue &v : report.value(u"diagnostics").toArray()) {
        const QJsonObject d = v.toObject();
        if (d.value(u"message").toString().contains(text))
            out << d.value(u"severity").toString() + u' ' + d.value(u"field").toString();
    }
    return out;
}

QStringList specsOf(const QJsonArray &specs)
{
    QStringList out;
    for (const QJsonValue &v : specs) {
        const QJsonObject s = v.toObject();
        const QJsonValue shape = s.value(u"shape");
        out << s.value(u"name").toString() + u' ' + s.value(u"dtype").toString() + u' ' +
                   (shape.isArray() ? QString::fromUtf8(QJsonDocument(shape.toArray()).toJson(QJsonDocument::Compact))
                                    : shape.toString());
    }
    return out;
}

} // namespace

class TestCliSignature : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void fixedDimensionContradictionIsAnError();
    void renamedSymbolIsInformation();
    void packOfOneOnnxFileTakesItsSignature();

private:
    // A carton folder with tiny.onnx under model/ and `specs` after the runner in carton.toml.
    QString cartonFolder(const QByteArray &specs);
    QTemporaryDir m_dir;
    int m_count = 0;
};

void TestCliSignature::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // tiny.onnx: image float32[batch,3,32,32], cond bool[], mask uint8[batch,?]
    //            -> logits float32[batch,10], big float32 (rank unknown)
    CARTON_MAKE_ONNX_MODELS(m_dir.filePath(QStringLiteral("gen")));
}

QString TestCliSignature::cartonFolder(const QByteArray &specs)
{
    const QString dir = m_dir.filePath(QStringLiteral("c%1").arg(++m_count));
    const QByteArray model = testutil::readFile(m_dir.filePath(QStringLiteral("gen/tiny.onnx")));
    const QByteArray toml = kRunner + specs;
    // A MANIFEST, so that verify judges the carton and not a source folder.
    const auto sha = [](const QByteArray &bytes) {
        return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
    };
    const QByteArray manifest = "carton.toml=" + sha(toml) + "\nmodel/tiny.onnx=" + sha(model) + "\n";
    if (!testutil::writeFile(dir + QStringLiteral("/model/tiny.onnx"), model) ||
        !testutil::writeFile(dir + QStringLiteral("/carton.toml"), toml) ||
        !testutil::writeFile(dir + QStringLiteral("/MANIFEST"), manifest))
        return {};
    return dir;
}

void TestCliSignature::fixedDimensionContradictionIsAnError()
{
    // 64 where the model fixes 32, and a rank of 3 where it has 2.
    const QString dir = cartonFolder("[[input]]\nname = \"image\"\ndtype = \"float32\"\nshape = [1, 3, 64, 32]\n\n"
                                     "[[output]]\nname = \"logits\"\ndtype = \"float32\"\nshape = [1, 10, 1]\n");
    QVERIFY(!dir.isEmpty());
    const RunResult r = runCarton({QStringLiteral("verify"), dir, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    const QJsonObject report = r.json();
    QCOMPARE(findings(report, QStringLiteral("dimension 2 is 64 in carton.toml but 32 in model/tiny.onnx")),
             QStringList{QStringLiteral("error input[0].shape[2]")});
    QCOMPARE(findings(report, QStringLiteral("has 3 dimensions in carton.toml")),
             QStringList{QStringLiteral("error output[0].shape")});
    // The terminal says it once, as an error.
    const RunResult text = runCarton({QStringLiteral("verify"), dir});
    QCOMPARE(text.exitCode, 1);
    QCOMPARE(text.err.count("dimension 2 is 64 in carton.toml but 32"), 1);
    QVERIFY2(text.err.contains("error: carton.toml"), text.err.constData());
}

void TestCliSignature::renamedSymbolIsInformation()
{
    const QString dir = cartonFolder("[[input]]\nname = \"image\"\ndtype = \"float32\"\nshape = [\"n\", 3, 32, 32]\n\n"
                                     "[[input]]\nname = \"mask\"\ndtype = \"uint8\"\nshape = [\"n\", \"*\"]\n\n"
                                     "[[output]]\nname = \"logits\"\ndtype = \"float32\"\nshape = [\"n\", 10]\n\n"
                                     "[[output]]\nname = \"big\"\ndtype = \"float32\"\nshape = \"*\"\n");
    QVERIFY(!dir.isEmpty());
    const RunResult r = runCarton({QStringLiteral("verify"), dir, QStringLiteral("--json")});
    const QJsonObject report = r.json();
    QCOMPARE(findings(report, QStringLiteral("is the symbol n in carton.toml and batch in")),
             (QStringList{QStringLiteral("info input[0].shape[0]"), QStringLiteral("info input[1].shape[0]"),
                          QStringLiteral("info output[0].shape[0]")}));
    QVERIFY(findings(report, QStringLiteral("in carton.toml but")).isEmpty());
    // Only the bool input Carton v1 cannot declare is a warning; nothing is an error.
    for (const QJsonValue &v : report.value(u"diagnostics").toArray())
        QVERIFY2(v.toObject().value(u"severity").toString() != u"error",
                 QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact).constData());
    QCOMPARE(r.exitCode, 0);
}

void TestCliSignature::packOfOneOnnxFileTakesItsSignature()
{
    // A size written as a string ("32") where the model fixes 32: said once (the shape
    // check), not again by the comparison with the model.
    const QString quoted = cartonFolder("[[input]]\nname = \"image\"\ndtype = \"float32\"\n"
                                        "shape = [\"batch\", 3, \"32\", 32]\n");
    const RunResult once = runCarton(
        {QStringLiteral("pack"), quoted, QStringLiteral("-o"), m_dir.filePath(QStringLiteral("quoted.carton"))});
    QVERIFY2(once.exitCode == 0, once.err.constData());
    QCOMPARE(once.err.count("input[0].shape[2]"), 1);

    const QString model = m_dir.filePath(QStringLiteral("bare/tiny.onnx"));
    QVERIFY(testutil::writeFile(model, testutil::readFile(m_dir.filePath(QStringLiteral("gen/tiny.onnx")))));
    const QString out = m_dir.filePath(QStringLiteral("bare.carton"));
    const RunResult packed =
        runCarton({QStringLiteral("pack"), model, QStringLiteral("-o"), out, QStringLiteral("--runner"),
                   QStringLiteral("python"), QStringLiteral("--framework-version"), QStringLiteral("=3.11")});
    QVERIFY2(packed.exitCode == 0, packed.err.constData());
    QVERIFY2(packed.err.contains("[[input]] and [[output]] taken from the signature of model/tiny.onnx (2 inputs, "
                                 "2 outputs); left out, Carton v1 cannot declare them: cond (bool)"),
             packed.err.constData());
    // Each finding once (the bool input left out is said by the pack, then by validation).
    const QList<QByteArray> lines = packed.err.split('\n');
    for (const QByteArray &line : lines)
        if (!line.isEmpty())
            QVERIFY2(lines.count(line) == 1, line.constData());

    const RunResult info = runCarton({QStringLiteral("info"), out, QStringLiteral("--json")});
    QCOMPARE(info.exitCode, 0);
    QCOMPARE(specsOf(info.json().value(u"inputs").toArray()),
             (QStringList{QStringLiteral("image float32 [\"batch\",3,32,32]"),
                          QStringLiteral("mask uint8 [\"batch\",\"*\"]")}));
    QCOMPARE(specsOf(info.json().value(u"outputs").toArray()),
             (QStringList{QStringLiteral("logits float32 [\"batch\",10]"), QStringLiteral("big float32 *")}));
    // The model file is model/tiny.onnx, and the carton verifies (the specs agree with it).
    const RunResult verify = runCarton({QStringLiteral("verify"), out});
    QVERIFY2(verify.exitCode == 0, verify.err.constData());
}

QTEST_GUILESS_MAIN(TestCliSignature)
#include "tst_clisignature.moc"
