// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "imagedecoder.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QImageReader>
#include <algorithm>

namespace studio {

namespace {
// The tr() of this file's free functions: one context, the same for lupdate
// and at run time.
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(studio::ImageDecoder)
};
} // namespace

bool ImageDecoder::isImage(const QByteArray &bytes)
{
    QByteArray copy = bytes; // QBuffer needs a non-const array
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer);
    reader.setDecideFormatFromContent(true);
    return reader.canRead();
}

DecodedImage ImageDecoder::decode(const QByteArray &bytes, QSize maxSize)
{
    DecodedImage result;
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer);
    reader.setDecideFormatFromContent(true);
    reader.setAutoTransform(true);
    if (!reader.canRead()) {
        result.error = Tr::tr("not an image format this application can read");
        return result;
    }
    result.format = reader.format();
    const QSize size = reader.size();
    // reader.size() is before the EXIF orientation is applied; the decoded image is after.
    result.originalSize =
        (reader.transformation() & QImageIOHandler::TransformationRotate90) ? size.transposed() : size;
    if (size.isValid()) {
        if (size.width() > maxDimension || size.height() > maxDimension ||
            qint64(size.width()) * size.height() > maxPixels) {
            result.error = Tr::tr("image too large (%1 × %2 pixels)").arg(size.width()).arg(size.height());
            return result;
        }
        if (maxSize.isValid() && (size.width() > maxSize.width() || size.height() > maxSize.height()))
            reader.setScaledSize(size.scaled(maxSize, Qt::KeepAspectRatio));
    }
    if (reader.supportsAnimation())
        result.frameCount = std::max(1, reader.imageCount());
    QImage image;
    if (!reader.read(&image)) {
        result.error = reader.errorString();
        return result;
    }
    if (maxSize.isValid() && (image.width() > maxSize.width() || image.height() > maxSize.height()))
        image = image.scaled(maxSize, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    if (!result.originalSize.isValid())
        result.originalSize = image.size();
    result.image = image;
    return result;
}

} // namespace studio
