// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "verificationrunner.h"

#include "jobs/latestjob.h"
#include "package/carton.h"

#include <QThreadPool>
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

const QString kVerify = QStringLiteral("verify");
} // namespace

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

VerificationRunner::VerificationRunner(QObject *parent) : QObject(parent), m_jobs(new LatestJob(this)) {}

// The LatestJob (a child) cancels the running job without waiting, and delivers
// nothing after that.
VerificationRunner::~VerificationRunner() = default;

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
    m_jobs->cancel(kVerify);
    m_report = {};
    m_done = 0;
    m_total = 0;
    m_currentFile.clear();
    if (!carton) {
        m_state = State::Idle;
        emit stateChanged(m_state);
        return;
    }

    m_state = State::Running;
    m_clock.start();
    emit stateChanged(m_state);
    emit started();

    // Each file as it finishes is posted through the job (dropped once another
    // start() replaces it); then the report, also when cancelled (interrupt()).
    m_jobs->start(
        kVerify,
        // `runner` is used only in what post() runs on this thread, while this job
        // is the latest and the runner alive.
        [carton, options, runner = this](carton::Progress &progress, const LatestJob::Post &post) {
            carton::VerifyReport report =
                carton::verifyCarton(*carton, options, &progress, [post, runner](const carton::FileCheck &check) {
                    post([runner, check] { emit runner->fileChecked(check); });
                });
            report.cancelled = progress.isCancelled();
            return report;
        },
        [this](carton::VerifyReport report) {
            m_report = std::move(report);
            m_state = m_report.cancelled ? State::Cancelled : State::Finished;
            emit stateChanged(m_state);
            emit finished(m_report);
        },
        [this](qint64 done, qint64 total, const QString &what) {
            m_done = done;
            m_total = total;
            if (!what.isEmpty())
                m_currentFile = what;
            emit progressChanged(done, total);
        },
        &verifyPool());
}

void VerificationRunner::cancel()
{
    m_jobs->interrupt(kVerify);
}

} // namespace studio
