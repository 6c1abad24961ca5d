// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/spillsource.h"

#include "base/scratchfile.h"

#include <QIODevice>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>

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
    std::thread thread;

    void run();
    void finish(std::optional<Error> failure, bool useFallback);
    Status streamRead(qint64 offset, qint64 length, char *out, Progress *progress) const;
};

void SpillSource::Private::finish(std::optional<Error> failure, bool useFallback)
{
    {
        std::lock_guard lock(mutex);
        finished = true;
        error = std::move(failure);
        fallback = useFallback;
    }
    changed.notify_all();
}

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
    std::unique_ptr<char[]> buffer(memory ? nullptr : new char[kChunk]);
    qint64 done = 0;
    while (!stop.load(std::memory_order_relaxed)) {
        char *target = memory ? memory.get() + done : buffer.get();
        const qint64 want = memory ? std::min(kChunk, size - done) : kChunk;
        if (want == 0 && done == size) {
            // One more read makes the device check the byte count and CRC-32.
            char probe;
            const qint64 extra = (*device)->read(&probe, 1);
            if (extra < 0) {
                finish(makeError(ErrorCode::Integrity, (*device)->errorString(), name), false);
                return;
            }
            if (extra > 0) {
                finish(makeError(ErrorCode::Format,
                                 QStringLiteral("the decoded data is longer than %1 bytes").arg(size), name),
                       false);
                return;
            }
            break;
        }
        const qint64 got = (*device)->read(target, want);
        if (got < 0) {
            finish(makeError(ErrorCode::Format, (*device)->errorString(), name), false);
            return;
        }
        if (got == 0) {
            if (done != size) {
                finish(
                    makeError(ErrorCode::Format,
                              QStringLiteral("the decoded data ends after %1 bytes, %2 expected").arg(done).arg(size),
                              name),
                    false);
                return;
            }
            break;
        }
        if (done + got > size) {
            finish(makeError(ErrorCode::Format, QStringLiteral("the decoded data is longer than %1 bytes").arg(size),
                             name),
                   false);
            return;
        }
        if (!memory && (spillFile.device().write(target, got) != got || !spillFile.device().flush())) {
            finish(makeError(ErrorCode::Io,
                             QStringLiteral("cannot write the spill file: %1").arg(spillFile.device().errorString()),
                             name),
                   true);
            return;
        }
        done += got;
        decoded.store(done, std::memory_order_release);
        changed.notify_all();
    }
    if (stop.load())
        finish(makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), name), false);
    else
        finish(std::nullopt, false);
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
    if (d->thread.joinable())
        d->thread.join();
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
    p.thread = std::thread([&p] { p.run(); });
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
