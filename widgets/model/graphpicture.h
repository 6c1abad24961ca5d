// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "graphitems.h"

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QStringList>
#include <memory>
#include <vector>

class QGraphicsItem;
class QPainter;

namespace carton {
class Progress;
} // namespace carton

namespace studio {

// What a laid-out graph draws, apart from any scene: each item's rectangle and look,
// each edge's line and label, the style and the scene's rectangle. The view fills
// its scene from it a part at a time (GraphItemLoader), and an export draws all of
// it on a worker thread (GraphExport), the same items (GraphItems) either way, never
// the live scene's.
struct GraphPicture {
    GraphItems::Style style;
    QColor background;
    QRectF bounds; // the scene's rectangle
    QList<QRectF> rects;
    QList<GraphItems::Node> nodes; // one per rectangle
    QList<QList<QPointF>> edges;
    QStringList labels;   // per edge (empty: none)
    QList<bool> fanOut;   // per edge: it leaves its node beside others (GraphItems::fanOuts)
    QList<bool> implicit; // per edge: a value a node's bodies take (dashed; GraphVertices::addEdges)
    bool labelsShown = true;

    // Every item, without a scene, in drawing order (edges, their labels, nodes);
    // each one a step of `progress` (may be null), stopping early when it is cancelled.
    std::vector<std::unique_ptr<QGraphicsItem>> makeItems(carton::Progress *progress = nullptr) const;
    // The items makeItems() makes.
    qint64 itemCount() const;
    // Draws `item` and its children (scene coordinates: `painter` maps the scene).
    static void paint(QPainter &painter, const QGraphicsItem &item);
    // The rectangle `item` and its children cover, in scene coordinates.
    static QRectF extent(const QGraphicsItem &item);
};

} // namespace studio
