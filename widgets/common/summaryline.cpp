// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "summaryline.h"

#include "elidedlabel.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace studio {

namespace {
// Lines of details shown before the pane scrolls: the window stays short.
constexpr int detailLines = 8;
constexpr int minimumDetailLines = 3;
} // namespace

SummaryLine::SummaryLine(QWidget *parent)
    : QWidget(parent), m_label(new ElidedLabel(this)), m_toggle(new QToolButton(this)),
      m_details(new QPlainTextEdit(this))
{
    m_label->setObjectName(QStringLiteral("summaryText"));
    m_toggle->setObjectName(QStringLiteral("summaryDetailsButton"));
    m_toggle->setText(tr("Details"));
    m_toggle->setToolTip(tr("Show the whole message"));
    m_toggle->setCheckable(true);
    m_toggle->setAutoRaise(true);
    m_toggle->setArrowType(Qt::RightArrow);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->hide();
    connect(m_toggle, &QToolButton::toggled, this, &SummaryLine::setExpanded);

    m_details->setObjectName(QStringLiteral("summaryDetails"));
    m_details->setReadOnly(true);
    // A stack trace keeps its lines; what is wider than the pane scrolls.
    m_details->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_details->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_details->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    m_details->hide();

    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_label, 1);
    row->addWidget(m_toggle);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addWidget(m_details);
}

QString SummaryLine::text() const
{
    return m_label->text();
}

void SummaryLine::setText(const QString &text)
{
    setText(text, QString());
}

void SummaryLine::setText(const QString &text, const QString &details)
{
    m_label->setText(text);
    m_details->setPlainText(details);
    // As many lines as the details have, up to eight when there is room and
    // three when the window is short; the rest scrolls.
    const int lines = int(details.count(u'\n')) + 1;
    const QFontMetrics fm(m_details->font());
    const int chrome = 2 * m_details->frameWidth() + int(2 * m_details->document()->documentMargin()) +
                       m_details->horizontalScrollBar()->sizeHint().height();
    m_details->setMinimumHeight(std::min(lines, minimumDetailLines) * fm.lineSpacing() + chrome);
    m_details->setMaximumHeight(std::min(lines, detailLines) * fm.lineSpacing() + chrome);
    m_toggle->setChecked(false);
    m_toggle->setVisible(!details.isEmpty());
    setExpanded(false);
}

QString SummaryLine::details() const
{
    return m_details->toPlainText();
}

void SummaryLine::setExpanded(bool expanded)
{
    m_toggle->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_toggle->setToolTip(expanded ? tr("Hide the details") : tr("Show the whole message"));
    m_details->setVisible(expanded && !m_details->document()->isEmpty());
}

} // namespace studio
