// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QRectF>

class QGraphicsView;
class QWheelEvent;

namespace studio {

// Where the graph view looks and how close: opening at the graph's inputs, Fit,
// Zoom to Selection, Ctrl+wheel. Pure view arithmetic on a QGraphicsView.
class GraphCamera final {
public:
    // The smallest scale a graph opens at to be shown whole.
    static constexpr qreal kFitOpenScale = 0.8;
    // A graph that fits at kFitOpenScale of the normal size or more is shown whole (never
    // enlarged); a bigger one opens at the normal size with `start` (the graph's
    // inputs) at the top of the view (at the left when `horizontal`).
    static void openAt(QGraphicsView &view, const QRectF &start, bool horizontal);
    // The whole scene in the view.
    static void fit(QGraphicsView &view);
    // `rect` and a margin in the view, at most twice the normal size.
    static void zoomTo(QGraphicsView &view, const QRectF &rect);
    // Ctrl+wheel zooms about the mouse; true when the event was used.
    static bool wheel(QGraphicsView &view, QWheelEvent *event);
    static constexpr qreal kMaxZoom = 2;
};

} // namespace studio
