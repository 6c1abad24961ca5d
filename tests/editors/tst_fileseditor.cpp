// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// FilesEditor: what Add leaves selected.
#include "document/cartondocument.h"
#include "editortestutil.h"
#include "files/documentfilesmodel.h"
#include "files/fileseditor.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <memory>

using namespace Qt::StringLiterals;
using studio::CartonDocument;
using studio::DocumentFilesModel;
using studio::FilesEditor;

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
        m_editor = std::make_unique<FilesEditor>(m_document.get());
        // Every test edits under the model tester (issue 30).
        m_tester = std::make_unique<QAbstractItemModelTester>(m_editor->model(),
                                                              QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(editortest::showActive(m_editor.get()));
    }

    void cleanup()
    {
        m_tester.reset();
        m_editor.reset();
        m_document.reset();
    }

    // One file added: its Path cell is open with the file's name (not its folder)
    // selected, so typing renames it, also once validation has run.
    void addOneFileSelectsItsName()
    {
        const QString disk = m_dir.filePath(u"weights.bin"_s);
        QVERIFY(write(disk, "0123456789"));

        QVERIFY(m_editor->addPaths({disk}, u"model/"_s));
        m_document->validateNow();
        QCoreApplication::processEvents();
        const int row = m_editor->model()->rowOf(u"model/weights.bin"_s);
        QVERIFY(row >= 0);
        QCOMPARE(m_editor->view()->currentIndex().row(), row);
        auto *edit = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY2(edit, "Add did not open the new file's name");
        QCOMPARE(edit->text(), u"model/weights.bin"_s);
        QCOMPARE(edit->selectedText(), u"weights.bin"_s);
        QTest::keyClicks(edit, u"encoder.bin"_s);
        QTest::keyClick(edit, Qt::Key_Return);
        QCoreApplication::processEvents();
        QVERIFY(m_editor->model()->rowOf(u"model/encoder.bin"_s) >= 0);
        QCOMPARE(m_editor->model()->rowOf(u"model/weights.bin"_s), -1);
    }

    // Several: all selected, no editor opened.
    void addSeveralSelectsThem()
    {
        const QString a = m_dir.filePath(u"a.txt"_s);
        const QString b = m_dir.filePath(u"b.txt"_s);
        QVERIFY(write(a, "a") && write(b, "b"));
        QVERIFY(m_editor->addPaths({a, b}, u"misc/"_s));
        const QModelIndexList rows = m_editor->view()->selectionModel()->selectedRows();
        QCOMPARE(rows.size(), 2);
        QStringList paths;
        for (const QModelIndex &r : rows)
            paths.append(m_editor->model()->pathAt(r.row()));
        paths.sort();
        QCOMPARE(paths, (QStringList{u"misc/a.txt"_s, u"misc/b.txt"_s}));
        QVERIFY(!qobject_cast<QLineEdit *>(QApplication::focusWidget()));
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
    std::unique_ptr<FilesEditor> m_editor;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

QTEST_MAIN(TestFilesEditor)
#include "tst_fileseditor.moc"
