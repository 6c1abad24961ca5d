// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "errorpage.h"

#include "shellicons.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace studio {

ErrorPage::ErrorPage(QWidget *parent)
    : QWidget(parent), m_icon(new QLabel(this)), m_title(new QLabel(this)), m_message(new QLabel(this)),
      m_location(new QLabel(this)), m_retry(new QPushButton(tr("Try Again"), this)),
      m_close(new QPushButton(tr("Close Tab"), this))
{
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);
    for (QLabel *label : {m_message, m_location}) {
        label->setWordWrap(true);
        label->setTextFormat(Qt::PlainText);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    }
    m_location->setForegroundRole(QPalette::PlaceholderText);
    m_message->setObjectName(QStringLiteral("errorMessage"));
    m_location->setObjectName(QStringLiteral("errorLocation"));
    m_title->setObjectName(QStringLiteral("errorTitle"));
    updateIcon();

    connect(m_retry, &QPushButton::clicked, this, &ErrorPage::retryRequested);
    connect(m_close, &QPushButton::clicked, this, &ErrorPage::closeRequested);

    auto *text = new QVBoxLayout;
    text->addWidget(m_title);
    text->addSpacing(6);
    text->addWidget(m_message);
    text->addWidget(m_location);
    text->addSpacing(12);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_retry);
    buttons->addWidget(m_close);
    buttons->addStretch();
    text->addLayout(buttons);

    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(m_icon, 0, Qt::AlignTop);
    row->addSpacing(16);
    row->addLayout(text, 4);
    row->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->addStretch(1);
    layout->addLayout(row);
    layout->addStretch(2);
}

void ErrorPage::setError(const QString &title, const QString &message, const QString &location)
{
    m_title->setText(title);
    m_message->setText(message);
    m_location->setText(location);
    m_location->setVisible(!location.isEmpty());
}

QString ErrorPage::title() const
{
    return m_title->text();
}

QString ErrorPage::message() const
{
    return m_message->text();
}

QString ErrorPage::location() const
{
    return m_location->text();
}

void ErrorPage::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        updateIcon();
}

void ErrorPage::updateIcon()
{
    QIcon icon = shellIcon(QStringLiteral("state-failed"), QStringLiteral("dialog-error"));
    if (icon.isNull())
        icon = style()->standardIcon(QStyle::SP_MessageBoxCritical);
    m_icon->setPixmap(icon.pixmap(QSize(48, 48), devicePixelRatio()));
}

} // namespace studio
