// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "format/cartoninfo.h"
#include "speccellfindings.h"
#include "symbolpalette.h"

#include <QAbstractTableModel>

namespace studio {

// The [[input]] or [[output]] specs of a carton as a table: name, dtype, shape
// ("[batch_size, 3, 512, 512]", with Roles::ShapePartsRole for colored symbols),
// description and internal name; the cells the carton's diagnostics point at are
// marked (setDiagnostics: colours, tooltip, the wrong dimensions of a shape).
class TensorSpecModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorSpecModel)

public:
    enum Column { NameColumn, DTypeColumn, ShapeColumn, DescriptionColumn, InternalNameColumn, ColumnCount };

    explicit TensorSpecModel(QObject *parent = nullptr);

    // `palette` must already know every symbol of inputs and outputs so that
    // both tables use the same colors.
    void setSpecs(const QList<carton::TensorSpec> &specs, const SymbolPalette &palette);
    const carton::TensorSpec *spec(int row) const;
    // Marks the cells of carton.toml's `kind` ("input" / "output") section the
    // diagnostics point at (SpecCellFindings).
    void setDiagnostics(const carton::Diagnostics &all, const QString &kind);
    const SpecCellFindings &findings() const { return m_findings; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // "Name", "DType"... (also the editing table's headers).
    static QString columnTitle(int column);

private:
    QList<carton::TensorSpec> m_specs;
    SymbolPalette m_palette;
    SpecCellFindings m_findings;
};

} // namespace studio
