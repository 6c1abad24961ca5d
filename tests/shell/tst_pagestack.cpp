// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "document/cartondocument.h"
#include "editors/documenteditor.h"
#include "errorpage.h"
#include "jobs/jobpools.h"
#include "package/carton.h"
#include "pagestack.h"
#include "shelltestutil.h"
#include "views/cartonview.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace shelltest;
using studio::CartonDocument;
using studio::CartonView;
using studio::DocumentEditor;
using studio::PageStack;

// Which page of a CartonPage shows, and when the editor has its "Done Editing"
// button: the stack on its own, with a real folder carton, its view and its
// document.
class TestPageStack final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString root = makeFolderCarton(m_dir, u"folder"_s);
        QVERIFY(!root.isEmpty());
        auto opened = carton::Carton::open(root);
        QVERIFY2(opened.ok(), qPrintable(opened ? QString() : opened.error().toString()));
        m_carton = std::shared_ptr<const carton::Carton>(std::move(opened).value());
    }

    void cleanupTestCase() { studio::JobPools::waitForAll(); }

    void loadingThenViewThenEditor()
    {
        auto *loading = new QLabel(u"loading"_s);
        PageStack pages(loading);
        QSignalSpy requested(&pages, &PageStack::editingRequested);
        QCOMPARE(pages.currentWidget(), loading);

        auto *view = new CartonView(m_carton, nullptr, &pages);
        view->addEditButton(true, {});
        pages.setView(view);
        QCOMPARE(pages.currentWidget(), view);
        auto *edit = view->findChild<QToolButton *>(u"editButton"_s);
        QVERIFY(edit && edit->isEnabled());
        edit->click();
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.at(0).at(0).toBool(), true);

        CartonDocument document(m_carton, QString());
        QVERIFY(pages.setEditing(true, &document));
        QVERIFY(!pages.setEditing(true, &document)); // no change
        QCOMPARE(pages.currentWidget(), pages.editor());
        QVERIFY(pages.isEditing());
        auto *done = pages.editor()->findChild<QToolButton *>(u"browseButton"_s);
        QVERIFY(done); // there is a carton to browse
        done->click();
        QCOMPARE(requested.count(), 2);
        QCOMPARE(requested.at(1).at(0).toBool(), false);
        QVERIFY(pages.setEditing(false, &document));
        QCOMPARE(pages.currentWidget(), view);
    }

    // A save rebases the page: the editor stays in view, with its page, while
    // the saved file opens and a new view comes.
    void clearKeepingTheEditor()
    {
        auto *loading = new QLabel(u"loading"_s);
        PageStack pages(loading);
        CartonDocument document(m_carton, QString());
        pages.setView(new CartonView(m_carton, nullptr, &pages));
        pages.setEditing(true, &document);
        DocumentEditor *editor = pages.editor();
        editor->setCurrentPage(DocumentEditor::FilesPage);

        pages.clear(true);
        QCOMPARE(pages.view(), nullptr);
        QCOMPARE(pages.editor(), editor);
        QCOMPARE(pages.currentWidget(), editor);
        auto *again = new CartonView(m_carton, nullptr, &pages);
        pages.setView(again);
        QCOMPARE(pages.currentWidget(), editor); // still editing
        QCOMPARE(editor->tabWidget()->currentIndex(), int(DocumentEditor::FilesPage));

        // A reload drops the editor too and shows the loading page.
        QPointer<DocumentEditor> dropped(editor);
        pages.clear(false);
        QCOMPARE(pages.editor(), nullptr);
        QCOMPARE(pages.currentWidget(), loading);
        QTRY_VERIFY(dropped.isNull()); // a deferred delete
    }

    // A new document has no carton to browse: no "Done Editing" until a view comes.
    void newDocumentGetsDoneButtonWithTheView()
    {
        PageStack pages(new QLabel(u"loading"_s));
        CartonDocument document(m_carton, QString());
        pages.setEditing(true, &document);
        QVERIFY(!pages.editor()->findChild<QToolButton *>(u"browseButton"_s));
        pages.setView(new CartonView(m_carton, nullptr, &pages));
        QVERIFY(pages.editor()->findChild<QToolButton *>(u"browseButton"_s));
        QCOMPARE(pages.currentWidget(), pages.editor());
    }

    void errorPageShows()
    {
        PageStack pages(new QLabel(u"loading"_s));
        auto *error = new studio::ErrorPage(&pages);
        pages.setErrorPage(error);
        QCOMPARE(pages.errorPage(), error);
        QCOMPARE(pages.currentWidget(), error);
        pages.clear(false);
        QCOMPARE(pages.errorPage(), nullptr);
    }

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const carton::Carton> m_carton;
};

QTEST_MAIN(TestPageStack)
#include "tst_pagestack.moc"
