// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphgrid.h"

#include <QSet>
#include <cmath>

namespace studio {

namespace {
constexpr qreal kLabelRoom = 160; // an edge's label stands beside it
} // namespace

template <typename F>
void GraphGrid::forCells(const QRectF &rect, F f)
{
    const int x0 = int(std::floor(rect.left() / kCell)), x1 = int(std::floor(rect.right() / kCell));
    const int y0 = int(std::floor(rect.top() / kCell)), y1 = int(std::floor(rect.bottom() / kCell));
    for (int x = x0; x <= x1; ++x)
        for (int y = y0; y <= y1; ++y)
            f(key(x, y));
}

GraphGrid::GraphGrid(const QList<QRectF> &items, const QList<QList<QPointF>> &edges)
{
    for (qsizetype i = 0; i < items.size(); ++i)
        forCells(items[i], [&](quint64 cell) { m_items[cell].append(int(i)); });
    for (qsizetype e = 0; e < edges.size(); ++e) {
        const QList<QPointF> &line = edges[e];
        // Each segment's cells (a long edge runs down many layers), not the whole box.
        for (qsizetype s = 0; s + 1 < line.size(); ++s) {
            const QRectF box = QRectF(line[s], line[s + 1]).normalized().adjusted(-kLabelRoom, -20, kLabelRoom, 20);
            forCells(box, [&](quint64 cell) {
                QList<int> &list = m_edges[cell];
                if (list.isEmpty() || list.last() != int(e))
                    list.append(int(e));
            });
        }
    }
}

void GraphGrid::find(const QRectF &region, QList<int> &items, QList<int> &edges) const
{
    QSet<int> seenItems, seenEdges;
    forCells(region, [&](quint64 cell) {
        for (int i : m_items.value(cell))
            if (!seenItems.contains(i)) {
                seenItems.insert(i);
                items.append(i);
            }
        for (int e : m_edges.value(cell))
            if (!seenEdges.contains(e)) {
                seenEdges.insert(e);
                edges.append(e);
            }
    });
}

} // namespace studio
