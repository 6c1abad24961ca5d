// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Issue 28: Fill from Model on the Inputs / Outputs page takes the specs from
// the ONNX model's own signature (one undo step), and the document's
// diagnostics compare carton.toml's specs with it, as `carton verify` does.
#include "document/cartondocument.h"
#include "document/modelfiles.h"
#include "fixturepolicy.h"
#include "model/modelset.h"
#include "onnxtestmodels.h"
#include "package/carton.h"
#include "specs/specsmodel.h"
#include "specs/specspage.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

using namespace studio;
using namespace Qt::StringLiterals;

namespace {

QStringList specTexts(const QList<carton::TensorSpec> &specs)
{
    QStringList out;
    for (const carton::TensorSpec &s : specs)
        out << s.name + u' ' + carton::dtypeName(s.dtype) + u' ' + s.shape.toString();
    return out;
}

// Answers the next "Fill from Model" question with `button` once it shows.
void answerNextBox(QMessageBox::StandardButton button, QString *text)
{
    QTimer::singleShot(0, [button, text] {
        for (QWidget *w : QApplication::topLevelWidgets())
            if (auto *box = qobject_cast<QMessageBox *>(w); box && box->objectName() == u"fillFromModelBox") {
                *text = box->text();
                box->button(button)->click();
                return;
            }
        answerNextBox(button, text); // not shown yet
    });
}

} // namespace

class TestFillFromModel final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void fillsANewDocumentInOneUndoStep();
    void replacingAsksAndKeepsDescriptions();
    void documentDiagnosticsCompareWithTheModel();
    void openedCartonComparesItsOwnModel();

private:
    QTemporaryDir m_models;
};

void TestFillFromModel::initTestCase()
{
    QVERIFY(m_models.isValid());
    CARTON_MAKE_ONNX_MODELS(m_models.path());
}

void TestFillFromModel::fillsANewDocumentInOneUndoStep()
{
    // The window's "drop a model file" flow: a new document with model/tiny.onnx.
    carton::Result<ModelFiles> files = collectModelFiles(m_models.filePath(u"tiny.onnx"_s));
    QVERIFY(files.ok());
    std::unique_ptr<CartonDocument> document = CartonDocument::fromModelFiles(*files);
    SpecsPage editor(document.get());
    editor.setEditable(true);
    QVERIFY(editor.inputsModel()->rowCount() == 0);
    const int steps = document->undoStack()->count();

    QString question;
    QVERIFY(editor.fillFromModel());
    QCOMPARE(specTexts(document->info().inputs),
             (QStringList{u"image float32 [batch, 3, 32, 32]"_s, u"mask uint8 [batch, *]"_s}));
    QCOMPARE(specTexts(document->info().outputs), (QStringList{u"logits float32 [batch, 10]"_s, u"big float32 *"_s}));
    QCOMPARE(editor.inputsModel()->rowCount(), 2);
    QCOMPARE(editor.outputsModel()->rowCount(), 2);
    QCOMPARE(document->undoStack()->count(), steps + 1);
    QCOMPARE(document->undoStack()->undoText(), u"Fill Inputs and Outputs from Model"_s);
    document->undoStack()->undo();
    QVERIFY(document->info().inputs.isEmpty());
    QVERIFY(document->info().outputs.isEmpty());
    QCOMPARE(editor.inputsModel()->rowCount(), 0);
    QVERIFY(question.isEmpty()); // nothing to replace: no question
    // The bool input has no Carton v1 dtype: said, not silently dropped.
    QCOMPARE(editor.fillFromModelNote()->text(),
             u"Filled from model/tiny.onnx; left out, as Carton v1 has no dtype for them: cond (bool)"_s);
}

