// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "zipcodecs.h"

#include "zip/zipentry.h"

#include <algorithm>
#include <vector>
#include <zlib.h>
#include <zstd.h>

namespace carton {

namespace {

constexpr std::size_t EncodeBufferSize = 1 << 20;
// zlib counts in uInt; keep every call well inside it.
constexpr std::size_t ZlibChunk = 1u << 30;

QString zlibMessage(const z_stream &stream, int ret)
{
    if (stream.msg)
        return QString::fromUtf8(stream.msg);
    return QStringLiteral("zlib error %1").arg(ret);
}

// Raw (headerless) inflate, windowBits -15.
class InflateDecoder final : public ZipDecoder {
public:
    bool init()
    {
        m_stream = {};
        const int ret = inflateInit2(&m_stream, -15);
        if (ret != Z_OK) {
            m_error = QStringLiteral("cannot start inflate: %1").arg(zlibMessage(m_stream, ret));
            return false;
        }
        m_initialised = true;
        return true;
    }
    ~InflateDecoder() override
    {
        if (m_initialised)
            inflateEnd(&m_stream);
    }

    bool decode(const char *in, std::size_t inSize, std::size_t &inPos, char *out, std::size_t outSize,
                std::size_t &outPos) override
    {
        if (m_ended)
            return true;
        const std::size_t inChunk = std::min(inSize - inPos, ZlibChunk);
        const std::size_t outChunk = std::min(outSize - outPos, ZlibChunk);
        m_stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in + inPos));
        m_stream.avail_in = uInt(inChunk);
        m_stream.next_out = reinterpret_cast<Bytef *>(out + outPos);
        m_stream.avail_out = uInt(outChunk);
        const int ret = inflate(&m_stream, Z_NO_FLUSH);
        inPos += inChunk - m_stream.avail_in;
        outPos += outChunk - m_stream.avail_out;
        if (ret == Z_STREAM_END) {
            m_ended = true;
            return true;
        }
        if (ret == Z_OK || ret == Z_BUF_ERROR) // Z_BUF_ERROR: no progress possible, not fatal
            return true;
        m_error = QStringLiteral("corrupt deflate data: %1").arg(zlibMessage(m_stream, ret));
        return false;
    }
    bool ended() const override { return m_ended; }
    bool complete() const override { return m_ended; }

private:
    z_stream m_stream{};
    bool m_initialised = false;
    bool m_ended = false;
};

struct ZstdDStreamDeleter {
    void operator()(ZSTD_DStream *s) const { ZSTD_freeDStream(s); }
};

// zstd streaming decoder: frames without a content size and concatenated frames work.
class ZstdDecoder final : public ZipDecoder {
public:
    bool init()
    {
        m_stream.reset(ZSTD_createDStream());
        if (!m_stream) {
            m_error = QStringLiteral("cannot create a zstd decoder (out of memory)");
            return false;
        }
        const size_t ret = ZSTD_initDStream(m_stream.get());
        if (ZSTD_isError(ret)) {
            m_error = QStringLiteral("cannot start zstd decoder: %1").arg(QString::fromUtf8(ZSTD_getErrorName(ret)));
            return false;
        }
        return true;
    }

    bool decode(const char *in, std::size_t inSize, std::size_t &inPos, char *out, std::size_t outSize,
                std::size_t &outPos) override
    {
        ZSTD_inBuffer input{in, inSize, inPos};
        ZSTD_outBuffer output{out, outSize, outPos};
        const size_t ret = ZSTD_decompressStream(m_stream.get(), &output, &input);
        const bool progress = input.pos != inPos || output.pos != outPos;
        inPos = input.pos;
        outPos = output.pos;
        if (ZSTD_isError(ret)) {
            m_error = QStringLiteral("corrupt zstd data: %1").arg(QString::fromUtf8(ZSTD_getErrorName(ret)));
            return false;
        }
        // 0: a frame is fully decoded and flushed. A call without progress (no input
        // left after a frame) reports "next frame header wanted": that is no truncation.
        if (progress)
            m_complete = ret == 0;
        return true;
    }
    bool ended() const override { return false; }
    bool complete() const override { return m_complete; }

private:
    std::unique_ptr<ZSTD_DStream, ZstdDStreamDeleter> m_stream;
    bool m_complete = true; // no input yet: an empty stream
};

// Raw deflate, windowBits -15.
class DeflateEncoder final : public ZipEncoder {
public:
    bool init(int level)
    {
        m_buffer.resize(EncodeBufferSize);
        const int ret = deflateInit2(&m_stream, std::clamp(level, 1, 9), Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
        if (ret != Z_OK) {
            m_error = QStringLiteral("cannot start deflate: %1").arg(zlibMessage(m_stream, ret));
            return false;
        }
        m_initialised = true;
        return true;
    }
    ~DeflateEncoder() override
    {
        if (m_initialised)
            deflateEnd(&m_stream);
    }

    bool encode(const char *in, std::size_t inSize, bool finish, Sink sink, void *context) override
    {
        std::size_t pos = 0;
        for (;;) {
            const std::size_t chunk = std::min(inSize - pos, ZlibChunk);
            const bool last = pos + chunk == inSize;
            m_stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in + pos));
            m_stream.avail_in = uInt(chunk);
            const int flush = finish && last ? Z_FINISH : Z_NO_FLUSH;
            int ret;
            do {
                m_stream.next_out = reinterpret_cast<Bytef *>(m_buffer.data());
                m_stream.avail_out = uInt(m_buffer.size());
                ret = deflate(&m_stream, flush);
                if (ret == Z_STREAM_ERROR) {
                    m_error = QStringLiteral("deflate failed: %1").arg(zlibMessage(m_stream, ret));
                    return false;
                }
                const std::size_t have = m_buffer.size() - m_stream.avail_out;
                if (have && !sink(context, m_buffer.data(), have))
                    return false;
            } while (m_stream.avail_out == 0 || (flush == Z_FINISH && ret != Z_STREAM_END));
            pos += chunk;
            if (last)
                return true;
        }
    }

