// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "jobpools.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>

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
// This is the one place where exceptions from work are caught (core reports
// errors as Results; what still escapes is std::bad_alloc or a bug): work that
// returns a carton::Result gets the exception as its error, other work ends
// with failed(key, message) instead of `done`, logged under "studio.jobs".
class LatestJob final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LatestJob)

public:
    // Progress as the work reports it: bytes or steps done of total, and what it
    // works on now (a file name; may be empty).
    using ProgressFn = std::function<void(qint64 done, qint64 total, const QString &what)>;
    // Given to work that reports as it goes (each file verified, each row found):
    // post(f) runs f on the owner's thread, in order, while the job is still the
    // latest of its key and the owner is alive; before its result.
    using Post = std::function<void(std::function<void()>)>;

    explicit LatestJob(QObject *parent = nullptr);
    ~LatestJob() override;

    // Starts `work(progress)` (or `work(progress, post)`, see Post) for `key`;
    // returns the job's generation. `progress` takes (done, total) or (done,
    // total, what). Work that blocks for long (a model run, hashing on threads of
    // its own) names the pool of its kind (JobPools), so it cannot starve the
    // shared pool that reads tensors.
    template <typename Work, typename Done, typename ProgressF = ProgressFn>
    quint64 start(const QString &key, Work work, Done done, ProgressF progress = {},
                  JobPools::Kind kind = JobPools::Kind::Shared)
    {
        constexpr bool posts = std::is_invocable_v<Work, carton::Progress &, const Post &>;
        using T = typename decltype(resultOf<Work, posts>())::type;
        const quint64 generation = ++m_counter;
        QPointer<LatestJob> self(this);
        auto token =
            std::make_shared<carton::Progress>(progressCallback(key, generation, toProgressFn(std::move(progress))));
        begin(key, generation, token);
        Post poster = posterFor(key, generation);
        auto run = [self, key, generation, token, poster = std::move(poster), work = std::move(work),
                    done = std::move(done)]() mutable {
            std::optional<T> value;
            carton::Error failure;
            try {
                if constexpr (posts)
                    value.emplace(work(*token, poster));
                else
                    value.emplace(work(*token));
            } catch (...) {
                failure = errorOf(std::current_exception());
                if constexpr (std::is_constructible_v<T, carton::Error>)
                    value.emplace(failure);
            }
            post([self, key, generation, done = std::move(done), value = std::move(value),
                  failure = std::move(failure)]() mutable {
                if (!self || !self->finish(key, generation))
                    return;
                if (value)
                    done(std::move(*value));
                else
                    self->fail(key, failure);
            });
        };
        (void)QtConcurrent::run(JobPools::pool(kind), std::move(run));
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

signals:
    // A job of `key` started (running = true) or finished, was cancelled or replaced
    // by nothing (running = false).
    void runningChanged(const QString &key, bool running);
    // Work that returns no carton::Result threw: it ended without `done`.
    void failed(const QString &key, const QString &message);

private:
    template <typename T>
    struct Type {
        using type = T;
    };
    template <typename Work, bool posts>
    static auto resultOf()
    {
        if constexpr (posts)
            return Type<std::invoke_result_t<Work, carton::Progress &, const Post &>>{};
        else
            return Type<std::invoke_result_t<Work, carton::Progress &>>{};
    }
    template <typename F>
    static ProgressFn toProgressFn(F f)
    {
        if constexpr (std::is_invocable_v<F, qint64, qint64, const QString &>)
            return ProgressFn(std::move(f));
        else
            return [f = std::move(f)](qint64 done, qint64 total, const QString &) { f(done, total); };
    }
    Post posterFor(const QString &key, quint64 generation);
    // What an exception thrown by work says, as an error value.
    static carton::Error errorOf(std::exception_ptr exception);
    void fail(const QString &key, const carton::Error &error);
    bool isLatest(const QString &key, quint64 generation) const;

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
