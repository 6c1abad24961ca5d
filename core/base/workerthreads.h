// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <functional>
#include <thread>
#include <vector>

namespace carton {

// Threads that run beside the caller: a reader feeding the caller's writer, a
// decoder filling a spill file, workers the caller takes results from. Starts
// `count` threads running body(worker), worker in [0, count); join() (or the
// destructor) waits for all of them. The one way core starts threads: loops
// over independent items use parallelFor (base/parallel.h), built on this.
class CARTONCORE_EXPORT WorkerThreads final {
public:
    WorkerThreads(int count, std::function<void(int worker)> body);
    ~WorkerThreads();
    WorkerThreads(const WorkerThreads &) = delete;
    WorkerThreads &operator=(const WorkerThreads &) = delete;

    // Waits until every thread has returned; returns at once when it has been called before.
    void join();

private:
    std::function<void(int)> m_body;
    std::vector<std::thread> m_threads;
};

} // namespace carton
