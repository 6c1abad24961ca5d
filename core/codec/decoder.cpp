// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "codec/decoder.h"

#include "codec/zliberror.h"

#include <QByteArray>
#include <algorithm>
#include <brotli/decode.h>
#include <cstring>
#include <zstd.h>

namespace carton {

namespace {

// zlib counts in uInt; keep every call well inside it.
constexpr std::size_t ZlibChunk = std::size_t(1) << 30;
// HTTP "deflate": how much input may pass before the first output for the raw
// deflate fallback to be tried (a zlib header is 2 bytes; raw streams fail early).
constexpr qsizetype RawFallbackWindow = 4096;
// 2^27 = 128 MiB, zstd's own default limit for streaming; said explicitly.
constexpr int ZstdWindowLogMax = 27;

class IdentityDecoder final : public Decoder {
public:
    IdentityDecoder() : Decoder(Codec::Identity) { m_complete = true; }
    Status decode(const char *in, std::size_t inSize, std::size_t &inPos, char *out, std::size_t outSize,
                  std::size_t &outPos) override
    {
        const std::size_t n = std::min(inSize - inPos, outSize - outPos);
        if (n > 0)
            std::memcpy(out + outPos, in + inPos, n);
        inPos += n;
        outPos += n;
        return {};
    }
};

// Raw deflate (windowBits -15), zlib-wrapped deflate with the raw fallback, and
// gzip (16 + 15, members one after the other).
class ZlibDecoder final : public Decoder {
public:
    explicit ZlibDecoder(Codec codec) : Decoder(codec) {}
    ~ZlibDecoder() override { end(); }

    Status init()
    {
        return start(m_codec == Codec::RawDeflate ? -MAX_WBITS : m_codec == Codec::Gzip ? 16 + MAX_WBITS : MAX_WBITS);
    }

    Status decode(const char *in, std::size_t inSize, std::size_t &inPos, char *out, std::size_t outSize,
                  std::size_t &outPos) override
    {
        if (m_replayPos < m_replay.size()) {
            // Input taken before the switch to raw deflate, given again.
            std::size_t pos = std::size_t(m_replayPos);
            Status s = step(m_replay.constData(), std::size_t(m_replay.size()), pos, out, outSize, outPos, false);
            m_replayPos = qsizetype(pos);
            if (!s || m_replayPos < m_replay.size())
                return s;
            m_replay.clear();
            m_replayPos = 0;
        }
        return step(in, inSize, inPos, out, outSize, outPos, true);
    }

private:
    Status start(int windowBits)
    {
        m_stream = z_stream{};
        const int ret = inflateInit2(&m_stream, windowBits);
        if (ret != Z_OK)
            return makeError(
                ErrorCode::Io,
                QStringLiteral("cannot start a %1 decoder: %2").arg(codecName(m_codec), zlibMessage(m_stream, ret)));
        m_initialised = true;
        return {};
    }
    void end()
    {
        if (m_initialised)
            inflateEnd(&m_stream);
        m_initialised = false;
    }

    Status step(const char *in, std::size_t inSize, std::size_t &inPos, char *out, std::size_t outSize,
                std::size_t &outPos, bool fromCaller)
    {
        if (m_ended)
            return {};
        if (m_memberEnded) {
            if (inPos == inSize)
                return {};
            // Another gzip member follows.
            if (inflateReset(&m_stream) != Z_OK)
                return corrupt(QStringLiteral("cannot reset the decoder"));
            m_memberEnded = false;
            m_complete = false;
        }
        const std::size_t inChunk = std::min(inSize - inPos, ZlibChunk);
        const std::size_t outChunk = std::min(outSize - outPos, ZlibChunk);
        m_stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in + inPos));
        m_stream.avail_in = uInt(inChunk);
        m_stream.next_out = reinterpret_cast<Bytef *>(out + outPos);
        m_stream.avail_out = uInt(outChunk);
        const int ret = inflate(&m_stream, Z_NO_FLUSH);
        const std::size_t consumed = inChunk - m_stream.avail_in;
        const std::size_t produced = outChunk - m_stream.avail_out;
        const bool mayBeRaw = m_codec == Codec::Deflate && !m_raw && m_totalOut == 0;
        if (ret == Z_DATA_ERROR && mayBeRaw && fromCaller && produced == 0 && m_seen.size() < RawFallbackWindow) {
            // Some servers send raw deflate for "deflate": restart without the zlib
            // header and give the decoder what it has taken so far again. inPos is not
            // advanced: the bytes of this call are read again after the replay.
            end();
            if (Status s = start(-MAX_WBITS); !s)
                return s;
            m_raw = true;
            m_replay = std::move(m_seen);
            m_seen.clear();
            m_replayPos = 0;
            return decode(in, inSize, inPos, out, outSize, outPos);
        }
        if (ret != Z_OK && ret != Z_STREAM_END && ret != Z_BUF_ERROR) // Z_BUF_ERROR: no progress possible, not fatal
            return corrupt(zlibMessage(m_stream, ret));
        if (mayBeRaw && fromCaller && m_seen.size() < RawFallbackWindow)
            m_seen.append(in + inPos, qsizetype(consumed));
        inPos += consumed;
        outPos += produced;
        m_totalOut += produced;
        if (consumed > 0 && ret != Z_STREAM_END)
            m_complete = false;
        if (ret == Z_STREAM_END) {
            m_complete = true;
            if (m_codec == Codec::Gzip)
                m_memberEnded = true;
            else
                m_ended = true;
        }
        return {};
    }

