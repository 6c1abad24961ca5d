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
    };
    QList<Row> m_rows;
    int m_matched = 0;
};

} // namespace studio
