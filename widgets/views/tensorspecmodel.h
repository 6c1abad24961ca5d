// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "format/cartoninfo.h"
#include "symbolpalette.h"

#include <QAbstractTableModel>

namespace studio {

// The [[input]] or [[output]] specs of a carton as a table: name, dtype, shape
// ("[batch_size, 3, 512, 512]", with Roles::ShapePartsRole for colored symbols),
// description and internal name.
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

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // "Name", "DType"... (also the editing table's headers).
    static QString columnTitle(int column);

private:
    QList<carton::TensorSpec> m_specs;
    SymbolPalette m_palette;
};

} // namespace studio