    z_stream m_stream{};
    bool m_initialised = false;
    bool m_raw = false;
    bool m_memberEnded = false;
    quint64 m_totalOut = 0;
    QByteArray m_seen; // "deflate": input taken before the first output, for the raw fallback
    QByteArray m_replay;
    qsizetype m_replayPos = 0;
};

struct ZstdDCtxDeleter {
    void operator()(ZSTD_DCtx *c) const { ZSTD_freeDCtx(c); }
};

// Frames without a content size and concatenated frames work.
class ZstdDecoder final : public Decoder {
public:
    ZstdDecoder() : Decoder(Codec::Zstd) {}
    Status init()
    {
        m_ctx.reset(ZSTD_createDCtx());
        if (!m_ctx)
            return makeError(ErrorCode::Io, QStringLiteral("cannot create a zstd decoder (out of memory)"));
        const size_t ret = ZSTD_DCtx_setParameter(m_ctx.get(), ZSTD_d_windowLogMax, ZstdWindowLogMax);
        if (ZSTD_isError(ret))
            return makeError(
                ErrorCode::Io,
                QStringLiteral("cannot start a zstd decoder: %1").arg(QString::fromLatin1(ZSTD_getErrorName(ret))));
        return {};
    }

    Status decode(const char *in, std::size_t inSize, std::size_t &inPos, char *out, std::size_t outSize,
                  std::size_t &outPos) override
    {
        ZSTD_inBuffer input{in, inSize, inPos};
        ZSTD_outBuffer output{out, outSize, outPos};
        const size_t ret = ZSTD_decompressStream(m_ctx.get(), &output, &input);
        const bool progress = input.pos != inPos || output.pos != outPos;
        inPos = input.pos;
        outPos = output.pos;
        if (ZSTD_isError(ret))
            return corrupt(QString::fromLatin1(ZSTD_getErrorName(ret)));
        // 0: a frame is fully decoded and flushed. A call without progress after a
        // frame reports "next frame header wanted": that is no truncation.
        if (ret == 0)
            m_complete = true;
        else if (progress)
            m_complete = false;
        return {};
    }

private:
    std::unique_ptr<ZSTD_DCtx, ZstdDCtxDeleter> m_ctx;
};

struct BrotliStateDeleter {
    void operator()(BrotliDecoderState *s) const { BrotliDecoderDestroyInstance(s); }
};

class BrotliDecoder final : public Decoder {
public:
    BrotliDecoder() : Decoder(Codec::Brotli) {}
    Status init()
    {
        m_state.reset(BrotliDecoderCreateInstance(nullptr, nullptr, nullptr));
        if (!m_state)
            return makeError(ErrorCode::Io, QStringLiteral("cannot create a brotli decoder (out of memory)"));
        return {};
    }

    Status decode(const char *in, std::size_t inSize, std::size_t &inPos, char *out, std::size_t outSize,
                  std::size_t &outPos) override
    {
        if (m_ended)
            return {};
        std::size_t availIn = inSize - inPos;
        auto nextIn = reinterpret_cast<const uint8_t *>(in + inPos);
        std::size_t availOut = outSize - outPos;
        auto nextOut = reinterpret_cast<uint8_t *>(out + outPos);
        const BrotliDecoderResult r =
            BrotliDecoderDecompressStream(m_state.get(), &availIn, &nextIn, &availOut, &nextOut, nullptr);
        inPos = inSize - availIn;
        outPos = outSize - availOut;
        if (r == BROTLI_DECODER_RESULT_ERROR)
            return corrupt(QString::fromLatin1(BrotliDecoderErrorString(BrotliDecoderGetErrorCode(m_state.get()))));
        if (r == BROTLI_DECODER_RESULT_SUCCESS)
            m_ended = m_complete = true;
        return {};
    }

private:
    std::unique_ptr<BrotliDecoderState, BrotliStateDeleter> m_state;
};

template <typename T>
Result<std::unique_ptr<Decoder>> started(std::unique_ptr<T> decoder)
{
    if (Status s = decoder->init(); !s)
        return s.error();
    return std::unique_ptr<Decoder>(std::move(decoder));
}

} // namespace

QString codecName(Codec codec)
{
    switch (codec) {
    case Codec::Identity:
        return QStringLiteral("identity");
    case Codec::RawDeflate:
    case Codec::Deflate:
        return QStringLiteral("deflate");
    case Codec::Gzip:
        return QStringLiteral("gzip");
    case Codec::Brotli:
        return QStringLiteral("br");
    case Codec::Zstd:
        return QStringLiteral("zstd");
    }
    return QStringLiteral("codec %1").arg(int(codec));
}

Error Decoder::corrupt(const QString &detail) const
{
    return makeError(ErrorCode::Format, QStringLiteral("corrupt %1 data: %2").arg(codecName(m_codec), detail));
}

Result<std::unique_ptr<Decoder>> Decoder::create(Codec codec)
{
    switch (codec) {
    case Codec::Identity:
        return std::unique_ptr<Decoder>(new IdentityDecoder);
    case Codec::RawDeflate:
    case Codec::Deflate:
    case Codec::Gzip:
        return started(std::make_unique<ZlibDecoder>(codec));
    case Codec::Brotli:
        return started(std::make_unique<BrotliDecoder>());
    case Codec::Zstd:
        return started(std::make_unique<ZstdDecoder>());
    }
    return makeError(ErrorCode::Unsupported, QStringLiteral("no decoder for %1").arg(codecName(codec)));
}

} // namespace carton
