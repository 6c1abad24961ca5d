// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QList>
#include <QString>
#include <functional>

namespace carton {
struct ModelWeight;
struct OnnxInfo;
} // namespace carton

namespace studio {

// Constants and weights folded into the nodes that use them, as Netron draws
// them: a Constant, an Identity of a weight, TorchScript's prim::Constant and
// prim::GetAttr (and a prim::ListConstruct / TupleConstruct of such values) are
// no nodes of their own but rows inside each node that takes them
// ("W ⟨64×3×7×7⟩", "B ⟨64⟩", "alpha 0.5"); a weight (an initializer, no node's
// output and no graph input) is such a row too. A constant nobody uses stays a
// node. Pure: no widgets.
class GraphFold final {
public:
    // One folded input of a node.
    struct Row {
        int slot = -1;      // the node's input index
        QString role;       // the operator schema's name of that input ("W"), else the value's last name part
        QString text;       // "⟨64×3×7×7⟩", "0.5", "[2, 2]", or the value's name
        QString weight;     // the weight it is, when it is one (a link in the properties)
        bool value = false; // `text` is the constant's value ("B = 0"), not a shape or a name

        // As the node shows it: "W ⟨64×3×7×7⟩", "B = 0", "X /Relu_output_0".
        QString shown() const { return role + (value ? QStringLiteral(" = ") : QStringLiteral(" ")) + text; }
    };

    // Looks weights up by name (null: not a weight of the file).
    using WeightLookup = std::function<const carton::ModelWeight *(const QString &name)>;

    GraphFold() = default;
    // `fold` false: nothing is folded, but weights are still rows of their nodes.
    GraphFold(const carton::OnnxInfo &graph, const WeightLookup &weight, bool fold);

    bool isFolded(int node) const { return node >= 0 && node < m_folded.size() && m_folded[node]; }
    // The node a folded node is drawn in (its first user); -1 for a node shown itself.
    int hostOf(int node) const { return node >= 0 && node < m_host.size() ? m_host[node] : -1; }
    const QList<Row> &rows(int node) const { return m_rows.at(node); }
    int foldedCount() const { return m_foldedCount; }
    // "⟨64×3×7×7⟩" ("⟨⟩" for a scalar).
    static QString shapeText(const QList<qint64> &shape);

private:
    QList<bool> m_folded;
    QList<int> m_host;
    QList<QList<Row>> m_rows;
    int m_foldedCount = 0;
};

} // namespace studio
