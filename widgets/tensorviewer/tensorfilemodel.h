// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QAbstractTableModel>
#include <QList>

namespace studio {

// The tensors of a tensor file (.safetensors, .npy): name, dtype (as a
// .safetensors spells it, a .npy's as the carton names it), shape and size
// (carton::humanSize, the exact count in the tooltip).
class TensorFileModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorFileModel)

public:
    enum Column { NameColumn, DTypeColumn, ShapeColumn, BytesColumn, ColumnCount };
    struct Entry {
        QString name;
        QString dtype;
        QList<qint64> shape;
        qint64 bytes = 0;
    };

    explicit TensorFileModel(QObject *parent = nullptr);

    void setEntries(QList<Entry> entries);
    const QList<Entry> &entries() const { return m_entries; }
    int rowForName(const QString &name) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Entry> m_entries;
};

} // namespace studio
