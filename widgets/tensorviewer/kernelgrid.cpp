// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "kernelgrid.h"

#include "colormap.h"

#include <QCoreApplication>
#include <cmath>

namespace studio {

namespace {
constexpr qint64 kMinTilePixels = 12;    // a kernel is seen at all
constexpr qint64 kMaxTilePixels = 48;    // and enlarged up to this when there are few columns,
constexpr qint64 kTargetGridWidth = 768; // so that they fill about this width
} // namespace

bool KernelGrid::isKernelStack(const QList<qint64> &shape)
{
    return shape.size() == 4 && shape[0] >= 1 && shape[1] >= 1 && shape[2] >= 1 && shape[2] == shape[3] &&
           shape[2] <= kMaxKernelSide;
}

carton::Result<KernelGrid> KernelGrid::render(const carton::TensorReader &reader, qint64 firstOut, qint64 firstIn,
                                              carton::Progress *progress)
{
    const QList<qint64> &shape = reader.shape();
    if (!isKernelStack(shape) || !carton::isNumeric(reader.dtype()))
        return carton::makeError(
            carton::ErrorCode::Usage,
            QCoreApplication::translate("studio::KernelGrid", "%1 is not a stack of conv kernels [out, in, k, k].")
                .arg(carton::shapeText(shape)),
            reader.name());
    KernelGrid grid;
    grid.firstOut = qBound<qint64>(0, firstOut, shape[0] - 1);
    grid.firstIn = qBound<qint64>(0, firstIn, shape[1] - 1);
    grid.outs = qMin(kMaxTiles, shape[0] - grid.firstOut);
    grid.ins = qMin(kMaxTiles, shape[1] - grid.firstIn);
    grid.kh = shape[2];
    grid.kw = shape[3];
    const qint64 k = qMax(grid.kh, grid.kw);
    grid.scale = int(qMax((kMinTilePixels + k - 1) / k, qMin(kMaxTilePixels / k, kTargetGridWidth / (grid.ins * k))));

    carton::TensorRegion region;
    region.start = {grid.firstOut, grid.firstIn, 0, 0};
    region.count = {grid.outs, grid.ins, grid.kh, grid.kw};
    const qint64 count = grid.outs * grid.ins * grid.kh * grid.kw; // at most 64 × 64 × 121 values
    QByteArray bytes(count * reader.elementSize(), Qt::Uninitialized);
    if (const carton::Status s = reader.read(region, bytes.data(), bytes.size(), progress); !s.ok())
        return s.error();
    const carton::Tensor values = carton::Tensor::numeric(reader.name(), reader.dtype(), {count}, bytes);
    for (qint64 i = 0; i < count; ++i) {
        const double v = values.valueAsDouble(i);
        if (std::isfinite(v))
            grid.absMax = qMax(grid.absMax, std::fabs(v));
    }

    const Colormap colormap(Colormap::Kind::Diverging);
    const int tileW = int(grid.kw) * grid.scale, tileH = int(grid.kh) * grid.scale;
    grid.image = QImage(int(grid.ins) * (tileW + 1) - 1, int(grid.outs) * (tileH + 1) - 1, QImage::Format_ARGB32);
    grid.image.fill(Qt::transparent);
    for (qint64 o = 0; o < grid.outs; ++o) {
        for (qint64 i = 0; i < grid.ins; ++i) {
            const QRect tile = grid.tileRect(grid.firstOut + o, grid.firstIn + i);
            for (qint64 y = 0; y < grid.kh; ++y) {
                for (qint64 x = 0; x < grid.kw; ++x) {
                    const double v = values.valueAsDouble(((o * grid.ins + i) * grid.kh + y) * grid.kw + x);
                    QRgb rgb;
                    if (std::isnan(v))
                        rgb = Colormap::nanColor;
                    else if (std::isinf(v))
                        rgb = v > 0 ? Colormap::positiveInfColor : Colormap::negativeInfColor;
                    else
                        rgb = colormap.at(grid.absMax > 0 ? 0.5 + 0.5 * v / grid.absMax : 0.5);
                    for (int dy = 0; dy < grid.scale; ++dy) {
                        auto *line =
                            reinterpret_cast<QRgb *>(grid.image.scanLine(tile.top() + int(y) * grid.scale + dy));
                        for (int dx = 0; dx < grid.scale; ++dx)
                            line[tile.left() + int(x) * grid.scale + dx] = rgb;
                    }
                }
            }
        }
    }
    return grid;
}

QRect KernelGrid::tileRect(qint64 out, qint64 in) const
{
    const int tileW = int(kw) * scale, tileH = int(kh) * scale;
    return {int(in - firstIn) * (tileW + 1), int(out - firstOut) * (tileH + 1), tileW, tileH};
}

std::optional<std::pair<qint64, qint64>> KernelGrid::kernelAt(QPoint pixel) const
{
    const int tileW = int(kw) * scale, tileH = int(kh) * scale;
    if (tileW <= 0 || tileH <= 0 || pixel.x() < 0 || pixel.y() < 0)
        return std::nullopt;
    const qint64 col = pixel.x() / (tileW + 1), row = pixel.y() / (tileH + 1);
    if (col >= ins || row >= outs || pixel.x() % (tileW + 1) == tileW || pixel.y() % (tileH + 1) == tileH)
        return std::nullopt;
    return std::make_pair(firstOut + row, firstIn + col);
}

} // namespace studio
