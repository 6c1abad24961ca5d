// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>

namespace carton {

// A blocking FIFO between two threads (internal to carton_pack). pop() waits for
// an item and returns nullopt once the queue is closed and drained; close() wakes
// every waiter. Its capacity is bounded by the number of buffers in circulation.
template <typename T>
class ChunkQueue final {
public:
    void push(T item)
    {
        {
            std::lock_guard lock(m_mutex);
            if (m_closed)
                return;
            m_items.push_back(std::move(item));
        }
        m_ready.notify_one();
    }

    std::optional<T> pop()
    {
        std::unique_lock lock(m_mutex);
        m_ready.wait(lock, [this] { return m_closed || !m_items.empty(); });
        if (m_items.empty())
            return std::nullopt;
        T item = std::move(m_items.front());
        m_items.pop_front();
        return item;
    }

    void close()
    {
        {
            std::lock_guard lock(m_mutex);
            m_closed = true;
        }
        m_ready.notify_all();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::deque<T> m_items;
    bool m_closed = false;
};

} // namespace carton
