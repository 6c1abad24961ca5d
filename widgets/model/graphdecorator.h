// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "graphitems.h"

#include <QList>
#include <QString>
#include <optional>

namespace carton {
struct OnnxInfo;
} // namespace carton

namespace studio {

// A hook for drawing a graph in ModelGraphView differently without a view of its own
// (the Compare tab's review colours nodes by what changed): how each item looks and
// what the properties pane says of a node. The view asks it while adding items.
class GraphDecorator {
public:
    // How one item is drawn; what is left unset stays as usual.
    struct Look {
        QColor fill;                 // invalid: the op's colour
        QColor title;                // invalid: white
        std::optional<QPen> outline; // the pen when not selected
        QString badge;               // a small tag on the top-right corner ("+", "−", "Δ 3")
        qreal opacity = 1;           // below 1: dimmed
    };

    GraphDecorator() = default;
    virtual ~GraphDecorator() = default;
    GraphDecorator(const GraphDecorator &) = delete;
    GraphDecorator &operator=(const GraphDecorator &) = delete;

    // The look of the item standing for `nodes` of `graph` (a node and the constants
    // folded into it, or every node of a collapsed scope: `scope`); nullopt: as usual.
    virtual std::optional<Look> look(const carton::OnnxInfo &graph, const QList<int> &nodes, bool scope) const = 0;
    // The properties pane's text for node `node` of `graph`; empty: the usual.
    virtual QString nodeHtml(const carton::OnnxInfo &graph, int node) const;

    // Sets `item`'s look from look() (the view calls it for each item it adds).
    void decorate(GraphItems::Node &item, const carton::OnnxInfo &graph, const QList<int> &nodes, bool scope) const;
};

} // namespace studio
