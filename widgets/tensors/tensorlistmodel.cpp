// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorlistmodel.h"

#include "common/roles.h"
#include "common/viewutils.h"
#include "package/carton.h"
#include "tensor/tensorregion.h"

#include <QFontDatabase>
#include <QHash>
#include <QLocale>

namespace studio {

TensorListModel::TensorListModel(QObject *parent) : QAbstractTableModel(parent) {}

void TensorListModel::setCarton(std::shared_ptr<const carton::Carton> carton)
{
    beginResetModel();
    m_rows.clear();
    if (carton && carton->tensorIndex()) {
        // Who references what: "@tensor_data/NAME" in self-tests and examples.
        QHash<QString, QStringList> refs;
        static const QLatin1StringView prefix("@tensor_data/");
        if (const auto &info = carton->info()) {
            auto add = [&](const carton::TensorRefs &list, const QString &owner, const QString &what) {
                for (const auto &[key, value] : list)
                    if (value.startsWith(prefix))
                        refs[value.mid(prefix.size())].append(tr("%1: %2 %3").arg(owner, what, key));
            };
            for (qsizetype i = 0; i < info->selfTests.size(); ++i) {
                const carton::SelfTest &test = info->selfTests[i];
                const QString owner =
                    test.name.value_or(QString()).isEmpty() ? tr("self-test %1").arg(i + 1) : *test.name;
                add(test.inputs, owner, tr("input"));
                if (test.expectedOut)
                    add(*test.expectedOut, owner, tr("expected output"));
            }
            for (qsizetype i = 0; i < info->examples.size(); ++i) {
                const carton::Example &example = info->examples[i];
                const QString owner =
                    example.name.value_or(QString()).isEmpty() ? tr("example %1").arg(i + 1) : *example.name;
                add(example.inputs, owner, tr("input"));
                add(example.sampleOut, owner, tr("sample output"));
            }
        }
        for (const carton::TensorIndexEntry &entry : carton->tensorIndex()->entries()) {
            Row row;
            row.name = entry.name;
            row.dtype = carton::dtypeName(entry.dtype);
            if (entry.dtype == carton::DType::Nested)
                row.shape = tr("%n inner", nullptr, int(entry.inner.size()));
            else if (entry.shape)
                row.shape = carton::shapeText(*entry.shape);
            if (entry.file) {
                row.file = QStringLiteral("tensor_data/") + *entry.file;
                if (const carton::SourceFile *file = carton->source().find(row.file))
                    row.bytes = file->size;
            }
            row.referencedBy = refs.value(entry.name);
            // Inner tensors of nested ones are referenced through their parent.
            for (const carton::TensorIndexEntry &other : carton->tensorIndex()->entries())
                if (other.inner.contains(entry.name))
                    row.referencedBy.append(tr("inner of %1").arg(other.name));
            m_rows.append(row);
        }
    }
    endResetModel();
}

QString TensorListModel::tensorName(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].name : QString();
}

int TensorListModel::rowForName(const QString &name) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].name == name)
            return int(i);
    return -1;
}

QStringList TensorListModel::referencedBy(const QString &name) const
{
    const int row = rowForName(name);
    return row < 0 ? QStringList() : m_rows[row].referencedBy;
}

int TensorListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TensorListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TensorListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return row.name;
        case DTypeColumn:
            return row.dtype;
        case ShapeColumn:
            return row.shape;
        case SizeColumn:
            return row.bytes < 0 ? QString() : humanSize(row.bytes);
        case ReferencedByColumn:
            return row.referencedBy.join(QStringLiteral("; "));
        }
        break;
    case Qt::ToolTipRole:
        switch (index.column()) {
        case NameColumn:
            return row.file;
        case SizeColumn:
            return row.bytes < 0 ? QVariant() : tr("%1 bytes").arg(QLocale().toString(row.bytes));
        case ReferencedByColumn:
            return row.referencedBy.join(u'\n');
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == SizeColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::FontRole:
        if (index.column() == DTypeColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        break;
    case Roles::TensorNameRole:
        return row.name;
    case Roles::PathRole:
        return row.file;
    case Roles::SortRole:
        return index.column() == SizeColumn ? QVariant(row.bytes) : data(index, Qt::DisplayRole);
    default:
        break;
    }
    return {};
}

QVariant TensorListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Name");
    case DTypeColumn:
        return tr("DType");
    case ShapeColumn:
        return tr("Shape");
    case SizeColumn:
        return tr("Size");
    case ReferencedByColumn:
        return tr("Referenced by");
    }
    return {};
}

} // namespace studio
