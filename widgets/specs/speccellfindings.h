// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QHash>
#include <QList>
#include <QVariant>
#include <optional>

namespace studio {

struct ShapePart;

// The diagnostics of one [[input]] or [[output]] table by cell: carton.toml's
// "input[2].shape[1]" is row 2's shape cell (SpecsModel's columns), and its
// dimension 1.
class SpecCellFindings final {
public:
    // Keeps the diagnostics of carton.toml's `kind` ("input" / "output") section:
    // those of a row's member by cell, those about the section as a whole
    // (tableDiagnostics). False when nothing changed.
    bool set(const carton::Diagnostics &all, const QString &kind);

    const carton::Diagnostics &tableDiagnostics() const { return m_table; }
    bool isEmpty() const { return m_cells.isEmpty(); }
    // The cell's diagnostics (null when none).
    const carton::Diagnostics *at(int row, int column) const;
    // The worst severity of the cell's diagnostics; nullopt when it has none.
    std::optional<carton::Severity> worst(int row, int column) const;
    // The dimensions of row's shape an error points at ("input[2].shape[1]" -> 1).
    QList<int> wrongDimensions(int row) const;
    // `parts` (SymbolPalette::parts of a list shape) with the dimensions errors point at marked wrong.
    void markParts(int row, QList<ShapePart> &parts) const;

    // The column showing a spec's member ("shape" of "input[2].shape[1]").
    static int columnOfMember(const QString &member);

private:
    QHash<qint64, carton::Diagnostics> m_cells;
    QHash<int, QList<int>> m_wrongDims;
    carton::Diagnostics m_table;
};

} // namespace studio
