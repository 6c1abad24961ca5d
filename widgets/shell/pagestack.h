// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QStackedWidget>

namespace studio {

class CartonDocument;
class CartonView;
class DocumentEditor;
class ErrorPage;

// The pages of one CartonPage, one shown at a time: the loading page, then the
// carton's CartonView or the ErrorPage, and in edit mode the DocumentEditor
// (made at first use). It decides only which page shows; what they show is the
// session's and the document's.
class PageStack final : public QStackedWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PageStack)
public:
    PageStack(QWidget *loadingPage, QWidget *parent = nullptr);

    CartonView *view() const { return m_view; }
    ErrorPage *errorPage() const { return m_errorPage; }
    DocumentEditor *editor() const { return m_editor; }
    bool isEditing() const { return m_editing; }

    // Drops the view and the error page, and the editor unless `keepEditor`;
    // shows the loading page, or the kept editor while editing.
    void clear(bool keepEditor);
    // Adds the view; shown unless the editor is. The editor gets its "Done
    // Editing" button: there is a carton to browse now.
    void setView(CartonView *view);
    void setErrorPage(ErrorPage *page);
    // Shows the editor of `document` (made when there is none) or the view.
    // False when the mode did not change.
    bool setEditing(bool editing, CartonDocument *document);

signals:
    // The editor's "Done Editing" or the view's "Edit Carton" was pressed.
    void editingRequested(bool editing);

private:
    void drop(QWidget *page);

    QWidget *m_loading;
    CartonView *m_view = nullptr;
    ErrorPage *m_errorPage = nullptr;
    DocumentEditor *m_editor = nullptr;
    bool m_editing = false;
};

} // namespace studio
