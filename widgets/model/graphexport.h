// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"

#include <QCoreApplication>
#include <QRectF>
#include <QSize>
#include <QString>

namespace carton {
class Progress;
} // namespace carton

namespace studio {

struct GraphPicture;

// The graph view's pictures, drawn from a GraphPicture (not the live scene), so that
// they can be drawn on a worker thread (GraphExportJob) with progress and cancel.
// A PNG is drawn at a readable scale (twice the screen's for a small graph, the
// screen's for a big one) and written in strips (carton::PngStreamWriter), so memory
// stays bounded however tall the graph is; only a graph of more than kMaxPixels is
// scaled down to fit, and never more than kMaxSide pixels a side. SVG keeps every
// item as vectors. Both are written to a temporary file renamed into place at the
// end: a failed or cancelled export leaves no file behind.
class GraphExport final {
    Q_DECLARE_TR_FUNCTIONS(studio::GraphExport)

public:
    static constexpr qint64 kMaxPixels = 400LL * 1000 * 1000;
    static constexpr int kMaxSide = 65535;
    static constexpr qint64 kStripBytes = 32LL * 1024 * 1024; // one strip's RGB pixels at most

    // The PNG's size for `source` (scene coordinates).
    static QSize pngSize(const QRectF &source);
    // `picture` as a PNG / an SVG at `path`; ErrorCode::Cancelled when `progress` is
    // cancelled (its steps: the items made, then the strips or the SVG written).
    static carton::Status writePng(const GraphPicture &picture, const QString &path,
                                   carton::Progress *progress = nullptr);
    static carton::Status writeSvg(const GraphPicture &picture, const QString &path, const QString &title,
                                   carton::Progress *progress = nullptr);
    // "resnet18-graph.png" for the model file "model/resnet18.onnx" ("graph.png" without one).
    static QString fileName(const QString &modelPath, const QString &suffix);
};

} // namespace studio
