// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "codec/streamdecoder.h"

#include "codec/decoder.h"

namespace carton {

namespace {
constexpr qsizetype OutputPiece = 64 * 1024;
} // namespace

StreamDecoder::StreamDecoder(std::unique_ptr<Decoder> decoder, qint64 maxOutput)
    : m_decoder(std::move(decoder)), m_buffer(OutputPiece, Qt::Uninitialized),
      m_maxOutput(std::max<qint64>(maxOutput, 0))
{
}

StreamDecoder::~StreamDecoder() = default;

Result<std::unique_ptr<StreamDecoder>> StreamDecoder::create(Codec codec, qint64 maxOutput)
{
    Result<std::unique_ptr<Decoder>> decoder = Decoder::create(codec);
    if (!decoder)
        return decoder.error();
    return std::unique_ptr<StreamDecoder>(new StreamDecoder(std::move(decoder).value(), maxOutput));
}

Codec StreamDecoder::codec() const
{
    return m_decoder->codec();
}

Error StreamDecoder::corrupt(const QString &detail) const
{
    return makeError(ErrorCode::Format, QStringLiteral("corrupt %1 data: %2").arg(codecName(codec()), detail));
}

Status StreamDecoder::decodeTo(QByteArrayView input, const Sink &sink)
{
    const std::size_t inSize = std::size_t(input.size());
    std::size_t inPos = 0;
    char *out = m_buffer.data();
    for (;;) {
        if (m_decoder->ended()) {
            if (inPos < inSize)
                return corrupt(QStringLiteral("data after the end of the stream"));
            return {};
        }
        const std::size_t inBefore = inPos;
        std::size_t produced = 0;
        if (Status s = m_decoder->decode(input.data(), inSize, inPos, out, std::size_t(OutputPiece), produced); !s)
            return s;
        m_in += qint64(inPos - inBefore);
        if (produced > 0) {
            if (qint64(produced) > m_maxOutput - m_out)
                return makeError(ErrorCode::Limit, QStringLiteral("decoded %1 content exceeds the limit of %2 bytes")
                                                       .arg(codecName(codec()))
                                                       .arg(m_maxOutput));
            m_out += qint64(produced);
            if (Status s = sink(QByteArrayView(out, qsizetype(produced))); !s)
                return s;
        }
        // Done when all input is taken and the decoder has nothing more to give.
        if (inPos == inSize && produced == 0)
            return {};
        if (inPos == inBefore && produced == 0)
            return corrupt(QStringLiteral("the decoder made no progress"));
    }
}

Result<QByteArray> StreamDecoder::decode(QByteArrayView input)
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

Status StreamDecoder::finish()
{
    if (codec() == Codec::Identity)
        return {};
    if (m_in == 0 || !m_decoder->complete())
        return makeError(ErrorCode::Format,
                         QStringLiteral("truncated %1 content: the stream ended early").arg(codecName(codec())));
    return {};
}

} // namespace carton
