// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorvaluesmodel.h"

#include <QFontDatabase>

namespace studio {

TensorValuesModel::TensorValuesModel(QObject *parent) : QAbstractTableModel(parent) {}

void TensorValuesModel::clear()
{
    setPreview(TensorPreview());
}

void TensorValuesModel::setPreview(const TensorPreview &preview)
{
    beginResetModel();
    m_preview = preview;
    m_nested = preview.nested;
    m_rows = m_cols = 0;
    if (m_nested) {
        m_rows = int(preview.inner.size());
        m_cols = 1;
    } else if (preview.error.isEmpty() && !preview.window.name().isEmpty()) {
        const QList<qint64> &shape = preview.window.shape();
        // TensorPreview caps windows to about a million values: these fit in int.
        if (shape.isEmpty()) {
            m_rows = m_cols = 1;
        } else {
            m_rows = int(shape[0]);
            m_cols = shape.size() == 2 ? int(shape[1]) : 1;
        }
    }
    endResetModel();
}

int TensorValuesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int TensorValuesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_cols;
}

QVariant TensorValuesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (m_nested) {
        if (role == Qt::DisplayRole)
            return m_preview.inner.value(index.row());
        return {};
    }
    const qint64 i = qint64(index.row()) * m_cols + index.column();
    switch (role) {
    case Qt::DisplayRole:
        return m_preview.window.valueAsText(i);
    case Qt::EditRole:
        if (m_preview.window.dtype() == carton::DType::String)
            return m_preview.window.stringValues().value(i);
        return m_preview.window.valueAsDouble(i);
    case Qt::TextAlignmentRole:
        if (m_preview.window.dtype() != carton::DType::String)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::FontRole:
        if (m_preview.window.dtype() != carton::DType::String)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        break;
    case Qt::ToolTipRole:
        if (m_preview.window.dtype() == carton::DType::String)
            return m_preview.window.stringValues().value(i);
        break;
    default:
        break;
    }
    return {};
}

QVariant TensorValuesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (m_nested)
        return orientation == Qt::Horizontal ? tr("Inner tensor") : QVariant(section);
    if (orientation == Qt::Horizontal && m_preview.window.shape().size() < 2)
        return tr("Value");
    return section;
}

} // namespace studio
