// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QModelIndex>
#include <QWidget>
#include <memory>

class QAction;
class QComboBox;
class QTimer;
class QLineEdit;
class QSettings;
class QSortFilterProxyModel;
class QSplitter;
class QTreeView;

namespace carton {
class Carton;
}

namespace studio {

class CartonFilesModel;
class ExtractJob;
class FileViewer;

// The Files tab: the file tree (of the document's files when the model has a
// document), a viewer for the selected file and "Extract…" for the selection.
// While editing (setEditing), the same page edits the files in place: Add
// Files…, Add Folder… (under the folder chosen in targetCombo()), Rename (F2, or
// edit the name in place: the whole path), Remove (Delete); files and folders
// dragged from the desktop are added. Each action, however many files it
// touches, is one undo step. Add sits at the toolbar's end, Rename and Remove in
// the tree's context menu; all are hidden while browsing: nothing else moves.
class FilesPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilesPage)

public:
    // `settings` (may be null) remembers where the user put the tree/preview split.
    explicit FilesPage(CartonFilesModel *model, QSettings *settings = nullptr, QWidget *parent = nullptr);

    // The opened file the viewer and Extract read (null: none, for a document never saved).
    void setCarton(std::shared_ptr<const carton::Carton> carton);
    // Editing in place (the model's document): the editing actions show, names become editable.
    void setEditing(bool editing);
    bool isEditing() const { return m_editing; }
    CartonFilesModel *model() const { return m_model; }
    QComboBox *targetCombo() const { return m_target; }
    QAction *addFilesAction() const { return m_addFiles; }
    QAction *removeAction() const { return m_remove; }
    QAction *renameAction() const { return m_rename; }
    // Adds files and folders from disk under `folder` ("model/", "misc/"), as one
    // undo step, and selects them (one file: its name opens for renaming). False
    // (and the reason in statusMessage) when any is refused: then nothing is added.
    bool addPaths(const QStringList &diskPaths, const QString &folder);
    // Removes the selected files (folders: the files below them), one undo step.
    void removeSelected();

    QTreeView *tree() const { return m_tree; }
    // The tree shows the model through this (filter by path, sort by column).
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QLineEdit *filterEdit() const { return m_filter; }
    QAction *copyPathAction() const { return m_copyPath; }
    QAction *copySha256Action() const { return m_copySha; }
    // The tree's index of a path (invalid when filtered out or unknown).
    QModelIndex treeIndex(const QString &path, int column = 0) const;
    // Shows only the files whose path contains `text` (and their folders).
    void setFilterText(const QString &text);
    FileViewer *viewer() const { return m_viewer; }
    QSplitter *splitter() const { return m_splitter; }
    // The width the preview needs for a line of the hex dump.
    int hexDumpWidth() const;
    QAction *extractAction() const { return m_extract; }

    // Selects a file or folder (and shows the file, at `line` when > 0).
    bool revealPath(const QString &path, int line = 0);
    // Paths of the selected files (folders expanded to the files below them).
    QStringList selectedFilePaths() const;
    // Asks for a folder, then extracts the selection.
    void extractSelection();
    // Extracts without asking (used by extractSelection and tests).
    ExtractJob *extractTo(const QStringList &paths, const QString &folder, bool overwrite);

signals:
    void statusMessage(const QString &text);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void chooseFiles();
    void chooseFolder();
    // Selects the rows of `paths`; one file's name opens for renaming.
    void selectAdded(const QStringList &paths);
    // Around a rebuild of the tree (the document's files changed): what was
    // expanded and current stays so.
    void rememberTree();
    void restoreTree();
    void setDefaultSplit();
    void currentChanged();
    void showInViewer(const QModelIndex &source, int line);
    void copySelection(bool sha256);

    std::shared_ptr<const carton::Carton> m_carton;
    CartonFilesModel *m_model = nullptr;
    QTreeView *m_tree = nullptr;
    FileViewer *m_viewer = nullptr;
    QAction *m_extract = nullptr;
    QAction *m_copyPath = nullptr;
    QAction *m_copySha = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QLineEdit *m_filter = nullptr;
    QTimer *m_previewDelay = nullptr;
    QSplitter *m_splitter = nullptr;
    QSettings *m_settings = nullptr;
    QComboBox *m_target = nullptr;
    QList<QAction *> m_editActions; // shown only while editing
    QAction *m_addFiles = nullptr;
    QAction *m_remove = nullptr;
    QAction *m_rename = nullptr;
    bool m_editing = false;
    QStringList m_expanded; // rememberTree()
    QString m_currentPath;
    bool m_wasEmpty = true;
    bool m_splitChosen = false; // restored from the settings, or moved by the user
};

} // namespace studio
