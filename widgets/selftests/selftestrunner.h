// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "runner/runnersessionfactory.h"
#include "selftest/benchmark.h"
#include "selftest/selftestengine.h"

#include <QObject>
#include <memory>
#include <optional>

namespace carton {
class Carton;
}

namespace studio {

class LatestJob;

// Runs a carton's self-tests off the GUI thread: starts a runner host, loads the
// model once and runs the selected self-tests (carton::openRunnerSession +
// carton::runSelfTests, the same calls as `carton selftest`), and re-judges a kept
// run with other tolerances without running the model again. Both are LatestJob
// jobs: the latest start()/rejudge() wins, results come back on this object's
// thread, and destroying the runner cancels without waiting (a running host is
// killed by the cancelled token). Runs use a thread pool of their own.
class SelfTestRunner final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SelfTestRunner)

public:
    struct Request {
        std::shared_ptr<const carton::Carton> carton;
        carton::RunnerChoice choice;
        carton::RunOptions runOptions;
        carton::SelfTestOptions options;
        // Set: after the self-tests, a benchmark on the same host (benchmarked()).
        std::optional<carton::BenchmarkOptions> benchmark;
    };

    explicit SelfTestRunner(QObject *parent = nullptr);
    ~SelfTestRunner() override;

    void start(const Request &request);
    // Compares the kept tensors of `run` again with `tolerances` (in the background).
    void rejudge(const carton::SelfTestRun &run, const carton::ToleranceSettings &tolerances);
    // Stops the run: the model's host is killed, the tests not run yet stay NotRun,
    // and finished() still reports the run (cancelled).
    void cancel();

    bool isRunning() const { return m_running; }

signals:
    void started();
    // total == 0 while the runner host starts and loads the model; then one step
    // per self-test and example.
    void progressChanged(qint64 done, qint64 total);
    // A run ended (also when cancelled: run.cancelled, the rest NotRun).
    void finished(const carton::SelfTestRun &run, const QStringList &warnings);
    // After finished(), for a request with a benchmark: its figures.
    void benchmarked(const carton::BenchmarkResult &result);
    // The run could not start: no matching runner, the model did not load...
    // `sandbox`: whether the runner host ran sandboxed (or why nothing ran).
    void failed(const QString &message, const QStringList &warnings, const carton::SandboxInfo &sandbox);
    void judged(const carton::SelfTestRun &run);

private:
    LatestJob *m_jobs;
    bool m_running = false;
};

} // namespace studio
