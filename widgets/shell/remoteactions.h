// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"

#include <QObject>
#include <QPointer>
#include <QProgressDialog>
#include <functional>

class QAction;

class QSettings;

namespace studio {

class CartonPage;
class LatestJob;
class MainWindow;

// The main window's actions for cartons that are not (all) on this disk:
// File ▸ Open URL…, Open URL from Clipboard (Ctrl+V when the clipboard holds an
// http(s) URL and no text field takes the paste), Save a Local Copy… (a carton
// opened by URL: streamed download, atomic, progress and cancel) and Save with
// Files Included… (a carton with LINKS: the linked files fetched and stored,
// LINKS dropped). Long work runs on LatestJob with a progress dialog.
class RemoteActions final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RemoteActions)
public:
    RemoteActions(MainWindow *window, QSettings *settings);
    ~RemoteActions() override;

    QAction *openUrlAction() const { return m_openUrl; }
    QAction *pasteUrlAction() const { return m_pasteUrl; }
    QAction *saveLocalCopyAction() const { return m_saveLocalCopy; }
    QAction *saveWithFilesAction() const { return m_saveWithFiles; }

    // Enables the actions for the current page.
    void update(CartonPage *current);

    void showOpenUrlDialog();
    // Opens the clipboard's text when it is an http(s) URL; false otherwise.
    bool openFromClipboard();

    // Without a file dialog (tests and the actions after theirs).
    void saveLocalCopy(CartonPage *page, const QString &outputFile);
    void saveWithFilesIncluded(CartonPage *page, const QString &outputFile);
    bool isSaving() const;
    void cancelSaving();
    QProgressDialog *progressDialog() const { return m_progress; }

signals:
    // A save ended: `error` is empty when `outputFile` was written.
    void saveFinished(const QString &outputFile, const QString &error);

private:
    // Runs `save` writing `outputFile` as the one save job, behind a progress
    // dialog (`title`, `label`) whose Cancel interrupts it; finishSave() reports it.
    void startSave(const QString &title, const QString &label, const QString &outputFile,
                   std::function<carton::Status(carton::Progress &)> save);
    void finishSave(const QString &outputFile, const QString &error, bool cancelled);
    QString askOutputFile(CartonPage *page, const QString &title, const QString &suffix) const;

    MainWindow *m_window;
    QSettings *m_settings;
    LatestJob *m_jobs;
    QPointer<QProgressDialog> m_progress;
    QAction *m_openUrl;
    QAction *m_pasteUrl;
    QAction *m_saveLocalCopy;
    QAction *m_saveWithFiles;
};

} // namespace studio
