// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QDockWidget>

class QAction;
class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QToolButton;
class QTreeView;

namespace studio {

class DiagnosticsModel;

// The "Diagnostics" dock: the current carton's validation list. Clicking a row
// (or Enter) asks to reveal its location in the carton view. Rows can be
// filtered by severity and copied (Ctrl+C, context menu); long messages are
// elided at the end and shown whole in their tooltip. It asks for room for six
// rows; with nothing to list it collapses to its title and one line of empty text
// ("No problems found."), and takes its former height again when rows come.
class DiagnosticsDock final : public QDockWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiagnosticsDock)
public:
    explicit DiagnosticsDock(QWidget *parent = nullptr);

    void setDiagnostics(const carton::Diagnostics &diagnostics);
    // Shown instead of the list when it is empty ("No problems found.").
    void setEmptyText(const QString &text);
    QString emptyText() const;
    // The unfiltered list; the view shows it through a severity filter.
    DiagnosticsModel *model() const { return m_model; }
    QSortFilterProxyModel *filterModel() const { return m_filter; }
    QTreeView *view() const { return m_view; }
    QAction *copyAction() const { return m_copy; }
    // "Use the model's signature" (context menu): enabled while the
    // current row is about carton.toml's [[input]] / [[output]]; asks the window
    // (useModelSignatureRequested) to fill them from the model file's signature.
    QAction *useModelSignatureAction() const { return m_useModel; }
    // The filter button of a severity (checked: shown).
    QToolButton *severityButton(carton::Severity severity) const;
    void setSeverityShown(carton::Severity severity, bool shown);

    // "error: LOCATION: MESSAGE" lines of the selected rows (all shown rows when none is selected).
    QString selectedText() const;
    int count(carton::Severity severity) const;

    // Room for the title, the filter bar, the header and `rows` rows of the list.
    int heightForRows(int rows) const;
    // The title and one line: its height while the list is empty.
    int collapsedHeight() const;
    bool isCollapsed() const { return m_collapsed; }
    QSize sizeHint() const override;

signals:
    void locationActivated(const carton::DiagnosticLocation &location);
    void useModelSignatureRequested();
    // The user closed the panel (its close button); the window keeps it closed.
    void closedByUser();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void updateTitle();
    void updateFilter();
    void activate(const QModelIndex &index);
    void setCollapsed(bool collapsed);

    DiagnosticsModel *m_model;
    QSortFilterProxyModel *m_filter;
    QTreeView *m_view;
    QLabel *m_empty;
    QStackedWidget *m_stack;
    QToolButton *m_buttons[3] = {};
    QAction *m_copy;
    QAction *m_useModel;
    bool m_collapsed = false;
    int m_expandedHeight = 0; // the height before collapsing (0: none yet)
};

} // namespace studio
