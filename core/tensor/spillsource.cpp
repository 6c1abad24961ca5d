// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/spillsource.h"

#include "base/alignedbuffer.h"
#include "base/logging.h"
#include "base/scratchfile.h"
#include "base/workerthreads.h"

#include <QFile>
#include <QIODevice>
#include <array>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>

namespace carton {

namespace {

constexpr qint64 kChunk = 1 << 20;
std::atomic<qint64> g_spillMemoryInUse{0};

bool reserveMemory(qint64 bytes, qint64 budget)
{
    qint64 used = g_spillMemoryInUse.load();
    do {
        if (used > budget - bytes)
            return false;
    } while (!g_spillMemoryInUse.compare_exchange_weak(used, used + bytes));
    return true;
}

// Reads exactly `length` bytes from a sequential device.
Status readFully(QIODevice &device, char *out, qint64 length, const QString &name)
{
    for (qint64 done = 0; done < length;) {
        const qint64 got = device.read(out + done, length - done);
        if (got < 0)
            return makeError(ErrorCode::Format, device.errorString(), name);
        if (got == 0)
            return makeError(ErrorCode::Format,
                             QStringLiteral("the decoded data ends after %1 bytes, %2 expected").arg(done).arg(length),
                             name);
        done += got;
    }
    return {};
}

} // namespace

struct SpillSource::Private {
    StreamOpener open;
    qint64 size = 0;
    QString name;
    qint64 reserved = 0; // bytes of the memory budget held
    std::unique_ptr<char[]> memory;
    ScratchFile spillFile{QStringLiteral("carton-spill-XXXXXX")};

    mutable std::mutex mutex;
    mutable std::condition_variable changed;
    std::atomic<qint64> decoded{0};
    std::atomic<bool> stop{false};
    bool finished = false;                            // under mutex
    std::optional<Error> error;                       // under mutex
    bool fallback = false;                            // under mutex: the spill file failed, decode per read
    mutable std::shared_ptr<FileRegionSource> reader; // under mutex: reads of the spill file
    std::optional<WorkerThreads> thread;

    void run();
    void finish(std::optional<Error> failure, bool useFallback);
    Status streamRead(qint64 offset, qint64 length, char *out, Progress *progress) const;
};

void SpillSource::Private::finish(std::optional<Error> failure, bool useFallback)
{
    if (useFallback && failure) // every read decodes from the start for itself from now on: slow
        qCWarning(lcTensor).noquote()
            << QStringLiteral("%1: no spill file (%2); each read decodes the data again").arg(name, failure->message);
    {
        std::lock_guard lock(mutex);
        finished = true;
        error = std::move(failure);
        fallback = useFallback;
    }
    changed.notify_all();
}

namespace {
// Writes the spill file on its own thread, so that writing (the kernel's copy into
// the page cache, 30-45 % of a first slice's time) overlaps decoding on another
// core. Buffers are page-aligned: the kernel copies a write several times slower
// from a buffer that disagrees with the page cache modulo 64 (new char[] of 1 MiB
// starts 16 bytes into a page). `written` runs after each write.
class SpillWriter {
public:
    static constexpr int Slots = 4;
    SpillWriter(QFile &file, std::function<void(qint64)> written)
        : m_file(file), m_written(std::move(written)), m_thread(1, [this](int) { loop(); })
    {
    }
    ~SpillWriter() { close(); }

    // A free buffer of kChunk bytes, nullptr once writing failed.
    char *acquire()
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return m_failed || !m_free.empty(); });
        if (m_failed)
            return nullptr;
        const int slot = m_free.back();
        m_free.pop_back();
        m_current = slot;
        return m_buffers[slot].data();
    }
    // Queues the buffer last acquired, holding `size` bytes.
    void submit(qint64 size)
    {
        {
            std::lock_guard lock(m_mutex);
            m_full.push_back({m_current, size});
        }
        m_changed.notify_all();
    }
    // Waits for the queued writes; the error of a failed one.
    std::optional<QString> close()
    {
        {
            std::lock_guard lock(m_mutex);
            m_closed = true;
        }
        m_changed.notify_all();
        m_thread.join();
        if (m_failed)
            return m_error;
        return std::nullopt;
    }

