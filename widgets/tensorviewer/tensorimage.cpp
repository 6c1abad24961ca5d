// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorimage.h"

#include "kernelgrid.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace studio {

namespace {

constexpr qint64 maxSide = 16384;

bool isChannelCount(qint64 n)
{
    return n == 1 || n == 3 || n == 4;
}

// Height and width a picture may have: not empty, and not a strip (one side more
// than 16 times the other: a list of rows, not a picture).
bool isPlausibleSize(qint64 h, qint64 w)
{
    constexpr qint64 maxAspect = 16;
    return h >= 1 && w >= 1 && h <= maxAspect * w && w <= maxAspect * h;
}

// The range of `values` at i0, i0 + step, … (n of them) that `options` asks for.
std::pair<double, double> rangeOf(const carton::Tensor &values, qint64 i0, qint64 step, qint64 n,
                                  const TensorImage::Options &options, carton::DType dtype)
{
    using Range = TensorImage::Range;
    switch (options.range) {
    case Range::Manual:
        return {options.min, options.max};
    case Range::Type:
        return {0.0, dtype == carton::DType::Uint8 ? 255.0 : 1.0};
    case Range::Auto: {
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (qint64 k = 0; k < n; ++k) {
            const double v = values.valueAsDouble(i0 + k * step);
            if (std::isfinite(v)) {
                lo = qMin(lo, v);
                hi = qMax(hi, v);
            }
        }
        // Floats already in [0, 1] (a normalised picture) are shown as they are.
        if (lo > hi || (carton::isFloating(dtype) && lo >= 0 && hi <= 1))
            return {0.0, 1.0};
        return {lo, hi};
    }
    case Range::Percentile: {
        // 1st and 99th percentile of (at most about a million) sampled finite values.
        const qint64 stride = qMax<qint64>(1, n / (qint64(1) << 20));
        std::vector<double> sample;
        sample.reserve(size_t(n / stride + 1));
        for (qint64 k = 0; k < n; k += stride) {
            const double v = values.valueAsDouble(i0 + k * step);
            if (std::isfinite(v))
                sample.push_back(v);
        }
        if (sample.empty())
            return {0.0, 1.0};
        const auto at = [&](double q) {
            auto it = sample.begin() + qint64(q * double(sample.size() - 1) + 0.5);
            std::nth_element(sample.begin(), it, sample.end());
            return *it;
        };
        return {at(0.01), at(0.99)};
    }
    }
    return {0.0, 1.0};
}

} // namespace

TensorImage::Options TensorImage::Options::defaultFor(carton::DType dtype)
{
    Options options;
    options.range = dtype == carton::DType::Uint8 ? Range::Type : Range::Auto;
    return options;
}

carton::Result<QImage> TensorImage::read(const carton::TensorReader &reader, const QList<qint64> &index,
                                         carton::Progress *progress) const
{
    auto rendered = render(reader, index, Options::defaultFor(reader.dtype()), progress);
    if (!rendered.ok())
        return rendered.error();
    return rendered->image;
}

std::optional<TensorImage> TensorImage::detect(const QList<qint64> &shape)
{
    const int n = int(shape.size());
    TensorImage image;
    if (n == 2) {
        if (!isPlausibleSize(shape[0], shape[1]))
            return std::nullopt;
        image.heightDim = 0;
        image.widthDim = 1;
        image.channels = 1;
        return image;
    }
    if (n < 3)
        return std::nullopt;
    // Conv weights [out, in, kH, kW]: the last dimension is a kernel's width, never
    // a picture's channels ([64, 64, 3, 3] is not a 3-pixel-wide strip of 64 rows);
    // read channels first, [out, in, kH, kW] is a small picture per kernel when in is 1, 3 or 4.
    const bool kernels = KernelGrid::isKernelStack(shape);
    if (!kernels && isChannelCount(shape[n - 1]) && isPlausibleSize(shape[n - 3], shape[n - 2])) {
        image.heightDim = n - 3;
        image.widthDim = n - 2;
        image.channelDim = n - 1;
        image.channels = int(shape[n - 1]);
        return image;
    }
    if (isChannelCount(shape[n - 3]) && isPlausibleSize(shape[n - 2], shape[n - 1])) {
        image.channelDim = n - 3;
        image.heightDim = n - 2;
        image.widthDim = n - 1;
        image.channels = int(shape[n - 3]);
        return image;
    }
    return std::nullopt;
}

