// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "documentactions.h"

#include "base/progresssteps.h"
#include "carton/cartonview.h"
#include "cartonpage.h"
#include "common/viewutils.h"
#include "document/cartondocument.h"
#include "document/modelfiles.h"
#include "document/recoveryfile.h"
#include "document/verificationrunner.h"
#include "guessesbanner.h"
#include "mainwindow.h"
#include "package/carton.h"
#include "preferences/preferences.h"
#include "remote/remoteurl.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QSettings>
#include <QUndoGroup>
#include <QUndoStack>

namespace studio {

namespace {

// Asks where to save, with the compression for new and changed files. Empty
// path: cancelled.
QString askSavePath(QWidget *parent, const QString &suggested, carton::SaveOptions *options)
{
    QFileDialog dialog(parent, QObject::tr("Save Carton As"), suggested,
                       QObject::tr("Cartons (*.carton);;All files (*)"));
    dialog.setObjectName(QStringLiteral("saveDialog"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(QStringLiteral("carton"));
    dialog.setOption(QFileDialog::DontUseNativeDialog); // for the compression row
    dialog.selectFile(suggested);
    auto *compression = new QComboBox(&dialog);
    compression->setObjectName(QStringLiteral("compressionCombo"));
    compression->addItem(QObject::tr("zstd (like upstream Carton)"), int(carton::ZipMethod::Zstd));
    compression->addItem(QObject::tr("Deflate (any zip tool)"), int(carton::ZipMethod::Deflate));
    compression->addItem(QObject::tr("Stored (no compression)"), int(carton::ZipMethod::Stored));
    compression->setCurrentIndex(compression->findData(int(options->method)));
    if (auto *grid = qobject_cast<QGridLayout *>(dialog.layout())) {
        const int row = grid->rowCount();
        grid->addWidget(new QLabel(QObject::tr("Compression:"), &dialog), row, 0);
        grid->addWidget(compression, row, 1);
    }
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    options->method = carton::ZipMethod(compression->currentData().toInt());
    return dialog.selectedFiles().constFirst();
}

carton::SaveOptions optionsFromPreferences(const QSettings *settings)
{
    carton::SaveOptions options;
    if (settings) {
        const Preferences prefs = Preferences::load(*settings);
        options.method = prefs.compression;
        options.level = prefs.compressionLevel;
    }
    return options;
}

} // namespace

DocumentActions::DocumentActions(MainWindow *window, QSettings *settings)
    : QObject(window), m_window(window), m_settings(settings), m_group(new QUndoGroup(this))
{
    m_new = new QAction(tr("&New Carton"), this);
    m_new->setObjectName(QStringLiteral("actionNew"));
    m_new->setShortcut(QKeySequence::New);
    connect(m_new, &QAction::triggered, this, &DocumentActions::newDocument);

    m_save = new QAction(tr("&Save"), this);
    m_save->setObjectName(QStringLiteral("actionSave"));
    m_save->setShortcut(QKeySequence::Save);
    connect(m_save, &QAction::triggered, this, &DocumentActions::saveCurrent);

    m_saveAs = new QAction(tr("Save &As…"), this);
    m_saveAs->setObjectName(QStringLiteral("actionSaveAs"));
    // Ctrl+Shift+S also where the platform theme binds nothing to SaveAs (X11 without a desktop).
    QList<QKeySequence> saveAsKeys = QKeySequence::keyBindings(QKeySequence::SaveAs);
    if (!saveAsKeys.contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)))
        saveAsKeys.append(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_saveAs->setShortcuts(saveAsKeys);
    connect(m_saveAs, &QAction::triggered, this, &DocumentActions::saveCurrentAs);

    m_undo = m_group->createUndoAction(this, tr("&Undo"));
    m_undo->setObjectName(QStringLiteral("actionUndo"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo = m_group->createRedoAction(this, tr("&Redo"));
    m_redo->setObjectName(QStringLiteral("actionRedo"));
    m_redo->setShortcuts(CartonView::redoKeys());

    m_edit = new QAction(tr("&Edit Carton"), this);
    m_edit->setObjectName(QStringLiteral("actionEditCarton"));
    m_edit->setCheckable(true);
    m_edit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_edit->setToolTip(tr("Switch between browsing the carton and editing it"));
    connect(m_edit, &QAction::toggled, this, &DocumentActions::toggleEditing);

    // Unsaved edits go to a recovery file when the application loses focus.
    connect(qApp, &QGuiApplication::applicationStateChanged, this, [this](Qt::ApplicationState state) {
        if (state != Qt::ApplicationActive)
            autosaveAll();
    });
    updateActions();
}

void DocumentActions::addPage(CartonPage *page)
{
    auto addStack = [this, page] {
        if (page->document())
            m_group->addStack(page->document()->undoStack());
        if (page == m_current)
            setCurrentPage(page);
    };
    connect(page, &CartonPage::documentChanged, this, addStack);
    connect(page, &CartonPage::editingChanged, this, [this, page] {
        if (page == m_current)
            updateActions();
    });
    connect(page, &CartonPage::modifiedChanged, this, [this, page] {
        if (page == m_current)
            updateActions();
    });
    addStack();
}

void DocumentActions::setCurrentPage(CartonPage *page)
{
    m_current = page;
    m_group->setActiveStack(page && page->document() ? page->document()->undoStack() : nullptr);
    updateActions();
}

void DocumentActions::updateActions()
{
    CartonPage *page = m_current;
    const bool hasDocument = page && page->document();
    const bool readOnly = hasDocument && page->document()->isReadOnly();
    m_save->setEnabled(hasDocument && !readOnly);
    m_saveAs->setEnabled(hasDocument && !readOnly);
    m_edit->setEnabled(hasDocument && page->carton() && !readOnly);
    const QSignalBlocker blocker(m_edit);
    m_edit->setChecked(page && page->isEditing());
}

void DocumentActions::toggleEditing(bool editing)
{
    if (m_current)
        m_current->setEditing(editing);
    updateActions();
}

void DocumentActions::newDocument()
{
    auto document = std::make_unique<CartonDocument>(nullptr, QString());
    auto *page = new CartonPage(std::move(document), m_settings);
    m_window->addPage(page);
}

bool DocumentActions::isModelPath(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir())
        return !QFileInfo::exists(path + QStringLiteral("/carton.toml"));
    return info.isFile() && isModelFileName(info.fileName());
}

QString DocumentActions::dropDescription(const QString &path)
{
    if (carton::isRemoteUrl(path))
        return tr("Open %1").arg(path);
    const QFileInfo info(path);
    if (info.isDir() && !isModelPath(path))
        return tr("Open the carton folder %1 to edit and save as a .carton").arg(info.fileName());
    if (isModelPath(path))
        return tr("Start a new carton with %1 under model/").arg(info.fileName());
    return tr("Open %1").arg(info.fileName());
}

bool DocumentActions::newFromModel(const QString &path)
{
    auto files = collectModelFiles(path);
    if (!files) {
        QMessageBox::warning(
            m_window, tr("Cannot Start a Carton"),
            tr("%1 cannot be packed: %2").arg(QDir::toNativeSeparators(files.error().location), files.error().message));
        return false;
    }
    auto document = CartonDocument::fromModelFiles(*files);
    auto *page = new CartonPage(std::move(document), m_settings);
    m_window->addPage(page);
    return true;
}

void DocumentActions::saveCurrent()
{
    if (m_current)
        save(m_current, false);
}

void DocumentActions::saveCurrentAs()
{
    if (m_current)
        save(m_current, true);
}

bool DocumentActions::save(CartonPage *page, bool saveAs, std::function<void()> whenSaved)
{
    CartonDocument *document = page ? page->document() : nullptr;
    if (!document)
        return false;
    if (document->isSaving())
        return false; // the progress of that save is shown; it reports
    if (document->isReadOnly()) {
        QMessageBox::warning(
            m_window, tr("Cannot Save"),
            tr("%1 has unsafe entries that were left out; it cannot be saved.").arg(page->displayName()));
        return false;
    }
    // Text typed but not applied (a shape that does not parse) would be lost:
    // the file would hold the old value while the cell shows the typed one.
    // Refused, not asked: the user fixes the cell, shown to them.
    if (const CartonDocument::UnappliedTexts &typed = document->unappliedTexts(); !typed.isEmpty()) {
        QStringList lines;
        for (const CartonDocument::UnappliedText &t : typed)
            lines.append(t.message);
        QMessageBox box(QMessageBox::Warning, tr("Cannot Save"),
                        tr("%1 cannot be saved while a value typed in it is not applied. Correct it (or type the "
                           "value to keep), then save.")
                            .arg(page->displayName()),
                        QMessageBox::Ok, m_window);
        box.setObjectName(QStringLiteral("unappliedTextBox"));
        box.setInformativeText(lines.mid(0, 5).join(u'\n'));
        box.exec();
        page->revealLocation(carton::DiagnosticLocation{QStringLiteral("carton.toml"), 0, typed.firstKey()});
        return false;
    }
    // Saving with errors asks first, saying what is wrong.
    document->validateNow();
    QStringList errors;
    for (const carton::Diagnostic &d : page->diagnostics())
        if (d.severity == carton::Severity::Error)
            errors.append(d.toString());
    if (!errors.isEmpty()) {
        QMessageBox box(QMessageBox::Warning, tr("Save With Errors?"),
                        tr("%1 has %n error(s); upstream Carton may refuse to load it.", nullptr, int(errors.size()))
                            .arg(page->displayName()),
                        QMessageBox::Save | QMessageBox::Cancel, m_window);
        box.setObjectName(QStringLiteral("saveWithErrorsBox"));
        box.setDetailedText(errors.join(u'\n'));
        box.setInformativeText(errors.mid(0, 5).join(u'\n'));
        box.button(QMessageBox::Save)->setText(tr("Save Anyway"));
        box.setDefaultButton(QMessageBox::Cancel);
        if (box.exec() != QMessageBox::Save)
            return false;
    }
    carton::SaveOptions options = optionsFromPreferences(m_settings);
    QString path = document->savePath();
    options.overwrite = true; // Save replaces the document's own file (it failed with "output file exists")
    if (saveAs || path.isEmpty()) {
        path = askSavePath(m_window, document->suggestedSavePath(), &options);
        if (path.isEmpty())
            return false;
    }
    return saveTo(page, path, options, std::move(whenSaved));
}

bool DocumentActions::saveTo(CartonPage *page, const QString &path)
{
    carton::SaveOptions options = optionsFromPreferences(m_settings);
    options.overwrite = true;
    return saveTo(page, path, options, {});
}

bool DocumentActions::saveTo(CartonPage *page, const QString &path, const carton::SaveOptions &baseOptions,
                             std::function<void()> whenSaved)
{
    CartonDocument *document = page->document();
    if (!document || document->isSaving())
        return false;
    carton::SaveOptions options = baseOptions;
    // Unchanged entries are copied with the sha256 MANIFEST gives them: trust it
    // only once this carton's verification found every file matching.
    const VerificationRunner *verification = page->verification();
    options.verifyOriginal =
        !(verification->state() == VerificationRunner::State::Finished && verification->report().ok());
    // Nothing waits here: the progress dialog lives until the document reports.
    auto *progress = new QProgressDialog(tr("Saving %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0,
                                         carton::kProgressSteps, m_window);
    progress->setObjectName(QStringLiteral("saveProgress"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(300);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    progress->setValue(0);
    connect(document, &CartonDocument::saveProgress, progress, [progress, path](qint64 done, qint64 total) {
        progress->setValue(carton::progressSteps(done, total));
        progress->setLabelText(
            tr("Saving %1… %2 of %3").arg(QFileInfo(path).fileName(), humanSize(done), humanSize(total)));
    });
    connect(progress, &QProgressDialog::canceled, document, &CartonDocument::cancelSave);
    connect(page, &QObject::destroyed, progress, &QObject::deleteLater); // its save is dropped with it
    connect(
        document, &CartonDocument::saveFinished, progress,
        [this, page = QPointer<CartonPage>(page), progress, path,
         whenSaved = std::move(whenSaved)](bool ok, const QString &, const QString &error) {
            const bool cancelled = progress->wasCanceled();
            progress->hide();
            progress->deleteLater();
            if (page)
                onSaveFinished(page, path, ok, error, cancelled);
            if (page && ok && whenSaved)
                whenSaved();
        },
        Qt::SingleShotConnection);
    document->save(path, options);
    return true;
}

void DocumentActions::onSaveFinished(CartonPage *page, const QString &path, bool ok, const QString &error,
                                     bool cancelled)
{
    if (!ok) {
        if (!cancelled) {
            auto *box = new QMessageBox(
                QMessageBox::Critical, tr("Save Failed"),
                tr("%1 was not saved; nothing on disk changed.\n\n%2").arg(QDir::toNativeSeparators(path), error),
                QMessageBox::Ok, m_window);
            box->setObjectName(QStringLiteral("saveFailedBox"));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
        emit saveFinished(page, false);
        return;
    }
    page->adoptSavedPath(path);
    m_window->pageSaved(page);
    emit saveFinished(page, true);
}

DocumentActions::CloseAnswer DocumentActions::askBeforeClose(CartonPage *page, std::function<void()> whenSaved)
{
    // Text typed but not applied (a shape that does not parse) is an edit too.
    const bool typed = page && page->document() && !page->document()->unappliedTexts().isEmpty();
    if (!page || (!page->isModified() && !typed))
        return CloseAnswer::Close;
    if (page->document()->isSaving())
        return CloseAnswer::Cancel; // its save shows its progress; close once it is done
    QMessageBox box(QMessageBox::Warning, tr("Unsaved Edits"),
                    tr("Save the changes to %1 before closing?").arg(page->displayName()),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_window);
    box.setObjectName(QStringLiteral("unsavedEditsBox"));
    box.setInformativeText(tr("Your edits are lost if you don't save them."));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Save:
        return save(page, false, std::move(whenSaved)) ? CloseAnswer::Saving : CloseAnswer::Cancel;
    case QMessageBox::Discard:
        return CloseAnswer::Close;
    default:
        return CloseAnswer::Cancel;
    }
}

void DocumentActions::autosaveAll()
{
    for (int i = 0; i < m_window->pageCount(); ++i) {
        if (CartonPage *page = m_window->page(i); page && page->document())
            page->document()->autosave();
    }
}

void DocumentActions::offerRecovery()
{
    const QStringList files = RecoveryFile::list();
    for (const QString &file : files) {
        auto recovery = RecoveryFile::read(file);
        if (!recovery) {
            QFile::remove(file); // unreadable: nothing to offer
            continue;
        }
        if (recovery->isOwnedByLiveProcess())
            continue; // another instance is editing it
        const QString name = recovery->displayName.isEmpty() ? tr("Untitled") : recovery->displayName;
        QMessageBox box(QMessageBox::Question, tr("Recover Unsaved Edits?"),
                        tr("Carton Studio did not close normally. Recover the unsaved edits of %1 (autosaved %2)?")
                            .arg(name, QLocale().toString(recovery->savedAt.toLocalTime(), QLocale::ShortFormat)),
                        QMessageBox::Yes | QMessageBox::Discard | QMessageBox::Cancel, m_window);
        box.setObjectName(QStringLiteral("recoveryBox"));
        box.button(QMessageBox::Yes)->setText(tr("Recover"));
        box.button(QMessageBox::Cancel)->setText(tr("Ask Again Later"));
        const int answer = box.exec();
        if (answer == QMessageBox::Cancel)
            continue;
        if (answer == QMessageBox::Discard) {
            QFile::remove(file);
            continue;
        }
        std::shared_ptr<const carton::Carton> original;
        if (!recovery->originalPath.isEmpty()) {
            auto opened = carton::Carton::open(recovery->originalPath);
            if (!opened) {
                QMessageBox::warning(
                    m_window, tr("Cannot Recover"),
                    tr("The carton the edits belong to cannot be opened: %1").arg(opened.error().toString()));
                continue;
            }
            original = std::shared_ptr<const carton::Carton>(std::move(opened).value());
        }
        auto state = recovery->restore(original.get());
        if (!state) {
            QMessageBox::warning(m_window, tr("Cannot Recover"), state.error().toString());
            continue;
        }
        auto document = std::make_unique<CartonDocument>(original, recovery->savePath);
        document->restoreState(*state);
        auto *page = new CartonPage(std::move(document), m_settings);
        m_window->addPage(page);
        QFile::remove(file);
        page->document()->autosave(); // under the new document's own name
    }
}

} // namespace studio
