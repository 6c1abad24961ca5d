// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "userguidedialog.h"

#include "markdown/markdownrenderer.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace studio {

UserGuideDialog::UserGuideDialog(QWidget *parent) : QDialog(parent), m_browser(new QTextBrowser)
{
    setWindowTitle(tr("Carton Studio User Guide"));
    setObjectName(QStringLiteral("userGuide"));
    m_browser->setObjectName(QStringLiteral("userGuideText"));
    m_browser->setOpenLinks(false); // the guide links nowhere; nothing is fetched
    const QString text = markdown();
    m_browser->setHtml(text.isEmpty() ? tr("The user guide is missing from this build.")
                                      : carton::MarkdownRenderer::render(text).html);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);
    resize(720, 560);
}

QString UserGuideDialog::markdown()
{
    QFile file(QStringLiteral(":/help/user-guide.md"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace studio
