// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/tensorreader.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <vector>

namespace carton {

namespace {

constexpr qint64 kWindow = 1 << 20;       // neighbouring small runs are read in windows of this size
constexpr qint64 kDenseGap = 4096;        // ... when runs start at most this far apart
constexpr qint64 kProgressStep = 1 << 20; // progress is advanced per this many bytes

// Reads runs of bytes in increasing offset order, serving small runs that lie close
// together from one window read.
class RunReader {
public:
    RunReader(const ByteSource &source, qint64 regionEnd, bool windowed, Progress *progress)
        : m_source(source), m_regionEnd(regionEnd), m_windowed(windowed), m_progress(progress)
    {
    }
    ~RunReader()
    {
        if (m_progress && m_pending > 0)
            m_progress->advance(m_pending);
    }

    Status read(qint64 offset, qint64 length, char *out)
    {
        if (m_progress) {
            if (m_progress->isCancelled())
                return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), m_source.name());
            m_pending += length;
            if (m_pending >= kProgressStep) {
                m_progress->advance(m_pending);
                m_pending = 0;
            }
        }
        if (!m_windowed || length >= kWindow / 4)
            return m_source.read(offset, length, out, m_progress);
        if (offset < m_start || offset + length > m_start + qint64(m_window.size())) {
            m_start = offset;
            const qint64 size = std::max(length, std::min(kWindow, m_regionEnd - offset));
            m_window.resize(std::size_t(size));
            if (Status s = m_source.read(offset, size, m_window.data(), m_progress); !s) {
                m_window.clear();
                return s;
            }
        }
        std::memcpy(out, m_window.data() + (offset - m_start), std::size_t(length));
        return {};
    }

private:
    const ByteSource &m_source;
    qint64 m_regionEnd;
    bool m_windowed;
    Progress *m_progress;
    std::vector<char> m_window;
    qint64 m_start = 0;
    qint64 m_pending = 0;
};

void swapBytes(char *data, qint64 elements, int size)
{
    if (size <= 1)
        return;
    for (qint64 i = 0; i < elements; ++i)
        std::reverse(data + i * size, data + (i + 1) * size);
}

} // namespace

Result<std::shared_ptr<const TensorReader>> TensorReader::create(QString name, TensorLayout layout, ByteSourcePtr bytes,
                                                                 bool exactSize, const Limits &limits)
{
    const QString who = QStringLiteral("tensor \"%1\"").arg(name);
    const QString file = bytes->name();
    if (!isNumeric(layout.dtype))
        return makeError(ErrorCode::Format,
                         QStringLiteral("%1 has dtype %2, which is not numeric").arg(who, dtypeName(layout.dtype)),
                         file);
    const std::optional<qint64> count = checkedElementCount(layout.shape, limits.maxTensorElements);
    if (!count) {
        for (qint64 dim : layout.shape)
            if (dim < 0)
                return makeError(ErrorCode::Format, QStringLiteral("%1 has a negative dimension %2").arg(who).arg(dim),
                                 file);
        return makeError(ErrorCode::Limit,
                         QStringLiteral("%1: the element count of its shape %2 overflows or exceeds the limit of %3")
                             .arg(who, shapeText(layout.shape))
                             .arg(limits.maxTensorElements),
                         file);
    }
    const int size = dtypeSize(layout.dtype);
    if (*count > std::numeric_limits<qint64>::max() / size)
        return makeError(ErrorCode::Limit, QStringLiteral("%1: byte size overflows").arg(who), file);
    const qint64 need = *count * size;
    const qint64 have = bytes->size();
    if (exactSize && (layout.offset != 0 || need != have))
        return makeError(ErrorCode::Format,
                         QStringLiteral("size mismatch for %1: expected %2 bytes (%3 elements × %4 bytes of %5), "
                                        "the file has %6 bytes")
                             .arg(who)
                             .arg(need)
                             .arg(*count)
                             .arg(size)
                             .arg(dtypeName(layout.dtype))
                             .arg(have),
                         file);
    if (layout.offset < 0 || layout.offset > have || need > have - layout.offset)
        return makeError(ErrorCode::Format,
                         QStringLiteral("%1 needs %2 bytes at offset %3, but the file has %4 bytes")
                             .arg(who)
                             .arg(need)
                             .arg(layout.offset)
                             .arg(have),
                         file);
    std::shared_ptr<TensorReader> reader(new TensorReader);
    reader->m_name = std::move(name);
    reader->m_count = *count;
    reader->m_elementSize = size;
    reader->m_maxBytes = limits.maxEntrySize;
    reader->m_strides = QList<qint64>(layout.shape.size(), 0);
    if (*count > 0) {
        const qsizetype rank = layout.shape.size();
        qint64 stride = 1;
        for (qsizetype k = 0; k < rank; ++k) {
            const qsizetype dim = layout.fortran ? k : rank - 1 - k;
            reader->m_strides[dim] = stride;
            stride *= layout.shape[dim]; // cannot overflow: the product is *count
        }
    }
    reader->m_layout = std::move(layout);
    reader->m_bytes = std::move(bytes);
    return std::shared_ptr<const TensorReader>(std::move(reader));
}

