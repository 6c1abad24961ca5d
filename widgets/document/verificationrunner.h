// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "package/verifier.h"

#include <QElapsedTimer>
#include <QObject>
#include <memory>

namespace carton {
class Carton;
}

namespace studio {

class LatestJob;

// Runs carton::verifyCarton on a pool of its own through a LatestJob and
// reports back on the thread of this object: progress, each file as it
// finishes, the final report. The latest start() wins; cancel() still delivers
// the files checked so far; destroying the runner cancels its job without
// waiting, and nothing is delivered after that.
class VerificationRunner final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(VerificationRunner)
public:
    enum class State { Idle, Running, Finished, Cancelled };
    Q_ENUM(State)

    explicit VerificationRunner(QObject *parent = nullptr);
    ~VerificationRunner() override;

    void start(std::shared_ptr<const carton::Carton> carton, const carton::VerifyOptions &options = {});
    void cancel();

    State state() const { return m_state; }
    bool isRunning() const { return m_state == State::Running; }
    qint64 bytesDone() const { return m_done; }
    qint64 bytesTotal() const { return m_total; }
    // The file the running job last worked on (hashing it, or fetching it from
    // LINKS); empty when none runs.
    QString currentFile() const { return m_state == State::Running ? m_currentFile : QString(); }
    // Milliseconds since the running job started (0 when none runs).
    qint64 elapsedMs() const { return m_state == State::Running && m_clock.isValid() ? m_clock.elapsed() : 0; }
    // Valid once finished (or cancelled: the files checked so far).
    const carton::VerifyReport &report() const { return m_report; }
    // Files that are neither Ok, Linked nor Unverified (left by a cancel) in the report.
    int failedCount() const;

signals:
    void started();
    void progressChanged(qint64 done, qint64 total);
    void fileChecked(const carton::FileCheck &check);
    void finished(const carton::VerifyReport &report);
    void stateChanged(studio::VerificationRunner::State state);

private:
    LatestJob *m_jobs;
    State m_state = State::Idle;
    qint64 m_done = 0;
    qint64 m_total = 0;
    QString m_currentFile;
    QElapsedTimer m_clock;
    carton::VerifyReport m_report;
};

int failedFileCount(const carton::VerifyReport &report);

} // namespace studio
