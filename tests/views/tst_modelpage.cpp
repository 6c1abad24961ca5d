// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Model tab: every model file of a carton (found by content) with its summary,
// its weights as a filterable, sortable tree, and a weight's values in the viewer.
// Models are made with Debian's python3-onnx (tests/model/onnxtestmodels.py).
#include "common/roles.h"
#include "jobs/jobpools.h"
#include "jobs/latestjob.h"
#include "model/modelgraphview.h"
#include "model/modelpage.h"
#include "model/modelset.h"
#include "model/modelsummary.h"
#include "model/modelweightsmodel.h"
#include "onnxcarton.h"
#include "tensorviewer/tensortablemodel.h"
#include "tensorviewer/tensorviewer.h"
#include "viewofcarton.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>

using namespace Qt::StringLiterals;
using namespace studio;

namespace {

// Every weight path (WeightPathRole) of the rows of `model` below `parent` that are weights.
void collectWeights(const QAbstractItemModel *model, const QModelIndex &parent, QStringList *out)
{
    for (int r = 0; r < model->rowCount(parent); ++r) {
        const QModelIndex index = model->index(r, 0, parent);
        if (!index.data(Roles::TensorNameRole).toString().isEmpty())
            out->append(index.data(Roles::WeightPathRole).toString());
        collectWeights(model, index, out);
    }
}

} // namespace

class TestModelPage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void treeByModulePath();
    void modelTabShowsEveryModelFile();
    void filterAndSort();
    void clickedWeightShowsItsValues();
    void weightWithoutValuesSaysWhy();
    void tabNamedModel();
    void plainPickleSaysWhatItIs();
    void cleanupTestCase();

private:
    std::shared_ptr<const carton::Carton> openFolder();
    QTemporaryDir m_dir;
    QString m_carton;
};

void TestModelPage::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Beside the model, a broken copy of it (found by content too) and code that is no model.
    CARTON_MAKE_ONNX_CARTON(m_dir.path(), [](const QByteArray &onnx) {
        return QMap<QString, QByteArray>{{u"model/broken.onnx"_s, onnx.left(300)},
                                         {u"model/main.py"_s, "print('hi')\n"}};
    });
    m_carton = m_dir.filePath(u"folder"_s);
}

void TestModelPage::cleanupTestCase()
{
    JobPools::waitForAll();
}

std::shared_ptr<const carton::Carton> TestModelPage::openFolder()
{
    QString error;
    auto carton = testcartons::open(m_carton, &error);
    if (!carton)
        qWarning("%s", qPrintable(error));
    return carton;
}

