// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QKeySequence>
#include <QList>
#include <QWidget>

class QTabWidget;

namespace carton {
struct DiagnosticLocation;
} // namespace carton

namespace studio {

class CartonDocument;

// Edit mode of a carton's tab: one page per part of the carton (Metadata,
// Runner, Inputs / Outputs, Self-tests & Examples, Files), all views of one
// CartonDocument.
class DocumentEditor final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DocumentEditor)

public:
    enum Page { MetadataPage, RunnerPage, SpecsPage, SelfTestsPage, FilesPage, PageCount };

    explicit DocumentEditor(CartonDocument *document, QWidget *parent = nullptr);

    CartonDocument *document() const { return m_document; }
    QTabWidget *tabWidget() const { return m_tabs; }
    QWidget *page(Page page) const;
    void setCurrentPage(Page page);

    // Shows and focuses the editor of a diagnostic's location (carton.toml's
    // field "input[2].shape[1]", a field with no file, "model/"...). False when no
    // editor shows it.
    bool revealLocation(const carton::DiagnosticLocation &location);
    // The "Done Editing" button in the tabs' corner (doneRequested), once there
    // is a carton to browse; added once.
    void addDoneButton();

    // Edit ▸ Redo's keys: the platform's, plus Ctrl+Shift+Z and Ctrl+Y wherever
    // the platform theme binds fewer (X11 without a desktop binds none).
    static QList<QKeySequence> redoKeys();

signals:
    void doneRequested();

protected:
    // Undo/Redo keys in the editors' text fields go to the document's undo stack
    // (Edit ▸ Undo), not to the field's own little history: every keystroke is
    // already a document edit.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    CartonDocument *m_document;
    QTabWidget *m_tabs;
};

} // namespace studio
