// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Issue 40, item 8: carton.toml contradicting a size the model fixes is shown where
// people look. The Inputs / Outputs table marks the cell and the wrong dimension;
// the Model tab's summary shows the declared shape beside the model's with the
// wrong dimension marked, and offers "Use the model's signature". A symbol named
// otherwise is information: nothing is marked, nothing offered.
#include "common/roles.h"
#include "jobs/jobpools.h"
#include "model/modelpage.h"
#include "model/modelsummary.h"
#include "onnxcarton.h"
#include "package/carton.h"
#include "specs/specsmodel.h"
#include "specs/specspage.h"
#include "specs/symbolpalette.h"
#include "validate/validator.h"
#include "viewofcarton.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace Qt::StringLiterals;
using namespace studio;

namespace {

const QByteArray kRunner = "spec_version = 1\n[runner]\nrunner_name = \"python\"\n"
                           "required_framework_version = \"=3.11\"\nrunner_compat_version = 1\n";

bool writeToml(const QString &folder, const QByteArray &specs)
{
    QFile f(folder + u"/carton.toml"_s);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(kRunner + specs) > 0;
}

// The texts of a shape cell's parts, the wrong ones in <>.
QString partsText(const QModelIndex &cell)
{
    QString out;
    for (const ShapePart &part : cell.data(Roles::ShapePartsRole).value<QList<ShapePart>>())
        out += part.wrong ? u'<' + part.text + u'>' : part.text;
    return out;
}

} // namespace

class TestSignatureMarks final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void wrongDimensionIsMarkedAndFixOffered();
    void renamedSymbolMarksNothing();

private:
    // The Model tab of `view`, once it has read the model files.
    static ModelPage *loadedModelPage(CartonView &view);
    QTemporaryDir m_dir;
    QString m_folder;
};

void TestSignatureMarks::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // tiny.onnx as model/net.bin: image float32[batch,3,32,32] -> logits float32[batch,10]
    CARTON_MAKE_ONNX_CARTON(m_dir.path(), [](const QByteArray &) { return QMap<QString, QByteArray>(); });
    m_folder = m_dir.filePath(u"folder"_s);
}

void TestSignatureMarks::cleanupTestCase()
{
    JobPools::waitForAll();
}

ModelPage *TestSignatureMarks::loadedModelPage(CartonView &view)
{
    ModelPage *page = view.modelPage();
    view.show();
    view.setCurrentTab(CartonView::ModelTab);
    if (!QTest::qWaitFor([page] { return page->isLoaded(); }, 10000))
        return nullptr;
    return page;
}

void TestSignatureMarks::wrongDimensionIsMarkedAndFixOffered()
{
    QVERIFY(writeToml(m_folder, "[[input]]\nname = \"image\"\ndtype = \"float32\"\nshape = [1, 3, 64, 32]\n\n"
                                "[[output]]\nname = \"logits\"\ndtype = \"float32\"\nshape = [1, 10]\n"));
    QString error;
    std::shared_ptr<const carton::Carton> carton = testcartons::open(m_folder, &error);
    QVERIFY2(carton, qPrintable(error));
    const carton::Diagnostics diagnostics = carton::validateCarton(*carton);
    QVERIFY(carton::hasErrors(diagnostics));

    ViewOfCarton viewOf(carton, nullptr);
    CartonView &view = viewOf.view();
    view.resize(1366, 700);
    viewOf.document().validateNow(); // the tab marks what the document's validation finds
    // The table: the shape cell is in error, its dimension 2 marked, the message in its tooltip.
    const QModelIndex shape = view.specsPage()->inputsModel()->index(0, SpecsModel::ShapeColumn);
    QCOMPARE(shape.data(Roles::ValidationRole).toString(), u"error"_s);
    QCOMPARE(partsText(shape), u"[1, 3, <64>, 32]"_s);
    QVERIFY2(
        shape.data(Qt::ToolTipRole).toString().contains(u"dimension 2 is 64 in carton.toml but 32 in model/net.bin"_s),
        qPrintable(shape.data(Qt::ToolTipRole).toString()));
    const QModelIndex name = view.specsPage()->inputsModel()->index(0, SpecsModel::NameColumn);
    QVERIFY(name.data(Roles::ValidationRole).toString().isEmpty());
    // The output agrees (1 is a size the model leaves to "batch"): not marked.
    const QModelIndex logits = view.specsPage()->outputsModel()->index(0, SpecsModel::ShapeColumn);
    QCOMPARE(partsText(logits), u"[1, 10]"_s);

    // The Model tab: the shapes side by side, the wrong size marked, the fix offered.
    ModelPage *page = loadedModelPage(view);
    QVERIFY(page);
    QVERIFY(page->revealWeight(u"model/net.bin:fc.weight"_s));
    const QString summary = page->summary()->toPlainText();
    for (const QString &expected :
         {u"carton.toml against model/net.bin"_s, u"input image"_s,
          u"[1, 3, 64, 32] in carton.toml, [batch, 3, 32, 32] in the model"_s,
          u"Error: input \"image\": dimension 2 is 64 in carton.toml but 32 in model/net.bin"_s,
          u"Use the model's signature"_s})
        QVERIFY2(summary.contains(expected), qPrintable(expected + u" not in: "_s + summary));
    const QString html = page->summary()->toHtml();
    QVERIFY2(html.contains(u"href=\"action:use-model-signature\""_s), qPrintable(html));
    // The wrong size is underlined (and coloured); the others are not.
    QVERIFY2(html.contains(u"text-decoration: underline"_s), qPrintable(html));
    QSignalSpy asked(&view, &CartonView::useModelSignatureRequested);
    emit page->summary()->anchorClicked(QUrl(ModelSummary::useSignatureLink));
    QCOMPARE(asked.count(), 1);
}

void TestSignatureMarks::renamedSymbolMarksNothing()
{
    QVERIFY(writeToml(m_folder, "[[input]]\nname = \"image\"\ndtype = \"float32\"\nshape = [\"n\", 3, 32, 32]\n\n"
                                "[[output]]\nname = \"logits\"\ndtype = \"float32\"\nshape = [\"n\", 10]\n"));
    QString error;
    std::shared_ptr<const carton::Carton> carton = testcartons::open(m_folder, &error);
    QVERIFY2(carton, qPrintable(error));
    const carton::Diagnostics diagnostics = carton::validateCarton(*carton);
    QVERIFY(!carton::hasErrors(diagnostics));
    ViewOfCarton viewOf(carton, nullptr);
    CartonView &view = viewOf.view();
    view.resize(1366, 700);
    viewOf.document().validateNow(); // the tab marks what the document's validation finds
    const QModelIndex shape = view.specsPage()->inputsModel()->index(0, SpecsModel::ShapeColumn);
    QCOMPARE(partsText(shape), u"[n, 3, 32, 32]"_s);
    QVERIFY(shape.data(Roles::ValidationRole).toString() != u"error"_s);

    ModelPage *page = loadedModelPage(view);
    QVERIFY(page);
    QVERIFY(page->revealWeight(u"model/net.bin:fc.weight"_s));
    const QString summary = page->summary()->toPlainText();
    QVERIFY2(summary.contains(u"Info: input \"image\": dimension 0 is the symbol n in carton.toml and batch"_s),
             qPrintable(summary));
    QVERIFY2(!summary.contains(u"in carton.toml, "_s), qPrintable(summary));
}

QTEST_MAIN(TestSignatureMarks)
#include "tst_signaturemarks.moc"
