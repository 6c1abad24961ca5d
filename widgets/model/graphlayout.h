// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QList>
#include <QPointF>
#include <QRectF>
#include <utility>

namespace carton {
class Progress;
}

namespace studio {

// A layered (Sugiyama-style) layout of a directed graph, computed apart from any
// scene so that it runs on a worker thread: layers by longest path from the
// sources, edges that span layers routed through dummy points, the order within
// each layer by barycenter sweeps, x positions pulled towards the neighbours and
// kept apart. Cycles (never in a valid ONNX graph) are broken where found. Pure:
// no widgets, no fonts (the caller gives each node's size).
struct GraphLayoutInput {
    QList<QSizeF> nodes;
    QList<std::pair<int, int>> edges; // (from, to) node indices; out-of-range ones are ignored
    // Per node (empty: none): a node with no edge in that is not where the data
    // comes from (a Shape of a constant, a constant shown as a node) sits just above
    // its first user instead of in the top layer, with the graph's inputs.
    QList<bool> floating;
    // Layers from left to right (edges leave a node's right side) instead of top down.
    bool horizontal = false;
};

struct GraphLayoutResult {
    QList<QRectF> nodes;         // in the input's order
    QList<QList<QPointF>> edges; // one polyline per input edge (empty when ignored)
    QList<int> layers;           // each node's layer (0 = top)
    QRectF bounds;
    bool cancelled = false;
};

// `progress` (may be null) is checked between phases and sweeps.
GraphLayoutResult layoutGraph(const GraphLayoutInput &input, const carton::Progress *progress = nullptr);

} // namespace studio
