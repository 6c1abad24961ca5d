// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QAbstractItemModel>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>

namespace studio {

// A JSON object as a read-only tree (a model's config.json): key, value and type
// per row; objects and arrays have their members as children and show "{N keys}"
// or "[N items]" as their value. Built once per setObject(); at most maxNodes rows
// (the rest is left out and the last row says so).
class JsonTreeModel final : public QAbstractItemModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JsonTreeModel)

public:
    enum Column { KeyColumn, ValueColumn, TypeColumn, ColumnCount };
    static constexpr int maxNodes = 100000;

    explicit JsonTreeModel(QObject *parent = nullptr);
    ~JsonTreeModel() override;

    void setObject(const QJsonObject &object);
    // The row of a member by its path of keys ("text_config", "hidden_size").
    QModelIndex indexOfPath(const QStringList &keys) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node {
        QString key;
        QJsonValue value; // scalars; objects and arrays have children instead
        int parent = -1;  // index in m_nodes, -1 for top-level rows
        int row = 0;
        QList<int> children;
        bool cut = false; // stands for members left out
    };
    void add(const QString &key, const QJsonValue &value, int parent);
    const Node *node(const QModelIndex &index) const;

    QList<Node> m_nodes;
    QList<int> m_top;
};

} // namespace studio
