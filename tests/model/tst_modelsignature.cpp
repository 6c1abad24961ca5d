// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Issue 28: carton.toml's [[input]]/[[output]] checked against the model file's
// own signature (an ONNX graph made by python3-onnx), through validateCarton as
// `carton verify` and the window use it; and the specs a signature gives.
#include "fixturepolicy.h"
#include "format/cartontoml.h"
#include "model/modelset.h"
#include "onnxtestmodels.h"
#include "package/carton.h"
#include "runner/modelinspection.h"
#include "validate/modelsignature.h"
#include "validate/validator.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

// The diagnostics of `kind` whose message holds `text`, as "field: message" lines.
QStringList matching(const Diagnostics &all, const QString &text)
{
    QStringList out;
    for (const Diagnostic &d : all)
        if (d.message.contains(text))
            out << d.location.field + QStringLiteral(": ") + d.message;
    return out;
}

} // namespace

class TestModelSignature final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void contradictionsNameBothSides();
    void agreeingSpecsSayNothing();
    void specsFromTheSignature();
    void severalSignaturesAreNotCompared();
    void inspectedTorchScriptSignature();

private:
    // A carton folder with tiny.onnx under model/ and `toml` as carton.toml.
    QString cartonFolder(const QByteArray &toml);
    QTemporaryDir m_models;
    QTemporaryDir m_work;
    int m_count = 0;
};

void TestModelSignature::initTestCase()
{
    QVERIFY(m_models.isValid());
    CARTON_MAKE_ONNX_MODELS(m_models.path());
}

QString TestModelSignature::cartonFolder(const QByteArray &toml)
{
    const QString dir = m_work.filePath(QString::number(++m_count));
    QFile model(m_models.filePath(QStringLiteral("tiny.onnx")));
    if (!model.open(QIODevice::ReadOnly))
        return {};
    writeFile(dir + QStringLiteral("/model/tiny.onnx"), model.readAll());
    writeFile(dir + QStringLiteral("/carton.toml"), toml);
    return dir;
}

static const QByteArray kRunner =
    "spec_version = 1\n[runner]\nrunner_name = \"python\"\nrequired_framework_version = \"=3.11\"\n"
    "runner_compat_version = 1\n";

void TestModelSignature::contradictionsNameBothSides()
{
    // tiny.onnx: image float32[batch,3,32,32], cond bool[], mask uint8[batch,?]
    //            -> logits float32[batch,10], big float32 (rank unknown)
    const QString dir = cartonFolder(kRunner + "[[input]]\nname = \"image\"\ndtype = \"float64\"\n"
                                               "shape = [\"batch\", 3, 64, 32]\n\n"
                                               "[[input]]\nname = \"extra\"\ndtype = \"float32\"\nshape = [1]\n\n"
                                               "[[output]]\nname = \"logits\"\ndtype = \"float32\"\n"
                                               "shape = [\"n\", 10, 1]\n\n"
                                               "[[output]]\nname = \"big\"\ndtype = \"float32\"\nshape = \"*\"\n");
    QVERIFY(!dir.isEmpty());
    Result<std::unique_ptr<Carton>> carton = Carton::open(dir);
    QVERIFY2(carton, carton ? "" : qPrintable(carton.error().toString()));
    const Diagnostics all = validateCarton(**carton);

    QStringList hits = matching(all, QStringLiteral("is float64 in carton.toml but float32 in model/tiny.onnx"));
    QCOMPARE(hits, QStringList{QStringLiteral("input[0].dtype: input \"image\" is float64 in carton.toml but float32 "
                                              "in model/tiny.onnx")});
    hits = matching(all, QStringLiteral("dimension 2 is 64 in carton.toml but 32"));
    QCOMPARE(hits.size(), 1);
    QVERIFY2(hits.first().startsWith(QStringLiteral("input[0].shape[2]: ")), qPrintable(hits.first()));
    hits =
        matching(all, QStringLiteral("\"extra\" is not an input of model/tiny.onnx (its inputs: image, cond, mask)"));
    QCOMPARE(hits.size(), 1);
    hits = matching(all, QStringLiteral("model/tiny.onnx takes input \"cond\" (bool [])"));
    QCOMPARE(hits.size(), 1);
    hits = matching(all, QStringLiteral("model/tiny.onnx takes input \"mask\" (uint8 [batch, ?])"));
    QCOMPARE(hits.size(), 1);
    hits = matching(all, QStringLiteral("has 3 dimensions in carton.toml ([n, 10, 1]) but 2 in model/tiny.onnx "
                                        "([batch, 10])"));
    QCOMPARE(hits, QStringList{QStringLiteral("output[0].shape: output \"logits\" has 3 dimensions in carton.toml "
                                              "([n, 10, 1]) but 2 in model/tiny.onnx ([batch, 10])")});
    // A size or a rank the model fixes otherwise is an error (issue 40: `carton verify`
    // exits 1): a tensor of the declared shape cannot run. The rest are warnings.
    for (const Diagnostic &d : all) {
        if (!d.message.contains(QStringLiteral("model/tiny.onnx")))
            continue;
        const bool contradictsFixed =
            d.location.field == u"input[0].shape[2]" || d.location.field == u"output[0].shape";
        QVERIFY2(d.severity == (contradictsFixed ? Severity::Error : Severity::Warning), qPrintable(d.toString()));
    }
    QVERIFY(hasErrors(all));
    // "big" (any shape) and the output names agree: nothing about them.
    QVERIFY(matching(all, QStringLiteral("\"big\"")).isEmpty());
}

