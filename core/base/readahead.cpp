// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/readahead.h"

#include "base/workerthreads.h"

#include <chrono>
#include <cstring>

namespace carton {

namespace {
constexpr qint64 kRecent = 8 << 10; // bytes kept behind next(): a header's slack and 4 KiB of padding
}

ReadAhead::ReadAhead(qint64 start, qint64 end, Fetch fetch, qint64 bufferBytes)
    : m_start(start), m_end(std::max(start, end)), m_bufferBytes(std::max<qint64>(bufferBytes, 1)),
      m_fetch(std::move(fetch)), m_next(start)
{
    m_thread = std::make_unique<WorkerThreads>(1, [this](int) {
        const Status s = m_fetch(
            m_start, m_end - m_start, [this](const char *data, qint64 size) { return take(data, size); },
            &m_requestProgress);
        std::lock_guard lock(m_mutex);
        if (!s && !m_dropped)
            m_error = s.error();
        else if (s && m_received != m_end - m_start)
            m_error = makeError(
                ErrorCode::Network,
                QStringLiteral("the response ended after %1 of %2 bytes").arg(m_received).arg(m_end - m_start));
        m_done = true;
        m_changed.notify_all();
    });
}

ReadAhead::~ReadAhead()
{
    {
        std::lock_guard lock(m_mutex);
        m_dropped = true;
        m_changed.notify_all();
    }
    m_requestProgress.cancel();
    m_thread->join();
}

qint64 ReadAhead::next() const
{
    std::lock_guard lock(m_mutex);
    return m_next;
}

bool ReadAhead::canRead(qint64 offset) const
{
    std::lock_guard lock(m_mutex);
    return !m_reading && offset <= m_next && offset >= m_next - m_recent.size() && offset < m_end;
}

qint64 ReadAhead::received() const
{
    std::lock_guard lock(m_mutex);
    return m_received;
}

Status ReadAhead::take(const char *data, qint64 size)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return m_dropped || m_buffered < m_bufferBytes; });
    if (m_dropped)
        return makeError(ErrorCode::Cancelled, QStringLiteral("read-ahead dropped"));
    if (size > m_end - m_start - m_received)
        return makeError(ErrorCode::Format,
                         QStringLiteral("the server sends more than the %1 bytes asked for").arg(m_end - m_start));
    m_chunks.emplace_back(data, qsizetype(size));
    m_buffered += size;
    m_received += size;
    m_changed.notify_all();
    return {};
}

Result<bool> ReadAhead::read(qint64 offset, qint64 length, char *out, Progress *progress)
{
    std::unique_lock lock(m_mutex);
    if (m_reading || offset > m_next || offset < m_next - m_recent.size())
        return false;
    if (length < 0 || length > m_end - offset)
        return makeError(
            ErrorCode::Usage,
            QStringLiteral("read of %1 bytes at %2 past the read-ahead's end %3").arg(length).arg(m_next).arg(m_end));
    m_reading = true; // another thread asking for the same offset meanwhile reads elsewhere
    struct Reading {
        bool &flag;
        ~Reading() { flag = false; }
    } reading{m_reading};
    // Bytes already read once, kept behind next().
    qint64 got = std::min(length, m_next - offset);
    if (got > 0)
        std::memcpy(out, m_recent.constData() + (m_recent.size() - (m_next - offset)), std::size_t(got));
    const qint64 fresh = got;
    while (got < length) {
        if (m_buffered == 0) {
            if (m_error)
                return *m_error;
            if (m_done)
                return makeError(
                    ErrorCode::Network,
                    QStringLiteral("the response ended after %1 of %2 bytes").arg(m_received).arg(m_end - m_start));
            if (progress && progress->isCancelled())
                return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
            // Woken by new bytes or the end; the timeout only looks at the cancel flag.
            m_changed.wait_for(lock, std::chrono::milliseconds(50));
            continue;
        }
        QByteArray &front = m_chunks.front();
        const qint64 n = std::min(length - got, qint64(front.size()) - m_frontUsed);
        std::memcpy(out + got, front.constData() + m_frontUsed, std::size_t(n));
        got += n;
        m_frontUsed += n;
        m_buffered -= n;
        m_next += n;
        if (m_frontUsed == front.size()) {
            m_chunks.pop_front();
            m_frontUsed = 0;
        }
        m_changed.notify_all();
    }
    // Keep the last kRecent bytes read.
    const qint64 added = length - fresh;
    if (added >= kRecent) {
        m_recent = QByteArray(out + length - kRecent, kRecent);
    } else if (added > 0) {
        m_recent.append(out + fresh, added);
        if (m_recent.size() > kRecent)
            m_recent.remove(0, m_recent.size() - kRecent);
    }
    return true;
}

} // namespace carton
