// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QByteArray>
#include <QString>
#include <memory>

namespace carton {

// A pids cgroup that bounds how many processes and threads a sandboxed runner
// host and everything it starts may have. Needed for root only: the kernel
// exempts root from RLIMIT_NPROC (even inside a user namespace, where root is
// still the same user), so the host's own limit does not hold there. Made
// under cgroup v1's pids hierarchy or cgroup v2 where root may create groups;
// a process joins it between fork and exec (FramedProcess::Options::cgroupProcsFile).
// The destructor kills whatever is left in it and removes it.
class CARTONCORE_EXPORT PidsCgroup final {
public:
    // A new group named for `tag` with pids.max = maxProcesses, or null when
    // this process is not root or no pids controller can be used.
    static std::unique_ptr<PidsCgroup> create(const QString &tag, int maxProcesses);
    ~PidsCgroup();
    PidsCgroup(const PidsCgroup &) = delete;
    PidsCgroup &operator=(const PidsCgroup &) = delete;

    // The cgroup.procs file a process writes "0" to, to join.
    QByteArray procsFile() const { return m_procs; }
    // How many forks the limit refused so far (pids.events "max").
    qint64 refusedForks() const;
    // Kills every process left in the group (SIGKILL).
    void killAll() const;

private:
    explicit PidsCgroup(QString path);
    QString m_path;
    QByteArray m_procs;
};

} // namespace carton
