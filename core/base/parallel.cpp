// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/parallel.h"

#include "base/workerthreads.h"

#include <QThread>
#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>

namespace carton {

int defaultThreadCount()
{
    return std::max(1, QThread::idealThreadCount());
}

int threadCount(int requested)
{
    return requested > 0 ? requested : defaultThreadCount();
}

int threadCountFor(int requested, qint64 items)
{
    return int(std::clamp<qint64>(threadCount(requested), 1, std::max<qint64>(items, 1)));
}

Status parallelFor(qint64 count, int threads, const std::function<Status(qint64 index, int worker)> &body)
{
    threads = int(std::clamp<qint64>(threads, 1, std::max<qint64>(count, 1)));
    std::atomic<qint64> next{0};
    std::atomic<bool> failed{false};
    std::mutex mutex;
    qint64 failedIndex = count; // under mutex
    std::optional<Error> failure;
    const auto run = [&](int worker) {
        while (!failed.load(std::memory_order_relaxed)) {
            const qint64 index = next.fetch_add(1, std::memory_order_relaxed);
            if (index >= count)
                return;
            Status status = body(index, worker);
            if (!status) {
                std::lock_guard lock(mutex);
                if (index < failedIndex) {
                    failedIndex = index;
                    failure = status.error();
                }
                failed.store(true, std::memory_order_relaxed);
            }
        }
    };
    if (threads == 1) {
        run(0);
    } else {
        WorkerThreads others(threads - 1, [&](int worker) { run(worker + 1); });
        run(0);
        others.join();
    }
    if (failure)
        return *failure;
    return {};
}

} // namespace carton
