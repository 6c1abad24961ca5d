// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "common/roles.h"
#include "diff/modeldiff.h"

#include <QAbstractTableModel>

namespace studio {

// The graph changes of a model review, one row per added, removed or changed node
// (changed first, then added, then removed; inside If/Loop/Scan bodies the node's
// path names the body): the change, the node, its op type and what changed. Rows
// have the change's tint.
class GraphChangesModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GraphChangesModel)
public:
    enum Column { ChangeColumn, NodeColumn, OpColumn, WhatColumn, ColumnCount };
    static constexpr int KindRole = Roles::ChangeKindRole;

    explicit GraphChangesModel(QObject *parent = nullptr);

    void setGraphs(const QList<carton::ModelGraphDiff> &graphs);
    // Node pairs matched (changed ones included), over every graph.
    int matched() const { return m_matched; }
    // The node a row names: which pair of graphs (ModelDiff::graphs), the change and
    // the node as the graph diff names it (B's for added and changed, A's for removed).
    struct Target {
        int graph = -1;
        carton::ChangeKind kind = carton::ChangeKind::Unchanged;
        carton::GraphNodeRef node;
    };
    Target target(int row) const;
    // The row of `target`'s node (graph, kind, index and body); -1 when none.
    int rowOf(const Target &target) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        carton::ChangeKind kind;
        QString node;
        QString opType;
        QStringList what;
        Target target;
    };
    QList<Row> m_rows;
    int m_matched = 0;
};

} // namespace studio
