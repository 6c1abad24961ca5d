// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "weightdiffmodel.h"

#include "comparemodel.h"
#include "tensor/tensorregion.h"

#include <QBrush>

namespace studio {

using namespace carton;

WeightDiffModel::WeightDiffModel(QObject *parent) : QAbstractTableModel(parent) {}

void WeightDiffModel::setWeights(QList<WeightDiff> weights)
{
    beginResetModel();
    m_weights = std::move(weights);
    endResetModel();
}

int WeightDiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_weights.size());
}

int WeightDiffModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant WeightDiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Weight");
    case ChangeColumn:
        return tr("Change");
    case ShapeAColumn:
        return tr("Shape (left)");
    case ShapeBColumn:
        return tr("Shape (right)");
    case DtypeColumn:
        return tr("Dtype");
    case MaxAbsColumn:
        return tr("Max |B−A|");
    case RelL2Column:
        return tr("‖B−A‖/‖A‖");
    case ChangedColumn:
        return tr("Changed");
    }
    return {};
}

namespace {

QString kindText(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::Unchanged:
        return WeightDiffModel::tr("unchanged");
    case ChangeKind::Added:
        return WeightDiffModel::tr("added");
    case ChangeKind::Removed:
        return WeightDiffModel::tr("removed");
    case ChangeKind::Changed:
        return WeightDiffModel::tr("changed");
    }
    return {};
}

QString number(double v)
{
    return QString::number(v, 'g', 4);
}

// Sorting by change: added and removed above every relative change, unchanged below.
double changeRank(const WeightDiff &w)
{
    if (w.kind == ChangeKind::Added || w.kind == ChangeKind::Removed)
        return 1e300;
    if (w.kind == ChangeKind::Unchanged)
        return -1;
    return w.compared && w.relL2 ? *w.relL2 : 1e299;
}

} // namespace

QVariant WeightDiffModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_weights.size())
        return {};
    const WeightDiff &w = m_weights.at(index.row());
    if (role == KindRole)
        return int(w.kind);
    if (role == Qt::BackgroundRole)
        return w.kind == ChangeKind::Unchanged ? QVariant() : QVariant(QBrush(CompareModel::kindColor(w.kind)));
    if (role == Qt::ToolTipRole && index.column() == NameColumn) {
        QString tip = w.name();
        if (w.match == WeightMatch::TensorName || w.match == WeightMatch::PositionShape)
            tip += u'\n' +
                   tr("Left: %1 (paired by %2)")
                       .arg(w.nameA, w.match == WeightMatch::TensorName ? tr("tensor name") : tr("position and shape"));
        if (!w.note.isEmpty())
            tip += u'\n' + w.note;
        return tip;
    }
    if (role == Qt::TextAlignmentRole && index.column() >= MaxAbsColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    const bool display = role == Qt::DisplayRole;
    if (!display && role != SortRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return w.name();
    case ChangeColumn:
        return display ? QVariant(kindText(w.kind)) : QVariant(changeRank(w));
    case ShapeAColumn:
        return w.nameA.isEmpty() ? QString() : shapeText(w.shapeA);
    case ShapeBColumn:
        return w.nameB.isEmpty() ? QString() : shapeText(w.shapeB);
    case DtypeColumn:
        if (w.nameA.isEmpty())
            return w.dtypeB;
        return w.nameB.isEmpty() || w.dtypeA == w.dtypeB ? w.dtypeA : w.dtypeA + QStringLiteral(" → ") + w.dtypeB;
    case MaxAbsColumn:
        if (!w.compared)
            return display ? QVariant(QString()) : QVariant(-1.0);
        return display ? QVariant(number(w.maxAbsDiff)) : QVariant(w.maxAbsDiff);
    case RelL2Column:
        if (!display)
            return changeRank(w);
        return w.compared && w.relL2 ? number(*w.relL2) : QString();
    case ChangedColumn:
        if (!w.compared)
            return display ? QVariant(QString()) : QVariant(-1.0);
        return display ? QVariant(QStringLiteral("%1 %").arg(number(100 * w.changedFraction)))
                       : QVariant(w.changedFraction);
    }
    return {};
}

} // namespace studio
