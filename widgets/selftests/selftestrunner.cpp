// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestrunner.h"

#include "jobs/latestjob.h"
#include "package/carton.h"

namespace studio {

namespace {

const QString kRun = QStringLiteral("run");
const QString kJudge = QStringLiteral("judge");

struct RunOutcome {
    std::optional<carton::SelfTestRun> run;
    std::optional<carton::BenchmarkResult> benchmark;
    QString error;
    QStringList warnings;
    carton::SandboxInfo sandbox; // of a run that could not start too
};

RunOutcome runRequest(const SelfTestRunner::Request &request, carton::Progress &progress)
{
    RunOutcome out;
    // The session is used and destroyed on this thread, as openRunnerSession requires.
    auto session = carton::openRunnerSession(*request.carton, request.choice, request.runOptions, &out.warnings,
                                             &progress, &out.sandbox);
    if (!session) {
        out.error = session.error().toString();
        return out;
    }
    carton::Result<carton::SelfTestRun> run =
        carton::runSelfTests(*request.carton, **session, request.options, &progress);
    if (run && request.benchmark && !run->cancelled) {
        carton::Result<carton::BenchmarkResult> b =
            carton::runBenchmark(*request.carton, **session, *request.benchmark, &progress);
        if (b) {
            out.benchmark = std::move(b).value();
            out.benchmark->firstInference = run->firstInference; // the self-tests ran first
        } else {
            out.warnings.append(b.error().toString());
        }
    }
    session->reset();
    if (run)
        out.run = std::move(run).value();
    else
        out.error = run.error().toString();
    return out;
}

} // namespace

SelfTestRunner::SelfTestRunner(QObject *parent) : QObject(parent), m_jobs(new LatestJob(this))
{
    // The run threw (out of memory): it ends as a run that could not start.
    connect(m_jobs, &LatestJob::failed, this, [this](const QString &key, const QString &message) {
        if (key != kRun)
            return;
        m_running = false;
        carton::SandboxInfo unknown;
        unknown.reason = QStringLiteral("the run failed before the runner host reported");
        emit failed(message, {}, unknown);
    });
}

SelfTestRunner::~SelfTestRunner() = default; // m_jobs cancels (and kills the host of) a running job

void SelfTestRunner::cancel()
{
    m_jobs->interrupt(kRun);
}

void SelfTestRunner::start(const Request &request)
{
    m_jobs->cancel(kJudge);
    m_running = true;
    emit started();
    m_jobs->start(
        kRun, [request](carton::Progress &progress) { return runRequest(request, progress); },
        [this](RunOutcome outcome) {
            m_running = false;
            if (outcome.run) {
                emit finished(*outcome.run, outcome.warnings);
                if (outcome.benchmark)
                    emit benchmarked(*outcome.benchmark);
            } else
                emit failed(outcome.error, outcome.warnings, outcome.sandbox);
        },
        [this](qint64 done, qint64 total) { emit progressChanged(done, total); },
        JobPools::Kind::Run); // blocks for as long as the model takes
}

void SelfTestRunner::rejudge(const carton::SelfTestRun &run, const carton::ToleranceSettings &tolerances)
{
    if (m_running)
        return; // the run in progress is judged with the tolerances it was started with
    m_jobs->start(
        kJudge,
        [run, tolerances](carton::Progress &) {
            carton::SelfTestRun judged = run; // tensors are shared, not copied
            carton::judge(judged, tolerances);
            return judged;
        },
        [this](carton::SelfTestRun result) { emit judged(result); });
}

} // namespace studio
