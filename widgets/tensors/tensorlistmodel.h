// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <memory>

namespace carton {
class Carton;
}

namespace studio {

// The tensors of tensor_data/index.toml: name, dtype, shape, byte size of the
// data file, and which self-tests/examples reference each one.
class TensorListModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorListModel)

public:
    enum Column { NameColumn, DTypeColumn, ShapeColumn, SizeColumn, ReferencedByColumn, ColumnCount };

    explicit TensorListModel(QObject *parent = nullptr);

    void setCarton(std::shared_ptr<const carton::Carton> carton);
    QString tensorName(int row) const;
    int rowForName(const QString &name) const;
    // "a_self_test: input b", "example 1: sample output y"...
    QStringList referencedBy(const QString &name) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString name;
        QString dtype;
        QString shape;
        qint64 bytes = -1;
        QString file;
        QStringList referencedBy;
    };
    QList<Row> m_rows;
};

} // namespace studio