bool TensorImage::isPicture(const QList<qint64> &shape, carton::DType dtype)
{
    using carton::DType;
    const bool pictureType = dtype == DType::Uint8 || dtype == DType::Float32 || dtype == DType::Float64 ||
                             dtype == DType::Float16 || dtype == DType::BFloat16;
    const std::optional<TensorImage> image = detect(shape);
    // A stack of RGB kernels ([64, 3, 7, 7]) can be drawn, but it opens as kernels.
    return pictureType && image && (image->channels == 3 || image->channels == 4) && !KernelGrid::isKernelStack(shape);
}

carton::Result<TensorImage::Rendered> TensorImage::render(const carton::TensorReader &reader,
                                                          const QList<qint64> &index, const Options &options,
                                                          carton::Progress *progress) const
{
    const QList<qint64> &shape = reader.shape();
    const qint64 h = shape.value(heightDim), w = shape.value(widthDim);
    if (h > maxSide || w > maxSide)
        return carton::makeError(carton::ErrorCode::Limit,
                                 QCoreApplication::translate("studio::TensorImage",
                                                             "%1 × %2 pixels are more than the %3 per side shown as a "
                                                             "picture.")
                                     .arg(h)
                                     .arg(w)
                                     .arg(maxSide),
                                 reader.name());
    carton::TensorRegion region;
    region.start = index;
    region.count = QList<qint64>(shape.size(), 1);
    for (int d : {heightDim, widthDim, channelDim}) {
        if (d >= 0) {
            region.start[d] = 0;
            region.count[d] = shape[d];
        }
    }
    const qint64 pixels = h * w;
    QByteArray bytes(pixels * channels * reader.elementSize(), Qt::Uninitialized);
    if (const carton::Status s = reader.read(region, bytes.data(), bytes.size(), progress); !s.ok())
        return s.error();
    const carton::Tensor values = carton::Tensor::numeric(reader.name(), reader.dtype(), {pixels * channels}, bytes);
    // Where channel c of pixel p lies: first index and step between pixels.
    const auto first = [&](int c) { return channelsFirst() ? qint64(c) * pixels : qint64(c); };
    const qint64 step = channelsFirst() ? 1 : channels;
    Rendered rendered;
    const bool diverging = channels == 1 && options.colormap == Colormap::Kind::Diverging;
    if (options.perChannel || channels == 1) {
        for (int c = 0; c < channels; ++c)
            rendered.ranges.append(rangeOf(values, first(c), step, pixels, options, reader.dtype()));
    } else {
        rendered.ranges.append(rangeOf(values, 0, 1, pixels * channels, options, reader.dtype()));
    }
    if (diverging) {
        // Zero in the middle of the map.
        const double m = qMax(std::fabs(rendered.ranges[0].first), std::fabs(rendered.ranges[0].second));
        rendered.ranges[0] = {-m, m};
    }
    const auto position = [&](qint64 y, qint64 x, int c) {
        const qint64 i = channelsFirst() ? (qint64(c) * h + y) * w + x : (y * w + x) * channels + c;
        const auto [lo, hi] = rendered.ranges[rendered.ranges.size() == 1 ? 0 : c];
        const double v = values.valueAsDouble(i);
        if (std::isnan(v))
            return 0.0;
        return hi > lo ? qBound(0.0, (v - lo) / (hi - lo), 1.0) : (v >= hi ? 1.0 : 0.0);
    };
    const auto channelValue = [&](qint64 y, qint64 x, int c) { return int(std::round(position(y, x, c) * 255.0)); };
    const Colormap colormap(options.colormap);
    QImage image(int(w), int(h), channels == 4 ? QImage::Format_RGBA8888 : QImage::Format_RGB888);
    for (qint64 y = 0; y < h; ++y) {
        uchar *line = image.scanLine(int(y));
        for (qint64 x = 0; x < w; ++x) {
            if (channels == 1) {
                const QRgb rgb = colormap.at(position(y, x, 0));
                line[x * 3] = uchar(qRed(rgb));
                line[x * 3 + 1] = uchar(qGreen(rgb));
                line[x * 3 + 2] = uchar(qBlue(rgb));
            } else {
                for (int c = 0; c < channels; ++c)
                    line[x * channels + c] = uchar(channelValue(y, x, c));
            }
        }
    }
    rendered.image = std::move(image);
    return rendered;
}

} // namespace studio
