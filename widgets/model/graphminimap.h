// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QImage>
#include <QList>
#include <QPointer>
#include <QRectF>
#include <QWidget>

class QGraphicsView;

namespace studio {

// An overview of a big graph in the corner of its view: every node as a small
// box in its colour (drawn once into an image when the layout is done, not the
// scene's items again), the part the view shows as a frame. A click or a drag
// moves the view there.
class GraphMinimap final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GraphMinimap)

public:
    // A child of `view`'s viewport, in its bottom-right corner.
    explicit GraphMinimap(QGraphicsView *view);

    // The laid-out nodes (scene coordinates) and their colours; `bounds` the scene's rectangle.
    void setNodes(const QList<QRectF> &nodes, const QList<QColor> &colors, const QRectF &bounds);
    void clear();
    // The part of the scene the view shows, in the minimap's coordinates.
    QRectF viewFrame() const;
    // Scene coordinates of a point of the minimap.
    QPointF toScene(const QPointF &point) const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void place();
    QRectF imageRect() const;

    QPointer<QGraphicsView> m_view;
    QImage m_image;
    QRectF m_bounds;
};

} // namespace studio
