// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "model/modelfile.h"
#include "model/modelinfo.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace carton {

// A node of one graph, named for the report: its name, or "op_type#index" when it
// has none. Nodes inside If/Loop/Scan bodies are "Parent/attribute/Node".
struct GraphNodeRef {
    QString name;
    QString opType;
    int index = -1; // in the graph's (or body's) node list
    QString body;   // "" in the main graph, else the body's prefix of `name` ("branch/else_branch/")
};

struct GraphNodeChange {
    GraphNodeRef a, b;
    QStringList
        changes; // "strides: [1, 1] -> [2, 2]", "input 0: Relu_7 (was Conv_3)", "weight w: values changed (...)"
    bool structural = false; // more than the values of its weights changed
};

// Two ONNX graphs matched by structure, never by names alone: nodes pair up by a
// hash of each one's upstream cone (op type, domain, attributes, the shapes of its
// weights, which graph input, recursively its producers), then of its downstream
// cone, then through the neighbours of paired nodes, and what is left by a longest
// common subsequence of op types along the topological order. Bodies of If/Loop/Scan
// attributes are matched the same way inside paired nodes.
struct GraphDiff {
    QList<GraphNodeRef> added;   // B's nodes without a partner
    QList<GraphNodeRef> removed; // A's nodes without a partner
    QList<GraphNodeChange> changed;
    int matched = 0; // pairs, changed ones included
    // Per graph (the body's prefix, "" for the main one): each of B's nodes' partner in
    // A (an index in A's node list), or -1 for an added node.
    QHash<QString, QList<int>> partnerOfB;
    bool identical() const { return added.isEmpty() && removed.isEmpty() && changed.isEmpty(); }
    // Nodes added, removed or changed in more than their weights' values.
    bool structureChanged() const;
};

// The weights' changes as the graph diff sees them: a node whose weight input changed
// says so. Keys are tensor names inside the model file (initializer names).
struct GraphWeightChanges {
    QHash<QString, QString> changedA; // A's initializer -> what changed ("values changed (rel_l2 0.013)")
};

// How the graph diff names node `n` of `graph`: its name, or "op_type#n".
CARTONCORE_EXPORT QString graphNodeName(const OnnxInfo &graph, int n);
// The prefix of a body's nodes (GraphNodeRef::body): the graph's prefix, the node's
// name, the attribute and, for a GRAPHS attribute of `count` bodies, "[k]".
CARTONCORE_EXPORT QString graphBodyPrefix(const QString &prefix, const QString &nodeName, const QString &attribute,
                                          qsizetype k, qsizetype count);

CARTONCORE_EXPORT GraphDiff diffGraphs(const OnnxInfo &a, const QList<ModelWeight> &weightsA, const OnnxInfo &b,
                                       const QList<ModelWeight> &weightsB, const GraphWeightChanges &weights = {});

} // namespace carton
