// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/ggmlsource.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace carton {

namespace {

constexpr qint64 kValuesPerRead = 1 << 17; // decoded per read of the base: 512 KiB of float32

} // namespace

GgmlBlockSource::GgmlBlockSource(ByteSourcePtr base, qint64 offset, qint64 count, const GgmlType &type)
    : m_base(std::move(base)), m_offset(offset), m_count(count), m_type(&type)
{
    Q_ASSERT(type.decode && count % type.blockElements == 0);
}

Status GgmlBlockSource::read(qint64 offset, qint64 length, char *out, Progress *progress) const
{
    if (Status s = checkRange(offset, length); !s)
        return s;
    const qint64 blockElements = m_type->blockElements;
    const qint64 bytesPerBlock = m_type->blockBytes;
    const qint64 blocksPerRead = std::max<qint64>(1, kValuesPerRead / blockElements);
    const qint64 firstElement = offset / 4;
    const qint64 endElement = (offset + length + 3) / 4;
    qint64 block = firstElement / blockElements;
    const qint64 endBlock = (endElement + blockElements - 1) / blockElements;
    std::vector<uchar> raw;
    std::vector<float> values;
    while (block < endBlock) {
        const qint64 n = std::min(blocksPerRead, endBlock - block);
        raw.resize(std::size_t(n * bytesPerBlock));
        if (Status s = m_base->read(m_offset + block * bytesPerBlock, n * bytesPerBlock,
                                    reinterpret_cast<char *>(raw.data()), progress);
            !s)
            return s;
        values.resize(std::size_t(n * blockElements));
        for (qint64 b = 0; b < n; ++b)
            m_type->decode(raw.data() + b * bytesPerBlock, values.data() + b * blockElements);
        // The bytes of these blocks' values that the caller asked for.
        const qint64 chunkStart = block * blockElements * 4;
        const qint64 from = std::max(offset, chunkStart);
        const qint64 to = std::min(offset + length, chunkStart + n * blockElements * 4);
        std::memcpy(out + (from - offset), reinterpret_cast<const char *>(values.data()) + (from - chunkStart),
                    std::size_t(to - from));
        block += n;
    }
    return {};
}

} // namespace carton
