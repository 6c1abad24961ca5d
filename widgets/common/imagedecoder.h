// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QByteArray>
#include <QImage>
#include <QString>

namespace studio {

// Decodes images from bytes by their content (upstream writes misc files
// without extensions), with caps against huge or hostile images. Thread-safe:
// meant to run on worker threads.
struct DecodedImage {
    QImage image; // null on failure
    QSize originalSize;
    QByteArray format;  // "png", "jpeg"...
    QString error;      // why it failed
    int frameCount = 1; // more than 1: an animation (GIF, WebP...), image is its first frame
};

class ImageDecoder final {
public:
    static constexpr int maxDimension = 16384;
    static constexpr qint64 maxPixels = 100'000'000;

    // True when the bytes start like an image format Qt can read.
    static bool isImage(const QByteArray &bytes);
    // Decodes; scales down (keeping the aspect ratio) to fit maxSize when given.
    static DecodedImage decode(const QByteArray &bytes, QSize maxSize = {});
};

} // namespace studio
