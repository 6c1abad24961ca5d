// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "elidedlabel.h"

#include <QEvent>
#include <QPainter>
#include <QStyle>

namespace studio {

namespace {
// A tooltip is a window of its own: a stack trace of thousands of characters
// would cover the screen. The log and the copy buttons have the whole text.
constexpr int maxToolTipChars = 2000;
// Enough to see that something is there and that it is cut.
constexpr int minimumChars = 6;
} // namespace

ElidedLabel::ElidedLabel(QWidget *parent) : QFrame(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

ElidedLabel::ElidedLabel(const QString &text, QWidget *parent) : ElidedLabel(parent)
{
    setText(text);
}

void ElidedLabel::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    updateGeometry();
    updateToolTip();
    update();
}

void ElidedLabel::setElideMode(Qt::TextElideMode mode)
{
    m_mode = mode;
    updateToolTip();
    update();
}

QString ElidedLabel::firstLine() const
{
    const qsizetype end = m_text.indexOf(u'\n');
    return end < 0 ? m_text : m_text.left(end);
}

QString ElidedLabel::shownText() const
{
    return fontMetrics().elidedText(firstLine(), m_mode, contentsRect().width());
}

bool ElidedLabel::isElided() const
{
    return shownText() != m_text;
}

QSize ElidedLabel::sizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    // The whole first line, but not more than a screen's worth: a hint is a wish.
    const int width = std::min(fm.horizontalAdvance(firstLine()), 80 * fm.averageCharWidth());
    const QMargins m = contentsMargins();
    return {width + m.left() + m.right() + 1, fm.height() + m.top() + m.bottom()};
}

QSize ElidedLabel::minimumSizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    const QMargins m = contentsMargins();
    const int width = std::min(fm.horizontalAdvance(firstLine()), minimumChars * fm.averageCharWidth());
    return {width + m.left() + m.right() + 1, fm.height() + m.top() + m.bottom()};
}

void ElidedLabel::paintEvent(QPaintEvent *event)
{
    QFrame::paintEvent(event);
    QPainter painter(this);
    painter.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, foregroundRole()));
    painter.drawText(contentsRect(), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, shownText());
}

void ElidedLabel::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    updateToolTip();
}

bool ElidedLabel::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTipChange && !signalsBlocked())
        m_ownToolTip = toolTip().isEmpty() || toolTip() == m_text.left(maxToolTipChars);
    if (event->type() == QEvent::FontChange)
        updateGeometry();
    return QFrame::event(event);
}

void ElidedLabel::updateToolTip()
{
    if (!m_ownToolTip)
        return; // the owner set a tooltip of its own
    const QString tip = isElided() ? m_text.left(maxToolTipChars) : QString();
    if (tip != toolTip())
        setToolTip(tip);
}

} // namespace studio
