// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "testencoders.h"

#include <QList>
#include <brotli/encode.h>
#include <zlib.h>
#include <zstd.h>

namespace testenc {

namespace {

QByteArray deflateWith(const QByteArray &data, int windowBits)
{
    z_stream s{};
    if (deflateInit2(&s, 6, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        qFatal("deflateInit2 failed");
    QByteArray out(int(deflateBound(&s, uLong(data.size()))) + 64, Qt::Uninitialized);
    s.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    s.avail_in = uInt(data.size());
    s.next_out = reinterpret_cast<Bytef *>(out.data());
    s.avail_out = uInt(out.size());
    if (deflate(&s, Z_FINISH) != Z_STREAM_END)
        qFatal("deflate failed");
    out.truncate(qsizetype(s.total_out));
    deflateEnd(&s);
    return out;
}

} // namespace

QByteArray gzip(const QByteArray &data)
{
    return deflateWith(data, 16 + MAX_WBITS);
}

QByteArray zlibWrapped(const QByteArray &data)
{
    return deflateWith(data, MAX_WBITS);
}

QByteArray rawDeflate(const QByteArray &data)
{
    return deflateWith(data, -MAX_WBITS);
}

QByteArray brotli(const QByteArray &data)
{
    size_t size = BrotliEncoderMaxCompressedSize(size_t(data.size()));
    if (size == 0)
        size = 1024;
    QByteArray out(qsizetype(size), Qt::Uninitialized);
    if (!BrotliEncoderCompress(5, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, size_t(data.size()),
                               reinterpret_cast<const uint8_t *>(data.constData()), &size,
                               reinterpret_cast<uint8_t *>(out.data())))
        qFatal("BrotliEncoderCompress failed");
    out.truncate(qsizetype(size));
    return out;
}

QByteArray zstd(const QByteArray &data)
{
    QByteArray out(qsizetype(ZSTD_compressBound(size_t(data.size()))), Qt::Uninitialized);
    const size_t n = ZSTD_compress(out.data(), size_t(out.size()), data.constData(), size_t(data.size()), 3);
    if (ZSTD_isError(n))
        qFatal("ZSTD_compress failed");
    out.truncate(qsizetype(n));
    return out;
}

QByteArray encode(const QByteArray &data, const QList<QByteArray> &encodings)
{
    QByteArray out = data;
    for (const QByteArray &e : encodings) {
        if (e == "gzip" || e == "x-gzip")
            out = gzip(out);
        else if (e == "deflate")
            out = zlibWrapped(out);
        else if (e == "br")
            out = brotli(out);
        else if (e == "zstd")
            out = zstd(out);
        else if (e != "identity")
            qFatal("unknown test encoding");
    }
    return out;
}

} // namespace testenc
