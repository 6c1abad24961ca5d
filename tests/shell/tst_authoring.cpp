// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Authoring in the main window: dropping a model starts a new document, saving
// writes a carton the core reads back, undo is named, closing asks, recovery.
#include "carton/cartonview.h"
#include "document/cartondocument.h"
#include "document/recoveryfile.h"
#include "files/cartonfilesmodel.h"
#include "files/filespage.h"
#include "overview/licenseedit.h"
#include "overview/metadataeditor.h"
#include "pack/cartonsaver.h"
#include "package/carton.h"
#include "package/cartonedits.h"
#include "package/verifier.h"
#include "runner/runnereditor.h"
#include "shell/cartonpage.h"
#include "shell/documentactions.h"
#include "shelltestutil.h"
#include "specs/specsmodel.h"
#include "specs/specspage.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QPointer>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QUrl>
#include <functional>

using namespace studio;
using namespace shelltest;

namespace {

// Answers the next modal message box named `name` with `button` (polling, as
// the box runs its own event loop). `seen` is set when it was answered.
void answerMessageBox(const QString &name, QMessageBox::StandardButton button, bool *seen)
{
    // The pending timer owns the poll; the poll itself holds only a weak
    // reference (a strong one would be a cycle that LeakSanitizer reports).
    auto poll = std::make_shared<std::function<void(int)>>();
    *poll = [name, button, seen, weak = std::weak_ptr(poll)](int triesLeft) {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (box && box->objectName() == name) {
            *seen = true;
            box->button(button)->click();
            return;
        }
        if (triesLeft > 0)
            QTimer::singleShot(20, [self = weak.lock(), triesLeft] { (*self)(triesLeft - 1); });
    };
    QTimer::singleShot(0, [poll] { (*poll)(500); });
}

void drop(MainWindow &window, const QString &path)
{
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    const QPoint pos(window.width() / 2, window.height() / 2);
    QDragEnterEvent enter(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent dropEvent(QPointF(pos), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &dropEvent);
}

// Starts saving `page` to `path` and waits for the save to report. True when it
// started and succeeded.
bool saveAndWait(MainWindow &window, CartonPage *page, const QString &path)
{
    QSignalSpy finished(window.documentActions(), &DocumentActions::saveFinished);
    if (!window.documentActions()->saveTo(page, path))
        return false;
    if (!finished.wait(jobTimeoutMs) || finished.size() != 1)
        return false;
    return finished.constFirst().at(0).value<CartonPage *>() == page && finished.constFirst().at(1).toBool();
}

// A carton saved from a folder carton to `path`, open in `window` with one unsaved edit
// (its short description is `edited`).
CartonPage *openEditedCarton(MainWindow &window, const QTemporaryDir &dir, const QString &name, const QString &path,
                             const QString &edited)
{
    CartonPage *page = window.openPath(makeFolderCarton(dir, name));
    if (!QTest::qWaitFor([&] { return page->state() == CartonSession::State::Open; }, jobTimeoutMs))
        return nullptr;
    if (!saveAndWait(window, page, path) ||
        !QTest::qWaitFor([&] { return page->state() == CartonSession::State::Open; }, jobTimeoutMs))
        return nullptr;
    carton::CartonInfo info = page->document()->info();
    info.shortDescription = edited;
    page->document()->setInfo(info, u"Edit Short Description"_s);
    return page->isModified() ? page : nullptr;
}

// Closes the current tab answering Save to the question about its unsaved
// edits; true once asked and the save reported (to `finished`).
bool closeCurrentSaving(MainWindow &window, QSignalSpy &finished)
{
    bool asked = false;
    answerMessageBox(u"unsavedEditsBox"_s, QMessageBox::Save, &asked);
    window.closeCurrent();
    return asked && finished.wait(jobTimeoutMs);
}

std::shared_ptr<const carton::Carton> openCore(const QString &path)
{
    auto result = carton::Carton::open(path);
    if (!result)
        return {};
    return std::shared_ptr<const carton::Carton>(std::move(result).value());
}

} // namespace

class TestAuthoring : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QDir(RecoveryFile::folder()).removeRecursively();
        QVERIFY(m_dir.isValid());
        m_settings = std::make_unique<QSettings>(m_dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
    }

