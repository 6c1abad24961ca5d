// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "slicespec.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace studio {

// The current 2-D slice of a string tensor as a table, rows × columns as the
// numeric table lays them out (SliceSpec), with the same index headers. String
// tensors are read whole, so the values are in memory. A cell shows its value
// on one line: an empty (or blank) string as "" in the placeholder color, line
// breaks and tabs as ↵ and →, at most displayChars characters (the view elides
// the rest to the column width). The tooltip holds the element's index and the
// whole value (up to tooltipChars); Qt::EditRole is the value exactly.
class StringTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StringTableModel)

public:
    static constexpr int displayChars = 200;
    static constexpr int tooltipChars = 4000;

    using QAbstractTableModel::QAbstractTableModel;

    // `values` in row-major order, one per element of `shape`; `slice` is used
    // when it fits the shape, else SliceSpec::defaultFor(shape).
    void setStrings(const QList<qint64> &shape, const QStringList &values, const SliceSpec &slice = {});
    void setSlice(const SliceSpec &slice);
    void clear();

    const SliceSpec &slice() const { return m_slice; }
    const QStringList &values() const { return m_values; }
    // The value of slice cell (row, column).
    QString value(int row, int column) const;
    // Rows [r0, r0+nr) × cols [c0, c0+nc), one line per row, values separated by
    // `separator` (for copying a selection).
    carton::Result<QString> readText(qint64 r0, qint64 nr, qint64 c0, qint64 nc, QChar separator) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    qint64 flatIndex(int row, int column) const;

    QList<qint64> m_shape;
    QStringList m_values;
    SliceSpec m_slice;
};

} // namespace studio
