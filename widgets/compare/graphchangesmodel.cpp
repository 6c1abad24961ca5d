// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphchangesmodel.h"

#include "comparemodel.h"

#include <QBrush>

namespace studio {

using namespace carton;

GraphChangesModel::GraphChangesModel(QObject *parent) : QAbstractTableModel(parent) {}

void GraphChangesModel::setGraphs(const QList<ModelGraphDiff> &graphs)
{
    beginResetModel();
    m_rows.clear();
    m_matched = 0;
    const bool prefix = graphs.size() > 1;
    for (int gi = 0; gi < graphs.size(); ++gi) {
        const ModelGraphDiff &g = graphs.at(gi);
        const auto name = [&](const QString &entry, const QString &node) {
            return prefix ? entry + u':' + node : node;
        };
        for (const GraphNodeChange &c : g.graph.changed)
            m_rows.append({ChangeKind::Changed,
                           c.a.name == c.b.name ? name(g.entryB, c.b.name)
                                                : name(g.entryA, c.a.name) + QStringLiteral(" → ") + c.b.name,
                           c.a.opType == c.b.opType ? c.b.opType : c.a.opType + QStringLiteral(" → ") + c.b.opType,
                           c.changes,
                           {gi, ChangeKind::Changed, c.b}});
        for (const GraphNodeRef &r : g.graph.added)
            m_rows.append({ChangeKind::Added, name(g.entryB, r.name), r.opType, {}, {gi, ChangeKind::Added, r}});
        for (const GraphNodeRef &r : g.graph.removed)
            m_rows.append({ChangeKind::Removed, name(g.entryA, r.name), r.opType, {}, {gi, ChangeKind::Removed, r}});
        m_matched += g.graph.matched;
    }
    endResetModel();
}

GraphChangesModel::Target GraphChangesModel::target(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).target : Target();
}

int GraphChangesModel::rowOf(const Target &target) const
{
    for (qsizetype r = 0; r < m_rows.size(); ++r) {
        const Target &t = m_rows.at(r).target;
        if (t.graph == target.graph && t.kind == target.kind && t.node.index == target.node.index &&
            t.node.body == target.node.body)
            return int(r);
    }
    return -1;
}

int GraphChangesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int GraphChangesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GraphChangesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ChangeColumn:
        return tr("Change");
    case NodeColumn:
        return tr("Node");
    case OpColumn:
        return tr("Op");
    case WhatColumn:
        return tr("What changed");
    }
    return {};
}

QVariant GraphChangesModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &r = m_rows.at(index.row());
    if (role == KindRole)
        return int(r.kind);
    if (role == Qt::BackgroundRole)
        return QBrush(CompareModel::kindColor(r.kind));
    if (role == Qt::ToolTipRole && index.column() == WhatColumn && !r.what.isEmpty())
        return r.what.join(u'\n');
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case ChangeColumn:
        return r.kind == ChangeKind::Added     ? tr("added")
               : r.kind == ChangeKind::Removed ? tr("removed")
                                               : tr("changed");
    case NodeColumn:
        return r.node;
    case OpColumn:
        return r.opType;
    case WhatColumn:
        return r.what.join(QStringLiteral("; "));
    }
    return {};
}

} // namespace studio