private:
    void loop()
    {
        for (;;) {
            std::pair<int, qint64> piece;
            {
                std::unique_lock lock(m_mutex);
                m_changed.wait(lock, [this] { return m_closed || !m_full.empty(); });
                if (m_full.empty())
                    return;
                piece = m_full.front();
                m_full.pop_front();
            }
            const char *data = m_buffers[piece.first].constData();
            if (m_file.write(data, piece.second) != piece.second || !m_file.flush()) {
                std::lock_guard lock(m_mutex);
                m_failed = true;
                m_error = m_file.errorString();
                m_changed.notify_all();
                return;
            }
            m_written(piece.second);
            {
                std::lock_guard lock(m_mutex);
                m_free.push_back(piece.first);
            }
            m_changed.notify_all();
        }
    }

    QFile &m_file;
    std::function<void(qint64)> m_written;
    std::array<AlignedBuffer, Slots> m_buffers{AlignedBuffer(kChunk), AlignedBuffer(kChunk), AlignedBuffer(kChunk),
                                               AlignedBuffer(kChunk)};
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<int> m_free{0, 1, 2, 3};
    std::deque<std::pair<int, qint64>> m_full;
    int m_current = -1;
    bool m_closed = false;
    bool m_failed = false;
    QString m_error;
    WorkerThreads m_thread; // last: starts once the rest is set up
};
} // namespace

void SpillSource::Private::run()
{
    Result<std::unique_ptr<QIODevice>> device = open();
    if (!device) {
        finish(device.error(), false);
        return;
    }
    if (!memory) {
        if (Status s = spillFile.open(); !s) {
            finish(makeError(ErrorCode::Io, s.error().message, name), true);
            return;
        }
    }
    qint64 written = 0;
    std::unique_ptr<SpillWriter> writer;
    if (!memory)
        writer = std::make_unique<SpillWriter>(spillFile.device(), [this, &written](qint64 n) {
            written += n;
            decoded.store(written, std::memory_order_release);
            changed.notify_all();
        });
    // Ends the decode: waits for the writes, and reports a failed one as the
    // spill file's failure (reads then decode for themselves).
    auto end = [&](std::optional<Error> failure) {
        if (writer) {
            if (std::optional<QString> writeError = writer->close(); writeError && !failure) {
                finish(
                    makeError(ErrorCode::Io, QStringLiteral("cannot write the spill file: %1").arg(*writeError), name),
                    true);
                return;
            }
        }
        finish(std::move(failure), false);
    };
    qint64 done = 0;
    while (!stop.load(std::memory_order_relaxed)) {
        const qint64 want = memory ? std::min(kChunk, size - done) : kChunk;
        if (want == 0 && done == size) {
            // One more read makes the device check the byte count and CRC-32.
            char probe;
            const qint64 extra = (*device)->read(&probe, 1);
            if (extra < 0)
                return end(makeError(ErrorCode::Integrity, (*device)->errorString(), name));
            if (extra > 0)
                return end(makeError(ErrorCode::Format,
                                     QStringLiteral("the decoded data is longer than %1 bytes").arg(size), name));
            break;
        }
        char *target = memory ? memory.get() + done : writer->acquire();
        if (!target)
            return end(std::nullopt); // writing failed: reported by end()
        const qint64 got = (*device)->read(target, want);
        if (got < 0)
            return end(makeError(ErrorCode::Format, (*device)->errorString(), name));
        if (got == 0) {
            if (done != size)
                return end(makeError(
                    ErrorCode::Format,
                    QStringLiteral("the decoded data ends after %1 bytes, %2 expected").arg(done).arg(size), name));
            break;
        }
        if (done + got > size)
            return end(makeError(ErrorCode::Format,
                                 QStringLiteral("the decoded data is longer than %1 bytes").arg(size), name));
        done += got;
        if (writer) {
            writer->submit(got);
        } else {
            decoded.store(done, std::memory_order_release);
            changed.notify_all();
        }
    }
    if (stop.load())
        end(makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), name));
    else
        end(std::nullopt);
}

