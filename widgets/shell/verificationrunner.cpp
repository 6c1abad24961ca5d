// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "verificationrunner.h"

#include "package/carton.h"

#include <QMetaObject>
#include <QThreadPool>
#include <exception>
#include <mutex>
#include <utility>

namespace studio {

namespace {
// A pool of its own: verifyCarton blocks while it hashes on its own threads,
// and must not starve the global pool that opens and validates cartons.
QThreadPool &verifyPool()
{
    static QThreadPool pool;
    static const bool configured = [] {
        pool.setMaxThreadCount(4);
        pool.setExpiryTimeout(10000);
        return true;
    }();
    Q_UNUSED(configured);
    return pool;
}
} // namespace

// Shared between the runner (GUI thread) and the worker. The worker posts to
// `receiver` only under `mutex`, and the runner clears it under the same mutex
// before it goes away, so nothing is ever posted to a dead object. Calls posted
// before a restart are dropped on arrival by the generation check.
struct VerificationRunner::Job {
    std::mutex mutex;
    VerificationRunner *receiver;
    const quint64 generation;
    carton::Progress progress;

    Job(VerificationRunner *r, quint64 gen)
        : receiver(r), generation(gen)
          // Called only from inside verifyCarton, while the worker holds the job.
          ,
          progress([this](qint64 done, qint64 total, const QString &what) {
              post([done, total, what](VerificationRunner *runner) {
                  runner->m_done = done;
                  runner->m_total = total;
                  if (!what.isEmpty())
                      runner->m_currentFile = what;
                  emit runner->progressChanged(done, total);
              });
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

int failedFileCount(const carton::VerifyReport &report)
{
    int failed = 0;
    for (const carton::FileCheck &check : report.files) {
        // Unverified: not reached before a cancel, which is no failure.
        if (check.state != carton::FileState::Ok && check.state != carton::FileState::Linked &&
            check.state != carton::FileState::Unverified)
            ++failed;
    }
    return failed;
}

VerificationRunner::VerificationRunner(QObject *parent) : QObject(parent) {}

VerificationRunner::~VerificationRunner()
{
    detach();
}

void VerificationRunner::detach()
{
    ++m_generation; // drop whatever the old job already posted
    if (!m_job)
        return;
    // Keep the job alive until the lock is released: the worker may already
    // have dropped its reference.
    const std::shared_ptr<Job> job = std::exchange(m_job, nullptr);
    job->progress.cancel();
    std::lock_guard lock(job->mutex);
    job->receiver = nullptr;
}

int VerificationRunner::failedCount() const
{
    return failedFileCount(m_report);
}

void VerificationRunner::waitForAll()
{
    verifyPool().waitForDone();
}

void VerificationRunner::start(std::shared_ptr<const carton::Carton> carton, const carton::VerifyOptions &options)
{
    detach();
    m_report = {};
    m_done = 0;
    m_total = 0;
    m_currentFile.clear();
    if (!carton) {
        m_state = State::Idle;
        emit stateChanged(m_state);
        return;
    }

    auto job = std::make_shared<Job>(this, ++m_generation);
    m_job = job;
    m_state = State::Running;
    m_clock.start();
    emit stateChanged(m_state);
    emit started();

    verifyPool().start([job, carton, options] {
        carton::VerifyReport report;
        try {
            report = carton::verifyCarton(*carton, options, &job->progress, [job](const carton::FileCheck &check) {
                job->post([check](VerificationRunner *runner) { emit runner->fileChecked(check); });
            });
        } catch (const std::exception &e) {
            report.cancelled = false;
            carton::FileCheck failed;
            failed.path = carton->path();
            failed.state = carton::FileState::Failed;
            failed.message = QString::fromLocal8Bit(e.what());
            report.files.append(failed);
        }
        if (job->progress.isCancelled())
            report.cancelled = true;
        job->post([report = std::move(report)](VerificationRunner *runner) {
            runner->m_job.reset();
            runner->m_report = report;
            runner->m_state = report.cancelled ? State::Cancelled : State::Finished;
            emit runner->stateChanged(runner->m_state);
            emit runner->finished(runner->m_report);
        });
    });
}

void VerificationRunner::cancel()
{
    if (m_job)
        m_job->progress.cancel();
}

} // namespace studio
