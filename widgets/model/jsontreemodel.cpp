// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "jsontreemodel.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace studio {

JsonTreeModel::JsonTreeModel(QObject *parent) : QAbstractItemModel(parent) {}

JsonTreeModel::~JsonTreeModel() = default;

void JsonTreeModel::setObject(const QJsonObject &object)
{
    beginResetModel();
    m_nodes.clear();
    m_top.clear();
    for (auto it = object.begin(); it != object.end(); ++it)
        add(it.key(), it.value(), -1);
    endResetModel();
}

void JsonTreeModel::add(const QString &key, const QJsonValue &value, int parent)
{
    QList<int> &siblings = parent < 0 ? m_top : m_nodes[parent].children;
    if (m_nodes.size() >= maxNodes) {
        if (siblings.isEmpty() || !m_nodes[siblings.last()].cut) {
            Node cut;
            cut.parent = parent;
            cut.row = int(siblings.size());
            cut.cut = true;
            m_nodes.append(cut);
            (parent < 0 ? m_top : m_nodes[parent].children).append(int(m_nodes.size() - 1));
        }
        return;
    }
    Node n;
    n.key = key;
    n.parent = parent;
    n.row = int(siblings.size());
    n.value = value;
    m_nodes.append(n);
    const int self = int(m_nodes.size() - 1);
    (parent < 0 ? m_top : m_nodes[parent].children).append(self);
    if (value.isObject()) {
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            add(it.key(), it.value(), self);
    } else if (value.isArray()) {
        const QJsonArray a = value.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            add(QStringLiteral("[%1]").arg(i), a[i], self);
    }
}

const JsonTreeModel::Node *JsonTreeModel::node(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() >= quintptr(m_nodes.size()))
        return nullptr;
    return &m_nodes[qsizetype(index.internalId())];
}

QModelIndex JsonTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    const Node *p = node(parent);
    if (parent.isValid() && (!p || parent.column() != 0))
        return {};
    const QList<int> &rows = p ? p->children : m_top;
    if (row >= rows.size())
        return {};
    return createIndex(row, column, quintptr(rows[row]));
}

QModelIndex JsonTreeModel::parent(const QModelIndex &child) const
{
    const Node *n = node(child);
    if (!n || n->parent < 0)
        return {};
    return createIndex(m_nodes[n->parent].row, 0, quintptr(n->parent));
}

int JsonTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_top.size());
    const Node *p = node(parent);
    return p && parent.column() == 0 ? int(p->children.size()) : 0;
}

int JsonTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant JsonTreeModel::data(const QModelIndex &index, int role) const
{
    const Node *n = node(index);
    if (!n || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    if (n->cut)
        return index.column() == KeyColumn ? tr("… more left out (over %L1 rows)").arg(maxNodes) : QVariant();
    const QJsonValue &v = n->value;
    switch (index.column()) {
    case KeyColumn:
        return n->key;
    case ValueColumn:
        if (v.isObject())
            return tr("{%n key(s)}", nullptr, int(v.toObject().size()));
        if (v.isArray())
            return tr("[%n item(s)]", nullptr, int(v.toArray().size()));
        if (v.isString())
            return v.toString();
        if (v.isBool())
            return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        if (v.isNull())
            return QStringLiteral("null");
        return QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
    case TypeColumn:
        if (v.isObject())
            return tr("object");
        if (v.isArray())
            return tr("array");
        if (v.isString())
            return tr("string");
        if (v.isBool())
            return tr("boolean");
        if (v.isNull())
            return tr("null");
        return tr("number");
    default:
        return {};
    }
}

QVariant JsonTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case ValueColumn:
        return tr("Value");
    case TypeColumn:
        return tr("Type");
    default:
        return {};
    }
}

QModelIndex JsonTreeModel::indexOfPath(const QStringList &keys) const
{
    QModelIndex at;
    for (const QString &key : keys) {
        QModelIndex found;
        for (int r = 0; r < rowCount(at) && !found.isValid(); ++r)
            if (const QModelIndex i = index(r, 0, at); node(i)->key == key)
                found = i;
        if (!found.isValid())
            return {};
        at = found;
    }
    return at;
}

} // namespace studio
