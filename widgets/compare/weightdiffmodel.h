// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "common/roles.h"
#include "diff/weightdiff.h"

#include <QAbstractTableModel>

namespace studio {

// The weights of a model review, one row per weight in model order: name, change,
// shapes, dtype, max |B−A|, ‖B−A‖/‖A‖ and the share of elements changed. Rows have
// the change's tint; Roles::SortRole gives numbers for the numeric columns (sorting
// by relative change puts the most changed first when descending).
class WeightDiffModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WeightDiffModel)
public:
    enum Column {
        NameColumn,
        ChangeColumn,
        ShapeAColumn,
        ShapeBColumn,
        DtypeColumn,
        MaxAbsColumn,
        RelL2Column,
        ChangedColumn,
        ColumnCount
    };
    static constexpr int SortRole = Roles::SortRole;
    static constexpr int KindRole = Roles::ChangeKindRole; // the row's carton::ChangeKind as an int

    explicit WeightDiffModel(QObject *parent = nullptr);

    void setWeights(QList<carton::WeightDiff> weights);
    const QList<carton::WeightDiff> &weights() const { return m_weights; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<carton::WeightDiff> m_weights;
};

} // namespace studio
