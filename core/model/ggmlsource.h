// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "model/modelfile.h"

namespace carton {

// The float32 values of a ggml-quantised tensor (Q8_0 or Q4_0 blocks of 32
// elements, dequantised as ggml's dequantize_row_q8_0 / _q4_0 define them), as a
// ByteSource of count × 4 little-endian bytes: a TensorReader over it reads any
// region, decoding only the blocks that hold it. Thread-safe like its base.
class GgmlBlockSource final : public ByteSource {
public:
    // `count` elements (a multiple of 32) in blocks starting at `offset` of `base`.
    GgmlBlockSource(ByteSourcePtr base, qint64 offset, qint64 count, WeightEncoding encoding);

    // Bytes per block of 32 elements (34 for Q8_0, 18 for Q4_0).
    static int blockBytes(WeightEncoding encoding);

    qint64 size() const override { return m_count * 4; }
    QString name() const override { return m_base->name(); }
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override;

private:
    ByteSourcePtr m_base;
    qint64 m_offset;
    qint64 m_count;
    WeightEncoding m_encoding;
};

} // namespace carton
