// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorfilepage.h"

#include "tensorviewer/tensorfilebrowser.h"

#include <QFileInfo>
#include <QVBoxLayout>

namespace studio {

TensorFilePage::TensorFilePage(const QString &path, QWidget *parent)
    : QWidget(parent), m_path(path), m_browser(new TensorFileBrowser(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_browser);
    m_browser->openFile(path);
}

QString TensorFilePage::displayName() const
{
    return QFileInfo(m_path).fileName();
}

} // namespace studio
