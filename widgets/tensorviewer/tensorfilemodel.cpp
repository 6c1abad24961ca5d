// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorfilemodel.h"

#include "base/humansize.h"
#include "tensor/tensorregion.h"

#include <QLocale>

namespace studio {

TensorFileModel::TensorFileModel(QObject *parent) : QAbstractTableModel(parent) {}

void TensorFileModel::setEntries(QList<Entry> entries)
{
    beginResetModel();
    m_entries = std::move(entries);
    endResetModel();
}

int TensorFileModel::rowForName(const QString &name) const
{
    for (qsizetype i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].name == name)
            return int(i);
    return -1;
}

int TensorFileModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int TensorFileModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TensorFileModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Entry &e = m_entries[index.row()];
    if (role == Qt::TextAlignmentRole && index.column() == BytesColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == BytesColumn)
        return tr("%1 bytes").arg(QLocale().toString(e.bytes));
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return e.name;
    case DTypeColumn:
        return e.dtype;
    case ShapeColumn:
        return carton::shapeText(e.shape);
    case BytesColumn:
        return carton::humanSize(e.bytes, QLocale());
    default:
        return {};
    }
}

QVariant TensorFileModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Tensor");
    case DTypeColumn:
        return tr("Type");
    case ShapeColumn:
        return tr("Shape");
    case BytesColumn:
        return tr("Size");
    default:
        return {};
    }
}

} // namespace studio
