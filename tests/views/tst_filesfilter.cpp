// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Finding and copying in a carton: Ctrl+F in the Files tree and the tensor
// list, sortable columns, Copy Path / Copy SHA-256, folder totals, and what the
// Overview says about the package (as `carton info` prints it).
#include "common/roles.h"
#include "common/viewutils.h"
#include "files/cartonfilesmodel.h"
#include "files/filespage.h"
#include "overview/overviewpage.h"
#include "tensors/tensorspage.h"
#include "tensorviewer/tensortablemodel.h"
#include "tensorviewer/tensorviewer.h"
#include "testcartons.h"
#include "viewofcarton.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace Qt::StringLiterals;
using studio::CartonFilesModel;
using studio::CartonView;

class TestFilesFilter : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void filterSortCopy();
    void tensorFilter();
    void overviewFacts();
    void columnsVisibleWhenSmall();

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const carton::Carton> m_carton;
    QMap<QString, QByteArray> m_files;
};

void TestFilesFilter::initTestCase()
{
    QLocale::setDefault(QLocale::c());
    const QByteArray index = "[[tensor]]\nname = \"alpha\"\ndtype = \"int32\"\nshape = [2]\nfile = \"alpha.bin\"\n"
                             "inner = []\n\n[[tensor]]\nname = \"beta\"\ndtype = \"int32\"\nshape = [1]\n"
                             "file = \"beta.bin\"\ninner = []\n";
    m_files = {{u"carton.toml"_s, testcartons::minimalToml()}, {u"model/weights.bin"_s, QByteArray(3000, 'w')},
               {u"model/config.json"_s, QByteArray(100, 'c')}, {u"model/vocab.txt"_s, QByteArray(2000, 'v')},
               {u"tensor_data/index.toml"_s, index},           {u"tensor_data/alpha.bin"_s, QByteArray(8, 1)},
               {u"tensor_data/beta.bin"_s, QByteArray(4, 2)}};
    QVERIFY(m_dir.isValid());
    QVERIFY(testcartons::writeFolder(m_dir.path(), m_files));
    QString error;
    m_carton = testcartons::open(m_dir.path(), &error);
    QVERIFY2(m_carton, qPrintable(error));
}

void TestFilesFilter::filterSortCopy()
{
    ViewOfCarton viewOf(m_carton, nullptr);
    CartonView &view = viewOf.view();
    view.setCurrentTab(CartonView::FilesTab);
    view.resize(1000, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    studio::FilesPage *page = view.filesPage();
    QTreeView *tree = page->tree();
    QAbstractItemModel *shown = tree->model();

    // Folder totals: the sizes of the files below.
    const QModelIndex model = page->treeIndex(u"model"_s, CartonFilesModel::SizeColumn);
    QCOMPARE(model.data().toString(), studio::humanSize(3000 + 100 + 2000));

    // Ctrl+F focuses the filter; typing narrows the tree to matching paths and their folders.
    tree->setFocus();
    QTest::keyClick(tree, Qt::Key_F, Qt::ControlModifier);
    QVERIFY(page->filterEdit()->hasFocus());
    QTest::keyClicks(page->filterEdit(), u"VOCAB"_s);
    QCOMPARE(shown->rowCount(), 1);
    const QModelIndex folder = shown->index(0, 0);
    QCOMPARE(folder.data(studio::Roles::PathRole).toString(), u"model"_s);
    QCOMPARE(shown->rowCount(folder), 1);
    QCOMPARE(shown->index(0, 0, folder).data(studio::Roles::PathRole).toString(), u"model/vocab.txt"_s);
    QVERIFY(tree->isExpanded(folder));
    // Revealing a filtered-out file clears the filter.
    QVERIFY(page->revealPath(u"carton.toml"_s));
    QVERIFY(page->filterEdit()->text().isEmpty());
    QCOMPARE(tree->currentIndex().data(studio::Roles::PathRole).toString(), u"carton.toml"_s);

    // Sort by size: a click on the header, then again for descending.
    tree->header()->setSectionsClickable(true);
    const int x = tree->header()->sectionViewportPosition(CartonFilesModel::SizeColumn) + 5;
    QTest::mouseClick(tree->header()->viewport(), Qt::LeftButton, {}, QPoint(x, 5));
    auto namesIn = [&](const QString &folderPath) {
        const QModelIndex parent = page->treeIndex(folderPath); // indexes change as rows move
        QStringList names;
        for (int r = 0; r < shown->rowCount(parent); ++r)
            names << shown->index(r, 0, parent).data().toString();
        return names;
    };
    const Qt::SortOrder first = tree->header()->sortIndicatorOrder();
    const QStringList ascending = {u"config.json"_s, u"vocab.txt"_s, u"weights.bin"_s};
    QStringList descending = ascending;
    std::reverse(descending.begin(), descending.end());
    QCOMPARE(namesIn(u"model"_s), first == Qt::AscendingOrder ? ascending : descending);
    QTest::mouseClick(tree->header()->viewport(), Qt::LeftButton, {}, QPoint(x, 5));
    QCOMPARE(namesIn(u"model"_s), first == Qt::AscendingOrder ? descending : ascending);

    // Copy Path and Copy SHA-256 (context menu actions; Ctrl+C copies the path).
    QVERIFY(tree->actions().contains(page->copyPathAction()));
    QVERIFY(tree->actions().contains(page->copySha256Action()));
    tree->setCurrentIndex(page->treeIndex(u"model/weights.bin"_s));
    page->copySha256Action()->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(),
             QString::fromLatin1(
                 QCryptographicHash::hash(m_files.value(u"model/weights.bin"_s), QCryptographicHash::Sha256).toHex()));
    tree->setFocus();
    QTest::keyClick(tree, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), u"model/weights.bin"_s);
}

