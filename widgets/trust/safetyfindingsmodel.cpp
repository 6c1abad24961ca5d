// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "safetyfindingsmodel.h"

#include "style/tone.h"

#include <QColor>
#include <QIcon>

namespace studio {

using carton::ScanSeverity;

SafetyFindingsModel::SafetyFindingsModel(QObject *parent) : QAbstractTableModel(parent) {}

void SafetyFindingsModel::setFindings(QList<carton::ScanFinding> findings)
{
    beginResetModel();
    m_findings = std::move(findings);
    endResetModel();
}

const carton::ScanFinding *SafetyFindingsModel::finding(int row) const
{
    return row >= 0 && row < m_findings.size() ? &m_findings[row] : nullptr;
}

QString SafetyFindingsModel::severityText(ScanSeverity severity)
{
    switch (severity) {
    case ScanSeverity::Critical:
        return tr("Critical");
    case ScanSeverity::High:
        return tr("High");
    case ScanSeverity::Medium:
        return tr("Medium");
    case ScanSeverity::Info:
        return tr("Info");
    }
    return {};
}

QColor SafetyFindingsModel::severityColor(ScanSeverity severity)
{
    switch (severity) {
    case ScanSeverity::Critical:
        return toneColor(Tone::Bad);
    case ScanSeverity::High:
        return toneColor(Tone::Severe);
    case ScanSeverity::Medium:
        return toneColor(Tone::Warning);
    case ScanSeverity::Info:
        return toneColor(Tone::Info);
    }
    return {};
}

int SafetyFindingsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_findings.size());
}

int SafetyFindingsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SafetyFindingsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const carton::ScanFinding &f = m_findings[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return severityText(f.severity);
        case FileColumn:
            return f.file;
        case FindingColumn:
            return f.what;
        case DetailColumn:
            return f.detail.isEmpty() ? f.why : QString(f.why + QStringLiteral(" — ") + f.detail);
        }
        break;
    case Qt::ToolTipRole:
        return QString(f.what + u'\n' + f.why + (f.detail.isEmpty() ? QString() : u'\n' + f.detail));
    case Qt::DecorationRole:
        if (index.column() != SeverityColumn)
            return {};
        switch (f.severity) {
        case ScanSeverity::Critical:
            return QIcon(QStringLiteral(":/icons/severity-error.svg"));
        case ScanSeverity::High: // never the critical one's red octagon
            return QIcon(QStringLiteral(":/icons/severity-high.svg"));
        case ScanSeverity::Medium:
            return QIcon(QStringLiteral(":/icons/severity-warning.svg"));
        case ScanSeverity::Info:
            return QIcon(QStringLiteral(":/icons/severity-info.svg"));
        }
        break;
    case Qt::ForegroundRole:
        if (index.column() == SeverityColumn)
            return severityColor(f.severity);
        break;
    default:
        break;
    }
    return {};
}

QVariant SafetyFindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case FileColumn:
        return tr("File");
    case FindingColumn:
        return tr("Finding");
    case DetailColumn:
        return tr("Detail");
    }
    return {};
}

} // namespace studio
