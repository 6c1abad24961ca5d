// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QAbstractItemModel>
#include <QHash>
#include <memory>
#include <vector>

namespace carton {
class ModelSet;
struct ModelEntry;
struct ModelWeight;
} // namespace carton

namespace studio {

// The weights of a set of model files as a tree: one top-level row per model file
// (a broken one with its error), below it the weights by module path split at
// dots ("conv1.weight" is "weight" under "conv1"). Columns: name, dtype, shape,
// parameters, bytes; modules and files show the sums of what is below them.
// TensorNameRole gives a weight's name as ModelSet::openWeight takes it
// ("model/model.onnx:conv1.weight"), WeightPathRole its name in its file (what the
// filter matches), SortRole numbers for the number columns.
class ModelWeightsModel final : public QAbstractItemModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelWeightsModel)

public:
    enum Column { NameColumn, DTypeColumn, ShapeColumn, ParametersColumn, BytesColumn, ColumnCount };

    explicit ModelWeightsModel(QObject *parent = nullptr);
    ~ModelWeightsModel() override;

    // Shows `set` (kept alive by the model); null clears.
    void setModelSet(std::shared_ptr<const carton::ModelSet> set);
    const std::shared_ptr<const carton::ModelSet> &modelSet() const { return m_set; }

    // The model file an index belongs to (any row below it), or null.
    const carton::ModelEntry *entry(const QModelIndex &index) const;
    // The weight of a weight row, or null (files, modules).
    const carton::ModelWeight *weight(const QModelIndex &index) const;
    // The row of a weight by its ModelSet name ("model/model.onnx:fc.weight"), or invalid.
    QModelIndex indexOfWeight(const QString &name) const;
    // The top-level row of model file `entry` (its index in the set).
    QModelIndex indexOfEntry(int entry) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node {
        QString label;   // the last part of the path (a file's path for a file row)
        QString path;    // the weight's or module's name in its file; empty for a file row
        int entry = -1;  // index of the model file
        int weight = -1; // index in the file's weights(); -1 for files and modules
        Node *parent = nullptr;
        int row = 0;
        qint64 parameters = 0;
        qint64 bytes = 0;
        std::vector<std::unique_ptr<Node>> children;
    };
    void build();
    Node *nodeOf(const QModelIndex &index) const;
    QModelIndex indexOf(const Node *node, int column = 0) const;
    QVariant display(const Node &node, int column) const;
    QVariant toolTip(const Node &node) const;

    std::shared_ptr<const carton::ModelSet> m_set;
    Node m_root;
    QHash<qint64, Node *> m_weightNodes; // (entry << 32 | weight) -> its row
};

} // namespace studio
