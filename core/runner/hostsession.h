// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "runner/framedprocess.h"
#include "runner/memoryfile.h"
#include "runner/modelinspection.h"
#include "runner/pidscgroup.h"
#include "runner/runnersession.h"

#include <QJsonObject>
#include <chrono>
#include <memory>
#include <vector>

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
        bool sharedMemory = true; // big tensors through /dev/shm files (SharedTensorFiles) where available; never
                                  // sandboxed (the pipe then: no folder of the machine is writable inside)
        // The host runs inside the Sandbox (bubblewrap); when none can be made the
        // session does not start. False only when the user opted out (noSandboxReason says how).
        bool sandbox = true;
        QString noSandboxReason;
        bool network = false;    // the sandbox shares the network (kserve)
        quint16 networkPort = 0; // ... and TCP goes to this port only (where Landlock can scope it)
        int maxProcesses = 256;  // processes and threads in the sandbox
        qint64 scratchLimit = SandboxPolicy::kDefaultScratchLimit; // bytes of the sandbox's /tmp; 0: tmpfs default
        qint64 cpuSeconds = 0;                                     // RLIMIT_CPU of each process of the host; 0: none
        QStringList readOnlyPaths; // more paths the host reads; the carton, host and plugin are added
        QStringList writablePaths; // paths the sandboxed host may write (RunOptions::writablePaths)
    };

    // Starts the host and loads the model; fails with the host's reason.
    // A load failure's message ends with whether the host ran sandboxed
    // ("the runner host ran sandboxed (bubblewrap 0.8.0)"); *sandbox gets the
    // same, for success and failure.
    static Result<std::unique_ptr<HostSession>> open(const Params &params, Progress *progress = nullptr,
                                                     SandboxInfo *sandbox = nullptr);
    // Starts a host that loads the model without running it ("inspect"), returns
    // what the plugin says about it and ends the host: sandboxed as open() is.
    // The plugin's ErrorCode::Unsupported when it cannot inspect. *log gets the
    // host's stderr.
    static Result<ModelInspection> inspect(const Params &params, QString *log = nullptr, Progress *progress = nullptr);
    ~HostSession() override;

    Result<TensorMap> infer(const TensorMap &inputs, Progress *progress = nullptr) override;
    QString log() const override;
    std::chrono::nanoseconds loadTime() const override { return m_loadTime; }
    SandboxInfo sandbox() const override { return m_sandboxInfo; }
    std::optional<std::chrono::nanoseconds> lastModelTime() const override { return m_lastModelTime; }
    std::optional<qint64> peakRssBytes() const override { return m_peakRss; }

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
    // Starts the host and sends it the first request ("load" or "inspect"); its reply.
    Result<wire::Frame> startWith(const QString &requestType, Progress *progress);
    QString sharedMemoryDirectory() const;
    // Removes the session's shared-memory files (the host died, was killed or ended).
    void removeSharedFiles() const;
    // The host's command: bubblewrap around it when sandboxed.
    Status prepareCommand(FramedProcess::Options &o, QString &cartonPath);
    // Ends what a run of the host left: processes in its cgroup, its scratch folder.
    void cleanUpRun();
    // "[carton] ..." when the sandbox refused forks during the last exchange.
    QString processLimitNote();
    // `error`, with the process-limit note when the sandbox refused forks and
    // the scratch note when a write failed for want of space in the sandbox's
    // capped /tmp.
    Error withSandboxLimits(Error error);

    Params m_params;
    FramedProcess m_process;
    std::chrono::nanoseconds m_loadTime{0};
    QString m_sharedMemoryTag;
    SandboxInfo m_sandboxInfo;
    std::vector<MemoryFile> m_sandboxFiles; // read by bubblewrap as it starts
    std::unique_ptr<PidsCgroup> m_cgroup;
    qint64 m_refusedForks = 0;
    std::optional<std::chrono::nanoseconds> m_lastModelTime; // the reply's "model_ns"
    std::optional<qint64> m_peakRss;                         // the reply's "peak_rss_bytes"
};

} // namespace carton
