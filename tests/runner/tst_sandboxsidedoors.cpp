// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The sandbox's side doors, tried by real models (python-runner cartons written
// in code): the kernel keyring, ptrace, TIOCSTI and the rest of the seccomp
// filter's calls, a scratch space written past its cap, and the machine's
// accounts in /etc/passwd. Each denial is also tried without the sandbox, to
// show the test would see the door open. As root the same tests run again as
// the unprivileged user "nobody" (uid 65534: this binary, re-run with setuid in
// the child), since a desktop user meets the sandbox unprivileged.

#include "runner/hostsession.h"
#include "runnertestutil.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTest>
#include <grp.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

const QByteArray kModel = R"(import ctypes, errno, fcntl, os, signal, time
import numpy as np

libc = ctypes.CDLL(None, use_errno=True)

def call(nr, *args):
    conv = [a if isinstance(a, (bytes, ctypes.Array)) else ctypes.c_long(a) for a in args]
    ctypes.set_errno(0)
    r = libc.syscall(ctypes.c_long(nr), *conv)
    return r, (ctypes.get_errno() if r == -1 else 0)

# x86-64 system call numbers (the test runs there only).
SYS = dict(keyctl=250, add_key=248, request_key=249, ptrace=101, perf_event_open=298, userfaultfd=323,
           personality=135, kexec_load=246, kexec_file_load=320, bpf=321, mount=165, umount2=166,
           unshare=272, setns=308, clone=56, ioctl=16)
TIOCSTI = 0x5412
TIOCLINUX = 0x541C

def errnos():
    # Arguments that fail harmlessly (EINVAL, EFAULT, ENOTTY...) where the call is allowed.
    out = {}
    out["keyctl"] = call(SYS["keyctl"], 0, -3, 0)[1]  # KEYCTL_GET_KEYRING_ID of the session keyring
    out["add_key"] = call(SYS["add_key"], b"user", b"", b"x", 1, -4)[1]
    out["request_key"] = call(SYS["request_key"], b"user", b"", 0, 0)[1]
    out["ptrace"] = call(SYS["ptrace"], 16, 0x7ffffff0, 0, 0)[1]  # PTRACE_ATTACH to no process
    out["perf_event_open"] = call(SYS["perf_event_open"], 0, 0, -1, -1, 0)[1]
    out["userfaultfd"] = call(SYS["userfaultfd"], 0xffff)[1]
    old, e = call(SYS["personality"], 0x0040000)  # ADDR_NO_RANDOMIZE
    out["personality"] = e
    if e == 0:
        call(SYS["personality"], old)
    out["kexec_load"] = call(SYS["kexec_load"], 0, 0, 0, 0)[1]
    out["kexec_file_load"] = call(SYS["kexec_file_load"], -1, -1, 0, 0, 0)[1]
    out["bpf"] = call(SYS["bpf"], 9999, 0, 0)[1]
    out["mount"] = call(SYS["mount"], 0, 0, 0, 0, 0)[1]
    out["umount2"] = call(SYS["umount2"], b"", 0)[1]
    out["unshare"] = call(SYS["unshare"], 0x7fffffff)[1]
    out["setns"] = call(SYS["setns"], -1, 0)[1]
    out["clone_newuser"] = call(SYS["clone"], 0x10000000 | 0x200, 0, 0, 0, 0)[1]  # CLONE_NEWUSER|CLONE_FS: EINVAL
    out["clone_newnet"] = call(SYS["clone"], 0x40000000 | 0x10000, 0, 0, 0, 0)[1]  # CLONE_NEWNET|CLONE_THREAD: EINVAL
    fd = os.open("/dev/null", os.O_RDONLY)
    c = ctypes.create_string_buffer(b"x")
    out["ioctl_tiocsti"] = call(SYS["ioctl"], fd, TIOCSTI, c)[1]
    out["ioctl_tiocsti_high"] = call(SYS["ioctl"], fd, (1 << 32) | TIOCSTI, c)[1]
    out["ioctl_tioclinux"] = call(SYS["ioctl"], fd, TIOCLINUX, c)[1]
    os.close(fd)
    r, w = os.pipe()
    out["ioctl_fionread"] = call(SYS["ioctl"], r, 0x541B, ctypes.create_string_buffer(8))[1]  # allowed
    os.close(r)
    os.close(w)
    return " ".join("%s=%d" % kv for kv in sorted(out.items()))

