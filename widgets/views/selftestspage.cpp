// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestspage.h"

#include "descriptionbrowser.h"
#include "markdownrenderer.h"
#include "package/carton.h"
#include "roles.h"
#include "selftestsmodel.h"

#include <QHeaderView>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace studio {

SelfTestsPage::SelfTestsPage(std::shared_ptr<const carton::Carton> carton, QWidget *parent)
    : QWidget(parent), m_carton(std::move(carton)), m_model(new SelfTestsModel(this))
{
    m_model->setCarton(m_carton);
    m_tree = new QTreeView;
    m_tree->setObjectName(QStringLiteral("selfTestsTree"));
    m_tree->setModel(m_model);
    m_tree->setAlternatingRowColors(true);
    m_tree->setUniformRowHeights(true);
    m_tree->expandAll();
    for (int c = 0; c < SelfTestsModel::ColumnCount; ++c)
        m_tree->resizeColumnToContents(c);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, &SelfTestsPage::showDetails);
    connect(m_tree, &QTreeView::doubleClicked, this, [this](const QModelIndex &index) {
        const QString name = index.data(Roles::TensorNameRole).toString();
        if (!name.isEmpty())
            emit tensorActivated(name);
    });

    m_details = new DescriptionBrowser;
    m_details->setObjectName(QStringLiteral("selfTestDetails"));
    m_details->setCarton(m_carton);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_tree);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    if (m_model->rowCount() > 0)
        m_tree->setCurrentIndex(m_model->index(0, 0));
    else
        m_details->showSafeHtml(
            QStringLiteral("<p><i>%1</i></p>").arg(tr("This carton has no self-tests or examples.").toHtmlEscaped()));
}

bool SelfTestsPage::revealItem(bool example, int number, const QString &key)
{
    QModelIndex index =
        m_model->itemIndex(example ? SelfTestsModel::ItemKind::Example : SelfTestsModel::ItemKind::SelfTest, number);
    if (!index.isValid())
        return false;
    for (int r = 0; !key.isEmpty() && r < m_model->rowCount(index); ++r) {
        const QModelIndex child = m_model->index(r, SelfTestsModel::NameColumn, index);
        if (child.data().toString() == key) {
            m_tree->expand(index);
            index = child;
            break;
        }
    }
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
    m_tree->setFocus(Qt::OtherFocusReason);
    return true;
}

void SelfTestsPage::showDetails()
{
    const QModelIndex current = m_tree->currentIndex();
    const int row = m_model->itemRow(current);
    if (row == m_shownRow)
        return;
    m_shownRow = row;
    if (row < 0) {
        m_details->showSafeHtml(QString());
        return;
    }
    const QModelIndex item = m_model->index(row, 0);
    QString html = QStringLiteral("<h3>%1</h3>").arg(item.data().toString().toHtmlEscaped());
    html += QStringLiteral("<p><i>%1</i></p>")
                .arg(m_model->index(row, SelfTestsModel::KindColumn).data().toString().toHtmlEscaped());
    const QString description = m_model->description(item);
    if (!description.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(description.toHtmlEscaped());
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\">");
    for (int r = 0; r < m_model->rowCount(item); ++r) {
        const QString key = m_model->index(r, SelfTestsModel::NameColumn, item).data().toString();
        const QString role = m_model->index(r, SelfTestsModel::KindColumn, item).data().toString();
        const QString reference = m_model->index(r, SelfTestsModel::ReferenceColumn, item).data().toString();
        const QString details = m_model->index(r, SelfTestsModel::DetailsColumn, item).data().toString();
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td><td><code>%3</code></td><td>%4</td></tr>")
                    .arg(key.toHtmlEscaped(), role.toHtmlEscaped(), reference.toHtmlEscaped(), details.toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    // Misc files of examples inline (images by content; others say why they are not shown).
    for (int r = 0; r < m_model->rowCount(item); ++r) {
        const QString reference = m_model->index(r, SelfTestsModel::ReferenceColumn, item).data().toString();
        if (const auto path = MarkdownRenderer::miscReferencePath(reference)) {
            const QString key = m_model->index(r, SelfTestsModel::NameColumn, item).data().toString();
            html += QStringLiteral("<p><b>%1</b> (%2)<br/><img src=\"%3\"/></p>")
                        .arg(key.toHtmlEscaped(), path->toHtmlEscaped(),
                             QString::fromUtf8(MarkdownRenderer::miscUrl(*path).toEncoded()).toHtmlEscaped());
        }
    }
    m_details->showSafeHtml(html);
}

} // namespace studio
