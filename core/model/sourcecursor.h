// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"

#include <vector>

namespace carton {

// Sequential, bounded reading of a ByteSource through a small window (64 KiB):
// the model readers walk headers field by field and jump over tensor bytes, so a
// 1 GiB file costs a few reads of its headers. Every read stays inside the current
// limit (the end of the enclosing message, or of the file); running past it is an
// ErrorCode::Format error ("truncated"). Not thread-safe: one cursor per parse.
class SourceCursor {
public:
    explicit SourceCursor(const ByteSource &source) : m_source(source), m_limit(source.size()) {}

    const ByteSource &source() const { return m_source; }
    qint64 position() const { return m_pos; }
    qint64 limit() const { return m_limit; }
    qint64 remaining() const { return m_limit - m_pos; }
    bool atLimit() const { return m_pos >= m_limit; }
    void setLimit(qint64 limit) { m_limit = limit; }
    // Moves to `pos` (which must lie in [0, limit]).
    Status seek(qint64 pos);
    // Skips `n` bytes; fails (without moving) when they run past the limit.
    Status skip(qint64 n);

    Result<quint8> byte();
    // `n` bytes into `out`; fails when they run past the limit.
    Status read(char *out, qint64 n);
    Result<quint32> u32le();
    Result<quint64> u64le();
    // A protobuf base-128 varint (at most 10 bytes, no overflow).
    Result<quint64> varint();

private:
    Status fill(qint64 need);
    Error truncated(qint64 need) const;
    const ByteSource &m_source;
    qint64 m_pos = 0;
    qint64 m_limit = 0;
    std::vector<char> m_window;
    qint64 m_windowStart = 0;
};

} // namespace carton
