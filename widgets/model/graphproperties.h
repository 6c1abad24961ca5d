// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QCoreApplication>
#include <QMap>
#include <QString>

namespace carton {
class ModelFile;
struct OnnxInfo;
} // namespace carton

namespace studio {

class GraphFold;

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
    // A collapsed scope of `members` nodes, with its op counts and the link that expands it.
    static QString scopeHtml(const QString &scope, int members, const QMap<QString, int> &ops);
};

} // namespace studio
