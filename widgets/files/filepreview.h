// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"

#include <QByteArray>
#include <QImage>
#include <QString>
#include <functional>

namespace carton {
class ByteSource;
class Carton;
} // namespace carton

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
    // Blocking: a file that is not in an opened carton (a document's file added
    // from disk or made in memory, not saved yet), read through `source`. Audio
    // and video are not played from it (the media preview streams from a
    // carton): they get the hex summary, and `error` says so.
    static FilePreview load(const carton::ByteSource &source, const QString &path);
    // `head` (the first bytes of a file of `size` bytes, at most maxTextBytes) as
    // text when its content is text, else as a hex summary.
    static FilePreview fromHead(const QString &path, const QByteArray &head, qint64 size);
    // `head`, the first bytes of the file `path` of `size` bytes (at most
    // maxTextBytes), recognised by content; `readAll(maxImageBytes)` reads the
    // whole file when it is an image. `playable`: audio and video may be played.
    static FilePreview fromContent(const QString &path, const QByteArray &head, qint64 size,
                                   const std::function<carton::Result<QByteArray>(qint64)> &readAll, bool playable);
    // Helpers, public for tests.
    static bool looksLikeText(const QByteArray &bytes, bool mayBeCut);
    static QString hexSummary(const QByteArray &bytes);
};

} // namespace studio
