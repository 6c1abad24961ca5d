// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "contentdecoder.h"

#include <brotli/decode.h>
#include <zlib.h>
#include <zstd.h>

namespace carton {

namespace {

constexpr qsizetype kChunk = 64 * 1024;

// Counts output against the cap and forwards it.
class OutputCap {
public:
    OutputCap(QByteArray encoding, qint64 maxOutput) : m_encoding(std::move(encoding)), m_max(maxOutput) {}

    Status push(const ContentDecoder::Sink &sink, const char *data, qint64 size)
    {
        if (size <= 0)
            return {};
        if (size > m_max - m_total)
            return makeError(ErrorCode::Limit, QStringLiteral("decoded %1 content exceeds the limit of %2 bytes")
                                                   .arg(QString::fromLatin1(m_encoding))
                                                   .arg(m_max));
        m_total += size;
        return sink(QByteArrayView(data, size));
    }
    const QByteArray &encoding() const { return m_encoding; }

private:
    QByteArray m_encoding;
    qint64 m_max;
    qint64 m_total = 0;
};

Error corrupt(const QByteArray &encoding, const QString &detail)
{
    return makeError(ErrorCode::Format,
                     QStringLiteral("corrupt %1 content: %2").arg(QString::fromLatin1(encoding), detail));
}

Error truncated(const QByteArray &encoding)
{
    return makeError(ErrorCode::Format,
                     QStringLiteral("truncated %1 content: the stream ended early").arg(QString::fromLatin1(encoding)));
}

class IdentityDecoder final : public ContentDecoder {
public:
    explicit IdentityDecoder(qint64 maxOutput) : m_cap("identity", maxOutput) {}
    Status decodeTo(QByteArrayView input, const Sink &sink) override
    {
        for (qsizetype pos = 0; pos < input.size(); pos += kChunk) {
            Status s = m_cap.push(sink, input.data() + pos, std::min(kChunk, input.size() - pos));
            if (!s)
                return s;
        }
        return {};
    }
    Status finish() override { return {}; }

private:
    OutputCap m_cap;
};

// gzip (windowBits 16+15, several members allowed) and deflate (zlib-wrapped, or raw).
class ZlibDecoder final : public ContentDecoder {
public:
    ZlibDecoder(QByteArray encoding, bool gzip, qint64 maxOutput) : m_cap(std::move(encoding), maxOutput), m_gzip(gzip)
    {
    }
    ~ZlibDecoder() override
    {
        if (m_initialised)
            inflateEnd(&m_stream);
    }

    bool init() { return initWith(m_gzip ? 16 + MAX_WBITS : MAX_WBITS); }

