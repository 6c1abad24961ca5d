// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphpicture.h"

#include "base/progress.h"

#include <QGraphicsItem>
#include <QGraphicsPathItem>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>

namespace studio {

qint64 GraphPicture::itemCount() const
{
    qint64 n = std::min(rects.size(), nodes.size());
    for (const QList<QPointF> &line : edges)
        n += line.size() >= 2 ? 1 : 0;
    for (qsizetype e = 0; labelsShown && e < edges.size() && e < labels.size(); ++e)
        n += labels[e].isEmpty() ? 0 : 1;
    return n;
}

std::vector<std::unique_ptr<QGraphicsItem>> GraphPicture::makeItems(carton::Progress *progress) const
{
    std::vector<std::unique_ptr<QGraphicsItem>> items;
    items.reserve(size_t(itemCount()));
    const auto step = [progress] {
        if (!progress)
            return true;
        progress->advance(1);
        return !progress->isCancelled();
    };
    for (qsizetype e = 0; e < edges.size(); ++e)
        if (QGraphicsItem *edge = GraphItems::makeEdge(edges[e], style, implicit.value(e))) {
            items.emplace_back(edge);
            if (!step())
                return items;
        }
    for (qsizetype e = 0; labelsShown && e < edges.size() && e < labels.size(); ++e)
        if (!labels[e].isEmpty()) {
            items.emplace_back(GraphItems::makeEdgeLabel(edges[e], labels[e], style, fanOut.value(e)));
            if (!step())
                return items;
        }
    for (qsizetype i = 0; i < rects.size() && i < nodes.size(); ++i) {
        items.emplace_back(GraphItems::makeNode(rects[i], nodes[i], int(i), style));
        if (!step())
            return items;
    }
    return items;
}

void GraphPicture::paint(QPainter &painter, const QGraphicsItem &item)
{
    if (!item.isVisible())
        return;
    painter.save();
    painter.translate(item.pos());
    painter.setOpacity(painter.opacity() * item.opacity());
    const QStyleOptionGraphicsItem option;
    // QGraphicsItem::paint is not const; the items are only read.
    const_cast<QGraphicsItem &>(item).paint(&painter, &option, nullptr);
    for (const QGraphicsItem *child : item.childItems())
        paint(painter, *child);
    painter.restore();
}

QRectF GraphPicture::extent(const QGraphicsItem &item)
{
    return (item.boundingRect() | item.childrenBoundingRect()).translated(item.pos());
}

} // namespace studio
