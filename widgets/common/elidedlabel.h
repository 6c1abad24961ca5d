// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QFrame>

namespace studio {

// One line of text that never widens its window: it asks for the room the
// whole text needs, accepts a few characters' width, and shows what fits,
// elided, with the whole text (bounded) as its tooltip when it is cut. Only the
// first line of a multi-line text is shown. Selectable it is not: the text is
// copied from where it comes from (a copy button, the log).
class ElidedLabel final : public QFrame {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ElidedLabel)
public:
    explicit ElidedLabel(QWidget *parent = nullptr);
    explicit ElidedLabel(const QString &text, QWidget *parent = nullptr);

    QString text() const { return m_text; }
    void setText(const QString &text);
    Qt::TextElideMode elideMode() const { return m_mode; }
    void setElideMode(Qt::TextElideMode mode);
    // What is painted (the first line, elided to the current width).
    QString shownText() const;
    bool isElided() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool event(QEvent *event) override;

private:
    QString firstLine() const;
    void updateToolTip();

    QString m_text;
    Qt::TextElideMode m_mode = Qt::ElideRight;
    bool m_ownToolTip = true;
};

} // namespace studio
