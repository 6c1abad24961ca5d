// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "graphgrid.h"

#include <QBitArray>
#include <QList>
#include <QObject>
#include <memory>

class QGraphicsItem;
class QGraphicsPathItem;
class QGraphicsView;

namespace studio {

class GraphMinimap;
struct GraphPicture;

// Fills a graph view's scene from a laid-out GraphPicture without stopping the GUI
// thread: items are made a few milliseconds at a time through the event loop, and
// for a graph of more than kLazyAbove items only those near the part the view shows
// (GraphGrid) — the rest when the view is scrolled or zoomed there, or asked for
// (item()). A graph of more than kMinimapAbove items gets the minimap (drawn from the
// picture, not from items).
class GraphItemLoader final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GraphItemLoader)

public:
    static constexpr int kLazyAbove = 300;
    static constexpr int kMinimapAbove = 300;

    GraphItemLoader(QGraphicsView *view, GraphMinimap *minimap, QObject *parent = nullptr);

    // Starts filling the (cleared) scene with `picture`; ready() follows.
    void load(std::shared_ptr<const GraphPicture> picture, std::shared_ptr<const GraphGrid> grid);
    // Stops; forgets the items (the caller clears the scene).
    void clear();
    const std::shared_ptr<const GraphPicture> &picture() const { return m_picture; }
    // The item of vertex `index`, made now if it was not yet; null when out of range.
    QGraphicsPathItem *item(int index);
    // The items made so far (null where not yet).
    const QList<QGraphicsPathItem *> &items() const { return m_items; }
    // Shows or hides the edges' labels (made or still to make).
    void setLabelsShown(bool shown);

signals:
    // Once per load(): what the view shows is in the scene.
    void ready();

private:
    // Queues what lies near the part of the scene the view shows.
    void scheduleWanted();
    void want();
    void work(quint64 generation);
    void makeEdge(int edge);

    QGraphicsView *m_view;
    GraphMinimap *m_minimap;
    std::shared_ptr<const GraphPicture> m_picture;
    std::shared_ptr<const GraphGrid> m_grid;
    QList<QGraphicsPathItem *> m_items;
    QBitArray m_edgeMade;
    QList<QGraphicsItem *> m_labels;
    QList<int> m_queuedItems, m_queuedEdges;
    quint64 m_generation = 0;
    bool m_working = false;
    bool m_wantPending = false;
    bool m_ready = false;
    bool m_labelsShown = true;
};

} // namespace studio
