// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "format/cartoninfo.h"
#include "symbolpalette.h"
#include "tensorspecmodel.h"

#include <QAbstractTableModel>
#include <QHash>

namespace studio {

class CartonDocument;

// The [[input]] or [[output]] specs of a CartonDocument as an editable table
// (name, dtype, shape, description, internal name). Every setData() (a cell's
// commit) is one undo step through CartonDocument::setInfo. Refreshes from infoChanged with dataChanged for
// the rows that differ (a reset only when the row count changes), and marks the
// cells the document's diagnostics point at (ValidationRole, colors, tooltip).
// A shape that does not parse is not applied: the cell keeps the text, red,
// with the reason in its tooltip, until a valid shape or another edit replaces it.
class SpecsEditModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SpecsEditModel)

public:
    // Same order as TensorSpecModel's columns.
    // The browsing table's columns, in the same order (TensorSpecModel).
    enum Column {
        NameColumn = TensorSpecModel::NameColumn,
        DTypeColumn = TensorSpecModel::DTypeColumn,
        ShapeColumn = TensorSpecModel::ShapeColumn,
        DescriptionColumn = TensorSpecModel::DescriptionColumn,
        InternalNameColumn = TensorSpecModel::InternalNameColumn,
        ColumnCount = TensorSpecModel::ColumnCount
    };
    // QString: "error", "warning" or "" for a cell (the editors' "validation" property).
    static constexpr int ValidationRole = Qt::UserRole + 200;

    SpecsEditModel(CartonDocument *document, bool outputs, QObject *parent = nullptr);

    bool isOutputs() const { return m_outputs; }
    // "input" / "output"
    QString kind() const;
    // "input[2].shape" for (2, ShapeColumn)
    QString fieldOf(int row, int column) const;
    // The cell of a field path of this kind ("input[2].shape[1]" -> (2, ShapeColumn));
    // invalid when the field is not a cell of this table.
    QModelIndex indexOfField(const QString &field) const;
    const QList<carton::TensorSpec> &specs() const { return m_specs; }
    // Diagnostics about the table as a whole ("output": none declared).
    const carton::Diagnostics &tableDiagnostics() const { return m_tableDiagnostics; }
    const SymbolPalette &palette() const { return m_palette; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void refresh();
    void refreshDiagnostics();
    QString columnKey(int column) const;

    CartonDocument *m_document;
    bool m_outputs;
    QList<carton::TensorSpec> m_specs;
    SymbolPalette m_palette;
    // (row << 3 | column) -> the diagnostics of that cell
    QHash<qint64, carton::Diagnostics> m_cellDiagnostics;
    carton::Diagnostics m_tableDiagnostics;
    struct ShapeError {
        QString text;
        QString message;
    };
    QHash<int, ShapeError> m_shapeErrors; // row -> a typed shape that did not parse
};

} // namespace studio
