// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "heatmapdata.h"

#include <QCoreApplication>
#include <cmath>
#include <limits>

namespace studio {

namespace {

constexpr qint64 tileElements = qint64(1) << 20;

bool isSignedType(carton::DType dtype)
{
    switch (dtype) {
    case carton::DType::Uint8:
    case carton::DType::Uint16:
    case carton::DType::Uint32:
    case carton::DType::Uint64:
    case carton::DType::Bool:
        return false;
    default:
        return true;
    }
}

double symlog(double v, double c)
{
    return std::copysign(std::log10(1.0 + std::fabs(v) / c), v);
}

} // namespace

Colormap::Kind HeatmapData::defaultColormap() const
{
    return signedData && std::isfinite(min) && min < 0 ? Colormap::Kind::Diverging : Colormap::Kind::Viridis;
}

carton::Result<HeatmapData> HeatmapData::compute(const carton::TensorReader &reader, const SliceSpec &slice,
                                                 int maxBins, carton::Progress *progress)
{
    if (!slice.isValid() || slice.shape != reader.shape())
        return carton::makeError(
            carton::ErrorCode::Usage,
            QCoreApplication::translate("studio::HeatmapData", "The slice does not fit the tensor."), reader.name());
    HeatmapData data;
    data.rows = slice.rows();
    data.cols = slice.cols();
    data.binRows = int(qMin<qint64>(data.rows, maxBins));
    data.binCols = int(qMin<qint64>(data.cols, maxBins));
    data.signedData = isSignedType(reader.dtype());
    const qsizetype bins = qsizetype(data.binRows) * data.binCols;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    data.binMin = QList<double>(bins, nan);
    data.binMax = QList<double>(bins, nan);
    data.flags = QByteArray(bins, 0);
    data.min = std::numeric_limits<double>::infinity();
    data.max = -std::numeric_limits<double>::infinity();
    if (progress)
        progress->setTotal(data.rows * data.cols * reader.elementSize());

    const qint64 tileCols = qMin<qint64>(qMax<qint64>(1, data.cols), tileElements);
    const qint64 tileRows = qMax<qint64>(1, tileElements / tileCols);
    QByteArray buffer;
    double sum = 0;
    qint64 finite = 0;
    for (qint64 r0 = 0; r0 < data.rows; r0 += tileRows) {
        const qint64 nr = qMin(tileRows, data.rows - r0);
        for (qint64 c0 = 0; c0 < data.cols; c0 += tileCols) {
            const qint64 nc = qMin(tileCols, data.cols - c0);
            const auto read = readSliceTile(reader, slice, r0, nr, c0, nc, buffer, progress);
            if (!read.ok())
                return read.error();
            const carton::Tensor &tile = *read;
            for (qint64 r = 0; r < nr; ++r) {
                const qsizetype rowBase = qsizetype(data.binRowOf(r0 + r)) * data.binCols;
                for (qint64 c = 0; c < nc; ++c) {
                    const double v = tile.valueAsDouble(slice.offsetInBlock(r, c, nr, nc));
                    const qsizetype bin = rowBase + data.binColOf(c0 + c);
                    if (std::isnan(v)) {
                        data.flags[bin] = char(data.flags[bin] | HasNaN);
                    } else if (std::isinf(v)) {
                        data.flags[bin] = char(data.flags[bin] | (v > 0 ? HasPosInf : HasNegInf));
                    } else {
                        double &lo = data.binMin[bin];
                        double &hi = data.binMax[bin];
                        if (std::isnan(lo) || v < lo)
                            lo = v;
                        if (std::isnan(hi) || v > hi)
                            hi = v;
                        sum += v;
                        ++finite;
                        data.min = qMin(data.min, v);
                        data.max = qMax(data.max, v);
                    }
                }
            }
        }
    }
    if (data.min > data.max)
        data.min = data.max = nan;
    data.mean = finite ? qBound(data.min, sum / double(finite), data.max) : nan;
    return data;
}

double HeatmapData::position(double value, Colormap::Kind kind, Scale scale) const
{
    double lo = min, hi = max;
    if (kind == Colormap::Kind::Diverging) {
        const double m = qMax(std::fabs(lo), std::fabs(hi));
        lo = -m;
        hi = m;
    }
    if (!(hi > lo))
        return 0.5;
    if (scale == Scale::Log) {
        const double c = qMax(qMax(std::fabs(lo), std::fabs(hi)) * 1e-3, std::numeric_limits<double>::min());
        const double a = symlog(lo, c), b = symlog(hi, c);
        return (symlog(value, c) - a) / (b - a);
    }
    return (value - lo) / (hi - lo);
}

QImage HeatmapData::render(const Colormap &colormap, Scale scale) const
{
    QImage image(qMax(1, binCols), qMax(1, binRows), QImage::Format_RGB32);
    image.fill(Qt::gray);
    for (int y = 0; y < binRows; ++y) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(y));
        for (int x = 0; x < binCols; ++x) {
            const qsizetype bin = qsizetype(y) * binCols + x;
            const quint8 f = quint8(flags[bin]);
            if (f & HasNaN) {
                line[x] = Colormap::nanColor;
            } else if (f & HasPosInf) {
                line[x] = Colormap::positiveInfColor;
            } else if (f & HasNegInf) {
                line[x] = Colormap::negativeInfColor;
            } else if (!std::isnan(binMin[bin])) {
                // Of the bin's min and max, the one farther from the mean: an
                // isolated extreme stays visible when downsampled.
                const double lo = binMin[bin], hi = binMax[bin];
                const double v = std::fabs(lo - mean) > std::fabs(hi - mean) ? lo : hi;
                line[x] = colormap.at(position(v, colormap.kind(), scale));
            }
        }
    }
    return image;
}

} // namespace studio
