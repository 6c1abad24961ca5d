// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "remoteactions.h"

#include "base/progresssteps.h"
#include "cartonpage.h"
#include "jobs/latestjob.h"
#include "mainwindow.h"
#include "oci/ocitransfer.h"
#include "pack/linkinliner.h"
#include "package/carton.h"
#include "remote/openurldialog.h"
#include "remote/remotedownload.h"
#include "remote/remotesession.h"
#include "remote/remoteurl.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>

namespace studio {

namespace {

// A carton in a registry saved as a .carton: pulled (every layer checked, the model
// hash compared), the file written atomically over the one the file dialog chose.
carton::Result<qint64> pullToFile(const QString &reference, const QString &outputFile, carton::Progress *progress)
{
    auto ref = carton::OciReference::parse(reference);
    if (!ref)
        return ref.error();
    carton::OciRegistry registry(*ref);
    auto pulled = carton::pullCarton(registry, outputFile, {}, progress, true);
    if (!pulled)
        return pulled.error();
    return pulled->bytes;
}

const QString saveKey = QStringLiteral("remoteSave");

// Whether a save wrote its file, whatever it returned on success.
template <typename T>
carton::Status statusOf(const carton::Result<T> &written)
{
    return written ? carton::Status() : carton::Status(written.error());
}
} // namespace

RemoteActions::RemoteActions(MainWindow *window, QSettings *settings)
    : QObject(window), m_window(window), m_settings(settings), m_jobs(new LatestJob(this))
{
    m_openUrl = new QAction(tr("Open &URL…"), this);
    m_openUrl->setObjectName(QStringLiteral("actionOpenUrl"));
    m_openUrl->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(m_openUrl, &QAction::triggered, this, &RemoteActions::showOpenUrlDialog);

    // Ctrl+V reaches the window only when the focused widget does not paste itself
    // (text fields take the shortcut first).
    m_pasteUrl = new QAction(tr("Open URL from &Clipboard"), this);
    m_pasteUrl->setObjectName(QStringLiteral("actionPasteUrl"));
    m_pasteUrl->setShortcut(QKeySequence::Paste);
    m_pasteUrl->setShortcutContext(Qt::WindowShortcut);
    connect(m_pasteUrl, &QAction::triggered, this, [this] {
        if (!openFromClipboard())
            m_window->statusBar()->showMessage(tr("The clipboard holds no http(s) URL to open."), 5000);
    });
    window->addAction(m_pasteUrl);

    m_saveLocalCopy = new QAction(tr("Save a &Local Copy…"), this);
    m_saveLocalCopy->setObjectName(QStringLiteral("actionSaveLocalCopy"));
    m_saveLocalCopy->setEnabled(false);
    connect(m_saveLocalCopy, &QAction::triggered, this, [this] {
        CartonPage *page = m_window->currentPage();
        if (!page || !page->isRemote())
            return;
        const QString file = askOutputFile(page, tr("Save a Local Copy"), QString());
        if (!file.isEmpty())
            saveLocalCopy(page, file);
    });

    m_saveWithFiles = new QAction(tr("Save with &Files Included…"), this);
    m_saveWithFiles->setObjectName(QStringLiteral("actionSaveWithFiles"));
    m_saveWithFiles->setEnabled(false);
    connect(m_saveWithFiles, &QAction::triggered, this, [this] {
        CartonPage *page = m_window->currentPage();
        if (!page || !page->carton())
            return;
        const QString file = askOutputFile(page, tr("Save with Files Included"), QStringLiteral("-full"));
        if (!file.isEmpty())
            saveWithFilesIncluded(page, file);
    });
}

RemoteActions::~RemoteActions() = default;

void RemoteActions::update(CartonPage *current)
{
    const bool open = current && current->carton();
    m_saveLocalCopy->setEnabled(open && current->isRemote() && !isSaving());
    m_saveWithFiles->setEnabled(open && !RemoteSession::linkedFiles(*current->carton()).isEmpty() &&
                                !current->carton()->isReadOnly() && !isSaving());
    m_saveLocalCopy->setToolTip(open && current->isRemote()
                                    ? tr("Download %1 into a file on this computer").arg(current->path())
                                    : tr("Only for a carton opened from a URL"));
    m_saveWithFiles->setToolTip(m_saveWithFiles->isEnabled()
                                    ? tr("Fetch the files listed in LINKS and save a self-contained carton")
                                    : tr("Only for a carton with files in LINKS"));
}

void RemoteActions::showOpenUrlDialog()
{
    OpenUrlDialog dialog(m_settings, m_window);
    const QString clip = QApplication::clipboard()->text().trimmed();
    if (carton::isRemoteUrl(clip))
        dialog.setUrl(clip);
    if (dialog.exec() == QDialog::Accepted)
        m_window->openPath(dialog.url());
}

bool RemoteActions::openFromClipboard()
{
    const QString text = QApplication::clipboard()->text().trimmed();
    if (!carton::isRemoteUrl(text) || text.contains(u'\n') || !carton::isHttpUrl(QUrl(text)))
        return false;
    OpenUrlDialog::rememberUrl(m_settings, text);
    m_window->openPath(text);
    return true;
}

QString RemoteActions::askOutputFile(CartonPage *page, const QString &title, const QString &suffix) const
{
    QString dir = m_settings ? m_settings->value(saveKey).toString() : QString();
    if (dir.isEmpty())
        dir = QStandardPaths::writableLocation(QStandardPaths::DownloadLocation);
    QString name = page->displayName();
    if (name.endsWith(QLatin1StringView(".carton")))
        name.chop(7);
    const QString file = QFileDialog::getSaveFileName(m_window, title, QDir(dir).filePath(name + suffix + u".carton"),
                                                      tr("Cartons (*.carton)"));
    if (!file.isEmpty() && m_settings)
        m_settings->setValue(saveKey, QFileInfo(file).absolutePath());
    return file;
}

bool RemoteActions::isSaving() const
{
    return m_jobs->isRunning(saveKey);
}

void RemoteActions::cancelSaving()
{
    m_jobs->interrupt(saveKey);
}

void RemoteActions::startSave(const QString &title, const QString &label, const QString &outputFile,
                              std::function<carton::Status(carton::Progress &)> save)
{
    delete m_progress;
    m_progress = new QProgressDialog(label, tr("Cancel"), 0, carton::kProgressSteps, m_window);
    m_progress->setObjectName(QStringLiteral("remoteProgress"));
    m_progress->setWindowTitle(title);
    m_progress->setWindowModality(Qt::NonModal);
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    m_progress->setMinimumDuration(0);
    m_progress->setValue(0);
    connect(m_progress, &QProgressDialog::canceled, this, &RemoteActions::cancelSaving);
    QPointer<QProgressDialog> dialog = m_progress;
    m_jobs->start(
        saveKey, std::move(save),
        [this, outputFile](const carton::Status &saved) {
            finishSave(outputFile, saved ? QString() : saved.error().toString(),
                       !saved && saved.error().code == carton::ErrorCode::Cancelled);
        },
        [dialog](qint64 done, qint64 total) {
            if (dialog && total > 0)
                dialog->setValue(carton::progressSteps(done, total));
        });
    update(m_window->currentPage()); // no second save while this one runs
}

void RemoteActions::saveLocalCopy(CartonPage *page, const QString &outputFile)
{
    if (!page || !page->isRemote())
        return;
    const QUrl url = page->remote()->url();
    startSave(tr("Save a Local Copy"), tr("Downloading %1…").arg(url.toDisplayString()), outputFile,
              [url, outputFile](carton::Progress &progress) {
                  return statusOf(carton::isOciUrl(url.toString())
                                      ? pullToFile(url.toString(), outputFile, &progress)
                                      : carton::downloadToFile(url, outputFile, {}, &progress));
              });
}

void RemoteActions::saveWithFilesIncluded(CartonPage *page, const QString &outputFile)
{
    if (!page || !page->carton())
        return;
    std::shared_ptr<const carton::Carton> carton = page->carton();
    startSave(tr("Save with Files Included"),
              tr("Fetching %n linked file(s) of %1…", nullptr, int(RemoteSession::linkedFiles(*carton).size()))
                  .arg(page->displayName()),
              outputFile, [carton, outputFile](carton::Progress &progress) {
                  carton::SaveOptions options;
                  options.overwrite = true; // the file dialog asked
                  return statusOf(carton::saveWithLinkedFiles(*carton, outputFile, options, {}, &progress));
              });
}

void RemoteActions::finishSave(const QString &outputFile, const QString &error, bool cancelled)
{
    if (m_progress) {
        m_progress->setValue(m_progress->maximum());
        m_progress->hide();
        m_progress->deleteLater();
    }
    update(m_window->currentPage());
    if (error.isEmpty()) {
        m_window->statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(outputFile)), 5000);
    } else if (cancelled) {
        m_window->statusBar()->showMessage(tr("Cancelled; %1 was not written.").arg(outputFile), 5000);
    } else {
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Could Not Save"),
                                    tr("%1 could not be written: %2").arg(QDir::toNativeSeparators(outputFile), error),
                                    QMessageBox::Ok, m_window);
        box->setObjectName(QStringLiteral("remoteSaveError"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    }
    emit saveFinished(outputFile, error);
}

} // namespace studio
