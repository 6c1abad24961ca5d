// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "graphfold.h"
#include "graphscopes.h"

namespace studio {

// What the graph view shows of a graph before laying it out: its constants and
// weights folded into their users, the nodes left shown and their name scopes
// (all collapsed when more than `collapseAbove` nodes are shown). Pure: the view
// makes it on a worker thread for big graphs.
struct GraphPrepared {
    GraphFold fold;
    GraphScopes scopes;
    QList<int> shown; // the scopes' node index -> index in OnnxInfo::nodes

    static GraphPrepared make(const carton::OnnxInfo &graph, const GraphFold::WeightLookup &weight, bool fold,
                              int collapseAbove);
};

} // namespace studio
