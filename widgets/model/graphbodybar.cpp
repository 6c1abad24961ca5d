// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphbodybar.h"

#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace studio {

namespace {
const QString kDepthScheme = QStringLiteral("depth:");
} // namespace

GraphBodyBar::GraphBodyBar(QWidget *parent)
    : QWidget(parent), m_crumbs(new QLabel(this)), m_results(new QListWidget(this))
{
    m_crumbs->setObjectName(QStringLiteral("graphBreadcrumb"));
    m_crumbs->setTextFormat(Qt::RichText);
    m_crumbs->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    connect(m_crumbs, &QLabel::linkActivated, this, [this](const QString &link) {
        if (link.startsWith(kDepthScheme))
            emit depthRequested(link.mid(kDepthScheme.size()).toInt());
    });
    m_results->setObjectName(QStringLiteral("graphSearchResults"));
    m_results->setUniformItemSizes(true);
    m_results->setMaximumHeight(m_results->fontMetrics().height() * 6 + 8);
    connect(m_results, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        const int row = m_results->row(item);
        if (row >= 0 && row < m_hits.size())
            emit hitActivated(m_hits[row]);
    });
    connect(m_results, &QListWidget::itemClicked, m_results, &QListWidget::itemActivated);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_crumbs);
    layout->addWidget(m_results);
    setCrumbs({});
    setHits({});
}

void GraphBodyBar::setCrumbs(const QStringList &steps)
{
    if (steps.isEmpty()) {
        m_crumbs->clear();
        m_crumbs->hide();
        return;
    }
    // Pairs of (node, body): each body is a step back to.
    QStringList parts{
        QStringLiteral("<a href=\"%1%2\">%3</a>").arg(kDepthScheme).arg(0).arg(tr("Main graph").toHtmlEscaped())};
    for (qsizetype i = 0; i + 1 < steps.size(); i += 2) {
        const QString text = steps[i].toHtmlEscaped() + QStringLiteral(" · ") + steps[i + 1].toHtmlEscaped();
        const int depth = int(i / 2) + 1;
        parts << (i + 2 >= steps.size()
                      ? QStringLiteral("<b>%1</b>").arg(text)
                      : QStringLiteral("<a href=\"%1%2\">%3</a>").arg(kDepthScheme).arg(depth).arg(text));
    }
    m_crumbs->setText(parts.join(QStringLiteral(" › ")));
    m_crumbs->show();
}

void GraphBodyBar::setHits(const QList<GraphSearch::Hit> &hits)
{
    m_hits = hits;
    m_results->clear();
    for (const GraphSearch::Hit &hit : hits)
        m_results->addItem(QStringLiteral("%1  —  %2").arg(hit.path, hit.opType));
    m_results->setVisible(!hits.isEmpty());
}

} // namespace studio
