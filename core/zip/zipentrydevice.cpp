// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "zipentrydevice.h"

#include "codec/decoder.h"
#include "zip/zipcrc.h"

#include <algorithm>

namespace carton {

namespace {
constexpr std::size_t InputBufferSize = 1 << 20;
// One read() never asks the decoder for more than this (zlib counts in 32 bits).
constexpr qint64 MaxChunk = qint64(1) << 30;
} // namespace

ZipEntryDevice::ZipEntryDevice(ByteSourcePtr source, qint64 dataStart, const ZipEntry &entry, QString location,
                               std::unique_ptr<Decoder> decoder, bool verifyCrc)
    : m_source(std::move(source)), m_pos(dataStart), m_decoder(std::move(decoder)), m_location(std::move(location)),
      m_expected(entry.uncompressedSize), m_compressedLeft(entry.compressedSize),
      m_compressedSize(entry.compressedSize), m_expectedCrc(entry.crc32), m_crc(zipCrc32(0, nullptr, 0)),
      m_verifyCrc(verifyCrc || m_decoder != nullptr)
{
    if (m_decoder)
        m_in.reset(new char[InputBufferSize]);
    QIODevice::open(QIODevice::ReadOnly | QIODevice::Unbuffered);
}

ZipEntryDevice::~ZipEntryDevice() = default;

qint64 ZipEntryDevice::bytesAvailable() const
{
    return qint64(m_expected - m_produced) + QIODevice::bytesAvailable();
}

qint64 ZipEntryDevice::fail(ErrorCode code, const QString &message)
{
    if (!m_failed) {
        m_failed = true;
        m_error = makeError(code, message, m_location);
        setErrorString(m_error.toString());
    }
    return -1;
}

qint64 ZipEntryDevice::readData(char *data, qint64 maxSize)
{
    if (m_failed)
        return -1;
    if (m_finished || maxSize <= 0)
        return 0;
    const qint64 want = qint64(std::min<quint64>(quint64(std::min(maxSize, MaxChunk)), m_expected - m_produced));
    qint64 got = 0;
    if (want > 0) {
        got = m_decoder ? readCompressed(data, want) : readStored(data, want);
        if (got < 0)
            return -1;
        if (m_verifyCrc)
            m_crc = zipCrc32(m_crc, data, std::size_t(got));
        m_produced += quint64(got);
    }
    if (m_produced == m_expected && !finish())
        return -1;
    return got;
}

qint64 ZipEntryDevice::readSource(char *data, qint64 want)
{
    const qint64 n = std::min(want, std::max<qint64>(m_source->size() - m_pos, 0));
    if (n <= 0)
        return 0;
    if (Status s = m_source->read(m_pos, n, data); !s)
        return fail(s.error().code == ErrorCode::Usage ? ErrorCode::Io : s.error().code,
                    QStringLiteral("read failed: %1").arg(s.error().message));
    m_pos += n;
    return n;
}

qint64 ZipEntryDevice::readStored(char *data, qint64 want)
{
    qint64 got = 0;
    while (got < want) {
        const qint64 n = readSource(data + got, want - got);
        if (n < 0)
            return -1;
        if (n == 0)
            return fail(ErrorCode::Format, QStringLiteral("data ends after %1 of %2 bytes (file truncated?)")
                                               .arg(m_produced + quint64(got))
                                               .arg(m_expected));
        got += n;
    }
    m_compressedLeft -= quint64(got);
    return got;
}

bool ZipEntryDevice::refill()
{
    if (m_inPos < m_inSize || m_compressedLeft == 0)
        return true;
    const qint64 n = readSource(m_in.get(), qint64(std::min<quint64>(InputBufferSize, m_compressedLeft)));
    if (n < 0)
        return false;
    if (n == 0) {
        fail(ErrorCode::Format, QStringLiteral("compressed data ends after %1 of %2 bytes (file truncated?)")
                                    .arg(m_compressedSize - m_compressedLeft)
                                    .arg(m_compressedSize));
        return false;
    }
    m_inPos = 0;
    m_inSize = std::size_t(n);
    m_compressedLeft -= quint64(n);
    return true;
}

qint64 ZipEntryDevice::readCompressed(char *data, qint64 want)
{
    std::size_t got = 0;
    const std::size_t outSize = std::size_t(want);
    while (got < outSize) {
        if (!refill())
            return -1;
        const std::size_t inBefore = m_inPos;
        const std::size_t outBefore = got;
        if (Status s = m_decoder->decode(m_in.get(), m_inSize, m_inPos, data, outSize, got); !s)
            return fail(s.error().code, s.error().message);
        if (m_decoder->ended())
            break;
        if (m_inPos == inBefore && got == outBefore) {
            if (m_inPos == m_inSize && m_compressedLeft == 0)
                break; // all input used and nothing more comes out
            return fail(ErrorCode::Format, QStringLiteral("the decoder made no progress"));
        }
    }
    if (got == 0) {
        const quint64 produced = m_produced;
        if (!m_decoder->complete())
            return fail(ErrorCode::Format,
                        QStringLiteral("compressed stream is truncated: it ends after %1 of the %2 bytes "
                                       "the header states")
                            .arg(produced)
                            .arg(m_expected));
        return fail(
            ErrorCode::Format,
            QStringLiteral("decompresses to only %1 bytes, the header states %2").arg(produced).arg(m_expected));
    }
    return qint64(got);
}

// All expected bytes are out: the stream must end here and the CRC must match.
bool ZipEntryDevice::finish()
{
    if (m_decoder) {
        const bool emptyStream = m_expected == 0 && m_compressedSize == 0;
        char scratch[1];
        while (!emptyStream && !m_decoder->ended()) {
            if (!refill())
                return false;
            const std::size_t inBefore = m_inPos;
            std::size_t out = 0;
            if (Status s = m_decoder->decode(m_in.get(), m_inSize, m_inPos, scratch, sizeof scratch, out); !s) {
                fail(s.error().code, s.error().message);
                return false;
            }
            if (out > 0) {
                fail(ErrorCode::Limit, QStringLiteral("decompresses to more than the %1 bytes the header states "
                                                      "(stopped at the cap)")
                                           .arg(m_expected));
                return false;
            }
            if (m_inPos == inBefore) {
                if (m_inPos == m_inSize && m_compressedLeft == 0)
                    break;
                fail(ErrorCode::Format, QStringLiteral("the decoder made no progress"));
                return false;
            }
        }
        if (!emptyStream && !m_decoder->complete()) {
            fail(ErrorCode::Format, QStringLiteral("compressed stream is truncated after %1 bytes").arg(m_expected));
            return false;
        }
    }
    if (m_verifyCrc && m_crc != m_expectedCrc) {
        fail(ErrorCode::Integrity, crcMismatchMessage(m_expectedCrc, m_crc));
        return false;
    }
    m_finished = true;
    m_source.reset();
    m_decoder.reset();
    m_in.reset();
    return true;
}

} // namespace carton
