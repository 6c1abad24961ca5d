// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphcamera.h"

#include <QGraphicsScene>
#include <QGraphicsView>
#include <QWheelEvent>
#include <algorithm>

namespace studio {

void GraphCamera::openAt(QGraphicsView &view, const QRectF &start, bool horizontal)
{
    view.resetTransform();
    const QRectF scene = view.sceneRect();
    const QRectF shown = view.viewport()->rect();
    if (scene.isEmpty() || shown.isEmpty())
        return;
    const qreal scale = std::min(shown.width() / scene.width(), shown.height() / scene.height());
    // Shrunk to fit only while the text stays readable (at half size a 9 pt label was ~6 px:
    // Netron never opens below 100 %); else at the normal size, from the inputs.
    if (scale >= kFitOpenScale) {
        if (scale < 1)
            view.scale(scale, scale);
        view.centerOn(scene.center());
        return;
    }
    const QRectF at = start.isNull() ? QRectF(scene.topLeft(), QSizeF(1, 1)) : start;
    // The view's centre half a view below (right of) the start, keeping a margin.
    constexpr qreal kMargin = 20;
    if (horizontal)
        view.centerOn(at.left() - kMargin + shown.width() / 2, at.center().y());
    else
        view.centerOn(at.center().x(), at.top() - kMargin + shown.height() / 2);
}

void GraphCamera::fit(QGraphicsView &view)
{
    if (!view.sceneRect().isEmpty())
        view.fitInView(view.sceneRect(), Qt::KeepAspectRatio);
}

void GraphCamera::zoomTo(QGraphicsView &view, const QRectF &rect)
{
    view.fitInView(rect.adjusted(-80, -80, 80, 80), Qt::KeepAspectRatio);
    if (view.transform().m11() > kMaxZoom) {
        view.resetTransform();
        view.scale(kMaxZoom, kMaxZoom);
        view.centerOn(rect.center());
    }
}

bool GraphCamera::wheel(QGraphicsView &view, QWheelEvent *event)
{
    if (!(event->modifiers() & Qt::ControlModifier))
        return false;
    const qreal factor = event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15;
    view.setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    view.scale(factor, factor);
    return true;
}

} // namespace studio