class Model:
    def __init__(self, action, target=""):
        self.action = action
        self.target = target

    def infer_with_tensors(self, tensors):
        a, t = self.action, self.target
        if a == "errnos":
            result = errnos()
        elif a == "keyring":
            # The attack of the report: search the user's keyring for a key, read it.
            kid, e = call(SYS["keyctl"], 10, -4, b"user", t.encode(), 0)  # KEYCTL_SEARCH
            if kid < 0:
                raise OSError(e, "keyctl search: " + os.strerror(e))
            buf = ctypes.create_string_buffer(256)
            n, e = call(SYS["keyctl"], 11, kid, buf, 256)  # KEYCTL_READ
            if n < 0:
                raise OSError(e, "keyctl read: " + os.strerror(e))
            result = buf.raw[:n].decode()
        elif a == "ptrace":
            # Attach to a child of its own: what a debugger (or a model spying on a helper) does.
            pid = os.fork()
            if pid == 0:
                time.sleep(30)
                os._exit(0)
            r, e = call(SYS["ptrace"], 16, pid, 0, 0)
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            if r < 0:
                raise OSError(e, "ptrace attach: " + os.strerror(e))
            result = "attached"
        elif a == "fill" or a == "fillshm":
            with open("/tmp/fill.bin" if a == "fill" else "/dev/shm/fill.bin", "wb") as f:
                block = b"\x5a" * (1 << 20)
                for i in range(int(t)):
                    f.write(block)
            result = "wrote %s MiB" % t
        elif a == "accounts":
            with open("/etc/passwd") as f:
                passwd = f.read()
            with open("/etc/group") as f:
                group = f.read()
            result = passwd + "--\n" + group
        return {"y": np.array(result)}

def get_model(action, target=""):
    return Model(action, target)
)";

// "name=errno ..." as a map.
QMap<QString, int> parseErrnos(const QString &text)
{
    QMap<QString, int> out;
    for (const QString &pair : text.split(u' ', Qt::SkipEmptyParts)) {
        const qsizetype eq = pair.indexOf(u'=');
        out.insert(pair.left(eq), pair.mid(eq + 1).toInt());
    }
    return out;
}

QString uniqueDigits()
{
    return QString::number(QRandomGenerator::global()->bounded(100000000u, 999999999u));
}

} // namespace

class TestSandboxSideDoors : public QObject {
    Q_OBJECT

private:
    Result<TensorMap> run(const QString &action, const QString &target, bool sandboxed = true,
                          qint64 scratchLimit = SandboxPolicy::kDefaultScratchLimit, SandboxInfo *info = nullptr);
    QString text(const Result<TensorMap> &out) const
    {
        return out ? out->value(u"y"_s).stringValues().value(0) : out.error().toString();
    }

private Q_SLOTS:
    void initTestCase();
    void seccompDeniesEveryListedCall();
    void keyringCannotBeRead();
    void ptraceIsDenied();
    void scratchSpaceIsCapped();
    void sharedMemoryIsCapped();
    void accountsAreMadeUp();
    void reportNamesTheFilterAndTheCap();
    void deniedAsAnUnprivilegedUser();
};

void TestSandboxSideDoors::initTestCase()
{
#if !defined(__x86_64__)
    QSKIP("the model's system call numbers are x86-64's");
#endif
    const Result<QString> version = Sandbox::availableVersion();
    QVERIFY2(version.ok(), version.ok() ? "" : qPrintable(version.error().toString()));
}

Result<TensorMap> TestSandboxSideDoors::run(const QString &action, const QString &target, bool sandboxed,
                                            qint64 scratchLimit, SandboxInfo *info)
{
    RunOptions options = runnertest::runOptions();
    options.sandbox = sandboxed;
    options.scratchLimit = scratchLimit;
    options.inferTimeout = std::chrono::seconds(60);
    return runnertest::runAttack(kModel, action, target, options, info);
}

