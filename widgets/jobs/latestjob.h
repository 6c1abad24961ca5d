// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QtConcurrent/QtConcurrentRun>
#include <functional>
#include <memory>

class QThreadPool;

namespace studio {

// Latest-wins background jobs for one owner (a widget, a page), in the manner of
// KDAB hotspot's JobTracker. start(key, work, done) runs `work` on a thread pool
// with a carton::Progress as its cancellation token; starting another job with
// the same key cancels the previous one (its token is cancelled, its result is
// dropped). `done` (and `progress`) are called on the thread of this object by a
// queued call, and only while the job is still the latest of its key and this
// object is alive: destroying the LatestJob cancels every job without waiting,
// and nothing is delivered after that. Work functions must only use what they
// capture by value (shared pointers), never the owner.
class LatestJob final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LatestJob)

public:
    using ProgressFn = std::function<void(qint64 done, qint64 total)>;

    explicit LatestJob(QObject *parent = nullptr);
    ~LatestJob() override;

    // Starts `work(progress)` for `key`; returns the job's generation. Work that
    // blocks for long (a model run) passes a pool of its own as `threads`, so it
    // cannot starve the shared pool that reads tensors.
    template <typename Work, typename Done>
    quint64 start(const QString &key, Work work, Done done, ProgressFn progress = {}, QThreadPool *threads = nullptr)
    {
        using T = std::invoke_result_t<Work, carton::Progress &>;
        const quint64 generation = ++m_counter;
        QPointer<LatestJob> self(this);
        auto token = std::make_shared<carton::Progress>(progressCallback(key, generation, std::move(progress)));
        begin(key, generation, token);
        auto run = [self, key, generation, token, work = std::move(work), done = std::move(done)]() mutable {
            T value = work(*token);
            post([self, key, generation, done = std::move(done), value = std::move(value)]() mutable {
                if (self && self->finish(key, generation))
                    done(std::move(value));
            });
        };
        (void)QtConcurrent::run(threads ? threads : pool(), std::move(run));
        return generation;
    }

    // Cancels the job of `key` (its result will be dropped).
    void cancel(const QString &key);
    // Asks the job of `key` to stop (its token is cancelled) but still delivers
    // what it returns: for work that reports a partial result when cancelled.
    void interrupt(const QString &key);
    // Cancels every job of this owner.
    void cancelAll();
    bool isRunning(const QString &key) const { return m_running.contains(key); }
    int runningCount() const { return int(m_running.size()); }

    // The pool every LatestJob runs on; waitForAll() blocks until it is idle (for
    // shutdown and tests; results still need the event loop to be delivered).
    static QThreadPool *pool();
    static void waitForAll();

signals:
    // A job of `key` started (running = true) or finished, was cancelled or replaced
    // by nothing (running = false).
    void runningChanged(const QString &key, bool running);

private:
    struct Running {
        quint64 generation = 0;
        std::shared_ptr<carton::Progress> token;
    };
    static void post(std::function<void()> f);
    carton::Progress::Callback progressCallback(const QString &key, quint64 generation, ProgressFn progress);
    void begin(const QString &key, quint64 generation, std::shared_ptr<carton::Progress> token);
    // True (and the job forgotten) when `generation` is still the latest of `key`.
    bool finish(const QString &key, quint64 generation);

    QHash<QString, Running> m_running;
    quint64 m_counter = 0;
};

} // namespace studio
