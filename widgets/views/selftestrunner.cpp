// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestrunner.h"

#include "base/progress.h"
#include "package/carton.h"

#include <QMetaObject>
#include <QThreadPool>
#include <exception>
#include <mutex>
#include <utility>

namespace studio {

namespace {
// A pool of its own: a run blocks for as long as the model takes, and must not
// starve the global pool that opens cartons and reads tensors.
QThreadPool &selfTestPool()
{
    static QThreadPool pool;
    static const bool configured = [] {
        pool.setMaxThreadCount(2);
        pool.setExpiryTimeout(10000);
        return true;
    }();
    Q_UNUSED(configured);
    return pool;
}
} // namespace

// Shared between the runner (GUI thread) and the worker. The worker posts to
// `receiver` only under `mutex`, and the runner clears it under the same mutex
// before it goes away, so nothing is posted to a dead object; calls posted before
// a restart are dropped on arrival by the generation check.
struct SelfTestRunner::Job {
    std::mutex mutex;
    SelfTestRunner *receiver;
    const quint64 generation;
    carton::Progress progress;

    Job(SelfTestRunner *r, quint64 gen)
        : receiver(r), generation(gen), progress([this](qint64 done, qint64 total, const QString &what) {
              post([done, total, what](SelfTestRunner *runner) { emit runner->progressChanged(done, total, what); });
          })
    {
    }

    template <typename F>
    void post(F f)
    {
        std::lock_guard lock(mutex);
        if (!receiver)
            return;
        QMetaObject::invokeMethod(
            receiver,
            [runner = receiver, gen = generation, f = std::move(f)] {
                if (runner->m_generation == gen)
                    f(runner);
            },
            Qt::QueuedConnection);
    }
};

SelfTestRunner::SelfTestRunner(QObject *parent) : QObject(parent) {}

SelfTestRunner::~SelfTestRunner()
{
    detach();
}

void SelfTestRunner::detach()
{
    ++m_generation;
    m_running = false;
    if (!m_job)
        return;
    const std::shared_ptr<Job> job = std::exchange(m_job, nullptr);
    job->progress.cancel();
    std::lock_guard lock(job->mutex);
    job->receiver = nullptr;
}

std::shared_ptr<SelfTestRunner::Job> SelfTestRunner::newJob()
{
    detach();
    m_job = std::make_shared<Job>(this, ++m_generation);
    return m_job;
}

void SelfTestRunner::cancel()
{
    // Keep the job attached: it reports the cancelled run (tests left NotRun).
    if (m_job)
        m_job->progress.cancel();
}

void SelfTestRunner::waitForAll()
{
    selfTestPool().waitForDone();
}

void SelfTestRunner::start(const Request &request)
{
    const std::shared_ptr<Job> job = newJob();
    m_running = true;
    m_clock.start();
    emit started();
    selfTestPool().start([job, request] {
        QStringList warnings;
        try {
            // openRunnerSession: the session must be used (and destroyed) on this thread.
            auto session = carton::openRunnerSession(*request.carton, request.choice, request.runOptions, &warnings,
                                                     &job->progress);
            if (!session) {
                job->post([message = session.error().toString(), warnings](SelfTestRunner *runner) {
                    runner->m_running = false;
                    emit runner->failed(message, warnings);
                });
                return;
            }
            carton::Result<carton::SelfTestRun> run =
                carton::runSelfTests(*request.carton, **session, request.options, &job->progress);
            session->reset();
            if (!run) {
                job->post([message = run.error().toString(), warnings](SelfTestRunner *runner) {
                    runner->m_running = false;
                    emit runner->failed(message, warnings);
                });
                return;
            }
            job->post([run = std::move(*run), warnings](SelfTestRunner *runner) {
                runner->m_running = false;
                emit runner->finished(run, warnings);
            });
        } catch (const std::exception &e) {
            job->post([message = QString::fromLocal8Bit(e.what()), warnings](SelfTestRunner *runner) {
                runner->m_running = false;
                emit runner->failed(message, warnings);
            });
        }
    });
}

void SelfTestRunner::rejudge(const carton::SelfTestRun &run, const carton::ToleranceSettings &tolerances)
{
    if (m_running)
        return; // the run in progress is judged with the tolerances it was started with
    const std::shared_ptr<Job> job = newJob();
    QThreadPool::globalInstance()->start([job, run, tolerances] {
        carton::SelfTestRun judged = run; // tensors are shared, not copied
        carton::judge(judged, tolerances);
        job->post([judged = std::move(judged)](SelfTestRunner *runner) { emit runner->judged(judged); });
    });
}

} // namespace studio