void TestFilesFilter::tensorFilter()
{
    ViewOfCarton viewOf(m_carton, nullptr);
    CartonView &view = viewOf.view();
    view.setCurrentTab(CartonView::TensorsTab);
    view.show();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    studio::TensorsPage *page = view.tensorsPage();
    QTableView *list = page->listView();
    QCOMPARE(list->model()->rowCount(), 2);
    list->setFocus();
    QTest::keyClick(list, Qt::Key_F, Qt::ControlModifier);
    QVERIFY(page->filterEdit()->hasFocus());
    QTest::keyClicks(page->filterEdit(), u"bet"_s);
    QCOMPARE(list->model()->rowCount(), 1);
    QCOMPARE(list->model()->index(0, 0).data().toString(), u"beta"_s);
    // Selecting the filtered row shows that tensor.
    list->setCurrentIndex(list->model()->index(0, 0));
    QTRY_VERIFY(!page->isLoading());
    QCOMPARE(page->viewer()->tensorName(), u"beta"_s);
    QVERIFY(page->viewer()->tableModel()->rowCount() > 0);
    // Revealing a hidden tensor clears the filter.
    QVERIFY(page->revealTensor(u"alpha"_s));
    QVERIFY(page->filterEdit()->text().isEmpty());
    QCOMPARE(list->currentIndex().data().toString(), u"alpha"_s);
}

void TestFilesFilter::overviewFacts()
{
    ViewOfCarton viewOf(m_carton, nullptr);
    CartonView &view = viewOf.view();
    studio::OverviewPage *overview = view.overviewPage();
    qint64 total = 0;
    for (const QByteArray &bytes : std::as_const(m_files))
        total += bytes.size();
    total += QFileInfo(m_dir.filePath(u"MANIFEST"_s)).size();
    // The MANIFEST is counted apart from the files it lists (which verification counts).
    QCOMPARE(
        overview->filesLabel()->text(),
        u"%1 (%2 listed in MANIFEST, and MANIFEST/LINKS themselves)"_s.arg(m_files.size() + 1).arg(m_files.size()));
    // A folder: packed size is the size.
    QCOMPARE(overview->sizeLabel()->text(),
             u"%1 (%2 packed)"_s.arg(studio::humanSize(total), studio::humanSize(total)));
    QCOMPARE(overview->pathLabel()->text(), QDir::toNativeSeparators(m_carton->path()));
    view.setCartonStateText(u"All 8 files verified"_s);
    QCOMPARE(overview->stateLabel()->text(), u"All 8 files verified"_s);
}

void TestFilesFilter::columnsVisibleWhenSmall()
{
    // The carton view's share of an 800x500 window.
    ViewOfCarton viewOf(m_carton, nullptr);
    CartonView &view = viewOf.view();
    view.setCurrentTab(CartonView::FilesTab);
    view.resize(800, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTreeView *tree = view.filesPage()->tree();
    const int width = tree->viewport()->width();
    for (int column : {int(CartonFilesModel::NameColumn), int(CartonFilesModel::StateColumn),
                       int(CartonFilesModel::SizeColumn), int(CartonFilesModel::Sha256Column)}) {
        const int left = tree->header()->sectionViewportPosition(column);
        QVERIFY2(left >= 0 && left + 60 <= width,
                 qPrintable(u"column %1 at %2 of %3"_s.arg(column).arg(left).arg(width)));
    }
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    TestFilesFilter test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_filesfilter.moc"
