// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QRectF>
#include <QSize>
#include <QString>

class QGraphicsScene;

namespace studio {

// The graph view's pictures. A PNG is drawn at a readable scale (twice the
// screen's for a small graph, the screen's for a big one) and written in strips
// (carton::PngStreamWriter), so memory stays bounded however tall the graph is;
// only a graph of more than kMaxPixels is scaled down to fit, and never more than
// kMaxSide pixels a side. SVG keeps every item as vectors.
class GraphExport final {
    Q_DECLARE_TR_FUNCTIONS(studio::GraphExport)

public:
    static constexpr qint64 kMaxPixels = 400LL * 1000 * 1000;
    static constexpr int kMaxSide = 65535;
    static constexpr qint64 kStripBytes = 32LL * 1024 * 1024; // one strip's RGB pixels at most

    // The PNG's size for `source` (scene coordinates).
    static QSize pngSize(const QRectF &source);
    // The part of `scene` in `source` as a PNG at `path`; false with `error` set on failure.
    static bool writePng(QGraphicsScene &scene, const QRectF &source, const QColor &background, const QString &path,
                         QString *error = nullptr);
    static bool writeSvg(QGraphicsScene &scene, const QRectF &source, const QString &path, const QString &title);
    // "resnet18-graph.png" for the model file "model/resnet18.onnx" ("graph.png" without one).
    static QString fileName(const QString &modelPath, const QString &suffix);
};

} // namespace studio
