// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <QStringList>

namespace carton {

// The seccomp filter of the runner host's sandbox, modelled on Flatpak's: a
// classic BPF program (built with libseccomp, handed to bubblewrap's --seccomp)
// that answers EPERM to the system calls a model has no business making and
// that reach past the sandbox's namespaces: the kernel keyrings (keyctl,
// add_key, request_key), ptrace, perf_event_open, userfaultfd, personality
// changes, kexec_load/kexec_file_load, bpf, mount and the new mount API,
// umount, pivot_root, chroot, unshare, setns, clone with a namespace flag, and
// the ioctls TIOCSTI (typing into the terminal) and TIOCLINUX. clone3 answers
// ENOSYS as in Flatpak: its flags are in memory a filter cannot read, and the C
// library then falls back to clone, which is filtered. Every other call is
// allowed. On x86-64 the same rules cover the 32-bit (i386) and x32 calls.
class CARTONCORE_EXPORT SeccompFilter final {
public:
    // The program's bytes (struct sock_filter[]), built once per process. The
    // error says why none can be built (no libseccomp support for this
    // architecture); the sandbox then refuses to run.
    static Result<QByteArray> program();
    // The denied calls, for the report ("keyctl", "ptrace", "ioctl TIOCSTI", ...).
    static QStringList deniedCalls();
};

} // namespace carton
