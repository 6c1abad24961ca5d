// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphvertices.h"

#include "graphdecorator.h"
#include "graphfold.h"
#include "graphscopes.h"
#include "graphsearch.h"
#include "model/modelinfo.h"
#include "modelsummary.h"

#include <QFontMetricsF>
#include <QHash>
#include <QPalette>
#include <QSet>
#include <algorithm>
#include <functional>

namespace studio {

using namespace carton;

void GraphVertices::clear()
{
    list.clear();
    itemOfNode.clear();
    scopes.clear();
}

void GraphVertices::build(const OnnxInfo &graph, const GraphFold &fold, const GraphScopes &scopesOf,
                          const QList<int> &shownNodes)
{
    clear();
    const GraphScopes::Visible shown = scopesOf.visible();
    itemOfNode.fill(-1, graph.nodes.size());
    for (qsizetype i = 0; i < shown.itemOfNode.size(); ++i)
        itemOfNode[shownNodes[i]] = shown.itemOfNode[i];
    for (qsizetype n = 0; n < graph.nodes.size(); ++n) // a folded node: where it is drawn
        if (fold.isFolded(int(n)) && fold.hostOf(int(n)) >= 0)
            itemOfNode[n] = itemOfNode[fold.hostOf(int(n))];
    scopes.resize(graph.nodes.size());
    for (qsizetype n = 0; n < graph.nodes.size(); ++n) {
        const int host = fold.isFolded(int(n)) ? fold.hostOf(int(n)) : int(n);
        const auto compact = std::lower_bound(shownNodes.cbegin(), shownNodes.cend(), host);
        if (host >= 0 && compact != shownNodes.cend() && *compact == host)
            scopes[n] = scopesOf.scopeOfNode(int(compact - shownNodes.cbegin()));
    }
    for (const GraphScopes::Item &item : shown.items) {
        if (item.node >= 0) {
            const int index = shownNodes[item.node];
            const OnnxNode &node = graph.nodes[index];
            QStringList rows;
            for (const GraphFold::Row &row : fold.rows(index))
                rows.append(row.shown());
            // Its bodies (an If's branches, a Loop's body), as Netron lists them: double-click opens one.
            for (const carton::OnnxAttribute &a : node.attributes)
                for (const auto &body : a.graphs)
                    rows.append(tr("%1 ▸ %n node(s)", nullptr, int(body ? body->nodes.size() : 0)).arg(a.name));
            list.append({node.opType, node.name, index, -1, -1, 0, rows, {}});
        } else {
            const QString last = item.scope.mid(item.scope.lastIndexOf(u'/') + 1);
            list.append(
                {tr("%1 · %2 nodes").arg(last).arg(item.members), item.scope, -1, -1, -1, item.members, {}, {}});
        }
    }
    for (qsizetype n = 0; n < graph.nodes.size(); ++n)
        if (fold.isFolded(int(n)) && itemOfNode[n] >= 0)
            list[itemOfNode[n]].folded.append(int(n));
    for (qsizetype i = 0; i < graph.inputs.size(); ++i)
        list.append({graph.inputs[i].name, ModelSummary::valueInfoText(graph.inputs[i]), -1, int(i), -1, 0, {}, {}});
    for (qsizetype i = 0; i < graph.outputs.size(); ++i)
        list.append({graph.outputs[i].name, ModelSummary::valueInfoText(graph.outputs[i]), -1, -1, int(i), 0, {}, {}});
}

GraphLayoutInput GraphVertices::sizes(const GraphItems::Style &style, bool horizontal) const
{
    GraphLayoutInput input;
    // Sizes from the font here; the layout itself on a worker thread.
    const QFontMetricsF metrics(style.font);
    const QFontMetricsF rowMetrics(style.rowFont);
    input.horizontal = horizontal;
    // Measured once per text: a big graph has thousands of nodes but few op types and
    // shapes (measuring each took ~20 ms of the GUI thread for 5,000 nodes).
    QHash<QString, qreal> widths, rowWidths;
    const auto measure = [](QHash<QString, qreal> &cache, const QFontMetricsF &m, const QString &text) {
        auto width = cache.constFind(text);
        if (width == cache.constEnd())
            width = cache.insert(text, m.horizontalAdvance(text));
        return *width;
    };
    input.nodes.reserve(list.size());
    input.floating.reserve(list.size());
    for (const Vertex &v : std::as_const(list)) {
        QList<qreal> rows;
        for (const QString &row : v.rows)
            rows.append(measure(rowWidths, rowMetrics, row));
        input.nodes.append(GraphItems::nodeSize(style, measure(widths, metrics, v.title), rows, v.members > 0));
        // Only the graph's inputs start the top layer; any other source sits by its first user.
        input.floating.append(v.input < 0);
    }
    return input;
}

void GraphVertices::addEdges(const OnnxInfo &graph, const GraphFold &fold, const QList<int> &itemOfNode,
                             qsizetype vertexCount, GraphLayoutInput &input, QStringList *edgeValues,
                             QList<bool> *implicit)
{
    // Edges between what is shown: a node's to the box that holds it; inside a box, none;
    // none from a folded constant (it is drawn inside its users).
    QHash<QString, int> producer;
    for (qsizetype n = 0; n < graph.nodes.size(); ++n)
        if (!fold.isFolded(int(n)))
            for (const QString &out : graph.nodes[n].outputs)
                producer.insert(out, itemOfNode[n]);
    const qsizetype firstInput = vertexCount - graph.inputs.size() - graph.outputs.size();
    for (qsizetype i = 0; i < graph.inputs.size(); ++i)
        producer.insert(graph.inputs[i].name, int(firstInput + i));
    QSet<quint64> seen;
    const auto addEdge = [&](int from, int to, const QString &value, bool taken = false) {
        if (from < 0 || from == to)
            return;
        const quint64 key = (quint64(quint32(from)) << 32) | quint32(to);
        if (!seen.contains(key)) {
            seen.insert(key);
            input.edges.append({from, to});
            if (edgeValues)
                edgeValues->append(value);
            if (implicit)
                implicit->append(taken);
        }
    };
    for (qsizetype n = 0; n < graph.nodes.size(); ++n)
        for (const QString &in : graph.nodes[n].inputs)
            if (!in.isEmpty())
                addEdge(producer.value(in, -1), itemOfNode[n], in);
    // What the bodies take from this graph, after the declared inputs (an edge already there stays one).
    const std::function<void(const OnnxInfo &, QSet<QString>, int)> takenBy = [&](const OnnxInfo &body,
                                                                                  QSet<QString> made, int to) {
        for (const OnnxValueInfo &v : body.inputs)
            made.insert(v.name);
        for (const OnnxNode &m : body.nodes)
            for (const QString &out : m.outputs)
                made.insert(out);
        for (const OnnxNode &m : body.nodes) {
            for (const QString &in : m.inputs)
                if (!in.isEmpty() && !made.contains(in))
                    addEdge(producer.value(in, -1), to, in, true);
            for (const OnnxAttribute &a : m.attributes)
                for (const auto &inner : a.graphs)
                    if (inner)
                        takenBy(*inner, made, to);
        }
    };
    for (qsizetype n = 0; n < graph.nodes.size(); ++n)
        for (const OnnxAttribute &a : graph.nodes[n].attributes)
            for (const auto &body : a.graphs)
                if (body)
                    takenBy(*body, {}, itemOfNode[n]);
    for (qsizetype i = 0; i < graph.outputs.size(); ++i)
        addEdge(producer.value(graph.outputs[i].name, -1), int(firstInput + graph.inputs.size() + i),
                graph.outputs[i].name);
}

GraphItems::Node GraphVertices::look(int index, const OnnxInfo &graph, const QPalette &palette,
                                     const GraphDecorator *decorator) const
{
    const Vertex &v = list[index];
    GraphItems::Node node;
    node.title = v.title;
    node.tooltip = v.detail.isEmpty() ? v.title : v.title + u'\n' + v.detail;
    node.rows = v.rows;
    node.io = v.input >= 0 || v.output >= 0;
    node.members = v.members;
    node.fill = v.members > 0 ? GraphItems::scopeColor()
                : v.node >= 0 ? GraphItems::opColor(v.title)
                              : palette.color(QPalette::AlternateBase);
    if (decorator)
        decorator->decorate(node, graph, nodesOf(index), v.members > 0);
    return node;
}

QList<int> GraphVertices::nodesOf(int index) const
{
    const Vertex &v = list[index];
    if (v.node >= 0)
        return QList<int>{v.node} + v.folded;
    QList<int> nodes;
    for (qsizetype n = 0; v.members > 0 && n < itemOfNode.size(); ++n)
        if (itemOfNode[n] == index)
            nodes.append(int(n));
    return nodes;
}

bool GraphVertices::matches(const OnnxInfo &graph, int index, const QString &wanted) const
{
    const Vertex &v = list[index];
    if (v.title.contains(wanted, Qt::CaseInsensitive) || v.detail.contains(wanted, Qt::CaseInsensitive))
        return true;
    const auto nodeMatches = [&](int node) { return GraphSearch::matches(graph.nodes[node], wanted); };
    if (v.node >= 0)
        return nodeMatches(v.node) || std::any_of(v.folded.cbegin(), v.folded.cend(), nodeMatches);
    if (v.members > 0) { // a collapsed scope matches when one of its nodes does
        const qsizetype self = index;
        for (qsizetype n = 0; n < itemOfNode.size(); ++n)
            if (itemOfNode[n] == self && nodeMatches(int(n)))
                return true;
    }
    return false;
}

} // namespace studio
