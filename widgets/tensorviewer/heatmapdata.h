// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "colormap.h"
#include "slicespec.h"
#include "tensor/tensorreader.h"

#include <QImage>
#include <QList>
#include <optional>

namespace studio {

// The current 2-D slice reduced for display: at most maxBins × maxBins bins, each
// holding the min and max of the finite values of the cells it covers and flags for
// the NaN/±Inf among them, so that downsampling never hides an extreme or a
// non-finite value. A slice that fits has one cell per bin.
struct HeatmapData {
    enum Flag : quint8 { HasNaN = 1, HasPosInf = 2, HasNegInf = 4 };
    enum class Scale { Linear, Log };

    qint64 rows = 0;
    qint64 cols = 0;
    int binRows = 0;
    int binCols = 0;
    QList<double> binMin; // NaN when the bin has no finite value
    QList<double> binMax;
    QByteArray flags;
    double min = 0; // of the finite values (NaN when there are none)
    double max = 0;
    double mean = 0;         // of the finite values
    bool signedData = false; // the dtype can hold negative values

    static constexpr int defaultMaxBins = 1024;

    bool downsampled() const { return binRows < rows || binCols < cols; }
    int binRowOf(qint64 row) const { return int(row * binRows / qMax<qint64>(1, rows)); }
    int binColOf(qint64 col) const { return int(col * binCols / qMax<qint64>(1, cols)); }
    qint64 firstRowOf(int binRow) const { return (qint64(binRow) * rows + binRows - 1) / binRows; }
    qint64 firstColOf(int binCol) const { return (qint64(binCol) * cols + binCols - 1) / binCols; }
    // A diverging map (centred on 0) suits signed data with negative values.
    Colormap::Kind defaultColormap() const;

    // Reads the slice in tiles of bounded size (cancellable through `progress`).
    static carton::Result<HeatmapData> compute(const carton::TensorReader &reader, const SliceSpec &slice,
                                               int maxBins = defaultMaxBins, carton::Progress *progress = nullptr);
    // One pixel per bin.
    QImage render(const Colormap &colormap, Scale scale) const;
    // The position of `value` on the colour scale, in [0, 1].
    double position(double value, Colormap::Kind kind, Scale scale) const;
};

} // namespace studio
