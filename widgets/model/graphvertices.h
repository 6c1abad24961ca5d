// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "graphitems.h"
#include "graphlayout.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

class QPalette;

namespace carton {
struct OnnxInfo;
} // namespace carton

namespace studio {

class GraphDecorator;
class GraphFold;
class GraphScopes;

// What ModelGraphView shows of a graph, as data: its items (the nodes shown with
// the constants folded into them, the boxes of collapsed scopes in the order of
// their first node, then the graph's inputs, then its outputs), where each node is
// drawn, their sizes and edges for the layout and their looks for the scene.
class GraphVertices final {
    Q_DECLARE_TR_FUNCTIONS(studio::GraphVertices)

public:
    struct Vertex {
        QString title;  // op type, or the input's / output's name, or the scope's last part
        QString detail; // node name, or the value's type, or the scope
        int node = -1;  // index in OnnxInfo::nodes, or -1
        int input = -1; // index in OnnxInfo::inputs, or -1
        int output = -1;
        int members = 0;   // a collapsed scope: its nodes
        QStringList rows;  // folded constants and weights shown inside a node ("W ⟨64×3×7×7⟩")
        QList<int> folded; // the folded nodes drawn inside this one (found by search)
    };

    QList<Vertex> list;
    QList<int> itemOfNode; // node -> index in list (a folded node: its host's)
    QStringList scopes;    // node -> its scope (a folded node: its host's; empty at the top)

    // The items of `graph` with `fold` and `scopes` (over the nodes `shown`: the
    // scopes' node index -> index in OnnxInfo::nodes).
    void build(const carton::OnnxInfo &graph, const GraphFold &fold, const GraphScopes &scopes,
               const QList<int> &shown);
    void clear();
    // The scope item `index` is the box of (empty: not a collapsed scope).
    QString collapsedScope(int index) const
    {
        return index >= 0 && index < list.size() && list[index].members > 0 ? list[index].detail : QString();
    }
    int vertexOfNode(int node) const { return node >= 0 && node < itemOfNode.size() ? itemOfNode[node] : -1; }
    QString scopeOfNode(int node) const { return node >= 0 && node < scopes.size() ? scopes[node] : QString(); }
    // The graph's nodes item `index` stands for (a node and those folded into it, or a scope's).
    QList<int> nodesOf(int index) const;
    // Whether item `index`'s op type, name or tensors (or a node folded into it or
    // inside its box) contain `wanted`, case-insensitive.
    bool matches(const carton::OnnxInfo &graph, int index, const QString &wanted) const;
    // Each item's size (text measured with `style`'s fonts, once per text) for the layout; no edges.
    GraphLayoutInput sizes(const GraphItems::Style &style, bool horizontal) const;
    // The edges between the items of `vertexCount` built from `graph` (a node's to the box
    // that holds it; none inside a box, none from a folded constant); `edgeValues` (may be
    // null) receives the value each carries. A node with bodies (If, Loop) also gets an edge
    // from each value of this graph its bodies use, as Netron draws them: `implicit` (may be
    // null) says which edges are those. Pure data: runs on a worker thread.
    static void addEdges(const carton::OnnxInfo &graph, const GraphFold &fold, const QList<int> &itemOfNode,
                         qsizetype vertexCount, GraphLayoutInput &input, QStringList *edgeValues,
                         QList<bool> *implicit = nullptr);
    // How item `index` is drawn (`decorator` may be null).
    GraphItems::Node look(int index, const carton::OnnxInfo &graph, const QPalette &palette,
                          const GraphDecorator *decorator) const;
};

} // namespace studio