    void dropModelFolderSaveAndReopen()
    {
        const QString folder = m_dir.filePath(u"mymodel"_s);
        QVERIFY(writeFile(folder + u"/model.pt"_s, QByteArray(4096, 'w')));
        QVERIFY(writeFile(folder + u"/vocab/words.txt"_s, "a\nb\n"));
        MainWindow window(m_settings.get());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        drop(window, folder);
        QCOMPARE(window.pageCount(), 1);
        CartonPage *page = window.currentPage();
        QVERIFY(page->document());
        QVERIFY(page->document()->isNew());
        QVERIFY(page->isEditing());
        QVERIFY(page->view()->isVisible());
        QCOMPARE(page->document()->info().runner.runnerName, u"torchscript"_s);
        QCOMPARE(window.tabWidget()->tabText(0), u"mymodel *"_s);
        QVERIFY(window.isWindowModified());
        // The banner names the missing field as a link to its editor.
        QTRY_VERIFY(page->missingBanner()->isVisible());
        QVERIFY2(page->missingBanner()->text().contains(u"runner.required_framework_version"_s),
                 qPrintable(page->missingBanner()->text()));
        // Save is enabled; the Files page lists both files under model/.
        QVERIFY(window.documentActions()->saveAction()->isEnabled());
        auto *files = page->view()->filesPage();
        QVERIFY(files);
        QVERIFY(files->isEditing());
        const QModelIndex modelFolder = files->model()->indexForPath(u"model"_s);
        QCOMPARE(files->model()->rowCount(modelFolder), 2);
        QVERIFY(files->model()->indexForPath(u"model/model.pt"_s).isValid());
        QVERIFY(files->model()->indexForPath(u"model/vocab/words.txt"_s).isValid());

        // The banner's link opens the Runner page on the field; type into it and
        // into the Metadata page's fields, as a user does.
        emit page->missingBanner()->linkActivated(u"runner.required_framework_version"_s);
        auto *runner = page->view()->runnerEditor();
        QVERIFY(runner);
        QCOMPARE(page->view()->currentTab(), CartonView::RunnerTab);
        QTest::keyClicks(runner->frameworkVersionEdit(), u"=1.13.1"_s);
        auto *metadata = page->view()->metadataEditor();
        QVERIFY(metadata);
        page->view()->setCurrentTab(CartonView::MetadataTab);
        metadata->shortDescriptionEdit()->setFocus();
        QTest::keyClicks(metadata->shortDescriptionEdit(), u"A tiny test model"_s);
        metadata->licenseEdit()->setFocus();
        QTest::keyClicks(metadata->licenseEdit(), u"MIT"_s);
        QCOMPARE(page->document()->info().runner.requiredFrameworkVersion, u"=1.13.1"_s);
        QCOMPARE(page->document()->info().shortDescription, u"A tiny test model"_s);
        QCOMPARE(window.documentActions()->undoAction()->text(),
                 page->document()->undoStack()->undoText().prepend(u"&Undo "_s));
        QTRY_VERIFY(page->missingBanner()->isHidden());

        const QString out = m_dir.filePath(u"mymodel.carton"_s);
        CartonDocument *const document = page->document();
        const int steps = document->undoStack()->count();
        QVERIFY(steps >= 3);
        QVERIFY(saveAndWait(window, page, out));
        // The tab now shows the saved carton, still in edit mode: the save rebased
        // the page, it did not reload it. Same document, same undo history, same
        // editor page; the undo stack is clean.
        QCOMPARE(page->path(), out);
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), CartonSession::State::Open, jobTimeoutMs);
        QCOMPARE(page->document(), document);
        QCOMPARE(document->undoStack()->count(), steps);
        QVERIFY(document->undoStack()->isClean());
        QVERIFY(!page->isModified());
        QVERIFY(page->isEditing());
        QCOMPARE(page->view()->currentTab(), CartonView::MetadataTab);
        QCOMPARE(window.tabWidget()->tabText(0), u"mymodel.carton"_s);
        QVERIFY(!window.isWindowModified());
        QVERIFY(page->view());                            // the saved carton can be browsed ("Done Editing")
        QVERIFY(page->view()->editButton()->isVisible()); // "Done Editing": there is a file to browse now
        // Undo after the save: the license edit comes back out, the document is modified again; redo is clean.
        QAction *undo = window.documentActions()->undoAction();
        QVERIFY(undo->isEnabled());
        undo->trigger();
        QCOMPARE(document->info().license, std::nullopt);
        QVERIFY(page->isModified());
        window.documentActions()->redoAction()->trigger();
        QCOMPARE(document->info().license, u"MIT"_s);
        QVERIFY(!page->isModified());
        // Save As keeps the history too.
        const QString copy = m_dir.filePath(u"copy.carton"_s);
        undo->trigger();
        QVERIFY(saveAndWait(window, page, copy));
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), CartonSession::State::Open, jobTimeoutMs);
        QCOMPARE(page->path(), copy);
        QCOMPARE(page->document(), document);
        QCOMPARE(document->undoStack()->count(), steps);
        QVERIFY(!page->isModified());
        QCOMPARE(openCore(copy)->info()->license, std::nullopt);
        window.documentActions()->redoAction()->trigger();
        QVERIFY(saveAndWait(window, page, out));
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), CartonSession::State::Open, jobTimeoutMs);

        auto saved = openCore(out);
        QVERIFY(saved);
        QCOMPARE(saved->info()->runner.requiredFrameworkVersion, u"=1.13.1"_s);
        QCOMPARE(saved->info()->shortDescription, u"A tiny test model"_s);
        QCOMPARE(saved->info()->license, u"MIT"_s);
        QCOMPARE(saved->info()->modelName, u"mymodel"_s);
        QVERIFY(saved->manifest()->find(u"model/vocab/words.txt"_s));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), jobTimeoutMs);
    }

    void dropModelFileStartsDocument()
    {
        const QString file = m_dir.filePath(u"net.onnx"_s);
        QVERIFY(writeFile(file, "onnx bytes"));
        MainWindow window(m_settings.get());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        drop(window, file);
        QCOMPARE(window.pageCount(), 1);
        CartonPage *page = window.currentPage();
        QVERIFY(page->document()->isNew());
        QVERIFY(page->document()->files().find(u"model/net.onnx"_s));
        QVERIFY(page->document()->info().runner.runnerName.isEmpty()); // nothing suggests one
        QTRY_VERIFY(page->missingBanner()->text().contains(u"runner.runner_name"_s));
        // Closing asks; Cancel keeps the tab, Discard closes it.
        bool seen = false;
        answerMessageBox(u"unsavedEditsBox"_s, QMessageBox::Cancel, &seen);
        window.closeCurrent();
        QVERIFY(seen);
        QCOMPARE(window.pageCount(), 1);
        seen = false;
        answerMessageBox(u"unsavedEditsBox"_s, QMessageBox::Discard, &seen);
        window.closeCurrent();
        QVERIFY(seen);
        QCOMPARE(window.pageCount(), 0);
    }

    void editUndoAndFiles()
    {
        const QString folder = makeFolderCarton(m_dir, u"editme"_s);
        MainWindow window(m_settings.get());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        CartonPage *page = window.openPath(folder);
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), CartonSession::State::Open, jobTimeoutMs);
        QVERIFY(!page->isEditing());
        QAction *edit = window.documentActions()->editAction();
        QVERIFY(edit->isEnabled());
        edit->trigger();
        QVERIFY(page->isEditing());
        QVERIFY(edit->isChecked());

        CartonDocument *document = page->document();
        carton::CartonInfo info = document->info();
        info.modelName = u"Edited"_s;
        document->setInfo(info, u"Edit Model Name"_s);
        QAction *undo = window.documentActions()->undoAction();
        QVERIFY(undo->isEnabled());
        QCOMPARE(undo->text(), u"&Undo Edit Model Name"_s);
        QCOMPARE(window.tabWidget()->tabText(0), u"editme *"_s);

        // The Files page: add from disk, rename in place, remove; each one step.
        auto *files = page->view()->filesPage();
        QVERIFY(files);
        QVERIFY(files->isEditing());
        const QString picture = m_dir.filePath(u"pic.png"_s);
        QVERIFY(writeFile(picture, "png"));
        files->targetCombo()->setCurrentText(u"misc/"_s);
        QVERIFY(files->addPaths({picture}, u"misc/"_s));
        QVERIFY(document->files().find(u"misc/pic.png"_s));
        QVERIFY(files->model()->setData(files->model()->indexForPath(u"misc/pic.png"_s), u"misc/a.png"_s));
        QVERIFY(document->files().find(u"misc/a.png"_s));
        QVERIFY(!files->model()->setData(files->model()->indexForPath(u"misc/a.png"_s), u"MANIFEST"_s));
        QVERIFY(files->revealPath(u"model/model.txt"_s));
        files->removeSelected();
        QVERIFY(!document->files().find(u"model/model.txt"_s));
        QCOMPARE(document->undoStack()->count(), 4);
        QTRY_VERIFY(page->missingBanner()->text().contains(u"model/"_s)); // model/ is empty now

        // Ctrl+Z in a text field undoes the document's last step (the removal),
        // not the field's own history.
        auto *metadata = page->view()->metadataEditor();
        page->view()->setCurrentTab(CartonView::MetadataTab);
        QApplication::setActiveWindow(&window);
        metadata->homepageEdit()->setFocus();
        QTest::keyClick(metadata->homepageEdit(), Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(document->files().find(u"model/model.txt"_s));
        QCOMPARE(document->undoStack()->index(), 3);
        QVERIFY(metadata->homepageEdit()->text().isEmpty());
        QTest::keyClick(metadata->homepageEdit(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(!document->files().find(u"model/model.txt"_s));

        for (int i = 0; i < 4; ++i)
            undo->trigger();
        QVERIFY(!page->isModified());
        QCOMPARE(document->info().modelName, u"folder_model"_s);
        QVERIFY(document->files().find(u"model/model.txt"_s));
        QVERIFY(!document->files().find(u"misc/pic.png"_s));
        QCOMPARE(window.tabWidget()->tabText(0), u"editme"_s);
        edit->trigger();
        QVERIFY(!page->isEditing());
        QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), jobTimeoutMs);
    }

    void saveWithErrorsAsks()
    {
        const QString folder = makeFolderCarton(m_dir, u"errors"_s);
        MainWindow window(m_settings.get());
        window.show();
        CartonPage *page = window.openPath(folder);
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), CartonSession::State::Open, jobTimeoutMs);
        carton::CartonInfo info = page->document()->info();
        info.shortDescription = QString(150, u'x');
        page->document()->setInfo(info, u"Edit Short Description"_s);
        bool seen = false;
        answerMessageBox(u"saveWithErrorsBox"_s, QMessageBox::Cancel, &seen);
        QVERIFY(!window.documentActions()->save(page, false));
        QVERIFY(seen);
        QVERIFY(page->isModified());
        QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), jobTimeoutMs);
    }

    // A shape typed in the Inputs editor that does not parse stays in its cell, is
    // listed in the Diagnostics panel naming the input and what was expected, and
    // Save refuses and shows the cell: the file would hold the old shape, not what
    // the cell shows (issue 29, item 9).
    void unappliedShapeIsListedAndSaveRefuses()
    {
        const QByteArray toml = "spec_version = 1\nmodel_name = \"typed\"\n"
                                "[[input]]\nname = \"image\"\ndtype = \"float32\"\nshape = [\"batch\", 3]\n"
                                "[runner]\nrunner_name = \"noop\"\nrequired_framework_version = \"=1.0.0\"\n"
                                "runner_compat_version = 1\n";
        const QString folder = makeFolderCarton(m_dir, u"typed"_s, false, toml);
        MainWindow window(m_settings.get());
        window.show();
        CartonPage *page = window.openPath(folder);
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), CartonSession::State::Open, jobTimeoutMs);
        page->setEditing(true);
        auto *specs = page->view()->specsPage();
        QVERIFY(specs);
        QAbstractItemModel *model = specs->inputsModel();
        const QModelIndex cell = model->index(0, SpecsModel::ShapeColumn);
        const carton::Shape before = page->document()->info().inputs.at(0).shape;
        QVERIFY(!model->setData(cell, u"[3,,4"_s));
        QCOMPARE(cell.data().toString(), u"[3,,4"_s);
        QCOMPARE(page->document()->info().inputs.at(0).shape, before);
        auto listed = [&] {
            for (const carton::Diagnostic &d : shownDiagnostics(window))
                if (d.severity == carton::Severity::Error && d.location.field == u"input[0].shape"_s &&
                    d.message.contains(u"image"_s) && d.message.contains(u"[3,,4"_s) &&
                    d.message.contains(u"has no closing ]"_s))
                    return true;
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(listed(), jobTimeoutMs);

        page->view()->setCurrentTab(CartonView::MetadataTab);
        bool seen = false;
        answerMessageBox(u"unappliedTextBox"_s, QMessageBox::Ok, &seen);
        QVERIFY(!window.documentActions()->save(page, false));
        QVERIFY(seen);
        // Refusing showed the cell and kept the text.
        QCOMPARE(page->view()->currentTab(), CartonView::SpecsTab);
        QCOMPARE(specs->inputsView()->currentIndex(), cell);
        QCOMPARE(cell.data().toString(), u"[3,,4"_s);
        // Closing the tab asks, although no edit was applied.
        bool asked = false;
        answerMessageBox(u"unsavedEditsBox"_s, QMessageBox::Cancel, &asked);
        QCOMPARE(window.documentActions()->askBeforeClose(page, {}), DocumentActions::CloseAnswer::Cancel);
        QVERIFY(asked);

        // A valid spelling applies, and the listing goes.
        QVERIFY(model->setData(cell, u"(batch, 3, 32, 32)"_s));
        QCOMPARE(page->document()->info().inputs.at(0).shape,
                 carton::Shape::dims({carton::Dim::symbol(u"batch"_s), carton::Dim::value(3), carton::Dim::value(32),
                                      carton::Dim::value(32)}));
        QTRY_VERIFY_WITH_TIMEOUT(!listed(), jobTimeoutMs);
        QVERIFY(page->document()->unappliedTexts().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), jobTimeoutMs);
    }

    // Closing a tab with unsaved edits and answering Save starts the save and
    // closes the tab once it succeeded; the file on disk has the edit.
    void closeTabWithSave()
    {
        const QString out = m_dir.filePath(u"closesave.carton"_s);
        MainWindow window(m_settings.get());
        window.show();
        CartonPage *page = openEditedCarton(window, m_dir, u"closesave"_s, out, u"Saved on close"_s);
        QVERIFY(page);
        QPointer<CartonPage> guard(page);
        QSignalSpy finished(window.documentActions(), &DocumentActions::saveFinished);
        QVERIFY(closeCurrentSaving(window, finished));
        auto *failed = window.findChild<QMessageBox *>(u"saveFailedBox"_s);
        QVERIFY2(!failed, failed ? qPrintable(failed->text()) : "");
        QVERIFY(finished.constFirst().at(1).toBool());
        QCOMPARE(window.pageCount(), 0);
        QTRY_VERIFY(!guard);
        QCOMPARE(openCore(out)->info()->shortDescription, u"Saved on close"_s);
    }

    // A document keeps the carton it opened (its undo steps refer to its
    // entries): saving in place again and again, and after an undo, leaves a
    // carton whose every file matches MANIFEST. (The second save copied the
    // entries by their old offsets out of the file the first had renamed over
    // the path: "corrupt zstd data", CRC mismatches.)
    void saveInPlaceRepeatedly()
    {
        const QString out = m_dir.filePath(u"inplace.carton"_s);
        {
            auto folder = openCore(makeFolderCarton(m_dir, u"inplace"_s));
            QVERIFY(folder);
            QVERIFY(carton::saveCarton(carton::CartonEdits(folder.get()), out).ok());
        }
        MainWindow window(m_settings.get());
        window.show();
        CartonPage *page = window.openPath(out);
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), CartonSession::State::Open, jobTimeoutMs);
        const auto verified = [&out](const QString &description) {
            auto saved = openCore(out);
            if (!saved || saved->info()->shortDescription != description)
                return false;
            const carton::VerifyReport report = carton::verifyCarton(*saved);
            return report.ok() && report.files.size() >= 2;
        };
        for (const QString &description :
             {u"A much longer description, which moves every entry after carton.toml"_s, u"short"_s}) {
            carton::CartonInfo info = page->document()->info();
            info.shortDescription = description;
            page->document()->setInfo(info, u"Edit Short Description"_s);
            QVERIFY(saveAndWait(window, page, out));
            QVERIFY2(verified(description), qPrintable(description));
            QTRY_COMPARE_WITH_TIMEOUT(page->state(), CartonSession::State::Open, jobTimeoutMs);
        }
        page->document()->undoStack()->undo();
        QVERIFY(saveAndWait(window, page, out));
        QVERIFY(verified(u"A much longer description, which moves every entry after carton.toml"_s));
    }

    // Quitting with unsaved edits and answering Save quits once the save
    // succeeded; the file on disk has the edit.
    void quitWithSave()
    {
        const QString out = m_dir.filePath(u"quitsave.carton"_s);
        MainWindow window(m_settings.get());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        CartonPage *page = openEditedCarton(window, m_dir, u"quitsave"_s, out, u"Saved on quit"_s);
        QVERIFY(page);
        bool asked = false;
        answerMessageBox(u"unsavedEditsBox"_s, QMessageBox::Save, &asked);
        QVERIFY(!window.close()); // the save runs; the window waits for it, it does not block
        QVERIFY(asked);
        QVERIFY(window.isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), jobTimeoutMs);
        QVERIFY(!page->isModified());
        QCOMPARE(openCore(out)->info()->shortDescription, u"Saved on quit"_s);
    }

    // A save that fails keeps the tab open with its edits and says why; so does
    // quitting. (The folder the carton was saved to became a file: writing there
    // fails for any user, root too, where a read-only folder would not.)
    void failedSaveKeepsTabAndEdits()
    {
        const QString folder = m_dir.filePath(u"gone"_s);
        QVERIFY(QDir().mkpath(folder));
        const QString out = folder + u"/failing.carton"_s;
        MainWindow window(m_settings.get());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        CartonPage *page = openEditedCarton(window, m_dir, u"failing"_s, out, u"Not saved"_s);
        QVERIFY(page);
        QVERIFY(QDir(folder).removeRecursively());
        QVERIFY(writeFile(folder, "a file where the folder was"));

        QSignalSpy finished(window.documentActions(), &DocumentActions::saveFinished);
        QVERIFY(closeCurrentSaving(window, finished));
        QVERIFY(!finished.constFirst().at(1).toBool());
        auto *box = window.findChild<QMessageBox *>(u"saveFailedBox"_s);
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        QVERIFY2(box->text().contains(u"failing.carton"_s), qPrintable(box->text()));
        box->button(QMessageBox::Ok)->click();
        QCOMPARE(window.pageCount(), 1);
        QCOMPARE(window.currentPage(), page);
        QVERIFY(page->isModified());
        QCOMPARE(page->document()->info().shortDescription, u"Not saved"_s);

        // Quitting with the failing save: the window stays open, the edits too.
        finished.clear();
        bool asked = false;
        answerMessageBox(u"unsavedEditsBox"_s, QMessageBox::Save, &asked);
        QVERIFY(!window.close());
        QVERIFY(finished.wait(jobTimeoutMs));
        QVERIFY(!finished.constFirst().at(1).toBool());
        QTRY_VERIFY(window.findChild<QMessageBox *>(u"saveFailedBox"_s));
        window.findChild<QMessageBox *>(u"saveFailedBox"_s)->button(QMessageBox::Ok)->click();
        QVERIFY(window.isVisible());
        QCOMPARE(window.pageCount(), 1);
        QVERIFY(page->isModified());
        answerMessageBox(u"unsavedEditsBox"_s, QMessageBox::Discard, &asked);
        window.closeCurrent();
        QCOMPARE(window.pageCount(), 0);
    }

    // Save returns at once: a long save runs while the window's event loop goes
    // on, behind a progress dialog whose Cancel stops it (nothing written).
    void longSaveShowsProgressAndCancels()
    {
        const QString folder = makeBigFolderCarton(m_dir, u"bigsave"_s, 128);
        QVERIFY(!folder.isEmpty());
        MainWindow window(m_settings.get());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        CartonPage *page = window.openPath(folder);
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), CartonSession::State::Open, jobTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), jobTimeoutMs);
        const QString out = m_dir.filePath(u"bigsave.carton"_s);
        QSignalSpy finished(window.documentActions(), &DocumentActions::saveFinished);
        QVERIFY(window.documentActions()->saveTo(page, out));
        QVERIFY(page->document()->isSaving()); // returned while the save runs
        auto *progress = window.findChild<QProgressDialog *>(u"saveProgress"_s);
        QVERIFY(progress);
        QVERIFY(finished.isEmpty());
        // The window's own event loop runs meanwhile: the dialog shows the save's
        // progress while it is not done (it reports below).
        QTRY_VERIFY_WITH_TIMEOUT(progress->value() > 0, jobTimeoutMs);
        QVERIFY(page->document()->isSaving());
        auto *cancel = progress->findChild<QPushButton *>();
        QVERIFY(cancel);
        cancel->click();
        QVERIFY(finished.wait(jobTimeoutMs));
        QVERIFY(!finished.constFirst().at(1).toBool());
        QVERIFY(!QFileInfo::exists(out));
        QVERIFY(!window.findChild<QMessageBox *>(u"saveFailedBox"_s)); // cancelled: no error to show
        QTRY_VERIFY(!window.findChild<QProgressDialog *>(u"saveProgress"_s));
        QCOMPARE(page->path(), folder);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), jobTimeoutMs);
    }

    void recoverAfterCrash()
    {
        const QString folder = makeFolderCarton(m_dir, u"crashy"_s);
        QString recoveryPath;
        {
            MainWindow window(m_settings.get());
            CartonPage *page = window.openPath(folder);
            QTRY_COMPARE_WITH_TIMEOUT(page->state(), CartonSession::State::Open, jobTimeoutMs);
            carton::CartonInfo info = page->document()->info();
            info.modelName = u"Unsaved work"_s;
            page->document()->setInfo(info, u"Edit Model Name"_s);
            window.documentActions()->autosaveAll();
            recoveryPath = page->document()->recoveryPath();
            QVERIFY(QFileInfo::exists(recoveryPath));
            // A crash leaves the file: keep a copy, as closing the page removes it.
            QVERIFY(QFile::copy(recoveryPath, recoveryPath + u".crash.json"_s));
            bool asked = false;
            answerMessageBox(u"unsavedEditsBox"_s, QMessageBox::Discard, &asked);
            window.closeCurrent();
            QVERIFY(asked);
            QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), jobTimeoutMs);
        }
        QVERIFY(!QFileInfo::exists(recoveryPath));
        QVERIFY(RecoveryFile::list().size() == 1);

        MainWindow window(m_settings.get());
        window.show();
        bool seen = false;
        answerMessageBox(u"recoveryBox"_s, QMessageBox::Yes, &seen);
        window.documentActions()->offerRecovery();
        QVERIFY(seen);
        QCOMPARE(window.pageCount(), 1);
        CartonPage *page = window.currentPage();
        QVERIFY(page->isModified());
        QCOMPARE(page->document()->info().modelName, u"Unsaved work"_s);
        QCOMPARE(page->document()->info().runner.runnerName, u"noop"_s);
        // The old file went; the recovered document autosaves under its own name.
        QVERIFY(!QFileInfo::exists(recoveryPath + u".crash.json"_s));
        QCOMPARE(RecoveryFile::list(), QStringList{page->document()->recoveryPath()});
        answerMessageBox(u"unsavedEditsBox"_s, QMessageBox::Discard, &seen);
        window.closeCurrent();
        QTRY_VERIFY(RecoveryFile::list().isEmpty());
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<QSettings> m_settings;
};

QTEST_MAIN(TestAuthoring)
#include "tst_authoring.moc"
