// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QModelIndex>
#include <QWidget>
#include <memory>

class QAction;
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

// The Files tab: the file tree, a viewer for the selected file and "Extract…"
// for the selection.
class FilesPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilesPage)

public:
    // `settings` (may be null) remembers where the user put the tree/preview split.
    FilesPage(std::shared_ptr<const carton::Carton> carton, CartonFilesModel *model, QSettings *settings = nullptr,
              QWidget *parent = nullptr);

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

private:
    void setDefaultSplit();
    void currentChanged();
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
    bool m_splitChosen = false; // restored from the settings, or moved by the user
};

} // namespace studio
