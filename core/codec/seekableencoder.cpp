// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "codec/seekableencoder.h"

#include "base/workerthreads.h"
#include "codec/seektable.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>
#include <vector>
#include <zstd.h>

namespace carton {

namespace {
struct CCtxDeleter {
    void operator()(ZSTD_CCtx *c) const { ZSTD_freeCCtx(c); }
};
using CCtxPtr = std::unique_ptr<ZSTD_CCtx, CCtxDeleter>;

struct Job {
    std::vector<char> input;
    std::vector<char> output;
    std::size_t outputSize = 0;
    std::size_t error = 0; // a ZSTD error code, 0 when fine
    bool done = false;
};

Error zstdError(std::size_t code)
{
    return makeError(ErrorCode::Io,
                     QStringLiteral("zstd compression failed: %1").arg(QString::fromLatin1(ZSTD_getErrorName(code))));
}
} // namespace

struct SeekableEncoder::Private {
    int level = 3;
    std::size_t frameSize = DefaultFrameSize;
    std::size_t maxInFlight = 1;
    CCtxPtr ownCtx; // frames compressed on the calling thread (no workers, or while it waits)

    std::mutex mutex;
    std::condition_variable work;             // a job queued, or stop
    std::condition_variable ready;            // a job done
    std::deque<std::shared_ptr<Job>> queue;   // waiting for a worker
    std::deque<std::shared_ptr<Job>> inOrder; // every job not yet written, oldest first
    std::optional<WorkerThreads> threads;     // none: frames are compressed on the calling thread
    bool stopping = false;

    std::vector<char> filling; // the frame being filled
    std::vector<std::vector<char>> spareBuffers;
    std::vector<std::pair<quint32, quint32>> written; // compressed, decompressed size per frame

    static void compress(ZSTD_CCtx *ctx, Job &job)
    {
        job.output.resize(ZSTD_compressBound(job.input.size()));
        const std::size_t n =
            ZSTD_compress2(ctx, job.output.data(), job.output.size(), job.input.data(), job.input.size());
        if (ZSTD_isError(n))
            job.error = n;
        else
            job.outputSize = n;
    }

    Status setUp(ZSTD_CCtx *ctx) const
    {
        std::size_t r = ZSTD_CCtx_setParameter(ctx, ZSTD_c_compressionLevel, std::clamp(level, 1, ZSTD_maxCLevel()));
        if (ZSTD_isError(r))
            return zstdError(r);
        r = ZSTD_CCtx_setParameter(ctx, ZSTD_c_contentSizeFlag, 1);
        if (ZSTD_isError(r))
            return zstdError(r);
        return {};
    }

    void workerLoop(ZSTD_CCtx *ctx)
    {
        for (;;) {
            std::shared_ptr<Job> job;
            {
                std::unique_lock lock(mutex);
                work.wait(lock, [this] { return stopping || !queue.empty(); });
                if (stopping)
                    return;
                job = std::move(queue.front());
                queue.pop_front();
            }
            compress(ctx, *job);
            {
                std::lock_guard lock(mutex);
                job->done = true;
            }
            ready.notify_all();
        }
    }

    void submit()
    {
        auto job = std::make_shared<Job>();
        job->input = std::move(filling);
        filling = {};
        if (!spareBuffers.empty()) {
            filling = std::move(spareBuffers.back());
            spareBuffers.pop_back();
        }
        filling.clear();
        filling.reserve(frameSize);
        if (!threads) {
            compress(ownCtx.get(), *job);
            job->done = true;
            inOrder.push_back(std::move(job));
            return;
        }
        {
            std::lock_guard lock(mutex);
            inOrder.push_back(job);
            queue.push_back(std::move(job));
        }
        work.notify_one();
    }

    // Writes the finished jobs at the front, waiting for them while more than
    // `keep` are in flight.
    Status drain(std::size_t keep, Sink sink, void *context)
    {
        while (!inOrder.empty()) {
            std::shared_ptr<Job> job = inOrder.front();
            {
                std::unique_lock lock(mutex);
                if (!job->done && inOrder.size() <= keep)
                    return {};
                // Rather than wait idle, compress a frame no worker has taken yet.
                while (!job->done && !queue.empty()) {
                    std::shared_ptr<Job> mine = std::move(queue.front());
                    queue.pop_front();
                    lock.unlock();
                    compress(ownCtx.get(), *mine);
                    lock.lock();
                    mine->done = true;
                }
                ready.wait(lock, [&job] { return job->done; });
            }
            inOrder.pop_front();
            if (job->error)
                return zstdError(job->error);
            written.emplace_back(quint32(job->outputSize), quint32(job->input.size()));
            for (std::size_t at = 0; at < job->outputSize; at += std::size_t(1) << 20) {
                const std::size_t piece = std::min(job->outputSize - at, std::size_t(1) << 20);
                if (Status s = sink(context, job->output.data() + at, piece); !s)
                    return s;
            }
            job->input.clear();
            spareBuffers.push_back(std::move(job->input));
        }
        return {};
    }

