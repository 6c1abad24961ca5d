// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphsearch.h"

#include "model/modelinfo.h"

#include <QSet>
#include <algorithm>
#include <functional>

namespace studio {

using namespace carton;

bool GraphSearch::matches(const OnnxNode &node, const QString &wanted)
{
    if (node.opType.contains(wanted, Qt::CaseInsensitive) || node.name.contains(wanted, Qt::CaseInsensitive))
        return true;
    for (const QStringList *names : {&node.inputs, &node.outputs})
        for (const QString &name : *names)
            if (name.contains(wanted, Qt::CaseInsensitive))
                return true;
    return false;
}

QString GraphSearch::stepName(const OnnxNode &node, int index)
{
    return node.name.isEmpty() ? QStringLiteral("%1#%2").arg(node.opType).arg(index) : node.name;
}

QString GraphSearch::bodyName(const OnnxNode &node, const GraphStep &step)
{
    if (step.attribute < 0 || step.attribute >= node.attributes.size())
        return {};
    const OnnxAttribute &a = node.attributes[step.attribute];
    return a.graphs.size() > 1 || a.type == u"GRAPHS" ? QStringLiteral("%1[%2]").arg(a.name).arg(step.graph) : a.name;
}

QList<GraphSearch::Hit> GraphSearch::find(const OnnxInfo &graph, const QString &text)
{
    QList<Hit> hits;
    const QString wanted = text.trimmed();
    if (wanted.isEmpty())
        return hits;
    // Depth-first, each body right after the node holding it (bodies are already depth-limited by the reader).
    std::function<void(const OnnxInfo &, const QList<GraphStep> &, const QString &)> walk;
    walk = [&](const OnnxInfo &g, const QList<GraphStep> &steps, const QString &prefix) {
        for (qsizetype n = 0; n < g.nodes.size() && hits.size() < kMaxHits; ++n) {
            const OnnxNode &node = g.nodes[n];
            const QString path = prefix + stepName(node, int(n));
            if (matches(node, wanted))
                hits.append({steps, int(n), path, node.opType});
            for (qsizetype a = 0; a < node.attributes.size(); ++a)
                for (qsizetype b = 0; b < node.attributes[a].graphs.size(); ++b) {
                    const GraphStep step{int(n), int(a), int(b)};
                    walk(*node.attributes[a].graphs[b], steps + QList<GraphStep>{step},
                         path + u'/' + bodyName(node, step) + u'/');
                }
        }
    };
    walk(graph, {}, QString());
    return hits;
}

std::shared_ptr<const OnnxInfo> GraphSearch::follow(const std::shared_ptr<const OnnxInfo> &graph,
                                                    const QList<GraphStep> &steps)
{
    std::shared_ptr<const OnnxInfo> at = graph;
    for (const GraphStep &step : steps) {
        if (!at || step.node < 0 || step.node >= at->nodes.size())
            return nullptr;
        const OnnxNode &node = at->nodes[step.node];
        if (step.attribute < 0 || step.attribute >= node.attributes.size() || step.graph < 0 ||
            step.graph >= node.attributes[step.attribute].graphs.size())
            return nullptr;
        at = node.attributes[step.attribute].graphs[step.graph];
    }
    return at;
}

std::shared_ptr<const OnnxInfo> GraphSearch::withOuterInputs(const std::shared_ptr<const OnnxInfo> &graph,
                                                             const QList<GraphStep> &steps,
                                                             const std::function<bool(const QString &)> &isWeight)
{
    QList<const OnnxInfo *> outer; // the graphs around the body, innermost last
    std::shared_ptr<const OnnxInfo> at = graph;
    for (qsizetype i = 0; at && i < steps.size(); ++i) {
        outer.append(at.get());
        at = follow(at, {steps[i]});
    }
    if (!at || outer.isEmpty())
        return at;
    QSet<QString> known; // made here: its inputs and its nodes' outputs
    for (const OnnxValueInfo &v : at->inputs)
        known.insert(v.name);
    for (const OnnxNode &n : at->nodes)
        for (const QString &out : n.outputs)
            known.insert(out);
    QList<OnnxValueInfo> taken;
    for (const OnnxNode &n : at->nodes) {
        for (const QString &in : n.inputs) {
            if (in.isEmpty() || known.contains(in) || (isWeight && isWeight(in)))
                continue;
            known.insert(in);
            // The nearest graph around that makes it: its input, or a node's output (not a Constant's).
            for (qsizetype g = outer.size(); g-- > 0;) {
                const OnnxInfo &o = *outer[g];
                const auto named = [&in](const OnnxValueInfo &v) { return v.name == in; };
                const auto input = std::find_if(o.inputs.cbegin(), o.inputs.cend(), named);
                const auto maker = std::find_if(o.nodes.cbegin(), o.nodes.cend(),
                                                [&in](const OnnxNode &m) { return m.outputs.contains(in); });
                if (input == o.inputs.cend() && maker == o.nodes.cend())
                    continue;
                if (maker != o.nodes.cend() && (maker->opType == u"Constant" || maker->opType == u"prim::Constant"))
                    break;
                OnnxValueInfo value;
                value.name = in;
                for (const QList<OnnxValueInfo> *list : {&o.inputs, &o.valueInfo, &o.outputs})
                    if (const auto typed = std::find_if(list->cbegin(), list->cend(), named); typed != list->cend()) {
                        value = *typed;
                        break;
                    }
                taken.append(value);
                break;
            }
        }
    }
    if (taken.isEmpty())
        return at;
    auto copy = std::make_shared<OnnxInfo>(*at);
    copy->inputs.append(taken);
    return copy;
}

} // namespace studio
