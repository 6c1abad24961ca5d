// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/ggmlsource.h"

#include <QFloat16>
#include <QtEndian>
#include <algorithm>
#include <cstring>
#include <vector>

namespace carton {

namespace {

constexpr qint64 kBlock = 32;
constexpr qint64 kBlocksPerRead = 4096;

float halfAt(const uchar *p)
{
    const quint16 bits = qFromLittleEndian<quint16>(p);
    qfloat16 h;
    std::memcpy(static_cast<void *>(&h), &bits, sizeof bits);
    return float(h);
}

// One block into 32 floats (ggml-quants.c: dequantize_row_q8_0, dequantize_row_q4_0).
void decodeBlock(const uchar *block, WeightEncoding encoding, float *out)
{
    const float d = halfAt(block);
    const uchar *qs = block + 2;
    if (encoding == WeightEncoding::GgmlQ8_0) {
        for (int j = 0; j < kBlock; ++j)
            out[j] = float(qint8(qs[j])) * d;
        return;
    }
    for (int j = 0; j < kBlock / 2; ++j) {
        out[j] = float(int(qs[j] & 0x0f) - 8) * d;
        out[j + kBlock / 2] = float(int(qs[j] >> 4) - 8) * d;
    }
}

} // namespace

GgmlBlockSource::GgmlBlockSource(ByteSourcePtr base, qint64 offset, qint64 count, WeightEncoding encoding)
    : m_base(std::move(base)), m_offset(offset), m_count(count), m_encoding(encoding)
{
}

int GgmlBlockSource::blockBytes(WeightEncoding encoding)
{
    return encoding == WeightEncoding::GgmlQ8_0 ? 34 : 18;
}

Status GgmlBlockSource::read(qint64 offset, qint64 length, char *out, Progress *progress) const
{
    if (Status s = checkRange(offset, length); !s)
        return s;
    const int bytesPerBlock = blockBytes(m_encoding);
    const qint64 firstElement = offset / 4;
    const qint64 endElement = (offset + length + 3) / 4;
    qint64 block = firstElement / kBlock;
    const qint64 endBlock = (endElement + kBlock - 1) / kBlock;
    std::vector<uchar> raw;
    std::vector<float> values;
    while (block < endBlock) {
        const qint64 n = std::min(kBlocksPerRead, endBlock - block);
        raw.resize(std::size_t(n * bytesPerBlock));
        if (Status s = m_base->read(m_offset + block * bytesPerBlock, n * bytesPerBlock,
                                    reinterpret_cast<char *>(raw.data()), progress);
            !s)
            return s;
        values.resize(std::size_t(n * kBlock));
        for (qint64 b = 0; b < n; ++b)
            decodeBlock(raw.data() + b * bytesPerBlock, m_encoding, values.data() + b * kBlock);
        // The bytes of these blocks' values that the caller asked for.
        const qint64 chunkStart = block * kBlock * 4;
        const qint64 from = std::max(offset, chunkStart);
        const qint64 to = std::min(offset + length, chunkStart + n * kBlock * 4);
        std::memcpy(out + (from - offset), reinterpret_cast<const char *>(values.data()) + (from - chunkStart),
                    std::size_t(to - from));
        block += n;
    }
    return {};
}

} // namespace carton