private:
    z_stream m_stream{};
    bool m_initialised = false;
    std::vector<char> m_buffer;
};

struct ZstdCCtxDeleter {
    void operator()(ZSTD_CCtx *c) const { ZSTD_freeCCtx(c); }
};

class ZstdEncoder final : public ZipEncoder {
public:
    bool init(int level, int workers)
    {
        m_buffer.resize(EncodeBufferSize);
        m_ctx.reset(ZSTD_createCCtx());
        if (!m_ctx) {
            m_error = QStringLiteral("cannot create a zstd encoder (out of memory)");
            return false;
        }
        const size_t ret =
            ZSTD_CCtx_setParameter(m_ctx.get(), ZSTD_c_compressionLevel, std::clamp(level, 1, ZSTD_maxCLevel()));
        if (ZSTD_isError(ret)) {
            m_error = QStringLiteral("cannot set zstd level %1: %2")
                          .arg(level)
                          .arg(QString::fromUtf8(ZSTD_getErrorName(ret)));
            return false;
        }
        // A libzstd built without threads refuses nbWorkers: compress on this thread then.
        if (workers > 0)
            (void)ZSTD_CCtx_setParameter(m_ctx.get(), ZSTD_c_nbWorkers, std::min(workers, 64));
        return true;
    }

    bool encode(const char *in, std::size_t inSize, bool finish, Sink sink, void *context) override
    {
        ZSTD_inBuffer input{in, inSize, 0};
        const ZSTD_EndDirective mode = finish ? ZSTD_e_end : ZSTD_e_continue;
        for (;;) {
            ZSTD_outBuffer output{m_buffer.data(), m_buffer.size(), 0};
            const size_t remaining = ZSTD_compressStream2(m_ctx.get(), &output, &input, mode);
            if (ZSTD_isError(remaining)) {
                m_error =
                    QStringLiteral("zstd compression failed: %1").arg(QString::fromUtf8(ZSTD_getErrorName(remaining)));
                return false;
            }
            if (output.pos && !sink(context, m_buffer.data(), output.pos))
                return false;
            const bool done = finish ? remaining == 0 : input.pos == input.size;
            if (done)
                return true;
        }
    }

    bool reset() override
    {
        // Keeps the parameters (level, workers) and the worker pool; output stays
        // byte-identical to a fresh context's.
        return !ZSTD_isError(ZSTD_CCtx_reset(m_ctx.get(), ZSTD_reset_session_only));
    }

private:
    std::unique_ptr<ZSTD_CCtx, ZstdCCtxDeleter> m_ctx;
    std::vector<char> m_buffer;
};

} // namespace

quint32 zipCrc32(quint32 crc, const char *data, std::size_t size)
{
    return quint32(crc32_z(crc, reinterpret_cast<const Bytef *>(data), size));
}

QString crcMismatchMessage(quint32 stored, quint32 data)
{
    return QStringLiteral("CRC-32 mismatch: stored 0x%1, data 0x%2")
        .arg(stored, 8, 16, QLatin1Char('0'))
        .arg(data, 8, 16, QLatin1Char('0'));
}

std::unique_ptr<ZipDecoder> ZipDecoder::create(quint16 method, QString *error)
{
    if (method == quint16(ZipMethod::Deflate)) {
        auto decoder = std::make_unique<InflateDecoder>();
        if (!decoder->init()) {
            *error = decoder->error();
            return nullptr;
        }
        return decoder;
    }
    if (method == quint16(ZipMethod::Zstd)) {
        auto decoder = std::make_unique<ZstdDecoder>();
        if (!decoder->init()) {
            *error = decoder->error();
            return nullptr;
        }
        return decoder;
    }
    *error = QStringLiteral("unsupported compression method %1").arg(zipMethodName(method));
    return nullptr;
}

std::unique_ptr<ZipEncoder> ZipEncoder::create(quint16 method, int level, int workers, QString *error)
{
    if (method == quint16(ZipMethod::Deflate)) {
        auto encoder = std::make_unique<DeflateEncoder>();
        if (!encoder->init(level)) {
            *error = encoder->error();
            return nullptr;
        }
        return encoder;
    }
    if (method == quint16(ZipMethod::Zstd)) {
        auto encoder = std::make_unique<ZstdEncoder>();
        if (!encoder->init(level, workers)) {
            *error = encoder->error();
            return nullptr;
        }
        return encoder;
    }
    *error = QStringLiteral("cannot compress with %1").arg(zipMethodName(method));
    return nullptr;
}

} // namespace carton