Status SpillSource::Private::streamRead(qint64 offset, qint64 length, char *out, Progress *progress) const
{
    Result<std::unique_ptr<QIODevice>> device = open();
    if (!device)
        return device.error();
    std::unique_ptr<char[]> skip(new char[std::size_t(std::min(kChunk, std::max<qint64>(offset, 1)))]);
    for (qint64 left = offset; left > 0;) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), name);
        const qint64 n = std::min(left, kChunk);
        if (Status s = readFully(**device, skip.get(), n, name); !s)
            return s;
        left -= n;
    }
    return readFully(**device, out, length, name);
}

SpillSource::SpillSource() : d(std::make_unique<Private>()) {}

SpillSource::~SpillSource()
{
    d->stop.store(true);
    d->thread.reset(); // joins
    g_spillMemoryInUse.fetch_sub(d->reserved);
}

std::shared_ptr<SpillSource> SpillSource::start(StreamOpener open, qint64 size, QString name, const Limits &limits)
{
    std::shared_ptr<SpillSource> source(new SpillSource);
    Private &p = *source->d;
    p.open = std::move(open);
    p.size = std::max<qint64>(size, 0);
    p.name = std::move(name);
    if (p.size <= limits.maxSpillInMemory && reserveMemory(p.size, limits.spillMemoryBudget)) {
        p.reserved = p.size;
        p.memory.reset(new char[std::size_t(std::max<qint64>(p.size, 1))]);
    }
    p.thread.emplace(1, [&p](int) { p.run(); });
    return source;
}

qint64 SpillSource::size() const
{
    return d->size;
}

QString SpillSource::name() const
{
    return d->name;
}

qint64 SpillSource::decodedBytes() const
{
    return d->decoded.load(std::memory_order_acquire);
}

bool SpillSource::inMemory() const
{
    return d->memory != nullptr;
}

Status SpillSource::waitUntilDecoded(Progress *progress) const
{
    std::unique_lock lock(d->mutex);
    while (!d->finished) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), d->name);
        d->changed.wait_for(lock, std::chrono::milliseconds(50));
    }
    if (d->error)
        return *d->error;
    return {};
}

Status SpillSource::read(qint64 offset, qint64 length, char *out, Progress *progress) const
{
    if (Status s = checkRange(offset, length); !s)
        return s;
    if (length == 0)
        return {};
    const qint64 end = offset + length;
    std::unique_lock lock(d->mutex);
    while (d->decoded.load(std::memory_order_acquire) < end && !d->finished) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), d->name);
        d->changed.wait_for(lock, std::chrono::milliseconds(50));
    }
    if (d->decoded.load(std::memory_order_acquire) < end) {
        if (d->fallback) {
            lock.unlock();
            return d->streamRead(offset, length, out, progress);
        }
        return d->error ? *d->error : makeError(ErrorCode::Format, QStringLiteral("decoding stopped"), d->name);
    }
    if (d->memory) {
        lock.unlock();
        std::memcpy(out, d->memory.get() + offset, std::size_t(length));
        return {};
    }
    // Handles on the spill file (a FileRegionSource over what is decoded so far;
    // renewed when more has been decoded since).
    if (!d->reader || d->reader->size() < end) {
        auto region = d->spillFile.region(0, d->decoded.load(std::memory_order_acquire), d->name);
        if (!region)
            return region.error();
        d->reader = std::move(region).value();
    }
    const std::shared_ptr<FileRegionSource> reader = d->reader;
    lock.unlock();
    return reader->read(offset, length, out, progress);
}

} // namespace carton
