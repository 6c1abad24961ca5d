// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"

#include <optional>

namespace carton {

// Element types narrower than any DType, shown as float32: 8-bit floats, 4-bit floats
// and 4-bit integers (two per byte, the first element in the low nibble, as ONNX
// packs them). Each has its own NaN/infinity rules:
//   F8E4M3FN   bias 7, no infinities, NaN = S.1111.111 (max 448)
//   F8E4M3FNUZ bias 8, no infinities, no -0, NaN = 0x80 only (max 240)
//   F8E5M2     bias 15, IEEE-like: exponent 31 is ±inf (mantissa 0) or NaN (max 57344)
//   F8E5M2FNUZ bias 16, no infinities, no -0, NaN = 0x80 only (max 57344)
//   F8E8M0     an exponent alone: 2^(code - 127), 0xff = NaN (no zero, no sign)
//   F4E2M1     bias 1, ±{0, 0.5, 1, 1.5, 2, 3, 4, 6}, no NaN or infinity
//   Int4       -8..7;  UInt4  0..15
enum class NarrowType { F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ, F8E8M0, F4E2M1, Int4, UInt4 };

CARTONCORE_EXPORT int narrowBits(NarrowType type);
// The value of `code` (its low narrowBits bits).
CARTONCORE_EXPORT float narrowValue(NarrowType type, unsigned code);

// `count` elements of `type` packed from `offset` of `base`, as a ByteSource of
// count × 4 little-endian float32 bytes (read lazily, only the bytes asked for).
class CARTONCORE_EXPORT NarrowFloatSource final : public ByteSource {
public:
    NarrowFloatSource(ByteSourcePtr base, qint64 offset, qint64 count, NarrowType type);

    // Stored bytes of `count` elements (4-bit types: rounded up to whole bytes).
    static qint64 storedBytes(NarrowType type, qint64 count);

    qint64 size() const override { return m_count * 4; }
    QString name() const override { return m_base->name(); }
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override;

private:
    ByteSourcePtr m_base;
    qint64 m_offset;
    qint64 m_count;
    NarrowType m_type;
    float m_table[256]; // code → value (4-bit types use the first 16)
};

} // namespace carton
