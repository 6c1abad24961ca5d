// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;

namespace studio {

class CartonDocument;
class DocumentFilesModel;

// The editing pane of the Files tab of a CartonView: the document's files (model/, misc/,
// tensor_data/...) with Add Files…, Add Folder…, Remove and Rename (F2, or edit
// the path in place); files and folders dragged from the desktop are added under
// the chosen folder (a folder keeps its inner paths). Each action, however many
// files it touches, is one undo step.
class FilesEditor final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilesEditor)

public:
    explicit FilesEditor(CartonDocument *document, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    DocumentFilesModel *model() const { return m_model; }
    QComboBox *targetCombo() const { return m_target; }
    QLabel *messageLabel() const { return m_message; }

    // Adds files and folders from disk under `folder` ("model/", "misc/"), as one
    // undo step. False (and the message shown) when any is refused: then nothing is added.
    bool addPaths(const QStringList &diskPaths, const QString &folder);
    // Removes the selected files (one undo step).
    void removeSelected();
    // Selects a file ("model/a.pt"); false when the document has no such file.
    bool revealField(const QString &path);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void chooseFiles();
    void chooseFolder();
    void showMessage(const QString &text);
    // Selects the rows of `paths`; one file's Path cell opens with its name selected,
    // so that typing renames it.
    void selectAdded(const QStringList &paths);

    CartonDocument *m_document;
    DocumentFilesModel *m_model;
    QTableView *m_view;
    QComboBox *m_target;
    QLabel *m_message;
};

} // namespace studio
