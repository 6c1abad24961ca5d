// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/graphoverlay.h"

#include <QSet>

namespace carton {

const QString GraphOverlay::kGhostPrefix = QStringLiteral("\u2296 ");

const GraphOverlay::Level *GraphOverlay::of(const OnnxInfo *graph) const
{
    const auto it = levels.constFind(graph);
    return it == levels.cend() ? nullptr : &*it;
}

int GraphOverlay::count(NodeStatus status) const
{
    int n = 0;
    for (const Level &level : levels)
        for (const Node &node : level.nodes)
            n += node.status == status;
    return n;
}

namespace {

class Builder {
public:
    Builder(const GraphDiff &diff, GraphOverlay &out) : m_diff(diff), m_out(out)
    {
        for (qsizetype c = 0; c < diff.changed.size(); ++c)
            m_changeOfA[diff.changed.at(c).a.body].insert(diff.changed.at(c).a.index, int(c));
    }

    std::shared_ptr<const OnnxInfo> build(const std::shared_ptr<const OnnxInfo> &a,
                                          const std::shared_ptr<const OnnxInfo> &b, const QString &prefix)
    {
        const auto found = m_diff.partnerOfB.constFind(prefix);
        if (found == m_diff.partnerOfB.cend() || found->size() != b->nodes.size())
            return b; // not compared (nested too deep): shown as B has it
        const QList<int> &partnerOfB = *found;
        QList<int> partnerOfA(a->nodes.size(), -1);
        for (qsizetype j = 0; j < partnerOfB.size(); ++j)
            if (partnerOfB.at(j) >= 0 && partnerOfB.at(j) < partnerOfA.size())
                partnerOfA[partnerOfB.at(j)] = int(j);
        const QHash<int, int> changeOfA = m_changeOfA.value(prefix);

        auto overlay = std::make_shared<OnnxInfo>(*b);
        GraphOverlay::Level level{a, b, {}};
        level.nodes.reserve(b->nodes.size());
        for (qsizetype j = 0; j < b->nodes.size(); ++j) {
            GraphOverlay::Node node;
            node.b = int(j);
            node.a = partnerOfB.at(j);
            if (node.a < 0) {
                node.status = NodeStatus::Added;
            } else {
                node.change = changeOfA.value(node.a, -1);
                node.status = node.change >= 0 ? NodeStatus::Changed : NodeStatus::Unchanged;
                const QString inner = prefix + graphNodeName(*a, node.a) + u'/';
                node.changesInside = changesUnder(inner);
                if (node.changesInside > 0)
                    overlayBodies(*overlay, int(j), a->nodes.at(node.a), prefix, graphNodeName(*a, node.a));
            }
            level.nodes.append(node);
        }
        addGhosts(*overlay, level, *a, partnerOfA);
        // The op counts follow the nodes drawn (the Model tab's summary reads them).
        overlay->opCounts.clear();
        for (const OnnxNode &n : std::as_const(overlay->nodes))
            ++overlay->opCounts[n.domain.isEmpty() ? n.opType : n.domain + u':' + n.opType];
        m_out.levels.insert(overlay.get(), level);
        return overlay;
    }

private:
    int changesUnder(const QString &body) const
    {
        int n = 0;
        for (const GraphNodeRef &r : m_diff.added)
            n += r.body.startsWith(body);
        for (const GraphNodeRef &r : m_diff.removed)
            n += r.body.startsWith(body);
        for (const GraphNodeChange &c : m_diff.changed)
            n += c.a.body.startsWith(body);
        return n;
    }

    // The bodies of overlaid node `j` (paired with A's `x`, named `nameA` under `prefix`) overlaid in turn.
    void overlayBodies(OnnxInfo &overlay, int j, const OnnxNode &x, const QString &prefix, const QString &nameA)
    {
        for (OnnxAttribute &bt : overlay.nodes[j].attributes) {
            if (bt.graphs.isEmpty())
                continue;
            for (const OnnxAttribute &at : x.attributes) {
                if (at.name != bt.name)
                    continue;
                for (qsizetype k = 0; k < std::min(at.graphs.size(), bt.graphs.size()); ++k) {
                    const QString body = graphBodyPrefix(prefix, nameA, at.name, k, at.graphs.size());
                    if (at.graphs.at(k) && bt.graphs.at(k))
                        bt.graphs[k] = build(at.graphs.at(k), bt.graphs.at(k), body);
                }
            }
        }
    }

    // A's nodes without a partner, appended as ghosts taking what their producers' partners give.
    static void addGhosts(OnnxInfo &overlay, GraphOverlay::Level &level, const OnnxInfo &a,
                          const QList<int> &partnerOfA)
    {
        QHash<QString, std::pair<int, int>> producer;
        for (qsizetype i = 0; i < a.nodes.size(); ++i)
            for (qsizetype k = 0; k < a.nodes.at(i).outputs.size(); ++k)
                if (!a.nodes.at(i).outputs.at(k).isEmpty())
                    producer.insert(a.nodes.at(i).outputs.at(k), {int(i), int(k)});
        QSet<QString> inputsB;
        for (const OnnxValueInfo &v : std::as_const(overlay.inputs))
            inputsB.insert(v.name);
        QHash<QString, int> inputA;
        for (qsizetype k = 0; k < a.inputs.size(); ++k)
            inputA.insert(a.inputs.at(k).name, int(k));
        const QString &ghost = GraphOverlay::kGhostPrefix;
        const auto mapped = [&](const QString &name) -> QString {
            if (name.isEmpty())
                return name;
            if (const auto p = producer.constFind(name); p != producer.cend()) {
                const int partner = partnerOfA.at(p->first);
                if (partner < 0)
                    return ghost + name;
                const QStringList &outs = overlay.nodes.at(partner).outputs;
                return p->second < outs.size() ? outs.at(p->second) : ghost + name;
            }
            if (const auto k = inputA.constFind(name); k != inputA.cend()) {
                if (inputsB.contains(name))
                    return name;
                return *k < overlay.inputs.size() ? overlay.inputs.at(*k).name : ghost + name;
            }
            return name; // a weight or an outer value: A's name
        };
        for (qsizetype i = 0; i < a.nodes.size(); ++i) {
            if (partnerOfA.at(i) >= 0)
                continue;
            OnnxNode node = a.nodes.at(i);
            for (QString &in : node.inputs)
                in = mapped(in);
            for (QString &out : node.outputs)
                if (!out.isEmpty())
                    out.prepend(ghost);
            overlay.nodes.append(node);
            GraphOverlay::Node entry;
            entry.status = NodeStatus::Removed;
            entry.a = int(i);
            level.nodes.append(entry);
        }
    }

    const GraphDiff &m_diff;
    GraphOverlay &m_out;
    QHash<QString, QHash<int, int>> m_changeOfA; // body prefix -> A's node -> index in changed
};

} // namespace

GraphOverlay overlayGraphs(const std::shared_ptr<const OnnxInfo> &a, const std::shared_ptr<const OnnxInfo> &b,
                           const GraphDiff &diff)
{
    GraphOverlay out;
    if (!a || !b)
        return out;
    Builder builder(diff, out);
    out.graph = builder.build(a, b, QString());
    return out;
}

} // namespace carton