    Status decodeTo(QByteArrayView input, const Sink &sink) override
    {
        qsizetype pos = 0;
        char *out = m_out.data();
        while (pos < input.size()) {
            if (m_ended) {
                if (!m_gzip)
                    return corrupt(m_cap.encoding(), QStringLiteral("data after the end of the stream"));
                // Another gzip member follows.
                if (inflateReset(&m_stream) != Z_OK)
                    return corrupt(m_cap.encoding(), QStringLiteral("cannot reset the decoder"));
                m_ended = false;
            }
            m_sawInput = true;
            const qsizetype take = std::min<qsizetype>(input.size() - pos, 1 << 30);
            m_stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(input.data() + pos));
            m_stream.avail_in = uInt(take);
            m_stream.next_out = reinterpret_cast<Bytef *>(out);
            m_stream.avail_out = uInt(size_t(kChunk));
            const int ret = inflate(&m_stream, Z_NO_FLUSH);
            const qint64 produced = qint64(size_t(kChunk)) - m_stream.avail_out;
            const qsizetype consumed = take - qsizetype(m_stream.avail_in);
            if (ret == Z_DATA_ERROR && !m_gzip && !m_raw && m_totalOut == 0 && produced == 0 &&
                m_consumed.size() < 4096) {
                // Some servers send raw deflate for "deflate": restart without the zlib header.
                inflateEnd(&m_stream);
                m_initialised = false;
                if (!initWith(-MAX_WBITS))
                    return corrupt(m_cap.encoding(), QStringLiteral("cannot initialise zlib"));
                m_raw = true;
                const QByteArray replay = m_consumed + input.toByteArray().mid(pos);
                m_consumed.clear();
                return decodeTo(replay, sink);
            }
            if (ret != Z_OK && ret != Z_STREAM_END && ret != Z_BUF_ERROR)
                return corrupt(m_cap.encoding(), m_stream.msg ? QString::fromUtf8(m_stream.msg) : QString::number(ret));
            if (!m_raw && !m_gzip && m_totalOut == 0 && m_consumed.size() < 4096)
                m_consumed.append(input.data() + pos, consumed);
            pos += consumed;
            m_totalOut += produced;
            Status s = m_cap.push(sink, out, produced);
            if (!s)
                return s;
            if (ret == Z_STREAM_END)
                m_ended = true;
            else if (consumed == 0 && produced == 0)
                return corrupt(m_cap.encoding(), QStringLiteral("the decoder made no progress"));
        }
        // Drain output still buffered inside zlib.
        while (!m_ended && m_initialised) {
            m_stream.next_in = nullptr;
            m_stream.avail_in = 0;
            m_stream.next_out = reinterpret_cast<Bytef *>(out);
            m_stream.avail_out = uInt(size_t(kChunk));
            const int ret = inflate(&m_stream, Z_NO_FLUSH);
            const qint64 produced = qint64(size_t(kChunk)) - m_stream.avail_out;
            if (ret != Z_OK && ret != Z_STREAM_END && ret != Z_BUF_ERROR)
                return corrupt(m_cap.encoding(), m_stream.msg ? QString::fromUtf8(m_stream.msg) : QString::number(ret));
            m_totalOut += produced;
            Status s = m_cap.push(sink, out, produced);
            if (!s)
                return s;
            if (ret == Z_STREAM_END)
                m_ended = true;
            if (produced == 0)
                break;
        }
        return {};
    }

    Status finish() override
    {
        if (!m_ended)
            return truncated(m_cap.encoding());
        return {};
    }

private:
    bool initWith(int windowBits)
    {
        m_stream = z_stream{};
        m_initialised = inflateInit2(&m_stream, windowBits) == Z_OK;
        return m_initialised;
    }

    OutputCap m_cap;
    QByteArray m_out = QByteArray(kChunk, Qt::Uninitialized); // heap, not stack: decoders nest
    bool m_gzip;
    bool m_raw = false;
    bool m_initialised = false;
    bool m_ended = false;
    bool m_sawInput = false;
    qint64 m_totalOut = 0;
    QByteArray m_consumed; // input consumed before the first output, replayed on raw fallback
    z_stream m_stream{};
};

class BrotliDecoder final : public ContentDecoder {
public:
    explicit BrotliDecoder(qint64 maxOutput)
        : m_cap("br", maxOutput), m_state(BrotliDecoderCreateInstance(nullptr, nullptr, nullptr))
    {
    }
    ~BrotliDecoder() override { BrotliDecoderDestroyInstance(m_state); }
    bool valid() const { return m_state != nullptr; }

    Status decodeTo(QByteArrayView input, const Sink &sink) override
    {
        if (input.isEmpty())
            return {};
        if (m_done)
            return corrupt("br", QStringLiteral("data after the end of the stream"));
        size_t availIn = size_t(input.size());
        auto nextIn = reinterpret_cast<const uint8_t *>(input.data());
        auto *out = reinterpret_cast<uint8_t *>(m_out.data());
        for (;;) {
            size_t availOut = size_t(kChunk);
            uint8_t *nextOut = out;
            const BrotliDecoderResult r =
                BrotliDecoderDecompressStream(m_state, &availIn, &nextIn, &availOut, &nextOut, nullptr);
            Status s = m_cap.push(sink, reinterpret_cast<const char *>(out), qint64(size_t(kChunk) - availOut));
            if (!s)
                return s;
            if (r == BROTLI_DECODER_RESULT_ERROR)
                return corrupt("br", QString::fromLatin1(BrotliDecoderErrorString(BrotliDecoderGetErrorCode(m_state))));
            if (r == BROTLI_DECODER_RESULT_SUCCESS) {
                m_done = true;
                if (availIn > 0)
                    return corrupt("br", QStringLiteral("data after the end of the stream"));
                return {};
            }
            if (r == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT)
                return {};
            // NEEDS_MORE_OUTPUT: loop
        }
    }

