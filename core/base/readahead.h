// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>

namespace carton {

class WorkerThreads;

// One sequential read of the bytes [start, end) of a remote file, fetched by one
// request on a thread of its own while the reader consumes them: a zip entry read
// from start to end over HTTP costs one request, and the network and the reader's
// work (hashing) overlap. At most `bufferBytes` wait in memory; the request is
// held back (the transport's flow control) until the reader takes them.
//
// Thread safety: read() from any thread (a read that is not next fails quietly);
// the destructor stops the request (its sink then fails, its progress is
// cancelled) and waits for the thread.
class CARTONCORE_EXPORT ReadAhead final {
public:
    // Takes body bytes as they arrive; an error stops the request.
    using Sink = std::function<Status(const char *data, qint64 size)>;
    // One request for [from, from+length) handing its body to `sink`; `progress`
    // is cancelled when the stream is dropped.
    using Fetch = std::function<Status(qint64 from, qint64 length, const Sink &sink, Progress *progress)>;

    ReadAhead(qint64 start, qint64 end, Fetch fetch, qint64 bufferBytes);
    ~ReadAhead();
    ReadAhead(const ReadAhead &) = delete;
    ReadAhead &operator=(const ReadAhead &) = delete;

    qint64 start() const { return m_start; }
    qint64 end() const { return m_end; }
    // Where the next new byte is read; a read may also start up to 8 KiB before it
    // (the bytes last read are kept: a zip reader reads a local header with some
    // slack, then its name and extra field, then the data after them).
    qint64 next() const;
    // Whether read() at `offset` reads from this stream.
    bool canRead(qint64 offset) const;
    // Bytes the request delivered so far.
    qint64 received() const;

    // Copies `length` bytes (at most end() - offset) at `offset` into `out`, waiting
    // for them: true. False, having read nothing, when canRead(offset) is not true
    // (the stream only reads on). Fails with the request's error, Cancelled when
    // `progress` is.
    Result<bool> read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr);

private:
    Status take(const char *data, qint64 size);

    const qint64 m_start;
    const qint64 m_end;
    const qint64 m_bufferBytes;
    Fetch m_fetch;
    Progress m_requestProgress; // cancelled to stop the request

    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<QByteArray> m_chunks;
    qint64 m_frontUsed = 0; // bytes of m_chunks.front() already read
    qint64 m_buffered = 0;  // bytes in m_chunks not yet read
    qint64 m_next = 0;
    QByteArray m_recent; // the last bytes read, up to kRecent, ending at m_next
    qint64 m_received = 0;
    bool m_done = false;
    bool m_dropped = false;
    bool m_reading = false;
    std::optional<Error> m_error;
    std::unique_ptr<WorkerThreads> m_thread; // last: started when everything else is ready
};

} // namespace carton
