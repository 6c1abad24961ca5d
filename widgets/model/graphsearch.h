// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QList>
#include <QString>
#include <functional>
#include <memory>

namespace carton {
struct OnnxInfo;
struct OnnxNode;
} // namespace carton

namespace studio {

// Where a graph is inside a model: the steps from the main graph through nodes'
// bodies (an If's else_branch, a Loop's body), and its text ("if/else_branch").
struct GraphStep {
    int node = -1;      // the node in the graph above
    int attribute = -1; // its GRAPH / GRAPHS attribute
    int graph = 0;      // which of that attribute's graphs
    bool operator==(const GraphStep &) const = default;
};

// Finds nodes by op type, name or tensor name in a graph and every body inside it
// (If, Loop, Scan, nested), in the graph's order, bodies right after the node
// that holds them. Pure: no widgets.
class GraphSearch final {
public:
    struct Hit {
        QList<GraphStep> steps; // from the main graph to the graph holding the node
        int node = -1;          // in that graph
        QString path;           // "if/else_branch/Neg#0"
        QString opType;
    };
    static constexpr int kMaxHits = 500;

    // True when `node`'s op type, name, inputs or outputs contain `text` (case-insensitive).
    static bool matches(const carton::OnnxNode &node, const QString &text);
    // At most kMaxHits hits for `text` (trimmed; none for an empty text).
    static QList<Hit> find(const carton::OnnxInfo &graph, const QString &text);
    // The graph `steps` lead to from `graph` (null when a step is out of range).
    static std::shared_ptr<const carton::OnnxInfo> follow(const std::shared_ptr<const carton::OnnxInfo> &graph,
                                                          const QList<GraphStep> &steps);
    // The same graph, with the values its nodes take from the graphs around it (an If's
    // branch using the main graph's Relu output) as inputs of its own, typed as the graph
    // that makes them says: drawn as inputs with edges, not as rows of the nodes that take
    // them (they read "self x" as a TorchScript op's first argument). Weights (`isWeight`)
    // and outer Constants stay rows. `steps` empty: the main graph as it is.
    static std::shared_ptr<const carton::OnnxInfo>
    withOuterInputs(const std::shared_ptr<const carton::OnnxInfo> &graph, const QList<GraphStep> &steps,
                    const std::function<bool(const QString &)> &isWeight);
    // A node's step in a path: its name, or "op_type#index" when it has none
    // (as `carton model --graph --json` writes paths).
    static QString stepName(const carton::OnnxNode &node, int index);
    // "then_branch", or "branches[1]" for one of several graphs.
    static QString bodyName(const carton::OnnxNode &node, const GraphStep &step);
};

} // namespace studio