void TestSandboxSideDoors::seccompDeniesEveryListedCall()
{
    Result<TensorMap> out = run(u"errnos"_s, {});
    QVERIFY2(out.ok(), qPrintable(text(out)));
    const QMap<QString, int> inside = parseErrnos(text(out));
    const QStringList denied = {u"keyctl"_s,          u"add_key"_s,
                                u"request_key"_s,     u"ptrace"_s,
                                u"perf_event_open"_s, u"userfaultfd"_s,
                                u"personality"_s,     u"kexec_load"_s,
                                u"kexec_file_load"_s, u"bpf"_s,
                                u"mount"_s,           u"umount2"_s,
                                u"unshare"_s,         u"setns"_s,
                                u"clone_newuser"_s,   u"clone_newnet"_s,
                                u"ioctl_tiocsti"_s,   u"ioctl_tiocsti_high"_s,
                                u"ioctl_tioclinux"_s};
    for (const QString &name : denied)
        QVERIFY2(inside.value(name, -1) == EPERM,
                 qPrintable(u"%1 inside the sandbox: errno %2, expected EPERM; all: %3"_s.arg(name)
                                .arg(inside.value(name, -1))
                                .arg(text(out))));
    // An ordinary ioctl still works.
    QCOMPARE(inside.value(u"ioctl_fionread"_s, -1), 0);
    // Without the sandbox these calls fail for their arguments, not for a filter:
    // the test sees the difference. (mount, umount2, kexec and bpf need privileges
    // an unprivileged user lacks anyway, so only as root are they compared.)
    out = run(u"errnos"_s, {}, false);
    QVERIFY2(out.ok(), qPrintable(text(out)));
    const QMap<QString, int> outside = parseErrnos(text(out));
    QStringList compared = {u"keyctl"_s,       u"add_key"_s,       u"ptrace"_s,         u"perf_event_open"_s,
                            u"personality"_s,  u"unshare"_s,       u"setns"_s,          u"clone_newuser"_s,
                            u"clone_newnet"_s, u"ioctl_tiocsti"_s, u"ioctl_tioclinux"_s};
    if (::geteuid() == 0)
        compared << u"mount"_s << u"umount2"_s << u"bpf"_s << u"kexec_load"_s;
    for (const QString &name : std::as_const(compared))
        QVERIFY2(
            outside.value(name, -1) != EPERM,
            qPrintable(
                u"%1 without the sandbox: errno %2; all: %3"_s.arg(name).arg(outside.value(name, -1)).arg(text(out))));
    QCOMPARE(outside.value(u"ioctl_tiocsti"_s), ENOTTY);
}

void TestSandboxSideDoors::keyringCannotBeRead()
{
    // A secret in the user's keyring, as a desktop's secret service or kinit leaves one.
    const QByteArray description = "carton-secret-" + uniqueDigits().toUtf8();
    const QByteArray secret = "hunter2-" + uniqueDigits().toUtf8();
    const long key = ::syscall(SYS_add_key, "user", description.constData(), secret.constData(), size_t(secret.size()),
                               -4 /* KEY_SPEC_USER_KEYRING */);
    if (key < 0)
        QSKIP(qPrintable(
            u"this machine refuses add_key (%1): no keyring to attack"_s.arg(QString::fromLocal8Bit(strerror(errno)))));
    Result<TensorMap> out = run(u"keyring"_s, QString::fromUtf8(description));
    const QString inside = text(out);
    // Without the sandbox the model reads it back: the attack works.
    Result<TensorMap> outside = run(u"keyring"_s, QString::fromUtf8(description), false);
    ::syscall(SYS_keyctl, 21 /* KEYCTL_INVALIDATE */, key);
    QVERIFY2(!out.ok(), qPrintable(inside));
    QVERIFY2(inside.contains(u"keyctl search: Operation not permitted"_s), qPrintable(inside));
    QVERIFY(!inside.contains(QString::fromUtf8(secret)));
    QVERIFY2(outside.ok(), qPrintable(text(outside)));
    QCOMPARE(text(outside), QString::fromUtf8(secret));
}

void TestSandboxSideDoors::ptraceIsDenied()
{
    Result<TensorMap> out = run(u"ptrace"_s, {});
    QVERIFY(!out.ok());
    QVERIFY2(text(out).contains(u"ptrace attach: Operation not permitted"_s), qPrintable(text(out)));
    out = run(u"ptrace"_s, {}, false);
    QVERIFY2(out.ok(), qPrintable(text(out)));
    QCOMPARE(text(out), u"attached"_s);
}

void TestSandboxSideDoors::scratchSpaceIsCapped()
{
    // 16 MiB cap, 32 MiB written: the write fails and the report names the cap.
    Result<TensorMap> out = run(u"fill"_s, u"32"_s, true, qint64(16) << 20);
    QVERIFY(!out.ok());
    QVERIFY2(text(out).contains(u"No space left on device"_s), qPrintable(text(out)));
    QVERIFY2(text(out).contains(u"scratch space full: the sandbox's /tmp holds at most 16.0 MiB"_s),
             qPrintable(text(out)));
    // Under the cap it succeeds, and nothing reaches the machine's /tmp.
    out = run(u"fill"_s, u"8"_s, true, qint64(16) << 20);
    QVERIFY2(out.ok(), qPrintable(text(out)));
    QCOMPARE(text(out), u"wrote 8 MiB"_s);
}

