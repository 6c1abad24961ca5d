// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphprepared.h"

#include "model/modelinfo.h"

namespace studio {

GraphPrepared GraphPrepared::make(const carton::OnnxInfo &graph, const GraphFold::WeightLookup &weight, bool fold,
                                  int collapseAbove)
{
    GraphPrepared p;
    p.fold = GraphFold(graph, weight, fold);
    QStringList names;
    names.reserve(graph.nodes.size());
    for (qsizetype n = 0; n < graph.nodes.size(); ++n) {
        if (p.fold.isFolded(int(n)))
            continue;
        p.shown.append(int(n));
        names.append(graph.nodes[n].name);
    }
    p.scopes = GraphScopes(names);
    if (p.shown.size() > collapseAbove)
        p.scopes.collapseAll();
    return p;
}

} // namespace studio
