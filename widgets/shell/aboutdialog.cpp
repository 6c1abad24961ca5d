// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "aboutdialog.h"

#include "shellicons.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QtGlobal>

namespace studio {

AboutDialog::AboutDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("About %1").arg(QGuiApplication::applicationDisplayName()));
    m_text = tr("<h2>%1</h2>"
                "<p>Version %2</p>"
                "<p>Browse and check <code>.carton</code> machine-learning model packages: the model card, "
                "inputs and outputs, every file verified against its MANIFEST, the test tensors, and the "
                "carton's self-tests run through runner plugins (TorchScript, Python, no-op) in a separate "
                "process, with every error figure.</p>"
                "<p>Built with Qt %3, running on Qt %4.</p>"
                "<p>Licensed under the Apache License, Version 2.0.<br>"
                "Copyright © Carton Studio contributors.</p>"
                "<p>The Carton format is by Vivek Panyam and contributors "
                "(<a href=\"https://github.com/VivekPanyam/carton\">github.com/VivekPanyam/carton</a>).</p>")
                 .arg(QGuiApplication::applicationDisplayName().toHtmlEscaped(),
                      QCoreApplication::applicationVersion().toHtmlEscaped(), QStringLiteral(QT_VERSION_STR),
                      QString::fromLatin1(qVersion()));

    auto *icon = new QLabel(this);
    const QIcon appIcon = shellIcon(QStringLiteral("carton-studio"));
    if (!appIcon.isNull())
        icon->setPixmap(appIcon.pixmap(QSize(64, 64), devicePixelRatio()));
    auto *text = new QLabel(m_text, this);
    text->setTextFormat(Qt::RichText);
    text->setWordWrap(true);
    text->setOpenExternalLinks(true);
    text->setTextInteractionFlags(Qt::TextBrowserInteraction);
    text->setMinimumWidth(360);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *row = new QHBoxLayout;
    row->addWidget(icon, 0, Qt::AlignTop);
    row->addSpacing(12);
    row->addWidget(text, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
}

} // namespace studio
