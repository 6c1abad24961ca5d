// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QObject>

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
// the background behind a progress dialog that can cancel it.
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

    // Saves `page` (asking for a path when it has none, or always with saveAs).
    // Returns true once saved; false when cancelled or failed (the user was told).
    bool save(CartonPage *page, bool saveAs = false);
    // Writes `page` to `path` with the compression of Preferences (no questions; tests).
    bool saveTo(CartonPage *page, const QString &path);
    // Before closing a page with unsaved edits: Save / Discard / Cancel. True
    // when the page may close.
    bool confirmClose(CartonPage *page);

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

public slots:
    void newDocument();
    void saveCurrent();
    void saveCurrentAs();
    void toggleEditing(bool editing);

private:
    bool saveTo(CartonPage *page, const QString &path, const carton::SaveOptions &options);
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
