// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/narrowfloat.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace carton {

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// A float of `expBits` exponent bits (bias `bias`) and `manBits` mantissa bits, as
// float32 bits: normal numbers rebias the exponent, subnormals are normalised.
float minifloat(unsigned code, int expBits, int manBits, int bias)
{
    const unsigned sign = (code >> (expBits + manBits)) & 1;
    const int exponent = int((code >> manBits) & ((1u << expBits) - 1));
    unsigned mantissa = code & ((1u << manBits) - 1);
    quint32 bits = quint32(sign) << 31;
    if (exponent == 0 && mantissa == 0) {
        // ±0
    } else if (exponent == 0) {
        int e = 1 - bias;
        while (!(mantissa & (1u << manBits))) {
            mantissa <<= 1;
            --e;
        }
        mantissa &= (1u << manBits) - 1;
        bits |= quint32(e + 127) << 23 | quint32(mantissa) << (23 - manBits);
    } else {
        bits |= quint32(exponent - bias + 127) << 23 | quint32(mantissa) << (23 - manBits);
    }
    return std::bit_cast<float>(bits);
}

} // namespace

int narrowBits(NarrowType type)
{
    switch (type) {
    case NarrowType::F4E2M1:
    case NarrowType::Int4:
    case NarrowType::UInt4:
        return 4;
    default:
        return 8;
    }
}

float narrowValue(NarrowType type, unsigned code)
{
    code &= (1u << narrowBits(type)) - 1;
    switch (type) {
    case NarrowType::F8E4M3FN:
        return (code & 0x7f) == 0x7f ? kNaN : minifloat(code, 4, 3, 7);
    case NarrowType::F8E4M3FNUZ:
        return code == 0x80 ? kNaN : minifloat(code, 4, 3, 8);
    case NarrowType::F8E5M2:
        if ((code & 0x7c) == 0x7c)
            return (code & 3) ? kNaN : ((code & 0x80) ? -kInf : kInf);
        return minifloat(code, 5, 2, 15);
    case NarrowType::F8E5M2FNUZ:
        return code == 0x80 ? kNaN : minifloat(code, 5, 2, 16);
    case NarrowType::F8E8M0:
        return code == 0xff ? kNaN : std::ldexp(1.0f, int(code) - 127);
    case NarrowType::F4E2M1:
        return minifloat(code, 2, 1, 1);
    case NarrowType::Int4:
        return float(int(code ^ 8) - 8);
    case NarrowType::UInt4:
        return float(code);
    }
    return kNaN;
}

NarrowFloatSource::NarrowFloatSource(ByteSourcePtr base, qint64 offset, qint64 count, NarrowType type)
    : m_base(std::move(base)), m_offset(offset), m_count(count), m_type(type)
{
    for (unsigned c = 0; c < 256; ++c)
        m_table[c] = narrowValue(type, c);
}

qint64 NarrowFloatSource::storedBytes(NarrowType type, qint64 count)
{
    return narrowBits(type) == 4 ? (count + 1) / 2 : count;
}

Status NarrowFloatSource::read(qint64 offset, qint64 length, char *out, Progress *progress) const
{
    if (Status s = checkRange(offset, length); !s)
        return s;
    constexpr qint64 kElementsPerRead = 1 << 16;
    const bool nibbles = narrowBits(m_type) == 4;
    qint64 element = offset / 4;
    const qint64 endElement = (offset + length + 3) / 4;
    std::vector<uchar> raw;
    std::vector<float> values;
    while (element < endElement) {
        const qint64 n = std::min(kElementsPerRead, endElement - element);
        // 4-bit: start at the byte holding `element` (chunks start at even elements
        // after the first, so only the first may start on a high nibble).
        const qint64 firstByte = nibbles ? element / 2 : element;
        const qint64 lastByte = nibbles ? (element + n - 1) / 2 : element + n - 1;
        raw.resize(std::size_t(lastByte - firstByte + 1));
        if (Status s =
                m_base->read(m_offset + firstByte, qint64(raw.size()), reinterpret_cast<char *>(raw.data()), progress);
            !s)
            return s;
        values.resize(std::size_t(n));
        for (qint64 i = 0; i < n; ++i) {
            const qint64 e = element + i;
            const unsigned code = nibbles ? (raw[std::size_t(e / 2 - firstByte)] >> (4 * (e % 2))) & 0x0f
                                          : raw[std::size_t(e - firstByte)];
            values[std::size_t(i)] = m_table[code];
        }
        const qint64 chunkStart = element * 4;
        const qint64 from = std::max(offset, chunkStart);
        const qint64 to = std::min(offset + length, chunkStart + n * 4);
        std::memcpy(out + (from - offset), reinterpret_cast<const char *>(values.data()) + (from - chunkStart),
                    std::size_t(to - from));
        element += n;
    }
    return {};
}

} // namespace carton