void TestSandboxSideDoors::sharedMemoryIsCapped()
{
    // /dev/shm is the other writable tmpfs inside (bubblewrap's /dev holds half the
    // memory): the same cap, and no file reaches the machine's /dev/shm.
    const auto machineShm = [] { return QDir(u"/dev/shm"_s).entryList({u"fill.bin"_s}, QDir::Files | QDir::System); };
    QVERIFY(machineShm().isEmpty());
    Result<TensorMap> out = run(u"fillshm"_s, u"32"_s, true, qint64(16) << 20);
    QVERIFY(!out.ok());
    QVERIFY2(text(out).contains(u"No space left on device"_s), qPrintable(text(out)));
    QVERIFY2(text(out).contains(u"holds at most 16.0 MiB, and so does its /dev/shm"_s), qPrintable(text(out)));
    out = run(u"fillshm"_s, u"8"_s, true, qint64(16) << 20);
    QVERIFY2(out.ok(), qPrintable(text(out)));
    QCOMPARE(text(out), u"wrote 8 MiB"_s);
    QVERIFY(machineShm().isEmpty());
}

void TestSandboxSideDoors::accountsAreMadeUp()
{
    Result<TensorMap> out = run(u"accounts"_s, {});
    QVERIFY2(out.ok(), qPrintable(text(out)));
    const QStringList parts = text(out).split(u"--\n"_s);
    QCOMPARE(parts.size(), 2);
    const QStringList users = parts[0].split(u'\n', Qt::SkipEmptyParts);
    const QStringList groups = parts[1].split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(users.size(), 1);
    QCOMPARE(groups.size(), 1);
    const QStringList user = users[0].split(u':');
    QCOMPARE(user.size(), 7);
    QCOMPARE(user[2], QString::number(::getuid()));
    QCOMPARE(user[3], QString::number(::getgid()));
    QCOMPARE(user[5], u"/tmp"_s);
    QCOMPARE(groups[0].split(u':').value(2), QString::number(::getgid()));
    // The machine's own file has more accounts (Debian's base system alone has ~20).
    QFile host(u"/etc/passwd"_s);
    QVERIFY(host.open(QIODevice::ReadOnly));
    QVERIFY(host.readAll().count('\n') > 1);
}

void TestSandboxSideDoors::reportNamesTheFilterAndTheCap()
{
    SandboxInfo info;
    Result<TensorMap> out = run(u"errnos"_s, {}, true, SandboxPolicy::kDefaultScratchLimit, &info);
    QVERIFY2(out.ok(), qPrintable(text(out)));
    QVERIFY(info.sandboxed);
    const QString summary = info.summary();
    QVERIFY2(summary.contains(u"system calls denied (seccomp): keyctl"_s), qPrintable(summary));
    QVERIFY2(summary.contains(u"ioctl TIOCSTI/TIOCLINUX"_s), qPrintable(summary));
    QVERIFY2(summary.contains(u"scratch space of at most 2.0 GiB"_s), qPrintable(summary));
    QVERIFY2(summary.contains(u"/etc/passwd and /etc/group name only you"_s), qPrintable(summary));
}

// Root runs the tests above again as "nobody"; an unprivileged run has done so already.
void TestSandboxSideDoors::deniedAsAnUnprivilegedUser()
{
    if (::geteuid() != 0)
        QSKIP("running unprivileged already: the tests above were the unprivileged run");
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOME"_s, u"/tmp"_s);
    env.insert(u"XDG_DATA_HOME"_s, u"/tmp"_s);
    env.remove(u"XDG_RUNTIME_DIR"_s);
    child.setProcessEnvironment(env);
    child.setWorkingDirectory(u"/tmp"_s);
    child.setChildProcessModifier([] {
        if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0)
            ::_exit(99);
    });
    child.setProcessChannelMode(QProcess::MergedChannels);
    child.start(QCoreApplication::applicationFilePath(),
                {u"seccompDeniesEveryListedCall"_s, u"keyringCannotBeRead"_s, u"ptraceIsDenied"_s,
                 u"scratchSpaceIsCapped"_s, u"sharedMemoryIsCapped"_s, u"accountsAreMadeUp"_s,
                 u"reportNamesTheFilterAndTheCap"_s});
    QVERIFY(child.waitForFinished(300'000));
    const QByteArray output = child.readAll();
    QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0, output.constData());
    // Each test ran (none skipped) as uid 65534.
    QVERIFY2(output.contains("Totals: 9 passed, 0 failed, 0 skipped"), output.constData());
}

QTEST_GUILESS_MAIN(TestSandboxSideDoors)
#include "tst_sandboxsidedoors.moc"
