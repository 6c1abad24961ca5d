// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <QString>
#include <memory>

namespace carton {

// Writes a PNG (8-bit RGB, no interlace) row by row, so that an image far bigger
// than memory allows (a graph tens of thousands of pixels high) is written in
// bounded memory: the caller renders a strip, hands its rows over, and renders
// the next. The rows are deflated (zlib) into IDAT chunks as they come. Written to
// `path` through a temporary file renamed at finish(); nothing is left on failure.
class CARTONCORE_EXPORT PngStreamWriter final {
public:
    // Fails for a size PNG cannot hold (0, or over 2^31 - 1 a side) or a file that cannot be created.
    static Result<std::unique_ptr<PngStreamWriter>> create(const QString &path, quint32 width, quint32 height);
    // A small image whole in memory (an HTML report's data: URI): `rgb` holds
    // height rows of width × 3 bytes. The same encoder, into a byte array.
    static Result<QByteArray> encode(quint32 width, quint32 height, const uchar *rgb);
    ~PngStreamWriter();
    PngStreamWriter(const PngStreamWriter &) = delete;
    PngStreamWriter &operator=(const PngStreamWriter &) = delete;

    // `rows` rows of width × 3 bytes (R, G, B), `stride` bytes apart. More rows
    // than the height announced fail.
    Status writeRows(const uchar *pixels, int rows, qsizetype stride);
    // After exactly `height` rows: ends the stream and renames the file into place.
    Status finish();
    quint32 rowsWritten() const { return m_rows; }

private:
    PngStreamWriter() = default;
    struct Private;
    static Result<std::unique_ptr<PngStreamWriter>> start(const QString &path, quint32 width, quint32 height);
    Status deflateSome(const uchar *data, size_t size, bool finish);
    Status writeChunk(const char type[4], const QByteArray &data);

    std::unique_ptr<Private> d;
    quint32 m_width = 0;
    quint32 m_height = 0;
    quint32 m_rows = 0;
};

} // namespace carton
