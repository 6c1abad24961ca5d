// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QString>
#include <atomic>
#include <functional>
#include <mutex>

namespace carton {

// Progress and cancellation for long synchronous core work (verify, pack, unpack,
// fetch). Long work takes a `Progress *` (may be null). The work calls advance()
// from any thread; the callback is called under a mutex, at most about every
// 50 ms, and always for the final step. Another thread may call cancel() at any
// time; the work checks isCancelled() between chunks and then returns an
// ErrorCode::Cancelled error, leaving nothing half-written behind.
class CARTONCORE_EXPORT Progress {
public:
    using Callback = std::function<void(qint64 done, qint64 total, const QString &what)>;

    Progress() = default;
    explicit Progress(Callback callback) : m_callback(std::move(callback)) {}
    // A part of `parent`'s work (a download inside a verification): its totals add
    // to the parent's total, its steps to the parent's done, named `what`; it is
    // cancelled when the parent is. `parent` (may be null) must outlive it.
    Progress(Progress *parent, QString what) : m_parent(parent), m_what(std::move(what)) {}

    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool isCancelled() const
    {
        return m_cancelled.load(std::memory_order_relaxed) || (m_parent && m_parent->isCancelled());
    }

    // Sets the total amount of work (bytes, usually).
    void setTotal(qint64 total);
    qint64 total() const { return m_total.load(); }
    qint64 done() const { return m_done.load(); }
    // Adds work found on the way (a download whose size is known only once it
    // starts), named `what`; safe from any thread, unlike setTotal(total() + delta).
    void addTotal(qint64 delta, const QString &what = {});

    // Adds `delta` to the work done; `what` names the current item (a file path).
    void advance(qint64 delta, const QString &what = {});

    // Work that waits (a stalled download) calls this now and then (at most every
    // 50 ms it reports): it delivers the step the throttle held back, if any, so the
    // figures shown are what was really done, and names `what` (for a part, the
    // parent hears the part's name) as the item being worked on, where another
    // item was named last.
    void flush(const QString &what = {});

private:
    void notify(const QString &what, bool force);

    Callback m_callback;
    std::atomic<bool> m_cancelled{false};
    Progress *m_parent = nullptr;
    QString m_what;
    std::atomic<qint64> m_total{0};
    std::atomic<qint64> m_done{0};
    std::mutex m_mutex;
    qint64 m_lastNotifyMs = -1;
    bool m_held = false; // a step was throttled and not yet delivered
    QString m_heldWhat;
    QString m_lastWhat; // the last name delivered
};

} // namespace carton
