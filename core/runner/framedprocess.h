// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "runner/wireframe.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <chrono>
#include <memory>

namespace carton {

class Progress;

// A child process that answers framed messages (wireframe.h) on stdin/stdout: the
// runner host as seen from the app, and the python driver as seen from the host.
// It is the crash boundary: a crash, signal, exit, timeout or a stream that is
// not a message becomes an Error naming it (with the stderr tail), the child is
// killed on timeout and cancel, and stderr is kept as a bounded tail (or passed
// on to our own stderr). Blocking; use it from the thread that created it.
class CARTONCORE_EXPORT FramedProcess final {
public:
    struct Options {
        QString program;
        QStringList arguments;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        QString workingDirectory;
        qint64 addressSpaceLimit = 0; // RLIMIT_AS in the child, bytes; 0: none (Unix only)
        qint64 cpuSeconds = 0;        // RLIMIT_CPU in the child (each of its processes), seconds; 0: none
        QByteArray cgroupProcsFile;   // a cgroup.procs the child joins before exec (PidsCgroup); empty: none
        // Close-on-exec descriptors of this process (Sandbox::Command::files) the
        // child keeps open across exec: only the child, never another fork.
        QList<int> inheritedDescriptors;
        // The program is a wrapper (bubblewrap) that exits with 128 + N when its
        // child was killed by signal N: describe that as the signal.
        bool signalInExitCode = false;
        qint64 maxLogBytes = 64 * 1024;
        bool forwardStderr = false;                   // pass the child's stderr on instead of keeping it
        QString what = QStringLiteral("runner host"); // names the child in errors
        wire::WireLimits limits;
    };

    FramedProcess() = default;
    ~FramedProcess();
    FramedProcess(const FramedProcess &) = delete;
    FramedProcess &operator=(const FramedProcess &) = delete;

    Status start(const Options &options);
    // Writes one message and waits for one reply message.
    Result<wire::Frame> exchange(const QList<QByteArray> &chunks, std::chrono::milliseconds timeout,
                                 Progress *progress = nullptr);
    bool isRunning() const;
    // Closes stdin and waits up to `grace` for the child to exit, then kills it.
    void stop(std::chrono::milliseconds grace = std::chrono::milliseconds(2000));
    void kill();

    // The child's stderr tail (and our notes about it); bounded by maxLogBytes.
    QString log() const;
    void appendLog(const QString &note);
    // "exited with code 3", "was killed by signal 11 (SIGSEGV)", for messages.
    QString describeExit() const;

private:
    void drainStderr();
    Error failure(const QString &what) const;

    Options m_options;
    std::unique_ptr<QProcess> m_process;
    QByteArray m_log;
    bool m_logTruncated = false;
};

// "SIGSEGV", "SIGABRT", ... for a signal number ("signal 42" when unknown).
CARTONCORE_EXPORT QString signalName(int signal);

} // namespace carton
