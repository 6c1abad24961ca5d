// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QHash>
#include <QList>
#include <QPointF>
#include <QRectF>

namespace studio {

// Which laid-out items and edges lie in a part of the scene: square cells, each
// listing the items and edges that touch it (an edge by its bounding box and its
// label's room). Made with the layout, on the worker thread; asked by
// GraphItemLoader for the part the view shows.
class GraphGrid final {
public:
    static constexpr qreal kCell = 512;

    GraphGrid() = default;
    GraphGrid(const QList<QRectF> &items, const QList<QList<QPointF>> &edges);
    // The items and edges touching `region` (each once, in no particular order).
    void find(const QRectF &region, QList<int> &items, QList<int> &edges) const;

private:
    static quint64 key(int x, int y) { return (quint64(quint32(x)) << 32) | quint32(y); }
    template <typename F>
    static void forCells(const QRectF &rect, F f);

    QHash<quint64, QList<int>> m_items, m_edges;
};

} // namespace studio
