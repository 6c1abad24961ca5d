// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace studio {

// The name scopes of a graph's nodes, and which of them are collapsed. A node's
// scope is its name without the last part: ONNX exporters name nodes
// "/layer1/0/conv1/Conv" (scope "layer1/0/conv1"); TorchScript nodes are named
// from their module path the same way (graphFromInspection). A collapsed scope
// shows as one box for all its nodes; expanding it shows its nodes and its
// inner scopes (collapsed or not as they were). Pure: no widgets.
class GraphScopes final {
public:
    // One item of what is shown: a node, or a collapsed scope standing for its nodes.
    struct Item {
        int node = -1; // index of the node, or -1 for a scope
        QString scope; // the scope (a node's: the innermost one it is in)
        int members = 1;
    };
    struct Visible {
        QList<Item> items;     // in the order of the first node of each
        QList<int> itemOfNode; // node -> index in items
        bool operator==(const Visible &) const = default;
    };

    GraphScopes() = default;
    // `names`: every node's name, in the graph's order. Everything expanded.
    explicit GraphScopes(const QStringList &names);

    // "layer1/0/conv1" for "/layer1/0/conv1/Conv"; empty when the name has no scope.
    static QString scopeOfName(const QString &name);
    // "layer1/0" for "layer1/0/conv1"; empty at the top.
    static QString parentScope(const QString &scope);

    bool hasScopes() const { return !m_counts.isEmpty(); }
    const QString &scopeOfNode(int node) const { return m_nodeScopes.at(node); }
    // How many nodes are in `scope` and the scopes inside it (0: no such scope).
    int nodeCount(const QString &scope) const { return m_counts.value(scope); }
    bool isExpanded(const QString &scope) const { return m_expanded.contains(scope); }

    void expandAll();
    // Every scope collapsed, then those standing alone at the top opened while
    // only one box would show (a graph all in one "model" scope shows its parts).
    void collapseAll();
    // False when `scope` is no scope of the graph.
    bool expand(const QString &scope);
    // Collapses `scope` (its inner scopes keep their state); false when no scope.
    bool collapse(const QString &scope);

    // What shows: every node whose scopes are all expanded, and one item for each
    // outermost collapsed scope holding more than one node (a scope of one node
    // shows that node).
    Visible visible() const;

private:
    QStringList m_nodeScopes;
    QHash<QString, int> m_counts; // every scope and prefix of one -> nodes
    QSet<QString> m_expanded;
};

} // namespace studio
