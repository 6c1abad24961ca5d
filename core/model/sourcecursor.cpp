// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/sourcecursor.h"

#include <QtEndian>
#include <algorithm>
#include <cstring>

namespace carton {

namespace {
constexpr qint64 kWindow = 64 << 10;
}

Error SourceCursor::truncated(qint64 need) const
{
    return makeError(ErrorCode::Format,
                     QStringLiteral("truncated: %1 more bytes needed at byte %2, but the %3 ends at byte %4")
                         .arg(need)
                         .arg(m_pos)
                         .arg(m_limit == m_source.size() ? QStringLiteral("file") : QStringLiteral("enclosing field"))
                         .arg(m_limit));
}

Status SourceCursor::seek(qint64 pos)
{
    if (pos < 0 || pos > m_limit)
        return makeError(ErrorCode::Format, QStringLiteral("offset %1 is outside [0, %2]").arg(pos).arg(m_limit));
    m_pos = pos;
    return {};
}

Status SourceCursor::skip(qint64 n)
{
    if (n < 0 || n > remaining())
        return truncated(n);
    m_pos += n;
    return {};
}

Status SourceCursor::fill(qint64 need)
{
    if (need > remaining())
        return truncated(need);
    if (m_pos >= m_windowStart && m_pos + need <= m_windowStart + qint64(m_window.size()))
        return {};
    const qint64 size = std::min(std::max(need, kWindow), m_source.size() - m_pos);
    m_window.resize(std::size_t(size));
    m_windowStart = m_pos;
    if (Status s = m_source.read(m_pos, size, m_window.data()); !s) {
        m_window.clear();
        return s;
    }
    return {};
}

Result<quint8> SourceCursor::byte()
{
    if (Status s = fill(1); !s)
        return s.error();
    return quint8(m_window[std::size_t(m_pos++ - m_windowStart)]);
}

Status SourceCursor::read(char *out, qint64 n)
{
    if (n > remaining())
        return truncated(n);
    if (n > kWindow) { // big reads go straight to the source
        if (Status s = m_source.read(m_pos, n, out); !s)
            return s;
        m_pos += n;
        return {};
    }
    if (Status s = fill(n); !s)
        return s;
    std::memcpy(out, m_window.data() + (m_pos - m_windowStart), std::size_t(n));
    m_pos += n;
    return {};
}

Result<quint32> SourceCursor::u32le()
{
    uchar b[4];
    if (Status s = read(reinterpret_cast<char *>(b), 4); !s)
        return s.error();
    return qFromLittleEndian<quint32>(b);
}

Result<quint64> SourceCursor::u64le()
{
    uchar b[8];
    if (Status s = read(reinterpret_cast<char *>(b), 8); !s)
        return s.error();
    return qFromLittleEndian<quint64>(b);
}

Result<quint64> SourceCursor::varint()
{
    const qint64 start = m_pos;
    quint64 value = 0;
    for (int i = 0; i < 10; ++i) {
        Result<quint8> b = byte();
        if (!b)
            return b.error();
        if (i == 9 && *b > 1)
            return makeError(ErrorCode::Format, QStringLiteral("varint at byte %1 overflows 64 bits").arg(start));
        value |= quint64(*b & 0x7f) << (7 * i);
        if (!(*b & 0x80))
            return value;
    }
    return makeError(ErrorCode::Format, QStringLiteral("varint at byte %1 is longer than 10 bytes").arg(start));
}

} // namespace carton
