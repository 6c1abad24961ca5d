// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "common/roles.h"
#include "document/cartondocument.h"
#include "format/cartoninfo.h"
#include "speccellfindings.h"
#include "symbolpalette.h"

#include <QAbstractTableModel>
#include <QHash>

namespace studio {

// The [[input]] or [[output]] specs of a CartonDocument as a table (name, dtype,
// shape "[batch_size, 3, 512, 512]" with Roles::ShapePartsRole for coloured
// symbols, description, internal name): the Inputs / Outputs tab, browsing and
// editing alike. Read-only until setEditable(true) (flags() without
// ItemIsEditable, setData() refused); then every setData() (a cell's commit) is
// one undo step through CartonDocument::setInfo. Refreshes from infoChanged with dataChanged for
// the rows that differ (a reset only when the row count changes), and marks the
// cells the document's diagnostics point at (ValidationRole, colors, tooltip).
// A shape that does not parse is not applied: the cell keeps the text, red with
// an error icon and the reason in its tooltip, and the document lists it in its
// diagnostics (CartonDocument::setUnappliedText) until a valid shape is typed
// there or the row is removed; it follows its row when rows move.
class SpecsModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SpecsModel)

public:
    enum Column { NameColumn, DTypeColumn, ShapeColumn, DescriptionColumn, InternalNameColumn, ColumnCount };
    // QString: "error", "warning" or "" for a cell (the editors' "validation" property).
    static constexpr int ValidationRole = Roles::ValidationRole;

    SpecsModel(CartonDocument *document, bool outputs, QObject *parent = nullptr);

    bool isOutputs() const { return m_outputs; }
    // Editing (Ctrl+E) makes the cells editable; the rows and the selection stay.
    void setEditable(bool editable);
    bool isEditable() const { return m_editable; }
    // "Name", "DType"...
    static QString columnTitle(int column);
    // "input" / "output"
    QString kind() const;
    // "input[2].shape" for (2, ShapeColumn)
    QString fieldOf(int row, int column) const;
    // The cell of a field path of this kind ("input[2].shape[1]" -> (2, ShapeColumn));
    // invalid when the field is not a cell of this table.
    QModelIndex indexOfField(const QString &field) const;
    const QList<carton::TensorSpec> &specs() const { return m_specs; }
    // Diagnostics about the table as a whole ("output": none declared).
    const carton::Diagnostics &tableDiagnostics() const { return m_findings.tableDiagnostics(); }
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
    // The typed shape of `row` that did not parse, or null.
    const CartonDocument::UnappliedText *unappliedShape(int row) const;
    // "Input x: the shape \"[3,,4\" is not applied: <why>" (a diagnostic's message).
    QString unappliedMessage(const carton::TensorSpec &spec, const QString &text) const;
    // Moves this table's unapplied shapes along with their rows from `previous` to m_specs.
    void followUnappliedShapes(const QList<carton::TensorSpec> &previous);

    CartonDocument *m_document;
    bool m_outputs;
    bool m_editable = false;
    QList<carton::TensorSpec> m_specs;
    SymbolPalette m_palette;
    SpecCellFindings m_findings; // the diagnostics of each cell
};

} // namespace studio
