// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/workerthreads.h"

#include <algorithm>

namespace carton {

WorkerThreads::WorkerThreads(int count, std::function<void(int worker)> body) : m_body(std::move(body))
{
    m_threads.reserve(std::size_t(std::max(0, count)));
    for (int worker = 0; worker < count; ++worker)
        m_threads.emplace_back([this, worker] { m_body(worker); });
}

WorkerThreads::~WorkerThreads()
{
    join();
}

void WorkerThreads::join()
{
    for (std::thread &thread : m_threads)
        if (thread.joinable())
            thread.join();
}

} // namespace carton