void TestModelSignature::agreeingSpecsSayNothing()
{
    const QString dir =
        cartonFolder(kRunner + "[[input]]\nname = \"image\"\ndtype = \"float32\"\nshape = [\"batch\", 3, 32, 32]\n\n"
                               "[[input]]\nname = \"mask\"\ndtype = \"uint8\"\nshape = [\"batch\", \"*\"]\n\n"
                               "[[output]]\nname = \"logits\"\ndtype = \"float32\"\nshape = [\"batch\", 10]\n\n"
                               "[[output]]\nname = \"big\"\ndtype = \"float32\"\nshape = \"*\"\n");
    Result<std::unique_ptr<Carton>> carton = Carton::open(dir);
    QVERIFY(carton);
    const Diagnostics all = validateCarton(**carton);
    // Only the undeclared bool input (Carton v1 has no bool) is left to say.
    const QStringList about = matching(all, QStringLiteral("model/tiny.onnx"));
    QCOMPARE(about, QStringList{QStringLiteral("input: model/tiny.onnx takes input \"cond\" (bool []) that carton.toml "
                                               "does not declare")});
    // A symbol named differently is information, not a warning.
    const QString renamed =
        cartonFolder(kRunner + "[[input]]\nname = \"image\"\ndtype = \"float32\"\nshape = [\"n\", 3, 32, 32]\n");
    const Diagnostics other = validateCarton(**Carton::open(renamed));
    const QStringList symbol = matching(other, QStringLiteral("is the symbol n in carton.toml and batch in"));
    QCOMPARE(symbol.size(), 1);
    for (const Diagnostic &d : other)
        if (d.message.contains(QStringLiteral("symbol n")))
            QCOMPARE(d.severity, Severity::Info);
    // A symbol where the model fixes the size is looser than the model, not a
    // contradiction: a warning, and no error.
    const QString loose =
        cartonFolder(kRunner + "[[input]]\nname = \"image\"\ndtype = \"float32\"\nshape = [\"batch\", 3, \"h\", 32]\n");
    const Diagnostics looser = validateCarton(**Carton::open(loose));
    QCOMPARE(matching(looser, QStringLiteral("is the symbol h in carton.toml but fixed to 32")).size(), 1);
    QVERIFY(!hasErrors(looser));
}

void TestModelSignature::specsFromTheSignature()
{
    Result<ModelSet> set = ModelSet::fromFile(m_models.filePath(QStringLiteral("tiny.onnx")));
    QVERIFY(set);
    const ModelEntry *entry = signatureModel(*set);
    QVERIFY(entry);
    const ModelSpecs specs = specsFromModel(*entry);
    QStringList inputs, outputs;
    for (const TensorSpec &s : specs.inputs)
        inputs << s.name + u' ' + dtypeName(s.dtype) + u' ' + s.shape.toString();
    for (const TensorSpec &s : specs.outputs)
        outputs << s.name + u' ' + dtypeName(s.dtype) + u' ' + s.shape.toString();
    QCOMPARE(inputs, (QStringList{QStringLiteral("image float32 [batch, 3, 32, 32]"),
                                  QStringLiteral("mask uint8 [batch, *]")}));
    QCOMPARE(outputs, (QStringList{QStringLiteral("logits float32 [batch, 10]"), QStringLiteral("big float32 *")}));
    QCOMPARE(specs.unsupported, QStringList{QStringLiteral("cond (bool)")});
}

