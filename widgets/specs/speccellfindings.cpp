// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "speccellfindings.h"

#include "common/roles.h"
#include "specsmodel.h"
#include "style/tone.h"
#include "symbolpalette.h"
#include "validate/fieldpath.h"

#include <QBrush>

namespace studio {

namespace {

constexpr qint64 cellKey(int row, int column)
{
    return (qint64(row) << 3) | column;
}

} // namespace

int SpecCellFindings::columnOfMember(const QString &member)
{
    if (member == u"dtype")
        return SpecsModel::DTypeColumn;
    if (member == u"shape")
        return SpecsModel::ShapeColumn;
    if (member == u"description")
        return SpecsModel::DescriptionColumn;
    if (member == u"internal_name")
        return SpecsModel::InternalNameColumn;
    return SpecsModel::NameColumn;
}

bool SpecCellFindings::set(const carton::Diagnostics &all, const QString &kind)
{
    QHash<qint64, carton::Diagnostics> cells;
    QHash<int, QList<int>> wrong;
    carton::Diagnostics table;
    for (const carton::Diagnostic &d : all) {
        const carton::DiagnosticLocation &loc = d.location;
        if (loc.file != u"carton.toml")
            continue;
        if (loc.field == kind) {
            table.append(d);
            continue;
        }
        const carton::FieldPath path = carton::FieldPath::parse(loc.field);
        if (!path.isItemOf(kind))
            continue;
        const int column = columnOfMember(path.member);
        cells[cellKey(path.index, column)].append(d);
        if (column == SpecsModel::ShapeColumn && path.memberIndex >= 0 && d.severity == carton::Severity::Error)
            wrong[path.index].append(path.memberIndex);
    }
    if (cells == m_cells && table == m_table)
        return false;
    m_cells = std::move(cells);
    m_wrongDims = std::move(wrong);
    m_table = std::move(table);
    return true;
}

const carton::Diagnostics *SpecCellFindings::at(int row, int column) const
{
    const auto found = m_cells.constFind(cellKey(row, column));
    return found == m_cells.cend() ? nullptr : &*found;
}

std::optional<carton::Severity> SpecCellFindings::worst(int row, int column) const
{
    const carton::Diagnostics *cell = at(row, column);
    if (!cell || cell->isEmpty())
        return std::nullopt;
    carton::Severity worst = carton::Severity::Info;
    for (const carton::Diagnostic &d : *cell)
        if (int(d.severity) < int(worst))
            worst = d.severity;
    return worst;
}

QList<int> SpecCellFindings::wrongDimensions(int row) const
{
    return m_wrongDims.value(row);
}

void SpecCellFindings::markParts(int row, QList<ShapePart> &parts) const
{
    // A list shape's parts: "[", dim 0, ", ", dim 1, ..., "]".
    for (const int dim : m_wrongDims.value(row)) {
        const qsizetype part = 1 + 2 * qsizetype(dim);
        if (dim >= 0 && part < parts.size() - 1)
            parts[part].wrong = true;
    }
}

} // namespace studio
