// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/regionsource.h"

namespace carton {

Result<std::shared_ptr<RegionSource>> RegionSource::open(ByteSourcePtr base, qint64 offset, qint64 size, QString name)
{
    if (!base || offset < 0 || size < 0 || offset > base->size() || size > base->size() - offset)
        return makeError(ErrorCode::Format,
                         QStringLiteral("the data (%1 bytes at offset %2) lies outside the file's %3 bytes")
                             .arg(size)
                             .arg(offset)
                             .arg(base ? base->size() : 0),
                         name);
    std::shared_ptr<RegionSource> source(new RegionSource);
    source->m_base = std::move(base);
    source->m_name = std::move(name);
    source->m_offset = offset;
    source->m_size = size;
    return source;
}

Status RegionSource::read(qint64 offset, qint64 length, char *out, Progress *progress) const
{
    if (Status s = checkRange(offset, length); !s)
        return s;
    Status s = m_base->read(m_offset + offset, length, out, progress);
    if (!s) {
        Error e = s.error();
        e.location = m_name;
        return e;
    }
    return {};
}

void RegionSource::willNeed(qint64 offset, qint64 length) const
{
    if (offset >= 0 && length >= 0 && offset <= m_size)
        m_base->willNeed(m_offset + offset, std::min(length, m_size - offset));
}

Result<bool> RegionSource::copyToFile(qint64 offset, qint64 length, int outFd) const
{
    if (Status s = checkRange(offset, length); !s)
        return s.error();
    return m_base->copyToFile(m_offset + offset, length, outFd);
}

} // namespace carton