    void stopThreads()
    {
        {
            std::lock_guard lock(mutex);
            stopping = true;
        }
        work.notify_all();
        threads.reset(); // joins
    }
};

SeekableEncoder::SeekableEncoder() : Encoder(Codec::Zstd), d(std::make_unique<Private>()) {}

SeekableEncoder::~SeekableEncoder()
{
    d->stopThreads();
}

Result<std::unique_ptr<Encoder>> SeekableEncoder::create(int level, int workers, std::size_t frameSize)
{
    if (frameSize == 0 || frameSize > SeekTable::MaxFrameDecompressedSize)
        return makeError(ErrorCode::Usage, QStringLiteral("seekable zstd frame size %1 is outside 1..%2")
                                               .arg(frameSize)
                                               .arg(SeekTable::MaxFrameDecompressedSize));
    std::unique_ptr<SeekableEncoder> encoder(new SeekableEncoder);
    Private &p = *encoder->d;
    p.level = level;
    p.frameSize = frameSize;
    p.filling.reserve(frameSize);
    const int threads = std::clamp(workers, 0, 64);
    constexpr std::size_t InFlightBytes = std::size_t(256) << 20; // input and output of the frames in flight
    p.maxInFlight =
        std::max(std::size_t(threads + 1), std::min(std::size_t(2 * threads + 1), InFlightBytes / (2 * frameSize)));
    std::vector<CCtxPtr> contexts(static_cast<std::size_t>(threads));
    for (CCtxPtr &ctx : contexts) {
        ctx.reset(ZSTD_createCCtx());
        if (!ctx)
            return makeError(ErrorCode::Io, QStringLiteral("cannot create a zstd encoder (out of memory)"));
        if (Status s = p.setUp(ctx.get()); !s)
            return s.error();
    }
    p.ownCtx.reset(ZSTD_createCCtx()); // the calling thread's, for frames it compresses itself
    if (!p.ownCtx)
        return makeError(ErrorCode::Io, QStringLiteral("cannot create a zstd encoder (out of memory)"));
    if (Status s = p.setUp(p.ownCtx.get()); !s)
        return s.error();
    if (threads > 0) {
        // One context per worker, owned by the worker's closure (shared: std::function copies).
        auto owned = std::make_shared<std::vector<CCtxPtr>>(std::move(contexts));
        p.threads.emplace(threads, [&p, owned](int worker) { p.workerLoop((*owned)[std::size_t(worker)].get()); });
    }
    return std::unique_ptr<Encoder>(std::move(encoder));
}

Status SeekableEncoder::encode(const char *in, std::size_t inSize, bool finish, Sink sink, void *context)
{
    std::size_t pos = 0;
    while (pos < inSize) {
        const std::size_t n = std::min(inSize - pos, d->frameSize - d->filling.size());
        d->filling.insert(d->filling.end(), in + pos, in + pos + n);
        pos += n;
        if (d->filling.size() == d->frameSize) {
            d->submit();
            if (Status s = d->drain(d->maxInFlight, sink, context); !s)
                return s;
        }
    }
    if (!finish)
        return d->drain(d->maxInFlight, sink, context);
    if (!d->filling.empty() || (d->written.empty() && d->inOrder.empty()))
        d->submit(); // the last, shorter frame; or one empty frame for an empty input
    if (Status s = d->drain(0, sink, context); !s)
        return s;
    if (d->written.size() > 1) {
        const QByteArray table = SeekTable::encode(d->written);
        if (Status s = sink(context, table.constData(), std::size_t(table.size())); !s)
            return s;
    }
    return {};
}

bool SeekableEncoder::reset()
{
    // Jobs of an abandoned stream still run: wait for them, then forget them.
    for (const std::shared_ptr<Job> &job : d->inOrder) {
        std::unique_lock lock(d->mutex);
        d->ready.wait(lock, [&job] { return job->done; });
    }
    d->inOrder.clear();
    d->filling.clear();
    d->written.clear();
    return true;
}

} // namespace carton
