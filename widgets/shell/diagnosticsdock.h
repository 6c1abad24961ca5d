// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QDockWidget>

class QLabel;
class QStackedWidget;
class QTreeView;

namespace studio {

class DiagnosticsModel;

// The "Diagnostics" dock: the current carton's validation list. Activating a
// row (double-click, Enter) asks to reveal its location in the carton view.
class DiagnosticsDock final : public QDockWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiagnosticsDock)
public:
    explicit DiagnosticsDock(QWidget *parent = nullptr);

    void setDiagnostics(const carton::Diagnostics &diagnostics);
    // Shown instead of the list when it is empty ("No problems found.").
    void setEmptyText(const QString &text);
    QString emptyText() const;
    DiagnosticsModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }

signals:
    void locationActivated(const QString &location);

private:
    void updateTitle();

    DiagnosticsModel *m_model;
    QTreeView *m_view;
    QLabel *m_empty;
    QStackedWidget *m_stack;
    int m_errors = 0;
    int m_warnings = 0;
};

} // namespace studio