    Status finish() override { return m_done ? Status() : Status(truncated("br")); }

private:
    OutputCap m_cap;
    QByteArray m_out = QByteArray(kChunk, Qt::Uninitialized); // heap, not stack: decoders nest
    BrotliDecoderState *m_state;
    bool m_done = false;
};

class ZstdDecoder final : public ContentDecoder {
public:
    explicit ZstdDecoder(qint64 maxOutput) : m_cap("zstd", maxOutput), m_stream(ZSTD_createDStream())
    {
        if (m_stream) {
            ZSTD_initDStream(m_stream);
            ZSTD_DCtx_setParameter(m_stream, ZSTD_d_windowLogMax, 27); // 128 MiB window at most
        }
    }
    ~ZstdDecoder() override { ZSTD_freeDStream(m_stream); }
    bool valid() const { return m_stream != nullptr; }

    Status decodeTo(QByteArrayView input, const Sink &sink) override
    {
        ZSTD_inBuffer in{input.data(), size_t(input.size()), 0};
        char *out = m_out.data();
        while (in.pos < in.size || m_pendingFlush) {
            ZSTD_outBuffer o{out, size_t(kChunk), 0};
            const size_t ret = ZSTD_decompressStream(m_stream, &o, &in);
            if (ZSTD_isError(ret))
                return corrupt("zstd", QString::fromLatin1(ZSTD_getErrorName(ret)));
            m_frameDone = ret == 0;
            m_sawInput = true;
            // A full output buffer may mean more output is waiting inside the decoder.
            m_pendingFlush = o.pos == o.size;
            Status s = m_cap.push(sink, out, qint64(o.pos));
            if (!s)
                return s;
        }
        return {};
    }

    Status finish() override
    {
        if (!m_sawInput || !m_frameDone)
            return truncated("zstd");
        return {};
    }

private:
    OutputCap m_cap;
    QByteArray m_out = QByteArray(kChunk, Qt::Uninitialized); // heap, not stack: decoders nest
    ZSTD_DStream *m_stream;
    bool m_frameDone = false;
    bool m_sawInput = false;
    bool m_pendingFlush = false;
};

} // namespace

Result<QByteArray> ContentDecoder::decode(QByteArrayView input)
{
    QByteArray out;
    Status s = decodeTo(input, [&out](QByteArrayView piece) {
        out.append(piece);
        return Status();
    });
    if (!s)
        return s.error();
    return out;
}

Result<std::unique_ptr<ContentDecoder>> ContentDecoder::create(const QByteArray &encoding, qint64 maxOutput)
{
    const QByteArray name = encoding.trimmed().toLower();
    if (name.isEmpty() || name == "identity")
        return std::unique_ptr<ContentDecoder>(new IdentityDecoder(maxOutput));
    if (name == "gzip" || name == "x-gzip" || name == "deflate") {
        auto decoder = std::make_unique<ZlibDecoder>(name, name != "deflate", maxOutput);
        if (!decoder->init())
            return makeError(ErrorCode::Io, QStringLiteral("cannot initialise zlib"));
        return std::unique_ptr<ContentDecoder>(std::move(decoder));
    }
    if (name == "br") {
        auto decoder = std::make_unique<BrotliDecoder>(maxOutput);
        if (!decoder->valid())
            return makeError(ErrorCode::Io, QStringLiteral("cannot initialise the brotli decoder"));
        return std::unique_ptr<ContentDecoder>(std::move(decoder));
    }
    if (name == "zstd") {
        auto decoder = std::make_unique<ZstdDecoder>(maxOutput);
        if (!decoder->valid())
            return makeError(ErrorCode::Io, QStringLiteral("cannot initialise the zstd decoder"));
        return std::unique_ptr<ContentDecoder>(std::move(decoder));
    }
    return makeError(ErrorCode::Unsupported,
                     QStringLiteral("unsupported content encoding \"%1\"").arg(QString::fromLatin1(name.left(50))));
}

} // namespace carton