void TestFillFromModel::replacingAsksAndKeepsDescriptions()
{
    carton::Result<ModelFiles> files = collectModelFiles(m_models.filePath(u"tiny.onnx"_s));
    QVERIFY(files.ok());
    std::unique_ptr<CartonDocument> document = CartonDocument::fromModelFiles(*files);
    carton::CartonInfo info = document->info();
    carton::TensorSpec old;
    old.name = u"image"_s;
    old.dtype = carton::DType::Float64;
    old.shape = carton::Shape::any();
    old.description = u"RGB, normalised"_s;
    info.inputs = {old};
    document->setInfo(info, u"Set Specs"_s);
    SpecsPage editor(document.get());
    editor.setEditable(true);

    QString question;
    answerNextBox(QMessageBox::Cancel, &question);
    QVERIFY(!editor.fillFromModel());
    QCOMPARE(question, u"Replace 1 input(s) and 0 output(s) with the 2 input(s) and 2 output(s) of model/tiny.onnx?"_s);
    QCOMPARE(specTexts(document->info().inputs), QStringList{u"image float64 *"_s});

    answerNextBox(QMessageBox::Yes, &question);
    QVERIFY(editor.fillFromModel());
    QCOMPARE(specTexts(document->info().inputs),
             (QStringList{u"image float32 [batch, 3, 32, 32]"_s, u"mask uint8 [batch, *]"_s}));
    QCOMPARE(document->info().inputs.first().description, std::optional<QString>(u"RGB, normalised"_s));
}

void TestFillFromModel::documentDiagnosticsCompareWithTheModel()
{
    carton::Result<ModelFiles> files = collectModelFiles(m_models.filePath(u"tiny.onnx"_s));
    QVERIFY(files.ok());
    std::unique_ptr<CartonDocument> document = CartonDocument::fromModelFiles(*files);
    carton::CartonInfo info = document->info();
    carton::TensorSpec image;
    image.name = u"image"_s;
    image.dtype = carton::DType::Float32;
    image.shape = carton::Shape::dims(
        {carton::Dim::symbol(u"batch"_s), carton::Dim::value(3), carton::Dim::value(64), carton::Dim::value(32)});
    info.inputs = {image};
    document->setInfo(info, u"Set Specs"_s);
    const auto find = [&document](const QString &text) -> QString {
        for (const carton::Diagnostic &d : document->diagnostics())
            if (d.message.contains(text))
                return d.location.field + u": "_s + d.message;
        return QString();
    };
    QTRY_COMPARE(find(u"dimension 2 is 64"_s),
                 u"input[0].shape[2]: input \"image\": dimension 2 is 64 in carton.toml but 32 in model/tiny.onnx"_s);
}

// An opened carton whose model/ is unchanged: the document reads the original's
// own entries (modelFolderUnchanged) and compares the specs with them.
void TestFillFromModel::openedCartonComparesItsOwnModel()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir(dir.path()).mkpath(u"model"_s));
    QVERIFY(QFile::copy(m_models.filePath(u"tiny.onnx"_s), dir.filePath(u"model/tiny.onnx"_s)));
    QFile toml(dir.filePath(u"carton.toml"_s));
    QVERIFY(toml.open(QIODevice::WriteOnly));
    toml.write("spec_version = 1\n[runner]\nrunner_name = \"python\"\nrequired_framework_version = \"=3.11\"\n"
               "runner_compat_version = 1\n[[input]]\nname = \"image\"\ndtype = \"float32\"\n"
               "shape = [\"batch\", 3, 64, 32]\n");
    toml.close();
    carton::Result<std::unique_ptr<carton::Carton>> opened = carton::Carton::open(dir.path());
    QVERIFY(opened.ok());
    const std::shared_ptr<const carton::Carton> original = std::move(opened).value();
    CartonDocument document(original, QString());
    const auto find = [&document](const QString &text) -> QString {
        for (const carton::Diagnostic &d : document.diagnostics())
            if (d.message.contains(text))
                return d.location.field;
        return QString();
    };
    QTRY_COMPARE(find(u"dimension 2 is 64 in carton.toml but 32 in model/tiny.onnx"_s), u"input[0].shape[2]"_s);
    QCOMPARE(document.models().entries().size(), 1);
}

QTEST_MAIN(TestFillFromModel)
#include "tst_fillfrommodel.moc"
