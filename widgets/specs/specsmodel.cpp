// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "specsmodel.h"

#include "common/roles.h"
#include "common/viewutils.h"
#include "document/cartondocument.h"
#include "speccellfindings.h"
#include "style/tone.h"
#include "validate/fieldpath.h"

#include <QBrush>
#include <QColor>
#include <QFontDatabase>
#include <QPalette>
#include <utility>

namespace studio {

SpecsModel::SpecsModel(CartonDocument *document, bool outputs, QObject *parent)
    : QAbstractTableModel(parent), m_document(document), m_outputs(outputs),
      m_specs(outputs ? document->info().outputs : document->info().inputs) // typed shapes stay on their rows
{
    refresh();
    refreshDiagnostics();
    connect(m_document, &CartonDocument::infoChanged, this, &SpecsModel::refresh);
    connect(m_document, &CartonDocument::diagnosticsChanged, this, &SpecsModel::refreshDiagnostics);
}

QString SpecsModel::kind() const
{
    return m_outputs ? QStringLiteral("output") : QStringLiteral("input");
}

QString SpecsModel::columnKey(int column) const
{
    switch (column) {
    case DTypeColumn:
        return QStringLiteral("dtype");
    case ShapeColumn:
        return QStringLiteral("shape");
    case DescriptionColumn:
        return QStringLiteral("description");
    case InternalNameColumn:
        return QStringLiteral("internal_name");
    default:
        return QStringLiteral("name");
    }
}

QString SpecsModel::fieldOf(int row, int column) const
{
    return QStringLiteral("%1[%2].%3").arg(kind()).arg(row).arg(columnKey(column));
}

QModelIndex SpecsModel::indexOfField(const QString &field) const
{
    const carton::FieldPath path = carton::FieldPath::parse(field);
    if (!path.isItemOf(kind()) || path.index >= m_specs.size())
        return {};
    return index(path.index, SpecCellFindings::columnOfMember(path.member));
}

void SpecsModel::refresh()
{
    const carton::CartonInfo &info = m_document->info();
    SymbolPalette palette;
    for (const carton::TensorSpec &spec : info.inputs)
        palette.addShape(spec.shape, tr("input %1").arg(spec.name));
    for (const carton::TensorSpec &spec : info.outputs)
        palette.addShape(spec.shape, tr("output %1").arg(spec.name));
    const QList<carton::TensorSpec> &next = m_outputs ? info.outputs : info.inputs;
    const bool paletteChanged = palette.symbols() != m_palette.symbols();
    m_palette = palette;

    const QList<carton::TensorSpec> previous = m_specs;
    if (next.size() != m_specs.size()) {
        beginResetModel();
        m_specs = next;
        endResetModel();
        followUnappliedShapes(previous);
        refreshDiagnostics();
        return;
    }
    // dataChanged for each run of changed rows.
    m_specs = next;
    followUnappliedShapes(previous);
    int first = -1;
    for (int row = 0; row <= int(next.size()); ++row) {
        const bool changed = row < next.size() && !(previous.at(row) == next.at(row));
        if (changed) {
            if (first < 0)
                first = row;
        } else if (first >= 0) {
            emit dataChanged(index(first, 0), index(row - 1, ColumnCount - 1));
            first = -1;
        }
    }
    if (paletteChanged && !m_specs.isEmpty())
        emit dataChanged(index(0, ShapeColumn), index(int(m_specs.size()) - 1, ShapeColumn));
}

const CartonDocument::UnappliedText *SpecsModel::unappliedShape(int row) const
{
    return m_document->unappliedText(fieldOf(row, ShapeColumn));
}

QString SpecsModel::unappliedMessage(const carton::TensorSpec &spec, const QString &text) const
{
    const carton::Result<carton::Shape> shape = carton::Shape::parse(text);
    const QString why = shape ? QString() : shape.error().message;
    return (m_outputs ? tr("Output %1: the shape \"%2\" is not applied: %3")
                      : tr("Input %1: the shape \"%2\" is not applied: %3"))
        .arg(spec.name, text, why);
}

void SpecsModel::followUnappliedShapes(const QList<carton::TensorSpec> &previous)
{
    CartonDocument::UnappliedTexts all = m_document->unappliedTexts();
    CartonDocument::UnappliedTexts mine;
    for (auto it = all.begin(); it != all.end();) {
        const carton::FieldPath path = carton::FieldPath::parse(it.key());
        if (path.isItemOf(kind()) && path.member == u"shape") {
            mine.insert(it.key(), *it);
            it = all.erase(it);
        } else {
            ++it;
        }
    }
    if (mine.isEmpty())
        return;
    // Each typed shape stays with the spec it was typed for: the same row while
    // that row is unchanged or edited in place (same row count), the one row
    // holding an equal spec after rows were added, removed or moved; it goes
    // with a removed row.
    QList<bool> taken(m_specs.size(), false);
    for (auto it = mine.cbegin(); it != mine.cend(); ++it) {
        const int row = int(carton::FieldPath::parse(it.key()).index);
        int to = -1;
        if (row < previous.size()) {
            const carton::TensorSpec &spec = previous.at(row);
            if (row < m_specs.size() && m_specs.at(row) == spec && !taken.at(row)) {
                to = row;
            } else {
                QList<int> equal;
                for (int i = 0; i < m_specs.size(); ++i)
                    if (m_specs.at(i) == spec && !taken.at(i))
                        equal.append(i);
                if (equal.size() == 1)
                    to = equal.constFirst();
                else if (previous.size() == m_specs.size() && !taken.at(row))
                    to = row;
            }
        }
        if (to >= 0) {
            taken[to] = true;
            all.insert(fieldOf(to, ShapeColumn), {it->text, unappliedMessage(m_specs.at(to), it->text)});
        }
    }
    m_document->setUnappliedTexts(all);
}

void SpecsModel::refreshDiagnostics()
{
    if (!m_findings.set(m_document->diagnostics(), kind()))
        return;
    if (!m_specs.isEmpty())
        emit dataChanged(
            index(0, 0), index(int(m_specs.size()) - 1, ColumnCount - 1),
            {Qt::ToolTipRole, Qt::BackgroundRole, Qt::ForegroundRole, ValidationRole, Roles::ShapePartsRole});
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

int SpecsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_specs.size());
}

int SpecsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SpecsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const carton::TensorSpec &spec = m_specs[index.row()];
    const int column = index.column();
    const CartonDocument::UnappliedText *typedShape = column == ShapeColumn ? unappliedShape(index.row()) : nullptr;
    const bool badShape = typedShape != nullptr;
    const carton::Diagnostics *cell = m_findings.at(index.row(), column);
    const bool marked = cell != nullptr;
    const carton::Severity worst = m_findings.worst(index.row(), column).value_or(carton::Severity::Info);

    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (column) {
        case NameColumn:
            return spec.name;
        case DTypeColumn:
            return spec.dtypeText.isEmpty() ? carton::dtypeName(spec.dtype) : spec.dtypeText;
        case ShapeColumn:
            if (badShape)
                return typedShape->text;
            return role == Qt::EditRole ? spec.shape.toInputText() : spec.shape.toString();
        case DescriptionColumn:
            return spec.description.value_or(QString());
        case InternalNameColumn:
            return spec.internalName.value_or(QString());
        }
        break;
    case Qt::ToolTipRole: {
        QStringList lines; // a typed shape's reason is among the cell's diagnostics
        if (marked)
            for (const carton::Diagnostic &d : *cell)
                lines.append(d.message);
        if (lines.isEmpty() && column == ShapeColumn) {
            if (spec.shape.isAny())
                return tr("Any shape. Type *, a symbol, [] for a scalar, or a list such as [batch, 3, *].");
            if (spec.shape.isScalar())
                return tr("A scalar");
            for (const QString &symbol : SymbolPalette::symbolsOf(spec.shape)) {
                const QStringList users = m_palette.usersOf(symbol);
                lines.append(users.size() > 1
                                 ? tr("%1 must have one value in %2").arg(symbol, users.join(QStringLiteral(", ")))
                                 : tr("%1 is a symbol (a size fixed at run time)").arg(symbol));
            }
        }
        if (lines.isEmpty() && column == DescriptionColumn)
            return spec.description.value_or(QString());
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(u'\n'));
    }
    case Qt::BackgroundRole:
        if (badShape || (marked && worst == carton::Severity::Error))
            return QBrush(toneTint(Tone::Bad));
        if (marked && worst == carton::Severity::Warning)
            return QBrush(toneTint(Tone::Warning));
        break;
    case Qt::DecorationRole:
        if (badShape)
            return severityIcon(carton::Severity::Error);
        break;
    case Qt::ForegroundRole:
        if (badShape || (marked && worst == carton::Severity::Error))
            return QBrush(toneColor(Tone::Bad));
        break;
    case ValidationRole:
        if (badShape || (marked && worst == carton::Severity::Error))
            return QStringLiteral("error");
        if (marked && worst == carton::Severity::Warning)
            return QStringLiteral("warning");
        return QString();
    case Qt::FontRole:
        if (column == InternalNameColumn || column == DTypeColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        break;
    case Roles::ShapePartsRole:
        // A shape that did not parse is painted as its text (in red).
        if (column == ShapeColumn && !badShape) {
            QList<ShapePart> parts = m_palette.parts(spec.shape);
            m_findings.markParts(index.row(), parts);
            return QVariant::fromValue(parts);
        }
        break;
    case Roles::SymbolsRole:
        if (column == ShapeColumn)
            return SymbolPalette::symbolsOf(spec.shape);
        break;
    case Roles::TensorNameRole:
        return spec.name;
    default:
        break;
    }
    return {};
}

