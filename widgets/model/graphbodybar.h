// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "graphsearch.h"

#include <QWidget>

class QLabel;
class QListWidget;

namespace studio {

// Under the graph view's bar: the breadcrumb of the body shown ("main graph ›
// if › else_branch", each step a link back), and the hits of a search across
// every body of the model (click one to open its graph and select it).
class GraphBodyBar final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GraphBodyBar)

public:
    explicit GraphBodyBar(QWidget *parent = nullptr);

    // `steps`: the names of the bodies opened from the main graph ("if", "else_branch"
    // pairs); none: the breadcrumb hides.
    void setCrumbs(const QStringList &steps);
    // The hits of the last search (none: the list hides).
    void setHits(const QList<GraphSearch::Hit> &hits);
    const QList<GraphSearch::Hit> &hits() const { return m_hits; }
    QLabel *breadcrumb() const { return m_crumbs; }
    QListWidget *results() const { return m_results; }

signals:
    // A step of the breadcrumb: `depth` bodies from the main graph (0: the main graph).
    void depthRequested(int depth);
    void hitActivated(const GraphSearch::Hit &hit);

private:
    QLabel *m_crumbs;
    QListWidget *m_results;
    QList<GraphSearch::Hit> m_hits;
};

} // namespace studio
