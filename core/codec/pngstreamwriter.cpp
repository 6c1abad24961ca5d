// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "codec/pngstreamwriter.h"

#include "codec/zliberror.h"

#include <QBuffer>
#include <QSaveFile>
#include <QtEndian>
#include <cstring>

namespace carton {

namespace {

constexpr size_t kChunk = 64 * 1024; // IDAT chunks of at most this many bytes

QByteArray be32(quint32 v)
{
    QByteArray out(4, Qt::Uninitialized);
    qToBigEndian(v, out.data());
    return out;
}

} // namespace

struct PngStreamWriter::Private {
    QSaveFile file;
    QByteArray bytes; // encode(): the PNG in memory
    QBuffer buffer{&bytes};
    QIODevice *device = &file;
    QString name; // the file's path, or empty
    z_stream stream{};
    bool streamOpen = false;
    QByteArray out = QByteArray(int(kChunk), Qt::Uninitialized);
    QByteArray row;
    ~Private()
    {
        if (streamOpen)
            deflateEnd(&stream);
    }
};

PngStreamWriter::~PngStreamWriter() = default;

Result<std::unique_ptr<PngStreamWriter>> PngStreamWriter::create(const QString &path, quint32 width, quint32 height)
{
    return start(path, width, height);
}

Result<QByteArray> PngStreamWriter::encode(quint32 width, quint32 height, const uchar *rgb)
{
    Result<std::unique_ptr<PngStreamWriter>> w = start(QString(), width, height);
    if (!w)
        return w.error();
    if (Status s = (*w)->writeRows(rgb, int(height), qsizetype(width) * 3); !s)
        return s.error();
    if (Status s = (*w)->finish(); !s)
        return s.error();
    return std::move((*w)->d->bytes);
}

Result<std::unique_ptr<PngStreamWriter>> PngStreamWriter::start(const QString &path, quint32 width, quint32 height)
{
    constexpr quint32 kMaxSide = 0x7fffffff;
    if (width == 0 || height == 0 || width > kMaxSide || height > kMaxSide || quint64(width) * 3 + 1 > 0x7fffffff)
        return makeError(ErrorCode::Usage, QStringLiteral("a PNG cannot be %1 × %2 pixels").arg(width).arg(height),
                         path);
    std::unique_ptr<PngStreamWriter> w(new PngStreamWriter);
    w->d = std::make_unique<Private>();
    w->m_width = width;
    w->m_height = height;
    w->d->name = path;
    if (path.isEmpty())
        w->d->device = &w->d->buffer;
    else
        w->d->file.setFileName(path);
    if (!w->d->device->open(QIODevice::WriteOnly))
        return makeError(ErrorCode::Io, w->d->device->errorString(), path);
    if (deflateInit(&w->d->stream, 6) != Z_OK)
        return makeError(ErrorCode::Io, QStringLiteral("zlib could not start"), path);
    w->d->streamOpen = true;
    w->d->row = QByteArray(int(width) * 3 + 1, '\0');
    if (w->d->device->write("\x89PNG\r\n\x1a\n", 8) != 8)
        return makeError(ErrorCode::Io, w->d->device->errorString(), path);
    QByteArray header = be32(width) + be32(height);
    header.append(char(8)); // bit depth
    header.append(char(2)); // RGB
    header.append(3, '\0'); // deflate, adaptive filtering, no interlace
    if (Status s = w->writeChunk("IHDR", header); !s)
        return s.error();
    return w;
}

Status PngStreamWriter::writeChunk(const char type[4], const QByteArray &data)
{
    QByteArray chunk = be32(quint32(data.size()));
    chunk.append(type, 4);
    chunk.append(data);
    const uLong crc =
        crc32(crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef *>(chunk.constData() + 4), uInt(chunk.size() - 4));
    chunk.append(be32(quint32(crc)));
    if (d->device->write(chunk) != chunk.size())
        return makeError(ErrorCode::Io, d->device->errorString(), d->name);
    return {};
}

Status PngStreamWriter::deflateSome(const uchar *data, size_t size, bool finish)
{
    z_stream &z = d->stream;
    z.next_in = const_cast<Bytef *>(data);
    z.avail_in = uInt(size);
    for (;;) {
        z.next_out = reinterpret_cast<Bytef *>(d->out.data());
        z.avail_out = uInt(kChunk);
        const int ret = deflate(&z, finish ? Z_FINISH : Z_NO_FLUSH);
        if (ret == Z_STREAM_ERROR)
            return makeError(ErrorCode::Io, zlibMessage(z, ret), d->name);
        const qsizetype produced = qsizetype(kChunk - z.avail_out);
        if (produced > 0)
            if (Status s = writeChunk("IDAT", d->out.left(produced)); !s)
                return s;
        if (finish ? ret == Z_STREAM_END : (z.avail_in == 0 && z.avail_out != 0))
            return {};
    }
}

Status PngStreamWriter::writeRows(const uchar *pixels, int rows, qsizetype stride)
{
    if (rows < 0 || quint64(m_rows) + quint64(rows) > m_height)
        return makeError(ErrorCode::Usage, QStringLiteral("more rows than the PNG's height %1").arg(m_height), d->name);
    const size_t bytes = size_t(m_width) * 3;
    for (int r = 0; r < rows; ++r) {
        // Filter 0 (none) for every row: a graph is mostly flat colour, deflate does the rest.
        d->row[0] = '\0';
        std::memcpy(d->row.data() + 1, pixels + qsizetype(r) * stride, bytes);
        if (Status s = deflateSome(reinterpret_cast<const uchar *>(d->row.constData()), bytes + 1, false); !s)
            return s;
        ++m_rows;
    }
    return {};
}

Status PngStreamWriter::finish()
{
    if (m_rows != m_height)
        return makeError(ErrorCode::Usage, QStringLiteral("%1 of %2 rows written").arg(m_rows).arg(m_height), d->name);
    if (Status s = deflateSome(nullptr, 0, true); !s)
        return s;
    if (Status s = writeChunk("IEND", QByteArray()); !s)
        return s;
    if (d->device == &d->file && !d->file.commit())
        return makeError(ErrorCode::Io, d->file.errorString(), d->name);
    return {};
}

} // namespace carton
