// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "tensorpreview.h"

#include <QAbstractTableModel>

namespace studio {

// The basic value table of one tensor: a TensorPreview window as rows × columns
// (a 1-D tensor as one column, a scalar as one cell, a nested tensor as the
// list of its inner tensors). Cells are formatted when asked for.
class TensorValuesModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorValuesModel)

public:
    explicit TensorValuesModel(QObject *parent = nullptr);

    void setPreview(const TensorPreview &preview);
    void clear();
    const TensorPreview &preview() const { return m_preview; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    TensorPreview m_preview;
    int m_rows = 0;
    int m_cols = 0;
    bool m_nested = false;
};

} // namespace studio
