// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "runner/memoryfile.h"

#include <QJsonObject>
#include <QProcessEnvironment>
#include <QStringList>
#include <vector>

namespace carton {

// How a runner host was (or was not) confined: for every report.
struct CARTONCORE_EXPORT SandboxInfo {
    bool sandboxed = false;
    QString mechanism;       // "bubblewrap 0.8.0"; empty when not sandboxed
    QStringList confinement; // one line per boundary: "no network", "no view of your files", ...
    QString reason;          // why the run was not sandboxed ("--no-sandbox was given")

    // "sandboxed (bubblewrap 0.8.0): no network, ..." or "NOT sandboxed: <reason>".
    QString summary() const;
    // "sandboxed (bubblewrap 0.8.0)" or "NOT sandboxed: <reason>": one line for an error.
    QString brief() const;
    QJsonObject toJson() const;
};

// What one sandboxed runner host may see and do.
struct SandboxPolicy {
    QStringList readOnlyPaths; // bound read-only at the same path: the host, its libraries, the plugin, the carton
    QStringList writablePaths; // bound writable at the same path (none in a normal run)
    // The scratch space (/tmp, also HOME) and /dev/shm: private tmpfs of at most
    // this many bytes each, gone with the run; 0: the kernel's default size (half
    // the memory).
    qint64 scratchLimit = kDefaultScratchLimit;
    static constexpr qint64 kDefaultScratchLimit = qint64(2) << 30;
    bool network = false;    // share the network (the kserve plugin talks to its server); else none at all
    quint16 networkPort = 0; // with network: the one TCP port (any address) the host may connect to (0: not scoped)
    int maxProcesses = 256;  // processes and threads of the sandbox, the host included
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment(); // filtered by wrap()
};

// The runner host's sandbox on Linux: bubblewrap (`bwrap`, Debian's package, the
// sandbox Flatpak uses) puts the host into new user, pid, network, ipc, uts and
// cgroup namespaces with every capability dropped and a seccomp filter
// (SeccompFilter: no keyrings, ptrace, mounts, namespaces, TIOCSTI...). It sees
// the system's /usr and a few files of /etc read-only (a made-up /etc/passwd
// and /etc/group naming the user alone), its own executable, libraries, plugin
// and the carton read-only at their paths, a private size-capped tmpfs as /tmp,
// a private /dev/shm, a fresh /proc of its own pid namespace and nothing of the
// user's home or other processes; it dies with the app, and when its first
// process ends the kernel kills every other process of the namespace, so
// nothing a model started survives the run. Resource limits (address space, CPU
// time, process count) are set by the host itself (carton-runner-host
// --max-processes, --cpu-seconds) and, for root, whose process count no rlimit
// bounds, by a pids cgroup (PidsCgroup).
class CARTONCORE_EXPORT Sandbox final {
public:
    // The bubblewrap that works on this machine: found on PATH ($CARTON_BWRAP
    // overrides), and a trial run of `true` in the namespaces succeeded (user
    // namespaces can be disabled). Probed once per process. The error says why no
    // sandbox can be made; callers then refuse to run code unless the user opted out.
    static Result<QString> availableVersion();
    // The program and arguments that run `program arguments` inside the sandbox.
    // `files` are read by bubblewrap at start (the seccomp program, /etc/passwd,
    // /etc/group): keep them open until the process started and pass their
    // descriptors as FramedProcess::Options::inheritedDescriptors.
    struct Command {
        QString program;
        QStringList arguments;
        QProcessEnvironment environment;
        SandboxInfo info;
        std::vector<MemoryFile> files;
        QList<int> descriptors() const;
    };
    static Result<Command> wrap(const QString &program, const QStringList &arguments, const SandboxPolicy &policy);
    // The environment the sandbox passes on: locale, PATH (system folders only),
    // sanitizer options, thread counts and CARTON_* test hooks; nothing that
    // names the user's folders. HOME and TMPDIR are the scratch folder (/tmp).
    static QProcessEnvironment filteredEnvironment(const QProcessEnvironment &from);
};

} // namespace carton
