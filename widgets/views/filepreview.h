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
// (valid UTF-8 without NUL bytes, capped), an image (by content, capped) or a
// hex summary of the first bytes.
struct FilePreview {
    enum Kind { Text, Image, Binary, Error };
    Kind kind = Error;
    QString path;
    qint64 size = 0;
    QString text; // Text: the content; Binary: the hex summary
    bool truncated = false;
    QImage image;
    QSize imageSize; // original size of the image
    QByteArray imageFormat;
    QString error;

    static constexpr qint64 maxTextBytes = 2ll << 20;
    static constexpr qint64 maxImageBytes = 64ll << 20;
    static constexpr qint64 hexBytes = 512;

    // Blocking: reads through the carton's source (readRange for the head).
    static FilePreview load(const carton::Carton &carton, const QString &path);
    // Helpers, public for tests.
    static bool looksLikeText(const QByteArray &bytes, bool mayBeCut);
    static QString hexSummary(const QByteArray &bytes);
};

} // namespace studio
