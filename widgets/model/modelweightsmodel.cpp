// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelweightsmodel.h"

#include "base/diagnostic.h"
#include "common/roles.h"
#include "common/viewutils.h"
#include "model/modelset.h"
#include "modelsummary.h"
#include "tensor/tensorregion.h"

#include <QGuiApplication>
#include <QHash>
#include <QLocale>
#include <QPalette>

namespace studio {

using namespace carton;

ModelWeightsModel::ModelWeightsModel(QObject *parent) : QAbstractItemModel(parent) {}

ModelWeightsModel::~ModelWeightsModel() = default;

void ModelWeightsModel::setModelSet(std::shared_ptr<const ModelSet> set)
{
    beginResetModel();
    m_set = std::move(set);
    m_root.children.clear();
    m_weightNodes.clear();
    build();
    endResetModel();
}

void ModelWeightsModel::build()
{
    if (!m_set)
        return;
    const QList<ModelEntry> &entries = m_set->entries();
    for (qsizetype e = 0; e < entries.size(); ++e) {
        auto file = std::make_unique<Node>();
        file->label = entries[e].path;
        file->entry = int(e);
        file->parent = &m_root;
        file->row = int(m_root.children.size());
        Node *fileNode = file.get();
        m_root.children.push_back(std::move(file));
        if (!entries[e].model)
            continue;
        // Modules by their path in this file ("layer1.0.conv1").
        QHash<QString, Node *> modules;
        const QList<ModelWeight> &weights = entries[e].model->weights();
        for (qsizetype w = 0; w < weights.size(); ++w) {
            const ModelWeight &weight = weights[w];
            const QStringList parts = weight.name.split(u'.');
            Node *at = fileNode;
            QString path;
            for (qsizetype i = 0; i < parts.size(); ++i) {
                path += (i ? QStringLiteral(".") : QString()) + parts[i];
                const bool last = i + 1 == parts.size();
                Node *next = modules.value(path);
                if (!next || (last && next->weight >= 0)) { // a new module, or a second weight of this name
                    auto node = std::make_unique<Node>();
                    node->label = parts[i];
                    node->path = path;
                    node->entry = int(e);
                    node->parent = at;
                    node->row = int(at->children.size());
                    next = node.get();
                    at->children.push_back(std::move(node));
                    if (!modules.contains(path))
                        modules.insert(path, next);
                }
                at = next;
            }
            at->weight = int(w);
            m_weightNodes.insert((qint64(e) << 32) | w, at);
            for (Node *n = at; n && n != &m_root; n = n->parent) {
                n->parameters += weight.elementCount;
                n->bytes += weight.byteSize;
            }
        }
    }
}

const ModelEntry *ModelWeightsModel::entry(const QModelIndex &index) const
{
    const Node *node = nodeOf(index);
    if (!node || node == &m_root || !m_set || node->entry < 0 || node->entry >= m_set->entries().size())
        return nullptr;
    return &m_set->entries()[node->entry];
}

const ModelWeight *ModelWeightsModel::weight(const QModelIndex &index) const
{
    const Node *node = nodeOf(index);
    const ModelEntry *file = entry(index);
    if (!node || !file || !file->model || node->weight < 0)
        return nullptr;
    return &file->model->weights()[node->weight];
}

QModelIndex ModelWeightsModel::indexOfEntry(int entry) const
{
    if (entry < 0 || size_t(entry) >= m_root.children.size())
        return {};
    return indexOf(m_root.children[size_t(entry)].get());
}

QModelIndex ModelWeightsModel::indexOfWeight(const QString &name) const
{
    if (!m_set)
        return {};
    const std::optional<ModelSet::WeightRef> ref = m_set->resolve(name);
    if (!ref || !ref->entry || !ref->entry->model)
        return {};
    const ModelWeight *w = ref->entry->model->findWeight(ref->weight);
    if (!w)
        return {};
    const qint64 e = ref->entry - m_set->entries().constData();
    const qint64 i = w - ref->entry->model->weights().constData();
    return indexOf(m_weightNodes.value((e << 32) | i));
}

ModelWeightsModel::Node *ModelWeightsModel::nodeOf(const QModelIndex &index) const
{
    if (!index.isValid())
        return const_cast<Node *>(&m_root);
    return static_cast<Node *>(index.internalPointer());
}

QModelIndex ModelWeightsModel::indexOf(const Node *node, int column) const
{
    if (!node || node == &m_root)
        return {};
    return createIndex(node->row, column, const_cast<Node *>(node));
}

QModelIndex ModelWeightsModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || (parent.isValid() && parent.column() != 0))
        return {};
    const Node *p = nodeOf(parent);
    if (row < 0 || size_t(row) >= p->children.size())
        return {};
    return indexOf(p->children[size_t(row)].get(), column);
}

