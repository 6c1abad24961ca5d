// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "registryactions.h"

#include "cartonpage.h"
#include "mainwindow.h"
#include "remote/openregistrydialog.h"
#include "remote/pushregistrydialog.h"

#include <QAction>

namespace studio {

RegistryActions::RegistryActions(MainWindow *window) : QObject(window), m_window(window)
{
    m_open = new QAction(tr("Open from Re&gistry…"), this);
    m_open->setObjectName(QStringLiteral("actionOpenFromRegistry"));
    connect(m_open, &QAction::triggered, this, &RegistryActions::showOpenDialog);

    m_push = new QAction(tr("&Push to Registry…"), this);
    m_push->setObjectName(QStringLiteral("actionPushToRegistry"));
    m_push->setEnabled(false);
    connect(m_push, &QAction::triggered, this, &RegistryActions::showPushDialog);
}

RegistryActions::~RegistryActions() = default;

void RegistryActions::update(CartonPage *current)
{
    m_push->setEnabled(current && current->carton());
}

OpenRegistryDialog *RegistryActions::showOpenDialog()
{
    if (!m_openDialog) {
        m_openDialog = new OpenRegistryDialog(m_window);
        m_openDialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_openDialog, &QDialog::accepted, this, [this] {
            if (const QString url = m_openDialog->selectedUrl(); !url.isEmpty())
                m_window->openPath(url);
        });
    }
    m_openDialog->open();
    return m_openDialog;
}

PushRegistryDialog *RegistryActions::showPushDialog()
{
    CartonPage *page = m_window->currentPage();
    if (!page || !page->carton())
        return nullptr;
    delete m_pushDialog;
    m_pushDialog = new PushRegistryDialog(page->carton(), page->displayName(), m_window);
    m_pushDialog->setAttribute(Qt::WA_DeleteOnClose);
    m_pushDialog->open();
    return m_pushDialog;
}

} // namespace studio
