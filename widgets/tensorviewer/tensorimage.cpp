// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorimage.h"

#include <QCoreApplication>
#include <cmath>

namespace studio {

namespace {

constexpr qint64 maxSide = 16384;

bool isChannelCount(qint64 n)
{
    return n == 1 || n == 3 || n == 4;
}

} // namespace

std::optional<TensorImage> TensorImage::detect(const QList<qint64> &shape)
{
    const int n = int(shape.size());
    TensorImage image;
    if (n == 2) {
        image.heightDim = 0;
        image.widthDim = 1;
        image.channels = 1;
        return image;
    }
    if (n < 3)
        return std::nullopt;
    if (isChannelCount(shape[n - 1])) {
        image.heightDim = n - 3;
        image.widthDim = n - 2;
        image.channelDim = n - 1;
        image.channels = int(shape[n - 1]);
        return image;
    }
    if (isChannelCount(shape[n - 3])) {
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
    return pictureType && image && (image->channels == 3 || image->channels == 4);
}

carton::Result<QImage> TensorImage::read(const carton::TensorReader &reader, const QList<qint64> &index,
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
    const qint64 count = pixels * channels;
    // Floats whose finite values all lie in [0, 1] are scaled to [0, 255].
    double factor = 1.0;
    if (carton::isFloating(reader.dtype())) {
        double hi = 0;
        for (qint64 i = 0; i < count; ++i) {
            const double v = values.valueAsDouble(i);
            if (std::isfinite(v))
                hi = qMax(hi, v);
        }
        if (hi <= 1.0)
            factor = 255.0;
    }
    auto channelValue = [&](qint64 y, qint64 x, int c) {
        const qint64 i = channelsFirst() ? (qint64(c) * h + y) * w + x : (y * w + x) * channels + c;
        const double v = values.valueAsDouble(i) * factor;
        return std::isnan(v) ? 0 : int(qBound(0.0, std::round(v), 255.0));
    };
    QImage image(int(w), int(h), channels == 4 ? QImage::Format_RGBA8888 : QImage::Format_RGB888);
    for (qint64 y = 0; y < h; ++y) {
        uchar *line = image.scanLine(int(y));
        for (qint64 x = 0; x < w; ++x) {
            if (channels == 1) {
                const uchar g = uchar(channelValue(y, x, 0));
                line[x * 3] = line[x * 3 + 1] = line[x * 3 + 2] = g;
            } else {
                for (int c = 0; c < channels; ++c)
                    line[x * channels + c] = uchar(channelValue(y, x, c));
            }
        }
    }
    return image;
}

} // namespace studio
