// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphproperties.h"

#include "graphdecorator.h"
#include "graphfold.h"
#include "graphsearch.h"
#include "graphvertices.h"
#include "model/modelfile.h"
#include "model/onnxschema.h"
#include "modelsummary.h"
#include "tensor/tensorregion.h"

#include <QHash>
#include <QUrl>
#include <algorithm>

namespace studio {

using namespace carton;

namespace {

// "Conv ×20<br>Relu ×17…": op counts, most first (a scope's, a graph's).
QString opCountsHtml(const QMap<QString, int> &ops)
{
    QList<std::pair<QString, int>> sorted(ops.keyValueBegin(), ops.keyValueEnd());
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    QStringList texts;
    for (const auto &[op, count] : std::as_const(sorted))
        texts.append(QStringLiteral("%1 ×%2").arg(op).arg(count).toHtmlEscaped());
    return texts.join(QStringLiteral("<br>"));
}

QString weightLink(const QString &name)
{
    return QStringLiteral("<a href=\"%1%2\">%3</a>")
        .arg(GraphProperties::weightScheme, QString::fromLatin1(QUrl::toPercentEncoding(name)), name.toHtmlEscaped());
}

QString rowHtml(const QString &label, const QString &valueHtml)
{
    return QStringLiteral("<tr><td style=\"padding-right:8px\"><b>%1</b></td><td>%2</td></tr>")
        .arg(label.toHtmlEscaped(), valueHtml);
}

} // namespace

QString GraphProperties::nodeHtml(const OnnxInfo &graph, const ModelFile *model, int index, const GraphFold &fold)
{
    const OnnxNode &node = graph.nodes.at(index);
    // What is known of each value: the graph's inputs and outputs, its value_info.
    QHash<QString, const OnnxValueInfo *> typed;
    for (const OnnxValueInfo &v : graph.inputs)
        typed.insert(v.name, &v);
    for (const OnnxValueInfo &v : graph.outputs)
        typed.insert(v.name, &v);
    for (const OnnxValueInfo &v : graph.valueInfo)
        typed.insert(v.name, &v);
    QHash<int, const GraphFold::Row *> folded;
    for (const GraphFold::Row &row : fold.rows(index))
        folded.insert(row.slot, &row);
    const auto value = [&](const QString &name) -> QString {
        if (name.isEmpty())
            return tr("(none)").toHtmlEscaped();
        if (const ModelWeight *w = model ? model->findWeight(name) : nullptr)
            return weightLink(name) + QStringLiteral(" <small>%1 %2</small>")
                                          .arg(ModelSummary::weightTypeText(*w).toHtmlEscaped(), shapeText(w->shape));
        if (const OnnxValueInfo *v = typed.value(name))
            return name.toHtmlEscaped() +
                   QStringLiteral(" <small>%1</small>")
                       .arg(ModelSummary::valueInfoText(*v).mid(v->name.size() + 1).toHtmlEscaped());
        return name.toHtmlEscaped();
    };
    const OnnxOpSchema *schema = onnxOpSchema(node.domain, node.opType);
    QString html = QStringLiteral("<h3>%1</h3>").arg(node.opType.toHtmlEscaped());
    if (schema && !schema->summary.isEmpty())
        html += QStringLiteral("<p><i>%1</i></p>").arg(schema->summary.toHtmlEscaped());
    QString rows;
    if (!node.name.isEmpty())
        rows += rowHtml(tr("Name"), node.name.toHtmlEscaped());
    const QString domain = node.domain.isEmpty() ? QStringLiteral("ai.onnx") : node.domain;
    if (!node.opType.contains(u"::")) { // TorchScript's ops have no ONNX domain
        QString opset;
        for (const auto &[d, version] : graph.opsets)
            if (d == node.domain || (d.isEmpty() && domain == u"ai.onnx"))
                opset = QString::number(version);
        rows +=
            rowHtml(tr("Domain"), (opset.isEmpty() ? domain : tr("%1, opset %2").arg(domain, opset)).toHtmlEscaped());
    }
    if (!rows.isEmpty())
        html += QStringLiteral("<table>%1</table>").arg(rows);
    QString inputs;
    for (qsizetype slot = 0; slot < node.inputs.size(); ++slot) {
        QString role = node.inputNames.value(slot);
        if (role.isEmpty())
            role = onnxInputName(node.domain, node.opType, int(slot));
        const GraphFold::Row *row = folded.value(int(slot));
        if (role.isEmpty())
            role = row ? row->role : QString::number(slot);
        QString text = value(node.inputs[slot]);
        if (row && row->weight.isEmpty() && row->text != node.inputs[slot])
            text += QStringLiteral(" = <code>%1</code>").arg(row->text.toHtmlEscaped());
        inputs += rowHtml(role, text);
    }
    if (!inputs.isEmpty())
        html += QStringLiteral("<p><b>%1</b></p><table>%2</table>").arg(tr("Inputs").toHtmlEscaped(), inputs);
    QString outputs;
    for (qsizetype slot = 0; slot < node.outputs.size(); ++slot)
        outputs += rowHtml(QString::number(slot), value(node.outputs[slot]));
    if (!outputs.isEmpty())
        html += QStringLiteral("<p><b>%1</b></p><table>%2</table>").arg(tr("Outputs").toHtmlEscaped(), outputs);
    if (!node.attributes.isEmpty()) {
        QString attributes;
        for (qsizetype i = 0; i < node.attributes.size(); ++i) {
            const OnnxAttribute &a = node.attributes[i];
            QStringList bodies; // each a link that opens it in place
            for (qsizetype g = 0; g < a.graphs.size(); ++g)
                bodies << QStringLiteral("<a href=\"%1%2/%3\">%4</a>")
                              .arg(bodyScheme)
                              .arg(i)
                              .arg(g)
                              .arg(tr("graph (%n node(s))", nullptr, int(a.graphs[g]->nodes.size())).toHtmlEscaped());
            attributes +=
                rowHtml(a.name, bodies.isEmpty() ? a.text.toHtmlEscaped() : bodies.join(QStringLiteral(", ")));
        }
        html += QStringLiteral("<p><b>%1</b></p><table>%2</table>").arg(tr("Attributes").toHtmlEscaped(), attributes);
    }
    return html;
}

QString GraphProperties::valueHtml(bool input, const QString &name, const QString &type)
{
    const QString kind = input ? tr("Graph input") : tr("Graph output");
    return QStringLiteral("<h3>%1</h3><p><b>%2</b></p><p><code>%3</code></p>")
        .arg(kind.toHtmlEscaped(), name.toHtmlEscaped(), type.toHtmlEscaped());
}

QString GraphProperties::graphHtml(const OnnxInfo &graph, bool body)
{
    QString html = QStringLiteral("<h3>%1</h3>").arg((body ? tr("Body") : tr("Graph")).toHtmlEscaped());
    if (!graph.graphName.isEmpty())
        html += QStringLiteral("<p><b>%1</b></p>").arg(graph.graphName.toHtmlEscaped());
    html += QStringLiteral("<p>%1</p>").arg(tr("%n node(s)", nullptr, int(graph.nodes.size())).toHtmlEscaped());
    const auto values = [](const QList<OnnxValueInfo> &list) {
        QString rows;
        for (const OnnxValueInfo &v : list)
            rows += QStringLiteral("<p><b>%1</b><br><code>%2</code></p>") // one under the other: the pane is narrow
                        .arg(v.name.toHtmlEscaped(), ModelSummary::valueInfoText(v).toHtmlEscaped());
        return rows;
    };
    if (!graph.inputs.isEmpty())
        html += QStringLiteral("<p><b>%1</b></p>%2").arg(tr("Inputs").toHtmlEscaped(), values(graph.inputs));
    if (!graph.outputs.isEmpty())
        html += QStringLiteral("<p><b>%1</b></p>%2").arg(tr("Outputs").toHtmlEscaped(), values(graph.outputs));
    QMap<QString, int> counts; // of the nodes shown (a body's too)
    for (const OnnxNode &node : graph.nodes)
        ++counts[node.opType];
    if (!counts.isEmpty())
        html += QStringLiteral("<p><b>%1</b></p><p>%2</p>").arg(tr("Operators").toHtmlEscaped(), opCountsHtml(counts));
    html += QStringLiteral("<p><i>%1</i></p>").arg(tr("Select a node to see its properties.").toHtmlEscaped());
    return html;
}

QString GraphProperties::scopeHtml(const QString &scope, int members, const QMap<QString, int> &ops)
{
    return QStringLiteral("<h3>%1</h3><p><code>%2</code></p><p>%3</p><p>%4</p><p><a href=\"%5%6\">%7</a></p>")
        .arg(tr("Scope").toHtmlEscaped(), scope.toHtmlEscaped(), tr("%n node(s)", nullptr, members).toHtmlEscaped(),
             opCountsHtml(ops), expandScheme, QString::fromLatin1(QUrl::toPercentEncoding(scope)),
             tr("Expand").toHtmlEscaped());
}

QString GraphProperties::itemHtml(const OnnxInfo &graph, const ModelFile *model, const GraphVertices &items, int index,
                                  const GraphFold &fold, const GraphDecorator *decorator)
{
    const GraphVertices::Vertex &vertex = items.list[index];
    if (vertex.members > 0) {
        QMap<QString, int> ops;
        for (qsizetype n = 0; n < items.itemOfNode.size(); ++n)
            if (items.itemOfNode[n] == index && !fold.isFolded(int(n)))
                ++ops[graph.nodes[n].opType];
        return scopeHtml(vertex.detail, vertex.members, ops);
    }
    if (vertex.node < 0)
        return valueHtml(vertex.input >= 0, vertex.title, vertex.detail);
    if (QString html = decorator ? decorator->nodeHtml(graph, vertex.node) : QString(); !html.isEmpty())
        return html;
    return nodeHtml(graph, model, vertex.node, fold);
}

namespace {
QString linked(const QUrl &url, const QString &scheme)
{
    const QString text = url.toString(QUrl::FullyEncoded);
    return text.startsWith(scheme) ? QUrl::fromPercentEncoding(text.mid(scheme.size()).toLatin1()) : QString();
}
} // namespace

QString GraphProperties::linkedWeight(const QUrl &url)
{
    return linked(url, weightScheme);
}

QString GraphProperties::linkedScope(const QUrl &url)
{
    return linked(url, expandScheme);
}

std::optional<GraphStep> GraphProperties::linkedBody(const QUrl &url, int node)
{
    // "body:ATTRIBUTE/GRAPH" of the node shown
    const QString text = url.toString(QUrl::FullyEncoded);
    const QStringList parts = text.mid(bodyScheme.size()).split(u'/');
    if (node < 0 || !text.startsWith(bodyScheme) || parts.size() != 2)
        return std::nullopt;
    return GraphStep{node, parts[0].toInt(), parts[1].toInt()};
}

} // namespace studio