void TestModelSignature::severalSignaturesAreNotCompared()
{
    const QString dir = cartonFolder(kRunner + "[[input]]\nname = \"other\"\ndtype = \"float32\"\nshape = [1]\n");
    QFile::copy(dir + QStringLiteral("/model/tiny.onnx"), dir + QStringLiteral("/model/second.onnx"));
    Result<std::unique_ptr<Carton>> carton = Carton::open(dir);
    QVERIFY(carton);
    QCOMPARE(ModelSet::fromCarton((*carton)->source()).entries().size(), 2);
    QVERIFY(matching(validateCarton(**carton), QStringLiteral(".onnx")).isEmpty());
}

void TestModelSignature::inspectedTorchScriptSignature()
{
    const QByteArray toml = kRunner + "[[input]]\nname = \"x\"\ndtype = \"float32\"\nshape = [3]\n\n"
                                      "[[input]]\nname = \"mask\"\ndtype = \"float32\"\nshape = [3]\n\n"
                                      "[[output]]\nname = \"y\"\ndtype = \"float32\"\nshape = [3]\n";
    Result<CartonInfo> info = parseCartonToml(toml);
    QVERIFY(info);
    ModelInspection inspection;
    inspection.file = QStringLiteral("model/model.pt");
    InspectedMethod forward;
    forward.name = QStringLiteral("forward");
    forward.arguments = {{QStringLiteral("x"), QStringLiteral("Tensor")},
                         {QStringLiteral("lengths"), QStringLiteral("Tensor")}};
    forward.returns = {{QString(), QStringLiteral("Tuple[Tensor, Dict[str, Tensor], int]")}};
    inspection.methods = {forward};
    Diagnostics d = checkInspectedSignature(*info, inspection);
    QCOMPARE(d.size(), 3);
    QCOMPARE(matching(d, QStringLiteral("mask")),
             QStringList{QStringLiteral("input[1].name: input \"mask\" is not an input of model/model.pt (its "
                                        "inputs: x, lengths)")});
    QCOMPARE(d[0].severity, Severity::Warning);
    QCOMPARE(matching(d, QStringLiteral("lengths\" (Tensor *)")).size(), 1);
    // A tuple's values are counted at its top level: three, against one output.
    QCOMPARE(matching(d, QStringLiteral("returns 3")),
             QStringList{QStringLiteral("output: carton.toml declares 1 output(s) but forward in model/model.pt "
                                        "returns 3 (Tuple[Tensor, Dict[str, Tensor], int])")});
    // Upstream's convention: one dict in, one dict out. Information only.
    inspection.methods[0].arguments = {{QStringLiteral("inputs"), QStringLiteral("Dict[str, Any]")}};
    inspection.methods[0].returns = {{QString(), QStringLiteral("Dict[str, Tensor]")}};
    d = checkInspectedSignature(*info, inspection);
    QCOMPARE(d.size(), 2);
    QCOMPARE(d[0].severity, Severity::Info);
    QCOMPARE(d[1].severity, Severity::Info);
    QVERIFY(d[0].message.contains(QStringLiteral("forward takes one dict (inputs: Dict[str, Any])")));
    QVERIFY(d[1].message.contains(QStringLiteral("forward returns a dict (Dict[str, Tensor])")));
    // Agreeing: nothing. No forward: nothing.
    inspection.methods[0].arguments = {{QStringLiteral("x"), QStringLiteral("Tensor")},
                                       {QStringLiteral("mask"), QStringLiteral("Tensor")}};
    inspection.methods[0].returns = {{QString(), QStringLiteral("Tensor")}};
    QVERIFY(checkInspectedSignature(*info, inspection).isEmpty());
    inspection.methods[0].name = QStringLiteral("other");
    inspection.methods[0].arguments.clear();
    QVERIFY(checkInspectedSignature(*info, inspection).isEmpty());
}

QTEST_GUILESS_MAIN(TestModelSignature)
#include "tst_modelsignature.moc"
