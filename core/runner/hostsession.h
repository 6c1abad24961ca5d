// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "runner/framedprocess.h"
#include "runner/runnersession.h"

#include <QJsonObject>
#include <chrono>
#include <memory>

namespace carton {

// A RunnerSession over a `carton-runner-host` process that loaded one plugin and
// one model. The model is loaded once; after the host dies (crash, signal,
// timeout, cancel) that inference fails with the reason and the next infer()
// starts a new host and loads the model again (noted in log()), so one bad input
// does not fail every later test. Blocking; use it from the thread that opened it.
class CARTONCORE_EXPORT HostSession final : public RunnerSession {
public:
    struct Params {
        QString hostExecutable;
        QString pluginPath;
        QString cartonPath;
        QJsonObject options; // resolved runner options
        std::chrono::milliseconds loadTimeout{std::chrono::minutes(5)};
        std::chrono::milliseconds inferTimeout{std::chrono::minutes(2)};
        qint64 addressSpaceLimit = 0; // bytes, 0: none
        qint64 maxLogBytes = 64 * 1024;
        bool sharedMemory = true; // big tensors through /dev/shm files (SharedTensorFiles) where available
    };

    // Starts the host and loads the model; fails with the host's reason.
    static Result<std::unique_ptr<HostSession>> open(const Params &params, Progress *progress = nullptr);
    ~HostSession() override;

    Result<TensorMap> infer(const TensorMap &inputs, Progress *progress = nullptr) override;
    QString log() const override;
    std::chrono::nanoseconds loadTime() const override { return m_loadTime; }

    // Adds a line to log() (warnings found while choosing the runner).
    void addNote(const QString &note) { m_process.appendLog(note); }
    // Ends the host now (closing its stdin, then killing it after a grace period);
    // no shared-memory file of the session is left behind.
    void close();
    // The session's shared-memory tag (SharedTensorFiles), for tests.
    const QString &sharedMemoryTag() const { return m_sharedMemoryTag; }

private:
    explicit HostSession(Params params);
    Status startAndLoad(Progress *progress);
    QString sharedMemoryDirectory() const;
    // Removes the session's shared-memory files (the host died, was killed or ended).
    void removeSharedFiles() const;

    Params m_params;
    FramedProcess m_process;
    std::chrono::nanoseconds m_loadTime{0};
    QString m_sharedMemoryTag;
};

} // namespace carton
