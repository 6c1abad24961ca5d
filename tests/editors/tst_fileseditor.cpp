// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Files tab edits in place: one CartonFilesModel over the document (read-only
// until editing), the FilesPage's Add / Rename / Remove, what Add leaves selected,
// verification results following a rename, undo.
#include "document/cartondocument.h"
#include "editortestutil.h"
#include "files/cartonfilesmodel.h"
#include "files/filespage.h"
#include "files/fileviewer.h"
#include "package/verifier.h"
#include "tensorviewer/tensorfilebrowser.h"
#include "tensorviewer/tensorfilemodel.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeView>
#include <QUndoStack>
#include <memory>

using namespace Qt::StringLiterals;
using studio::CartonDocument;
using studio::CartonFilesModel;
using studio::FilesPage;
using studio::Roles::PathRole;

class TestFilesEditor : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_carton = testcartons::packCarton(m_dir.path(), editortest::tinyCartonFiles());
        QVERIFY2(!m_carton.isEmpty(), "could not pack the test carton");
    }

    void init()
    {
        auto original = testcartons::open(m_carton);
        QVERIFY(original);
        m_document = std::make_unique<CartonDocument>(original, m_carton);
        m_model = std::make_unique<CartonFilesModel>(m_document.get());
        // Every test edits under the model tester (issue 30).
        m_tester = std::make_unique<QAbstractItemModelTester>(m_model.get(),
                                                              QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_page = std::make_unique<FilesPage>(m_model.get());
        m_page->setCarton(original);
        QVERIFY(editortest::showActive(m_page.get()));
    }

    void cleanup()
    {
        m_page.reset();
        m_tester.reset();
        m_model.reset();
        m_document.reset();
    }

    // Browsing: no name is editable, a rename through setData is refused and the
    // editing actions are hidden; editing: the same model's names are editable.
    void readOnlyUntilEditing()
    {
        const QModelIndex bin = m_model->indexForPath(u"model/model.bin"_s);
        QVERIFY(bin.isValid());
        QVERIFY(!(m_model->flags(bin) & Qt::ItemIsEditable));
        QVERIFY(!m_model->setData(bin, u"model/other.bin"_s));
        QVERIFY(m_document->files().find(u"model/model.bin"_s));
        QVERIFY(!m_page->addFilesAction()->isVisible());
        QVERIFY(!m_page->addPaths({m_carton}, u"misc/"_s));

        m_page->setEditing(true);
        QVERIFY(m_page->addFilesAction()->isVisible());
        QVERIFY(m_model->flags(bin) & Qt::ItemIsEditable);
        QCOMPARE(bin.data(Qt::EditRole).toString(), u"model/model.bin"_s);
        // Written by saving, never renamed; folders neither.
        QVERIFY(!(m_model->flags(m_model->indexForPath(u"carton.toml"_s)) & Qt::ItemIsEditable));
        QVERIFY(!(m_model->flags(m_model->indexForPath(u"model"_s)) & Qt::ItemIsEditable));
        QVERIFY(!(m_model->flags(bin.siblingAtColumn(CartonFilesModel::SizeColumn)) & Qt::ItemIsEditable));
    }

    // A rename moves the file in the tree (one undo step); what verification said
    // of it follows it, and undo brings it back where it was.
    void renameKeepsVerification()
    {
        m_page->setEditing(true);
        carton::FileCheck check;
        check.path = u"model/model.bin"_s;
        check.state = carton::FileState::Ok;
        m_model->setFileCheck(check);
        QSignalSpy refused(m_model.get(), &CartonFilesModel::editRefused);
        QVERIFY(m_model->setData(m_model->indexForPath(u"model/model.bin"_s), u"misc/moved.bin"_s));
        QVERIFY(!m_model->indexForPath(u"model/model.bin"_s).isValid());
        const QModelIndex moved = m_model->indexForPath(u"misc/moved.bin"_s);
        QVERIFY(moved.isValid());
        QCOMPARE(m_model->originalPath(moved), u"model/model.bin"_s);
        QCOMPARE(m_model->fileState(u"misc/moved.bin"_s), carton::FileState::Ok);
        QCOMPARE(moved.siblingAtColumn(CartonFilesModel::SizeColumn).data(studio::Roles::SortRole).toLongLong(), 1000);
        QCOMPARE(m_document->undoStack()->count(), 1);
        // Refused: a generated name, an existing one.
        QVERIFY(!m_model->setData(moved, u"MANIFEST"_s));
        QVERIFY(!m_model->setData(moved, u"misc/figure.png"_s));
        QCOMPARE(refused.size(), 2);
        m_document->undoStack()->undo();
        QVERIFY(!m_model->indexForPath(u"misc/moved.bin"_s).isValid());
        QCOMPARE(m_model->fileState(u"model/model.bin"_s), carton::FileState::Ok);
    }

    // One file added: its name cell is open with the file's name (not its folder)
    // selected, so that typing renames it, also once validation has run.
    void addOneFileSelectsItsName()
    {
        m_page->setEditing(true);
        const QString disk = m_dir.filePath(u"weights.bin"_s);
        QVERIFY(write(disk, "0123456789"));

        QVERIFY(m_page->addPaths({disk}, u"model/"_s));
        m_document->validateNow();
        QCoreApplication::processEvents();
        const QModelIndex added = m_model->indexForPath(u"model/weights.bin"_s);
        QVERIFY(added.isValid());
        QCOMPARE(added.siblingAtColumn(CartonFilesModel::StateColumn).data().toString(), u"Added from disk"_s);
        QCOMPARE(m_page->tree()->currentIndex().data(PathRole).toString(), u"model/weights.bin"_s);
        auto *edit = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY2(edit, "Add did not open the new file's name");
        QCOMPARE(edit->text(), u"model/weights.bin"_s);
        QCOMPARE(edit->selectedText(), u"weights.bin"_s);
        QTest::keyClicks(edit, u"encoder.bin"_s);
        QTest::keyClick(edit, Qt::Key_Return);
        QCoreApplication::processEvents();
        QVERIFY(m_model->indexForPath(u"model/encoder.bin"_s).isValid());
        QVERIFY(!m_model->indexForPath(u"model/weights.bin"_s).isValid());
        QCOMPARE(m_document->undoStack()->count(), 2);
    }

    // Several: all selected, no editor opened; Remove (Delete) takes them out in one step.
    void addSeveralThenRemove()
    {
        m_page->setEditing(true);
        const QString a = m_dir.filePath(u"a.txt"_s);
        const QString b = m_dir.filePath(u"b.txt"_s);
        QVERIFY(write(a, "a") && write(b, "b"));
        QVERIFY(m_page->addPaths({a, b}, u"misc/"_s));
        const QModelIndexList rows = m_page->tree()->selectionModel()->selectedRows();
        QStringList paths;
        for (const QModelIndex &r : rows)
            paths.append(r.data(PathRole).toString());
        paths.sort();
        QCOMPARE(paths, (QStringList{u"misc/a.txt"_s, u"misc/b.txt"_s}));
        QVERIFY(!qobject_cast<QLineEdit *>(QApplication::focusWidget()));
        QVERIFY(m_page->tree()->isExpanded(m_page->treeIndex(u"misc"_s)));

        QTest::keyClick(m_page->tree(), Qt::Key_Delete);
        QVERIFY(!m_document->files().find(u"misc/a.txt"_s));
        QVERIFY(!m_document->files().find(u"misc/b.txt"_s));
        QVERIFY(m_document->files().find(u"misc/figure.png"_s));
        QCOMPARE(m_document->undoStack()->count(), 2);
        m_document->undoStack()->undo();
        QVERIFY(m_model->indexForPath(u"misc/a.txt"_s).isValid());
    }

    // Files added from disk or made in memory show in the viewer before the carton
    // is saved (text by its content, a .npy in the tensor browser): read through the
    // document, not the opened carton, which has none of them.
    void unsavedFilesShowInTheViewer()
    {
        m_page->setEditing(true);
        const QString notes = m_dir.filePath(u"notes.txt"_s);
        QVERIFY(write(notes, "written on disk, not saved yet\n"));
        const QString npy = m_dir.filePath(u"x.npy"_s);
        const float values[3] = {1.5f, -2.0f, 3.25f};
        QVERIFY(write(npy, testutil::npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }",
                                             QByteArray(reinterpret_cast<const char *>(values), sizeof values))));
        QVERIFY(m_page->addPaths({notes, npy}, u"misc/"_s));
        QVERIFY(m_document->addBytes(u"misc/made.txt"_s, "made in memory", u"Add"_s));
        studio::FileViewer *viewer = m_page->viewer();
        QSignalSpy loaded(viewer, &studio::FileViewer::loaded);

        QVERIFY(m_page->revealPath(u"misc/notes.txt"_s));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(loaded.last().at(0).toString(), u"misc/notes.txt"_s);
        QCOMPARE(viewer->preview().kind, studio::FilePreview::Text);
        QCOMPARE(viewer->preview().text, u"written on disk, not saved yet\n"_s);

        QVERIFY(m_page->revealPath(u"misc/made.txt"_s));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(viewer->preview().text, u"made in memory"_s);

        QVERIFY(m_page->revealPath(u"misc/x.npy"_s));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(viewer->preview().kind, studio::FilePreview::TensorFile);
        QVERIFY(viewer->tensorBrowser());
        QCOMPARE(viewer->tensorBrowser()->error(), QString());
        QCOMPARE(viewer->tensorBrowser()->model()->rowCount(), 1);

        // A file of the opened carton still comes from the carton.
        QVERIFY(m_page->revealPath(u"model/model.bin"_s));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(viewer->preview().text, QString(1000, u'm'));
        // A file replaced by one from disk shows the new bytes: an image made in memory
        // where the carton has a 40 × 20 one.
        QVERIFY(m_document->addBytes(u"misc/figure.png"_s, editortest::pngBytes(QSize(8, 6), Qt::blue), u"Replace"_s));
        QVERIFY(m_page->revealPath(u"misc/figure.png"_s));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(viewer->preview().kind, studio::FilePreview::Image);
        QCOMPARE(viewer->preview().imageSize, QSize(8, 6));
    }

private:
    static bool write(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    }
    QTemporaryDir m_dir;
    QString m_carton;
    std::unique_ptr<CartonDocument> m_document;
    std::unique_ptr<CartonFilesModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    std::unique_ptr<FilesPage> m_page;
};

QTEST_MAIN(TestFilesEditor)
#include "tst_fileseditor.moc"
