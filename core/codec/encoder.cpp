// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "codec/encoder.h"

#include "codec/zliberror.h"

#include <algorithm>
#include <vector>
#include <zstd.h>

namespace carton {

namespace {

constexpr std::size_t EncodeBufferSize = 1 << 20;
// zlib counts in uInt; keep every call well inside it.
constexpr std::size_t ZlibChunk = std::size_t(1) << 30;

// Raw deflate, windowBits -15.
class DeflateEncoder final : public Encoder {
public:
    DeflateEncoder() : Encoder(Codec::RawDeflate) {}
    Status init(int level)
    {
        m_buffer.resize(EncodeBufferSize);
        const int ret = deflateInit2(&m_stream, std::clamp(level, 1, 9), Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
        if (ret != Z_OK)
            return makeError(ErrorCode::Io, QStringLiteral("cannot start deflate: %1").arg(zlibMessage(m_stream, ret)));
        m_initialised = true;
        return {};
    }
    ~DeflateEncoder() override
    {
        if (m_initialised)
            deflateEnd(&m_stream);
    }

    Status encode(const char *in, std::size_t inSize, bool finish, Sink sink, void *context) override
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
                if (ret == Z_STREAM_ERROR)
                    return makeError(ErrorCode::Io,
                                     QStringLiteral("deflate failed: %1").arg(zlibMessage(m_stream, ret)));
                const std::size_t have = m_buffer.size() - m_stream.avail_out;
                if (have > 0) {
                    if (Status s = sink(context, m_buffer.data(), have); !s)
                        return s;
                }
            } while (m_stream.avail_out == 0 || (flush == Z_FINISH && ret != Z_STREAM_END));
            pos += chunk;
            if (last)
                return {};
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

class ZstdEncoder final : public Encoder {
public:
    ZstdEncoder() : Encoder(Codec::Zstd) {}
    Status init(int level, int workers)
    {
        m_buffer.resize(EncodeBufferSize);
        m_ctx.reset(ZSTD_createCCtx());
        if (!m_ctx)
            return makeError(ErrorCode::Io, QStringLiteral("cannot create a zstd encoder (out of memory)"));
        const size_t ret =
            ZSTD_CCtx_setParameter(m_ctx.get(), ZSTD_c_compressionLevel, std::clamp(level, 1, ZSTD_maxCLevel()));
        if (ZSTD_isError(ret))
            return makeError(ErrorCode::Io, QStringLiteral("cannot set zstd level %1: %2")
                                                .arg(level)
                                                .arg(QString::fromLatin1(ZSTD_getErrorName(ret))));
        // A libzstd built without threads refuses nbWorkers: compress on this thread then.
        if (workers > 0)
            (void)ZSTD_CCtx_setParameter(m_ctx.get(), ZSTD_c_nbWorkers, std::min(workers, 64));
        return {};
    }

    Status encode(const char *in, std::size_t inSize, bool finish, Sink sink, void *context) override
    {
        ZSTD_inBuffer input{in, inSize, 0};
        const ZSTD_EndDirective mode = finish ? ZSTD_e_end : ZSTD_e_continue;
        for (;;) {
            ZSTD_outBuffer output{m_buffer.data(), m_buffer.size(), 0};
            const size_t remaining = ZSTD_compressStream2(m_ctx.get(), &output, &input, mode);
            if (ZSTD_isError(remaining))
                return makeError(ErrorCode::Io, QStringLiteral("zstd compression failed: %1")
                                                    .arg(QString::fromLatin1(ZSTD_getErrorName(remaining))));
            if (output.pos > 0) {
                if (Status s = sink(context, m_buffer.data(), output.pos); !s)
                    return s;
            }
            const bool done = finish ? remaining == 0 : input.pos == input.size;
            if (done)
                return {};
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

Result<std::unique_ptr<Encoder>> Encoder::create(Codec codec, int level, int workers)
{
    if (codec == Codec::RawDeflate) {
        auto encoder = std::make_unique<DeflateEncoder>();
        if (Status s = encoder->init(level); !s)
            return s.error();
        return std::unique_ptr<Encoder>(std::move(encoder));
    }
    if (codec == Codec::Zstd) {
        auto encoder = std::make_unique<ZstdEncoder>();
        if (Status s = encoder->init(level, workers); !s)
            return s.error();
        return std::unique_ptr<Encoder>(std::move(encoder));
    }
    return makeError(ErrorCode::Unsupported, QStringLiteral("cannot compress with %1").arg(codecName(codec)));
}

} // namespace carton
