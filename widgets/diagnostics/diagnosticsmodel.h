// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QAbstractTableModel>

namespace studio {

// Validation findings as a table: severity (icon + text), location, message.
// Used by the shell's diagnostics dock; double-clicking a row there calls
// CartonView::revealLocation(diagnostic(index).location).
class DiagnosticsModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiagnosticsModel)

public:
    enum Column { SeverityColumn, LocationColumn, MessageColumn, ColumnCount };

    explicit DiagnosticsModel(QObject *parent = nullptr);

    void setDiagnostics(const carton::Diagnostics &diagnostics);
    const carton::Diagnostics &diagnostics() const { return m_diagnostics; }
    // The diagnostic of a row (any column); a default one for invalid indexes.
    carton::Diagnostic diagnostic(const QModelIndex &index) const;
    int count(carton::Severity severity) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    carton::Diagnostics m_diagnostics;
};

} // namespace studio
