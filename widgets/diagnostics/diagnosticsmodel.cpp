// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diagnosticsmodel.h"

#include "common/roles.h"
#include "common/viewutils.h"

namespace studio {

DiagnosticsModel::DiagnosticsModel(QObject *parent) : QAbstractTableModel(parent) {}

void DiagnosticsModel::setDiagnostics(const carton::Diagnostics &diagnostics)
{
    beginResetModel();
    m_diagnostics = diagnostics;
    endResetModel();
}

carton::Diagnostic DiagnosticsModel::diagnostic(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this || index.row() >= m_diagnostics.size())
        return {};
    return m_diagnostics[index.row()];
}

int DiagnosticsModel::count(carton::Severity severity) const
{
    return int(std::count_if(m_diagnostics.cbegin(), m_diagnostics.cend(),
                             [severity](const carton::Diagnostic &d) { return d.severity == severity; }));
}

int DiagnosticsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_diagnostics.size());
}

int DiagnosticsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const carton::Diagnostic &d = m_diagnostics[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return severityText(d.severity);
        case LocationColumn:
            return d.location.toString();
        case MessageColumn:
            return d.message;
        }
        break;
    case Qt::DecorationRole:
        if (index.column() == SeverityColumn)
            return severityIcon(d.severity);
        break;
    case Qt::ToolTipRole:
        if (index.column() == MessageColumn || index.column() == LocationColumn)
            return d.toString();
        break;
    case Roles::SeverityRole:
        return int(d.severity);
    case Roles::LocationRole:
        return QVariant::fromValue(d.location);
    case Roles::SortRole:
        return index.column() == SeverityColumn ? QVariant(int(d.severity)) : data(index, Qt::DisplayRole);
    default:
        break;
    }
    return {};
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case LocationColumn:
        return tr("Location");
    case MessageColumn:
        return tr("Message");
    }
    return {};
}

} // namespace studio
