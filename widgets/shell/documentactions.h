// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QObject>
#include <functional>

class QAction;
class QMenu;
class QSettings;
class QUndoGroup;

namespace carton {
struct SaveOptions;
}

namespace studio {

class CartonPage;
class MainWindow;

// Authoring in the main window: File ▸ New / Save / Save As, Edit ▸ Undo / Redo
// (the current tab's undo stack, named after its command), Carton ▸ Edit Carton,
// the Save / Discard / Cancel question before unsaved edits are closed,
// autosave on focus loss and the offer to recover after a crash. Saving runs in
// the background behind a progress dialog that can cancel it: nothing here
// waits for it; saveFinished() (and the `whenSaved` of a close) report.
class DocumentActions final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DocumentActions)

public:
    DocumentActions(MainWindow *window, QSettings *settings);

    // Menu entries, added by the window to its menus.
    QAction *newAction() const { return m_new; }
    QAction *saveAction() const { return m_save; }
    QAction *saveAsAction() const { return m_saveAs; }
    QAction *undoAction() const { return m_undo; }
    QAction *redoAction() const { return m_redo; }
    QAction *editAction() const { return m_edit; }
    QUndoGroup *undoGroup() const { return m_group; }

    // A page was added or became current.
    void addPage(CartonPage *page);
    void setCurrentPage(CartonPage *page);

    // Starts saving `page` (asking for a path when it has none, or always with
    // saveAs) and returns at once: true when the save started, false when it was
    // refused or cancelled before (the user was told). saveFinished() reports;
    // `whenSaved` runs once the save succeeded (never when it failed).
    bool save(CartonPage *page, bool saveAs = false, std::function<void()> whenSaved = {});
    // Starts writing `page` to `path` with the compression of Preferences (no questions; tests).
    bool saveTo(CartonPage *page, const QString &path);

    // What closing a page with unsaved edits comes to, once asked.
    enum class CloseAnswer {
        Close,  // nothing unsaved, or Discard: close it now
        Cancel, // keep it open (Cancel, or the save could not start)
        Saving, // Save: the save started; `whenSaved` closes it once it succeeded
    };
    // Before closing a page with unsaved edits: Save / Discard / Cancel. A failed
    // or cancelled save keeps the page open with its edits (the error shown).
    CloseAnswer askBeforeClose(CartonPage *page, std::function<void()> whenSaved);

    // A dropped or chosen model (folder without carton.toml, or a model file):
    // a new document in a new tab. False (and the user told why) when its files
    // cannot be collected.
    bool newFromModel(const QString &path);
    // Offers to recover the unsaved edits recovery files hold (after a crash).
    void offerRecovery();
    // Autosaves every page with unsaved edits (focus lost, timer).
    void autosaveAll();

    // What a drop of `path` will do, for the drop highlight.
    static QString dropDescription(const QString &path);
    // True when `path` is a model to pack rather than a carton to open.
    static bool isModelPath(const QString &path);

signals:
    // A save started by save() or saveTo() ended (ok false: failed or cancelled).
    void saveFinished(studio::CartonPage *page, bool ok);

public slots:
    void newDocument();
    void saveCurrent();
    void saveCurrentAs();
    void toggleEditing(bool editing);

private:
    bool saveTo(CartonPage *page, const QString &path, const carton::SaveOptions &options,
                std::function<void()> whenSaved);
    void onSaveFinished(CartonPage *page, const QString &path, bool ok, const QString &error, bool cancelled);
    void updateActions();

    MainWindow *m_window;
    QSettings *m_settings;
    CartonPage *m_current = nullptr;
    QUndoGroup *m_group;
    QAction *m_new;
    QAction *m_save;
    QAction *m_saveAs;
    QAction *m_undo;
    QAction *m_redo;
    QAction *m_edit;
};

} // namespace studio
