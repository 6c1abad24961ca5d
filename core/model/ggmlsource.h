// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "model/ggmltypes.h"

namespace carton {

// The float32 values of a ggml-quantised tensor (blocks of any quantised GgmlType,
// dequantised as ggml's reference dequantize_row_* defines them), as a ByteSource of
// count × 4 little-endian bytes: a TensorReader over it reads any region, reading and
// decoding only the blocks that hold it. Thread-safe like its base.
class GgmlBlockSource final : public ByteSource {
public:
    // `count` elements (whole blocks) of `type` (one with a decoder) starting at `offset` of `base`.
    GgmlBlockSource(ByteSourcePtr base, qint64 offset, qint64 count, const GgmlType &type);

    qint64 size() const override { return m_count * 4; }
    QString name() const override { return m_base->name(); }
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override;

private:
    ByteSourcePtr m_base;
    qint64 m_offset;
    qint64 m_count;
    const GgmlType *m_type;
};

} // namespace carton
