// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QCoreApplication>
#include <QMap>
#include <QString>
#include <optional>

class QUrl;

namespace carton {
class ModelFile;
struct OnnxInfo;
} // namespace carton

namespace studio {

class GraphDecorator;
class GraphFold;
class GraphVertices;
struct GraphStep;

// The properties pane of the graph view, as HTML: a node's operator (its one-line
// summary, domain and role names from the operator schema), its inputs with their
// roles, types and shapes (weights as links that open them), its outputs and
// attributes; a graph input's or output's type; a collapsed scope's contents.
class GraphProperties final {
    Q_DECLARE_TR_FUNCTIONS(studio::GraphProperties)

public:
    static inline const QString weightScheme = QStringLiteral("weight:");
    static inline const QString expandScheme = QStringLiteral("expand:");
    // "body:ATTRIBUTE/GRAPH": opens a body of the node shown (ModelGraphView::openBody).
    static inline const QString bodyScheme = QStringLiteral("body:");

    // Node `node` of `graph`; `model` (may be null) has its weights; `fold` says
    // which inputs are folded constants.
    static QString nodeHtml(const carton::OnnxInfo &graph, const carton::ModelFile *model, int node,
                            const GraphFold &fold);
    // A graph input (`input` true) or output: its name and "float32[batch,3,224,224]".
    static QString valueHtml(bool input, const QString &name, const QString &type);
    // The graph shown, when nothing is selected (as Netron's model properties): its
    // name, inputs and outputs with their types, and its operators by count.
    static QString graphHtml(const carton::OnnxInfo &graph, bool body);
    // A collapsed scope of `members` nodes, with its op counts and the link that expands it.
    static QString scopeHtml(const QString &scope, int members, const QMap<QString, int> &ops);
    // Item `index` of `items` (a node, a collapsed scope, an input or an output), as
    // `decorator` (may be null) describes a node, else as above.
    static QString itemHtml(const carton::OnnxInfo &graph, const carton::ModelFile *model, const GraphVertices &items,
                            int index, const GraphFold &fold, const GraphDecorator *decorator);
    // What a link of the pane opens: a weight's name, a scope to expand, a body of node
    // `node` (the one shown); empty / nullopt when the link is of another kind.
    static QString linkedWeight(const QUrl &url);
    static QString linkedScope(const QUrl &url);
    static std::optional<GraphStep> linkedBody(const QUrl &url, int node);
};

} // namespace studio