QModelIndex ModelWeightsModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    return indexOf(nodeOf(child)->parent);
}

int ModelWeightsModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(nodeOf(parent)->children.size());
}

int ModelWeightsModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant ModelWeightsModel::display(const Node &node, int column) const
{
    const ModelEntry &file = m_set->entries()[node.entry];
    const ModelWeight *w = node.weight >= 0 ? &file.model->weights()[node.weight] : nullptr;
    const bool isFile = node.parent == &m_root;
    switch (column) {
    case NameColumn:
        return node.label;
    case DTypeColumn:
        if (isFile)
            return ModelSummary::formatTitle(file.format);
        return w ? ModelSummary::weightTypeText(*w) : QVariant();
    case ShapeColumn:
        return w ? shapeText(w->shape) : QVariant();
    case ParametersColumn:
        if (isFile && !file.model)
            return {};
        return QLocale().toString(node.parameters);
    case BytesColumn:
        if (isFile && !file.model)
            return {};
        return studio::humanSize(node.bytes);
    default:
        return {};
    }
}

QVariant ModelWeightsModel::toolTip(const Node &node) const
{
    const ModelEntry &file = m_set->entries()[node.entry];
    if (node.parent == &m_root)
        return file.error ? QStringLiteral("%1\n%2").arg(file.path, file.error->toString()) : file.path;
    if (node.weight < 0)
        return node.path;
    const ModelWeight &w = file.model->weights()[node.weight];
    QString tip = QStringLiteral("%1\n%2 %3").arg(w.name, ModelSummary::weightTypeText(w), shapeText(w.shape));
    if (!w.dtype)
        tip += u'\n' + ModelSummary::cannotShowText(w);
    return tip;
}

QVariant ModelWeightsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_set)
        return {};
    const Node &node = *nodeOf(index);
    const ModelEntry &file = m_set->entries()[node.entry];
    const ModelWeight *w = node.weight >= 0 ? &file.model->weights()[node.weight] : nullptr;
    switch (role) {
    case Qt::DisplayRole:
        return display(node, index.column());
    case Qt::ToolTipRole:
        return toolTip(node);
    case Qt::DecorationRole:
        if (index.column() == NameColumn && node.parent == &m_root && file.error)
            return severityIcon(Severity::Error);
        return {};
    case Qt::ForegroundRole:
        if (w && !w->dtype)
            return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == ParametersColumn || index.column() == BytesColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Roles::SortRole:
        switch (index.column()) {
        case ParametersColumn:
            return node.parameters;
        case BytesColumn:
            return node.bytes;
        case ShapeColumn:
            return w ? w->elementCount : qint64(-1);
        default:
            return display(node, index.column());
        }
    case Roles::TensorNameRole:
        return w ? m_set->weightName(file, *w) : QString();
    case Roles::WeightPathRole:
        return node.path;
    default:
        return {};
    }
}

QVariant ModelWeightsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case DTypeColumn:
        return tr("Type");
    case ShapeColumn:
        return tr("Shape");
    case ParametersColumn:
        return tr("Parameters");
    case BytesColumn:
        return tr("Bytes");
    default:
        return {};
    }
}

} // namespace studio
