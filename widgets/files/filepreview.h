// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QByteArray>
#include <QImage>
#include <QString>

namespace carton {
class Carton;
}

namespace studio {

// What the file viewer shows for one file, worked out on a worker thread: text
// (valid UTF-8 without NUL bytes, capped), an image (by content, capped), audio
// or video (by content, or named like it: the media preview then says what the
// content really is; only the first bytes are read here) or a hex summary of the
// first bytes.
struct FilePreview {
    enum Kind { Text, Image, Binary, Error, Media, TensorFile }; // TensorFile: a .npy or .safetensors, by content
    Kind kind = Error;
    QString path;
    qint64 size = 0;
    QString text; // Text: the content; Binary: the hex summary
    bool truncated = false;
    QImage image;
    QSize imageSize; // original size of the image
    QByteArray imageFormat;
    int frameCount = 0;   // Image: more than 1 for an animation
    QByteArray animation; // Image: the file's bytes when it is an animation (for QMovie)
    QString mediaType;    // from the first bytes (carton::MediaType::detect)
    QString error;

    static constexpr qint64 maxTextBytes = 2ll << 20;
    static constexpr qint64 maxImageBytes = 64ll << 20;
    static constexpr qint64 hexBytes = 512;

    // Blocking: reads through the carton's source (readRange for the head).
    static FilePreview load(const carton::Carton &carton, const QString &path);
    // `head` (the first bytes of a file of `size` bytes, at most maxTextBytes) as
    // text when its content is text, else as a hex summary.
    static FilePreview fromHead(const QString &path, const QByteArray &head, qint64 size);
    // Helpers, public for tests.
    static bool looksLikeText(const QByteArray &bytes, bool mayBeCut);
    static QString hexSummary(const QByteArray &bytes);
};

} // namespace studio
