// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "diff/graphdiff.h"

#include <QHash>
#include <memory>

namespace carton {

// What became of a node between two graphs.
enum class NodeStatus : quint8 { Unchanged, Changed, Added, Removed };

// Two matched graphs drawn as one (what the Compare tab's graph shows): B's nodes as
// they are, then A's removed nodes as ghosts wired to what they took in B (their
// producers' partners, B's graph input of the same name or place), so that a removed
// block stands where it was. Ghost values are renamed (prefixed kGhostPrefix) so they
// never join B's. The bodies of paired If/Loop/Scan nodes are overlaid the same way:
// a node's GRAPH attributes hold the overlaid bodies, whose nodes `of` describes too.
// Pure: no widgets; the overlay shares the sides' graphs (and their unchanged bodies).
struct CARTONCORE_EXPORT GraphOverlay {
    static const QString kGhostPrefix;

    struct Node {
        NodeStatus status = NodeStatus::Unchanged;
        int a = -1;      // in A's node list (unchanged, changed, removed)
        int b = -1;      // in B's node list (unchanged, changed, added)
        int change = -1; // in GraphDiff::changed, for a changed node
        // Changes inside the node's bodies (added + removed + changed nodes there).
        int changesInside = 0;
    };
    // One overlaid graph (the main one or a body) and its nodes' fates.
    struct Level {
        std::shared_ptr<const OnnxInfo> a, b; // the two sides' graphs
        QList<Node> nodes;                    // per node of the overlaid graph
    };

    std::shared_ptr<const OnnxInfo> graph; // the main graph, overlaid
    // Every overlaid graph (the main one and its bodies, at any depth) by address.
    QHash<const OnnxInfo *, Level> levels;

    // The level of `graph` (null when it is none of this overlay's graphs).
    const Level *of(const OnnxInfo *graph) const;
    // Nodes of a status in every overlaid graph (the main one and the bodies).
    int count(NodeStatus status) const;
};

// Overlays B on A as `diff` (diffGraphs(a, …, b, …)) matched them.
CARTONCORE_EXPORT GraphOverlay overlayGraphs(const std::shared_ptr<const OnnxInfo> &a,
                                             const std::shared_ptr<const OnnxInfo> &b, const GraphDiff &diff);

} // namespace carton
