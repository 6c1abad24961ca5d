// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "scan/scanreport.h"

#include <QAbstractTableModel>

namespace studio {

// The findings of a safety scan as a table: severity (icon and colour), file,
// finding, detail (why it matters, then the opcode / imports / URL). Read-only.
class SafetyFindingsModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SafetyFindingsModel)

public:
    enum Column { SeverityColumn, FileColumn, FindingColumn, DetailColumn, ColumnCount };

    explicit SafetyFindingsModel(QObject *parent = nullptr);

    void setFindings(QList<carton::ScanFinding> findings);
    const carton::ScanFinding *finding(int row) const;

    // "Critical", "High", "Medium", "Info" (translated) and their colour.
    static QString severityText(carton::ScanSeverity severity);
    static QColor severityColor(carton::ScanSeverity severity);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<carton::ScanFinding> m_findings;
};

} // namespace studio
