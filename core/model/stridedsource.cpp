// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/stridedsource.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace carton {

namespace {
constexpr qint64 kRunElements = 1 << 18; // elements gathered per run
constexpr qint64 kMinSpanBytes = 1 << 20;
} // namespace

StridedSource::StridedSource(ByteSourcePtr base, qint64 offset, QList<qint64> shape, QList<qint64> strides,
                             int elementSize)
    : m_base(std::move(base)), m_offset(offset), m_shape(std::move(shape)), m_strides(std::move(strides)),
      m_elementSize(elementSize)
{
    for (qint64 d : std::as_const(m_shape))
        m_count *= d;
}

Status StridedSource::gather(qint64 first, qint64 count, char *out) const
{
    const qsizetype rank = m_shape.size();
    // The multi-index of `first`, then the storage index of each element in turn.
    std::vector<qint64> index(static_cast<size_t>(rank), 0);
    qint64 rest = first;
    for (qsizetype k = rank - 1; k >= 0; --k) {
        index[size_t(k)] = m_shape[k] ? rest % m_shape[k] : 0;
        rest = m_shape[k] ? rest / m_shape[k] : 0;
    }
    std::vector<qint64> positions(static_cast<size_t>(count));
    qint64 pos = 0;
    for (qsizetype k = 0; k < rank; ++k)
        pos += index[size_t(k)] * m_strides[k];
    qint64 lo = pos, hi = pos;
    for (qint64 i = 0; i < count; ++i) {
        positions[size_t(i)] = pos;
        lo = std::min(lo, pos);
        hi = std::max(hi, pos);
        for (qsizetype k = rank - 1; k >= 0; --k) { // next index in C order
            if (++index[size_t(k)] < m_shape[k]) {
                pos += m_strides[k];
                break;
            }
            pos -= (m_shape[k] - 1) * m_strides[k];
            index[size_t(k)] = 0;
        }
    }
    const qint64 es = m_elementSize;
    const qint64 span = (hi - lo + 1) * es;
    if (span <= std::max(kMinSpanBytes, 4 * count * es)) {
        std::vector<char> buffer(static_cast<size_t>(span));
        if (Status s = m_base->read(m_offset + lo * es, span, buffer.data()); !s)
            return s;
        for (qint64 i = 0; i < count; ++i)
            std::memcpy(out + i * es, buffer.data() + (positions[size_t(i)] - lo) * es, size_t(es));
        return {};
    }
    // Scattered (a transpose of a large matrix): the elements in storage order, each
    // run of neighbours in the storage read at once, then put in their places.
    std::vector<qint64> order(static_cast<size_t>(count));
    for (qint64 i = 0; i < count; ++i)
        order[size_t(i)] = i;
    std::sort(order.begin(), order.end(),
              [&positions](qint64 a, qint64 b) { return positions[size_t(a)] < positions[size_t(b)]; });
    std::vector<char> run;
    for (qint64 first = 0; first < count;) {
        qint64 last = first; // the run [first, last] of sorted elements lies at consecutive (or equal) positions
        while (last + 1 < count &&
               positions[size_t(order[size_t(last + 1)])] - positions[size_t(order[size_t(last)])] <= 1 &&
               positions[size_t(order[size_t(last + 1)])] - positions[size_t(order[size_t(first)])] < kRunElements)
            ++last;
        const qint64 start = positions[size_t(order[size_t(first)])];
        const qint64 length = (positions[size_t(order[size_t(last)])] - start + 1) * es;
        run.resize(size_t(length));
        if (Status s = m_base->read(m_offset + start * es, length, run.data()); !s)
            return s;
        for (qint64 k = first; k <= last; ++k) {
            const qint64 i = order[size_t(k)];
            std::memcpy(out + i * es, run.data() + (positions[size_t(i)] - start) * es, size_t(es));
        }
        first = last + 1;
    }
    return {};
}

Status StridedSource::read(qint64 offset, qint64 length, char *out, Progress *progress) const
{
    if (Status s = checkRange(offset, length); !s)
        return s;
    const qint64 es = m_elementSize;
    std::vector<char> run;
    while (length > 0) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), name());
        const qint64 first = offset / es;
        const qint64 skip = offset - first * es;
        const qint64 count = std::min<qint64>(kRunElements, (skip + length + es - 1) / es);
        run.resize(size_t(count * es));
        if (Status s = gather(first, count, run.data()); !s)
            return s;
        const qint64 take = std::min<qint64>(length, count * es - skip);
        std::memcpy(out, run.data() + skip, size_t(take));
        out += take;
        offset += take;
        length -= take;
    }
    return {};
}

} // namespace carton