void TestModelPage::treeByModulePath()
{
    auto carton = openFolder();
    QVERIFY(carton);
    auto set = std::make_shared<const carton::ModelSet>(carton::ModelSet::fromCarton(carton->source()));
    ModelWeightsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setModelSet(set);
    QCOMPARE(model.rowCount(), 2);
    // model/broken.onnx: its error, an error icon, nothing below.
    const QModelIndex broken = model.indexOfEntry(0);
    QCOMPARE(broken.data().toString(), u"model/broken.onnx"_s);
    QVERIFY(!broken.data(Qt::DecorationRole).value<QIcon>().isNull());
    QVERIFY(broken.data(Qt::ToolTipRole).toString().contains(u"goes past the end"_s));
    QCOMPARE(model.rowCount(broken), 0);
    // model/net.bin: conv1.weight is "weight" under "conv1"; conv1 sums its weights.
    const QModelIndex file = model.indexOfEntry(1);
    QCOMPARE(file.data().toString(), u"model/net.bin"_s);
    QCOMPARE(model.index(file.row(), ModelWeightsModel::DTypeColumn).data().toString(), u"ONNX"_s);
    const QModelIndex bias = model.indexOfWeight(u"model/net.bin:conv1.bias"_s);
    QVERIFY(bias.isValid());
    QCOMPARE(bias.data().toString(), u"bias"_s);
    QCOMPARE(bias.data(Roles::WeightPathRole).toString(), u"conv1.bias"_s);
    QCOMPARE(bias.data(Roles::TensorNameRole).toString(), u"model/net.bin:conv1.bias"_s);
    const QModelIndex conv1 = bias.parent();
    QCOMPARE(conv1.data().toString(), u"conv1"_s);
    QCOMPARE(conv1.parent(), file);
    QCOMPARE(model.rowCount(conv1), 2);
    QCOMPARE(model.index(conv1.row(), ModelWeightsModel::ParametersColumn, file).data(Roles::SortRole).toLongLong(),
             qint64(4 * 3 * 3 * 3 + 4));
    QCOMPARE(model.index(conv1.row(), ModelWeightsModel::BytesColumn, file).data(Roles::SortRole).toLongLong(),
             qint64((4 * 3 * 3 * 3 + 4) * 4));
    const QModelIndex weight = model.indexOfWeight(u"model/net.bin:conv1.weight"_s);
    QCOMPARE(model.index(weight.row(), ModelWeightsModel::ShapeColumn, conv1).data().toString(), u"[4, 3, 3, 3]"_s);
    QCOMPARE(model.index(weight.row(), ModelWeightsModel::DTypeColumn, conv1).data().toString(), u"float32"_s);
    QVERIFY(model.weight(weight));
    QVERIFY(!model.weight(conv1));
    QVERIFY(!model.indexOfWeight(u"model/net.bin:conv1"_s).isValid());
    QVERIFY(!model.indexOfWeight(u"model/other.onnx:conv1.bias"_s).isValid());
    model.setModelSet(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestModelPage::modelTabShowsEveryModelFile()
{
    auto carton = openFolder();
    QVERIFY(carton);
    ViewOfCarton viewOf(carton, nullptr);
    CartonView &view = viewOf.view();
    view.resize(1366, 700);
    QCOMPARE(view.tabWidget()->tabText(CartonView::ModelTab), u"Model"_s);
    ModelPage *page = view.modelPage();
    QVERIFY(view.tabWidget()->widget(CartonView::ModelTab)->isAncestorOf(page));
    QVERIFY(!page->isLoaded()); // read when first shown
    QSignalSpy loaded(page, &ModelPage::loaded);
    view.show();
    view.setCurrentTab(CartonView::ModelTab);
    QTRY_COMPARE(loaded.count(), 1);
    QAbstractItemModelTester tester(page->weightsProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY2(page->statusLabel()->text().startsWith(u"2 model file"_s), qPrintable(page->statusLabel()->text()));
    QVERIFY(page->statusLabel()->text().contains(u"1 could not be read"_s));

    // The broken file is first: its summary is its error.
    QString summary = page->summary()->toPlainText();
    QVERIFY2(summary.contains(u"model/broken.onnx"_s) && summary.contains(u"could not be read"_s) &&
                 summary.contains(u"goes past the end"_s),
             qPrintable(summary));
    // A file without a graph (here: none read) has its Graph tab disabled (issue 40).
    const int graphTab = page->sideTabs()->indexOf(page->graphView());
    QVERIFY(!page->sideTabs()->isTabEnabled(graphTab));
    // The readable one, once one of its rows is current.
    QVERIFY(page->revealWeight(u"model/net.bin:fc.weight"_s));
    QVERIFY(page->sideTabs()->isTabEnabled(graphTab));
    summary = page->summary()->toPlainText();
    for (const QString &expected :
         {u"model/net.bin"_s, u"ONNX"_s, u"pytorch 2.1.0"_s, u"ai.onnx 17, com.example 1"_s,
          u"image float32[batch,3,32,32]"_s, u"cond bool[]"_s, u"mask uint8[batch,?]"_s, u"logits float32[batch,10]"_s,
          u"big float32"_s, u"Conv ×1"_s, u"com.example:Mul ×1"_s, u"author"_s})
        QVERIFY2(summary.contains(expected), qPrintable(expected + u" not in: "_s + summary));
    // The initializer listed among the graph inputs (IR < 4 style) is no input of the signature.
    QVERIFY(!summary.contains(u"conv1.weight float32"_s));
}

void TestModelPage::filterAndSort()
{
    auto carton = openFolder();
    QVERIFY(carton);
    ModelPage page(carton);
    QSignalSpy loaded(&page, &ModelPage::loaded);
    page.load();
    QTRY_COMPARE(loaded.count(), 1);
    QAbstractItemModelTester tester(page.weightsProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QStringList all;
    collectWeights(page.weightsProxy(), {}, &all);
    QCOMPARE(all.size(), page.modelSet()->entries().at(1).model->weights().size());

    QTest::keyClicks(page.filterEdit(), u"BIAS"_s);
    QStringList shown;
    collectWeights(page.weightsProxy(), {}, &shown);
    shown.sort();
    QCOMPARE(shown, (QStringList{u"conv1.bias"_s, u"fc.bias"_s}));
    // Only the file with matches stays, with the modules leading to them.
    QCOMPARE(page.weightsProxy()->rowCount(), 1);
    page.filterEdit()->clear();

    // Sorted by parameters, descending: the biggest first among the file's children.
    page.weightsView()->sortByColumn(ModelWeightsModel::ParametersColumn, Qt::DescendingOrder);
    const QModelIndex file = page.weightsProxy()->index(0, 0).data().toString() == u"model/net.bin"_s
                                 ? page.weightsProxy()->index(0, 0)
                                 : page.weightsProxy()->index(1, 0);
    QCOMPARE(file.data().toString(), u"model/net.bin"_s);
    qint64 previous = std::numeric_limits<qint64>::max();
    for (int r = 0; r < page.weightsProxy()->rowCount(file); ++r) {
        const qint64 n =
            page.weightsProxy()->index(r, ModelWeightsModel::ParametersColumn, file).data(Roles::SortRole).toLongLong();
        QVERIFY(n <= previous);
        previous = n;
    }
    QCOMPARE(page.weightsProxy()->index(0, 0, file).data().toString(), u"conv1"_s); // 112 parameters
}

void TestModelPage::clickedWeightShowsItsValues()
{
    auto carton = openFolder();
    QVERIFY(carton);
    ModelPage page(carton);
    page.resize(1366, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTRY_VERIFY(page.isLoaded());
    QTest::keyClicks(page.filterEdit(), u"fc.bias"_s); // typed values (float_data), not raw_data
    const QModelIndex source = page.weightsModel()->indexOfWeight(u"model/net.bin:fc.bias"_s);
    const QModelIndex index = page.weightsProxy()->mapFromSource(source);
    QVERIFY(index.isValid());
    page.weightsView()->scrollTo(index);
    const QRect rect = page.weightsView()->visualRect(index);
    QVERIFY(!rect.isEmpty());
    QSignalSpy shown(&page, &ModelPage::valuesLoaded);
    QTest::mouseClick(page.weightsView()->viewport(), Qt::LeftButton, {}, rect.center());
    QTRY_COMPARE(shown.count(), 1);
    QCOMPARE(shown.at(0).at(0).toString(), u"model/net.bin:fc.bias"_s);
    TensorTableModel *table = page.viewer()->tableModel();
    QCOMPARE(table->rowCount() * table->columnCount(), 10);
    const bool column = table->columnCount() == 1;
    (void)table->index(0, 0).data();
    QTRY_VERIFY(!table->isLoading());
    for (int i = 0; i < 10; ++i) {
        const QString cell = table->index(column ? i : 0, column ? 0 : i).data().toString();
        QCOMPARE(cell.toDouble(), double(i) / 4 - 1); // onnxtestmodels.py: fc.bias = i/4 - 1
    }
    // conv1.bias (raw_data), through revealWeight.
    QVERIFY(page.revealWeight(u"model/net.bin:conv1.bias"_s));
    QTRY_COMPARE(shown.count(), 2);
    (void)table->index(0, 0).data();
    QTRY_VERIFY(!table->isLoading());
    const QList<float> expected{0.5f, -1.25f, 3.0f, 1e-8f};
    for (int i = 0; i < 4; ++i) {
        const QString cell =
            table->index(table->columnCount() == 1 ? i : 0, table->columnCount() == 1 ? 0 : i).data().toString();
        QCOMPARE(float(cell.toDouble()), expected[i]);
    }
}

void TestModelPage::weightWithoutValuesSaysWhy()
{
    auto carton = openFolder();
    QVERIFY(carton);
    ModelPage page(carton);
    page.load();
    QTRY_VERIFY(page.isLoaded());
    const QModelIndex source = page.weightsModel()->indexOfWeight(u"model/net.bin:complex"_s);
    QVERIFY(source.isValid());
    const carton::ModelWeight *weight = page.weightsModel()->weight(source);
    QVERIFY(weight && !weight->dtype);
    QVERIFY(page.revealWeight(u"model/net.bin:complex"_s));
    auto *message = page.viewer()->findChild<QLabel *>(u"tensorViewerMessage"_s);
    QVERIFY(message);
    QVERIFY2(message->text().contains(u"Cannot show values"_s), qPrintable(message->text()));
    QVERIFY(message->text().contains(u"model/net.bin:complex"_s));
    QCOMPARE(message->text(), u"model/net.bin:complex\n"_s + ModelSummary::cannotShowText(*weight));
    QVERIFY(source.data(Qt::ToolTipRole).toString().contains(u"Cannot show values"_s));
}

void TestModelPage::tabNamedModel()
{
    QCOMPARE(CartonView::tabNamed(u"model"_s), std::optional(CartonView::ModelTab));
    QCOMPARE(CartonView::tabNamed(u"weights"_s), std::optional(CartonView::ModelTab));
    QCOMPARE(CartonView::tabNamed(u"tensors"_s), std::optional(CartonView::TensorsTab));
}

// model/model.pt written by pickle.dump, not torch.save: the Model tab says what it
// is and why it has no weights (not "no model file found"); so does the bare file.
void TestModelPage::plainPickleSaysWhatItIs()
{
    // pickle.dumps({'a': 1}, protocol=4)
    const QByteArray pickle("\x80\x04\x95\n\0\0\0\0\0\0\0}\x94\x8c\x01"
                            "a\x94K\x01s.",
                            21);
    const QString folder = m_dir.filePath(u"pickled"_s);
    QVERIFY(testcartons::writeFolder(folder,
                                     {{u"carton.toml"_s, testcartons::minimalToml()}, {u"model/model.pt"_s, pickle}}));
    QString error;
    auto carton = testcartons::open(folder, &error);
    QVERIFY2(carton, qPrintable(error));
    ViewOfCarton viewOf(carton, nullptr);
    CartonView &view = viewOf.view();
    view.resize(1366, 700);
    ModelPage *page = view.modelPage();
    QSignalSpy loaded(page, &ModelPage::loaded);
    view.show();
    view.setCurrentTab(CartonView::ModelTab);
    QTRY_COMPARE(loaded.count(), 1);
    const QString status = page->statusLabel()->text();
    QVERIFY2(status.startsWith(u"No model weights to show: model/model.pt is a plain Python pickle (protocol 4), not a "
                               u"PyTorch file."_s),
             qPrintable(status));
    QVERIFY2(status.contains(u"never done"_s), qPrintable(status));
    QVERIFY(!status.contains(u"No model file found"_s));

    const QString bare = m_dir.filePath(u"model.pt"_s);
    QFile file(bare);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(pickle);
    file.close();
    const carton::Result<carton::ModelSet> set = carton::ModelSet::fromFile(bare);
    QVERIFY(!set);
    QCOMPARE(set.error().code, carton::ErrorCode::Unsupported);
    QVERIFY2(set.error().message.startsWith(u"a plain Python pickle (protocol 4), not a PyTorch file"_s),
             qPrintable(set.error().toString()));
}

QTEST_MAIN(TestModelPage)
#include "tst_modelpage.moc"