Status TensorReader::checkOut(qint64 elements, qint64 outSize) const
{
    if (elements <= std::numeric_limits<qint64>::max() / m_elementSize && outSize >= elements * m_elementSize)
        return {};
    return makeError(ErrorCode::Usage, QStringLiteral("the buffer holds %1 bytes, %2 elements of %3 bytes are asked")
                                           .arg(outSize)
                                           .arg(elements)
                                           .arg(m_elementSize));
}

Status TensorReader::read(const TensorRegion &region, char *out, qint64 outSize, Progress *progress) const
{
    Result<qint64> elements = region.check(m_layout.shape);
    if (!elements) {
        Error e = elements.error();
        e.message = QStringLiteral("tensor \"%1\" %2: %3").arg(m_name, shapeText(m_layout.shape), e.message);
        return e;
    }
    if (Status s = checkOut(*elements, outSize); !s)
        return s;
    if (*elements == 0)
        return {};
    const qsizetype rank = m_layout.shape.size();
    const qint64 es = m_elementSize;

    // Trailing dimensions that are contiguous in the file make one run.
    qsizetype inner = rank;
    qint64 runElements = 1;
    if (rank > 0 && m_strides[rank - 1] == 1) {
        inner = rank - 1;
        runElements = region.count[inner];
        while (inner > 0 && region.count[inner] == m_layout.shape[inner] &&
               m_strides[inner - 1] == m_strides[inner] * m_layout.shape[inner]) {
            --inner;
            runElements *= region.count[inner];
        }
    }
    const qint64 runBytes = runElements * es;
    qint64 base = 0;
    qint64 last = 0;
    for (qsizetype d = 0; d < rank; ++d) {
        base += region.start[d] * m_strides[d];
        last += (region.start[d] + region.count[d] - 1) * m_strides[d];
    }
    const qint64 regionEnd = m_layout.offset + (last + 1) * es;
    const qint64 gap = inner > 0 ? m_strides[inner - 1] * es : 0;
    RunReader reader(*m_bytes, regionEnd, gap <= std::max(kDenseGap, 4 * runBytes), progress);

    std::vector<qint64> index(std::size_t(inner), 0);
    char *cursor = out;
    while (true) {
        qint64 element = base;
        for (qsizetype d = 0; d < inner; ++d)
            element += index[std::size_t(d)] * m_strides[d];
        if (Status s = reader.read(m_layout.offset + element * es, runBytes, cursor); !s)
            return s;
        cursor += runBytes;
        qsizetype d = inner - 1;
        for (; d >= 0; --d) {
            if (++index[std::size_t(d)] < region.count[d])
                break;
            index[std::size_t(d)] = 0;
        }
        if (d < 0)
            break;
    }
    if (m_layout.bigEndian)
        swapBytes(out, *elements, m_elementSize);
    return {};
}

