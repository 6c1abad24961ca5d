// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>

class QPlainTextEdit;
class QToolButton;

namespace studio {

class ElidedLabel;

// A status line that never widens its window, with optional details: the
// first line of the text, elided (the tooltip has more), and when there are
// details (a stack trace, a long stderr) a "Details" button that unfolds them
// below in a scrollable, selectable pane of a few lines. Collapsed at first.
class SummaryLine final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SummaryLine)
public:
    explicit SummaryLine(QWidget *parent = nullptr);

    QString text() const;
    // Sets the line and drops the details.
    void setText(const QString &text);
    // The line, and details shown on request (empty: no Details button).
    void setText(const QString &text, const QString &details);
    QString details() const;

    ElidedLabel *label() const { return m_label; }
    QToolButton *detailsButton() const { return m_toggle; }
    QPlainTextEdit *detailsPane() const { return m_details; }

private:
    void setExpanded(bool expanded);

    ElidedLabel *m_label;
    QToolButton *m_toggle;
    QPlainTextEdit *m_details;
};

} // namespace studio
