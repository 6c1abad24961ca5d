// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "seccompfilter.h"

#include <mutex>

#ifdef Q_OS_LINUX
#include <cerrno>
#include <cstring>
#include <sched.h>
#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <unistd.h>
#endif

namespace carton {

namespace {

#ifdef Q_OS_LINUX
// Calls answered EPERM whatever their arguments.
const char *const kDenied[] = {"keyctl",         "add_key",    "request_key",     "ptrace",        "perf_event_open",
                               "userfaultfd",    "kexec_load", "kexec_file_load", "bpf",           "mount",
                               "umount",         "umount2",    "pivot_root",      "chroot",        "unshare",
                               "setns",          "open_tree",  "move_mount",      "fsopen",        "fsconfig",
                               "fsmount",        "fspick",     "mount_setattr",   "syslog",        "uselib",
                               "acct",           "quotactl",   "init_module",     "finit_module",  "delete_module",
                               "lookup_dcookie", "vm86",       "vm86old",         "nfsservctl",    "swapon",
                               "swapoff",        "reboot",     "settimeofday",    "clock_settime", "clock_adjtime",
                               "adjtimex"};

// The namespace flags of clone (CLONE_NEWTIME is 0x80, not in every header).
constexpr unsigned long kNamespaceFlags[] = {CLONE_NEWNS,  CLONE_NEWUTS, CLONE_NEWIPC,    CLONE_NEWUSER,
                                             CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWCGROUP, 0x80UL};

// RAII for a libseccomp context.
struct Context {
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    ~Context()
    {
        if (ctx)
            seccomp_release(ctx);
    }
};

// A comparison of argument `arg` (libseccomp's SCMP_A0... macros are C compound literals).
scmp_arg_cmp compare(unsigned arg, scmp_compare op, scmp_datum_t a, scmp_datum_t b = 0)
{
    scmp_arg_cmp c{};
    c.arg = arg;
    c.op = op;
    c.datum_a = a;
    c.datum_b = b;
    return c;
}

Error failed(const QString &what, int rc)
{
    return makeError(ErrorCode::Unsupported, QStringLiteral("cannot build the sandbox's seccomp filter: %1: %2")
                                                 .arg(what, QString::fromLocal8Bit(std::strerror(-rc))));
}

// A call unknown to this architecture (vm86 on x86-64) is skipped: it cannot be made.
int addRule(scmp_filter_ctx ctx, int errnoValue, const char *name, unsigned count = 0,
            const scmp_arg_cmp *args = nullptr)
{
    const int nr = seccomp_syscall_resolve_name(name);
    if (nr == __NR_SCMP_ERROR)
        return 0;
    const int rc = seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO(uint16_t(errnoValue)), nr, count, args);
    // -EDOM: the call does not exist on one of the filter's architectures.
    return rc == -EDOM ? 0 : rc;
}

Result<QByteArray> build()
{
    Context c;
    if (!c.ctx)
        return makeError(ErrorCode::Unsupported, QStringLiteral("cannot build the sandbox's seccomp filter: "
                                                                "libseccomp has no context for this machine"));
#if defined(__x86_64__)
    // The 32-bit and x32 system call tables reach the same kernel: filter them too.
    for (const uint32_t arch : {uint32_t(SCMP_ARCH_X86), uint32_t(SCMP_ARCH_X32)}) {
        const int rc = seccomp_arch_add(c.ctx, arch);
        if (rc != 0 && rc != -EEXIST)
            return failed(QStringLiteral("adding the 32-bit architectures"), rc);
    }
#endif
    for (const char *name : kDenied) {
        if (const int rc = addRule(c.ctx, EPERM, name); rc != 0)
            return failed(QString::fromLatin1(name), rc);
    }
    // personality: only the plain Linux personality (and the query) are allowed.
    {
        const scmp_arg_cmp args[] = {compare(0, SCMP_CMP_NE, PER_LINUX), compare(0, SCMP_CMP_NE, 0xffffffffUL)};
        if (const int rc = addRule(c.ctx, EPERM, "personality", 2, args); rc != 0) {
            // Older libseccomp refuses two comparisons of one argument: then only PER_LINUX.
            if (const int rc2 = addRule(c.ctx, EPERM, "personality", 1, args); rc2 != 0)
                return failed(QStringLiteral("personality"), rc2);
        }
    }
    // clone with any namespace flag (its first argument on every architecture but s390).
    for (const unsigned long flag : kNamespaceFlags) {
        const scmp_arg_cmp arg = compare(0, SCMP_CMP_MASKED_EQ, flag, flag);
        if (const int rc = addRule(c.ctx, EPERM, "clone", 1, &arg); rc != 0)
            return failed(QStringLiteral("clone"), rc);
    }
    if (const int rc = addRule(c.ctx, ENOSYS, "clone3"); rc != 0)
        return failed(QStringLiteral("clone3"), rc);
    // The request of ioctl is an int: compare its low 32 bits only.
    for (const unsigned long request : {(unsigned long)TIOCSTI, (unsigned long)TIOCLINUX}) {
        const scmp_arg_cmp arg = compare(1, SCMP_CMP_MASKED_EQ, 0xffffffffUL, request);
        if (const int rc = addRule(c.ctx, EPERM, "ioctl", 1, &arg); rc != 0)
            return failed(QStringLiteral("ioctl"), rc);
    }
    // Export through a memory file: libseccomp writes to a descriptor.
    const int fd = ::memfd_create("carton-seccomp", MFD_CLOEXEC);
    if (fd < 0)
        return failed(QStringLiteral("memfd_create"), -errno);
    QByteArray bytes;
    int rc = seccomp_export_bpf(c.ctx, fd);
    if (rc == 0) {
        const off_t size = ::lseek(fd, 0, SEEK_END);
        bytes.resize(qsizetype(size > 0 ? size : 0));
        if (size <= 0 || ::pread(fd, bytes.data(), size_t(size), 0) != size)
            rc = -EIO;
    }
    ::close(fd);
    if (rc != 0)
        return failed(QStringLiteral("exporting the program"), rc);
    return bytes;
}
#endif

} // namespace

Result<QByteArray> SeccompFilter::program()
{
#ifdef Q_OS_LINUX
    static std::once_flag once;
    static Result<QByteArray> result = QByteArray();
    std::call_once(once, [] { result = build(); });
    return result;
#else
    return makeError(ErrorCode::Unsupported, QStringLiteral("seccomp filters exist on Linux only"));
#endif
}

QStringList SeccompFilter::deniedCalls()
{
    return {QStringLiteral("keyctl"),
            QStringLiteral("add_key"),
            QStringLiteral("request_key"),
            QStringLiteral("ptrace"),
            QStringLiteral("perf_event_open"),
            QStringLiteral("userfaultfd"),
            QStringLiteral("personality changes"),
            QStringLiteral("kexec_*"),
            QStringLiteral("bpf"),
            QStringLiteral("mount/umount"),
            QStringLiteral("unshare/setns"),
            QStringLiteral("clone with namespace flags"),
            QStringLiteral("ioctl TIOCSTI/TIOCLINUX")};
}

} // namespace carton