void SpecsModel::setEditable(bool editable)
{
    if (std::exchange(m_editable, editable) == editable || m_specs.isEmpty())
        return;
    // The flags changed, not the values: views ask again (no reset, the selection stays).
    emit dataChanged(index(0, 0), index(int(m_specs.size()) - 1, ColumnCount - 1), {Qt::EditRole});
}

bool SpecsModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !m_editable ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const int row = index.row();
    const QString text = value.toString();
    carton::CartonInfo info = m_document->info();
    QList<carton::TensorSpec> &specs = m_outputs ? info.outputs : info.inputs;
    if (row >= specs.size())
        return false;
    carton::TensorSpec &spec = specs[row];
    QString what;
    switch (index.column()) {
    case NameColumn: {
        const QString old = spec.name;
        if (text == old)
            return true;
        spec.name = text;
        // The self-tests and examples feeding this spec follow its new name, when
        // the old name was not also another spec's.
        int users = 0;
        for (const carton::TensorSpec &s : std::as_const(specs))
            users += s.name == old ? 1 : 0;
        if (users == 0 && !old.isEmpty()) {
            auto rename = [&](carton::TensorRefs &refs) {
                for (auto &ref : refs)
                    if (ref.first == old)
                        ref.first = text;
            };
            for (carton::SelfTest &t : info.selfTests) {
                if (m_outputs && t.expectedOut)
                    rename(*t.expectedOut);
                else if (!m_outputs)
                    rename(t.inputs);
            }
            for (carton::Example &e : info.examples)
                rename(m_outputs ? e.sampleOut : e.inputs);
        }
        what = m_outputs ? tr("Rename Output") : tr("Rename Input");
        break;
    }
    case DTypeColumn: {
        const std::optional<carton::DType> dtype = carton::parseDType(text);
        if (!dtype || !carton::isSpecDType(*dtype))
            return false;
        spec.dtype = *dtype;
        spec.dtypeText = carton::dtypeName(*dtype);
        what = m_outputs ? tr("Change Output DType") : tr("Change Input DType");
        break;
    }
    case ShapeColumn: {
        const carton::Result<carton::Shape> shape = carton::Shape::parse(text);
        const QString field = fieldOf(row, ShapeColumn);
        if (!shape) {
            // Kept as typed, never replaced by the old shape or "*".
            m_document->setUnappliedText(field, text, unappliedMessage(spec, text));
            emit dataChanged(index, index);
            return false;
        }
        const bool hadTyped = unappliedShape(row) != nullptr;
        m_document->clearUnappliedText(field);
        if (*shape == spec.shape) {
            if (hadTyped)
                emit dataChanged(index, index);
            return true;
        }
        spec.shape = *shape;
        what = m_outputs ? tr("Edit Output Shape") : tr("Edit Input Shape");
        break;
    }
    case DescriptionColumn:
        spec.description = text.isEmpty() ? std::nullopt : std::optional<QString>(text);
        what = m_outputs ? tr("Edit Output Description") : tr("Edit Input Description");
        break;
    case InternalNameColumn:
        spec.internalName = text.isEmpty() ? std::nullopt : std::optional<QString>(text);
        what = m_outputs ? tr("Edit Output Internal Name") : tr("Edit Input Internal Name");
        break;
    default:
        return false;
    }
    // A cell is committed whole (Enter, or leaving it): each commit is its own
    // undo step, as in a spreadsheet; merging two commits of one cell would make
    // Undo skip a value the user saw applied.
    m_document->setInfo(info, what);
    return true;
}

Qt::ItemFlags SpecsModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    const Qt::ItemFlags flags = Qt::ItemIsSelectable | Qt::ItemIsEnabled;
    return m_editable ? flags | Qt::ItemIsEditable : flags;
}

QVariant SpecsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole && section == ShapeColumn)
        return tr("* (any shape), a symbol for the whole shape, [] (a scalar), or a list of sizes, symbols and *: "
                  "[batch, 3, *]");
    if (role != Qt::DisplayRole)
        return {};
    return columnTitle(section);
}

QString SpecsModel::columnTitle(int section)
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
