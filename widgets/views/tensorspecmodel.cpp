// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorspecmodel.h"

#include "roles.h"

#include <QFontDatabase>

namespace studio {

TensorSpecModel::TensorSpecModel(QObject *parent) : QAbstractTableModel(parent) {}

void TensorSpecModel::setSpecs(const QList<carton::TensorSpec> &specs, const SymbolPalette &palette)
{
    beginResetModel();
    m_specs = specs;
    m_palette = palette;
    endResetModel();
}

const carton::TensorSpec *TensorSpecModel::spec(int row) const
{
    return row >= 0 && row < m_specs.size() ? &m_specs[row] : nullptr;
}

int TensorSpecModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_specs.size());
}

void TensorSpecModel::setDiagnostics(const carton::Diagnostics &all, const QString &kind)
{
    if (!m_findings.set(all, kind) || m_specs.isEmpty())
        return;
    emit dataChanged(
        index(0, 0), index(int(m_specs.size()) - 1, ColumnCount - 1),
        {Qt::ToolTipRole, Qt::BackgroundRole, Qt::ForegroundRole, Roles::ValidationRole, Roles::ShapePartsRole});
}

int TensorSpecModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TensorSpecModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const carton::TensorSpec &spec = m_specs[index.row()];
    const QString dtype = spec.dtypeText.isEmpty() ? carton::dtypeName(spec.dtype) : spec.dtypeText;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (index.column()) {
        case NameColumn:
            return spec.name;
        case DTypeColumn:
            return dtype;
        case ShapeColumn:
            return spec.shape.toString();
        case DescriptionColumn:
            return spec.description.value_or(QString());
        case InternalNameColumn:
            return spec.internalName.value_or(QString());
        }
        break;
    case Qt::BackgroundRole:
    case Qt::ForegroundRole:
    case Roles::ValidationRole:
        return m_findings.data(index.row(), index.column(), role);
    case Qt::ToolTipRole:
        if (const QVariant findings = m_findings.data(index.row(), index.column(), role); findings.isValid())
            return findings;
        switch (index.column()) {
        case ShapeColumn: {
            const QStringList symbols = SymbolPalette::symbolsOf(spec.shape);
            if (spec.shape.isAny())
                return tr("Any shape");
            if (spec.shape.isScalar())
                return tr("A scalar");
            if (symbols.isEmpty())
                return spec.shape.toString();
            QStringList lines{spec.shape.toString()};
            for (const QString &symbol : symbols) {
                const QStringList users = m_palette.usersOf(symbol);
                lines.append(users.size() > 1
                                 ? tr("%1 must have one value in %2").arg(symbol, users.join(QStringLiteral(", ")))
                                 : tr("%1 is a symbol (a size fixed at run time)").arg(symbol));
            }
            return lines.join(u'\n');
        }
        case DescriptionColumn:
            return spec.description.value_or(QString());
        default:
            break;
        }
        break;
    case Qt::FontRole:
        if (index.column() == InternalNameColumn || index.column() == DTypeColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        break;
    case Roles::ShapePartsRole:
        if (index.column() == ShapeColumn) {
            QList<ShapePart> parts = m_palette.parts(spec.shape);
            m_findings.markParts(index.row(), parts);
            return QVariant::fromValue(parts);
        }
        break;
    case Roles::SymbolsRole:
        if (index.column() == ShapeColumn)
            return SymbolPalette::symbolsOf(spec.shape);
        break;
    case Roles::TensorNameRole:
        return spec.name;
    default:
        break;
    }
    return {};
}

QVariant TensorSpecModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return columnTitle(section);
}

QString TensorSpecModel::columnTitle(int section)
{
    switch (section) {
    case NameColumn:
        return tr("Name");
    case DTypeColumn:
        return tr("DType");
    case ShapeColumn:
        return tr("Shape");
    case DescriptionColumn:
        return tr("Description");
    case InternalNameColumn:
        return tr("Internal name");
    }
    return {};
}

} // namespace studio