Status TensorReader::readPrefix(const TensorRegion &region, qint64 count, char *out, qint64 outSize,
                                Progress *progress) const
{
    Result<qint64> total = region.check(m_layout.shape);
    if (!total)
        return total.error();
    if (count < 0 || count > *total)
        return makeError(
            ErrorCode::Usage,
            QStringLiteral("tensor \"%1\": %2 elements asked of a region of %3").arg(m_name).arg(count).arg(*total));
    if (Status s = checkOut(count, outSize); !s)
        return s;
    if (count == *total)
        return read(region, out, outSize, progress);
    // The first `count` elements: whole rows of dimension d, then the rest of the next
    // row, recursively.
    TensorRegion rest = region;
    char *cursor = out;
    qint64 left = count;
    for (qsizetype d = 0; d < region.count.size() && left > 0; ++d) {
        qint64 inner = 1;
        for (qsizetype k = d + 1; k < region.count.size(); ++k)
            inner *= region.count[k]; // <= *total: no overflow
        const qint64 rows = left / inner;
        if (rows > 0) {
            TensorRegion whole = rest;
            whole.count[d] = rows;
            const qint64 bytes = rows * inner * m_elementSize;
            if (Status s = read(whole, cursor, bytes, progress); !s)
                return s;
            cursor += bytes;
            left -= rows * inner;
        }
        rest.start[d] += rows;
        rest.count[d] = 1;
    }
    return {};
}

Status TensorReader::readFlat(qint64 first, qint64 count, char *out, qint64 outSize, Progress *progress) const
{
    if (first < 0 || count < 0 || first > m_count || count > m_count - first)
        return makeError(ErrorCode::Usage, QStringLiteral("tensor \"%1\": elements %2..%3 are outside 0..%4")
                                               .arg(m_name)
                                               .arg(first)
                                               .arg(first + count)
                                               .arg(m_count));
    if (Status s = checkOut(count, outSize); !s)
        return s;
    if (count == 0)
        return {};
    const qint64 es = m_elementSize;
    if (!m_layout.fortran || m_layout.shape.size() <= 1) {
        if (Status s = m_bytes->read(m_layout.offset + first * es, count * es, out, progress); !s)
            return s;
    } else {
        // Column-major storage: one element at a time, through the window reader.
        const qsizetype rank = m_layout.shape.size();
        RunReader reader(*m_bytes, m_layout.offset + m_count * es, true, progress);
        for (qint64 i = 0; i < count; ++i) {
            qint64 rest = first + i;
            qint64 element = 0;
            for (qsizetype d = rank - 1; d >= 0; --d) {
                element += (rest % m_layout.shape[d]) * m_strides[d];
                rest /= m_layout.shape[d];
            }
            if (Status s = reader.read(m_layout.offset + element * es, es, out + i * es); !s)
                return s;
        }
    }
    if (m_layout.bigEndian)
        swapBytes(out, count, m_elementSize);
    return {};
}

Result<Tensor> TensorReader::readTensor(const TensorRegion &region, Progress *progress) const
{
    Result<qint64> elements = region.check(m_layout.shape);
    if (!elements)
        return elements.error();
    if (*elements > m_maxBytes / m_elementSize)
        return makeError(ErrorCode::Limit,
                         QStringLiteral("tensor \"%1\": the region's %2 elements are more than the limit of %3 bytes")
                             .arg(m_name)
                             .arg(*elements)
                             .arg(m_maxBytes),
                         m_bytes->name());
    QByteArray data(*elements * m_elementSize, Qt::Uninitialized);
    if (Status s = read(region, data.data(), data.size(), progress); !s)
        return s.error();
    return Tensor::numeric(m_name, m_layout.dtype, region.count, std::move(data));
}

} // namespace carton
