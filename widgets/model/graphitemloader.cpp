// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphitemloader.h"

#include "graphitems.h"
#include "graphminimap.h"
#include "graphpicture.h"

#include <QElapsedTimer>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QScrollBar>
#include <QTimer>

namespace studio {

namespace {
// Items made per turn of the event loop. The scene's own work on what was added
// (its index, the repaint) comes on top, in the same turn: a slice of 12 ms made
// turns of 50–90 ms on swin_t with every scope open.
constexpr qint64 kSliceNs = 4'000'000;
} // namespace

GraphItemLoader::GraphItemLoader(QGraphicsView *view, GraphMinimap *minimap, QObject *parent)
    : QObject(parent), m_view(view), m_minimap(minimap)
{
    for (QScrollBar *bar : {view->horizontalScrollBar(), view->verticalScrollBar()}) {
        connect(bar, &QScrollBar::valueChanged, this, &GraphItemLoader::scheduleWanted);
        connect(bar, &QScrollBar::rangeChanged, this, &GraphItemLoader::scheduleWanted);
    }
}

void GraphItemLoader::clear()
{
    ++m_generation;
    m_picture.reset();
    m_grid.reset();
    m_items.clear();
    m_edgeMade.clear();
    m_labels.clear();
    m_queuedItems.clear();
    m_queuedEdges.clear();
    m_ready = false;
    m_minimap->clear();
}

void GraphItemLoader::load(std::shared_ptr<const GraphPicture> picture, std::shared_ptr<const GraphGrid> grid)
{
    clear();
    m_picture = std::move(picture);
    m_grid = std::move(grid);
    m_items.fill(nullptr, m_picture->rects.size());
    m_edgeMade.resize(m_picture->edges.size());
    if (m_picture->rects.size() > kMinimapAbove) {
        QList<QColor> colors;
        colors.reserve(m_picture->nodes.size());
        for (const GraphItems::Node &node : m_picture->nodes)
            colors.append(node.fill);
        m_minimap->setNodes(m_picture->rects, colors, m_view->sceneRect());
    }
    want();
}

void GraphItemLoader::scheduleWanted()
{
    if (!m_picture || m_wantPending)
        return;
    m_wantPending = true;
    QTimer::singleShot(0, this, [this] {
        m_wantPending = false;
        if (m_picture)
            want();
    });
}

void GraphItemLoader::want()
{
    QList<int> items, edges;
    if (m_picture->rects.size() <= kLazyAbove) {
        for (qsizetype i = 0; i < m_picture->rects.size(); ++i)
            items.append(int(i));
        for (qsizetype e = 0; e < m_picture->edges.size(); ++e)
            edges.append(int(e));
    } else {
        // The part shown and half a view around it, so that a scroll finds items there.
        const QRectF shown = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
        const qreal dx = shown.width() / 2, dy = shown.height() / 2;
        m_grid->find(shown.adjusted(-dx, -dy, dx, dy), items, edges);
    }
    for (int i : std::as_const(items))
        if (!m_items[i])
            m_queuedItems.append(i);
    for (int e : std::as_const(edges))
        if (!m_edgeMade.testBit(e))
            m_queuedEdges.append(e);
    if (!m_working) {
        m_working = true;
        const quint64 generation = m_generation;
        QTimer::singleShot(0, this, [this, generation] { work(generation); });
    }
}

QGraphicsPathItem *GraphItemLoader::item(int index)
{
    if (!m_picture || index < 0 || index >= m_items.size())
        return nullptr;
    if (!m_items[index]) {
        m_items[index] =
            GraphItems::makeNode(m_picture->rects[index], m_picture->nodes[index], index, m_picture->style);
        m_view->scene()->addItem(m_items[index]);
    }
    return m_items[index];
}

void GraphItemLoader::makeEdge(int edge)
{
    m_edgeMade.setBit(edge);
    QGraphicsScene &scene = *m_view->scene();
    if (QGraphicsItem *line =
            GraphItems::makeEdge(m_picture->edges[edge], m_picture->style, m_picture->implicit.value(edge)))
        scene.addItem(line);
    const QString &label = edge < m_picture->labels.size() ? m_picture->labels[edge] : QString();
    if (!label.isEmpty()) {
        QGraphicsItem *text =
            GraphItems::makeEdgeLabel(m_picture->edges[edge], label, m_picture->style, m_picture->fanOut.value(edge));
        text->setVisible(m_labelsShown);
        scene.addItem(text);
        m_labels.append(text);
    }
}

void GraphItemLoader::work(quint64 generation)
{
    if (generation != m_generation)
        return;
    QElapsedTimer budget;
    budget.start();
    while (!m_queuedItems.isEmpty() && budget.nsecsElapsed() < kSliceNs)
        item(m_queuedItems.takeLast());
    while (m_queuedItems.isEmpty() && !m_queuedEdges.isEmpty() && budget.nsecsElapsed() < kSliceNs) {
        const int edge = m_queuedEdges.takeLast();
        if (!m_edgeMade.testBit(edge))
            makeEdge(edge);
    }
    if (!m_queuedItems.isEmpty() || !m_queuedEdges.isEmpty()) {
        QTimer::singleShot(0, this, [this, generation] { work(generation); });
        return;
    }
    m_working = false;
    if (!m_ready) {
        m_ready = true;
        emit ready();
    }
}

void GraphItemLoader::setLabelsShown(bool shown)
{
    m_labelsShown = shown;
    for (QGraphicsItem *label : std::as_const(m_labels))
        label->setVisible(shown);
}

} // namespace studio
