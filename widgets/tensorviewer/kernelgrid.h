// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "tensor/tensorreader.h"

#include <QImage>
#include <QList>
#include <optional>

namespace studio {

// Conv weights [out, in, kH, kW] drawn as a grid of kernels: one row per output
// channel, one column per input channel, each kernel a small tile of kH × kW
// cells enlarged to at least 12 pixels (up to 48 when few columns leave room),
// a 1-pixel gap between tiles. One colour
// scale for every tile shown: the diverging map from −m (blue) through 0 (white)
// to +m (red), m the largest magnitude shown; NaN and infinities in the colours
// the heatmap uses. At most kMaxTiles × kMaxTiles kernels are drawn at once,
// from a first output and input channel (the rest by moving those).
struct KernelGrid {
    static constexpr qint64 kMaxKernelSide = 11;
    static constexpr qint64 kMaxTiles = 64;

    // Rank 4 with square kernels of at most kMaxKernelSide: [64, 64, 3, 3],
    // [64, 3, 7, 7], [256, 64, 1, 1].
    static bool isKernelStack(const QList<qint64> &shape);

    qint64 firstOut = 0, outs = 0; // the output channels drawn
    qint64 firstIn = 0, ins = 0;   // the input channels drawn
    qint64 kh = 0, kw = 0;
    int scale = 1;     // pixels per kernel cell
    double absMax = 0; // the colour scale is −absMax … +absMax
    QImage image;      // ARGB32; the gaps are transparent

    // Reads and draws the kernels from (firstOut, firstIn) on.
    static carton::Result<KernelGrid> render(const carton::TensorReader &reader, qint64 firstOut, qint64 firstIn,
                                             carton::Progress *progress = nullptr);
    // The (out, in) kernel under a pixel of the image; nullopt in a gap or outside.
    std::optional<std::pair<qint64, qint64>> kernelAt(QPoint pixel) const;
    // The pixel rectangle of kernel (out, in), which must be drawn.
    QRect tileRect(qint64 out, qint64 in) const;
};

} // namespace studio
