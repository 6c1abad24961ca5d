// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "sandbox.h"

#include "base/humansize.h"
#include "runner/seccompfilter.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QProcess>
#include <QStandardPaths>
#include <algorithm>
#include <grp.h>
#include <mutex>
#include <pwd.h>
#include <unistd.h>

namespace carton {

namespace {

// The system folders every program needs, read-only. /bin, /lib... are symlinks
// into /usr on a merged-/usr system and are recreated as such.
const QStringList kSystemFolders = {QStringLiteral("/usr"),   QStringLiteral("/bin"),   QStringLiteral("/sbin"),
                                    QStringLiteral("/lib"),   QStringLiteral("/lib32"), QStringLiteral("/lib64"),
                                    QStringLiteral("/libx32")};
// Files of /etc a runner needs (the dynamic loader's cache, Debian's
// alternatives for BLAS, time zone, python's site configuration); not
// /etc/shadow, not the machine's other configuration.
const QStringList kEtcFiles = {QStringLiteral("/etc/ld.so.cache"),  QStringLiteral("/etc/ld.so.conf"),
                               QStringLiteral("/etc/ld.so.conf.d"), QStringLiteral("/etc/alternatives"),
                               QStringLiteral("/etc/localtime"),    QStringLiteral("/etc/nsswitch.conf"),
                               QStringLiteral("/etc/mime.types"),   QStringLiteral("/etc/ssl/openssl.cnf")};
// With the network shared (kserve): name resolution and certificates.
const QStringList kNetworkEtcFiles = {QStringLiteral("/etc/resolv.conf"),     QStringLiteral("/etc/hosts"),
                                      QStringLiteral("/etc/host.conf"),       QStringLiteral("/etc/ssl"),
                                      QStringLiteral("/etc/ca-certificates"), QStringLiteral("/etc/gai.conf")};

QString bwrapProgram()
{
    const QString env = qEnvironmentVariable("CARTON_BWRAP");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::findExecutable(QStringLiteral("bwrap"));
}

// --ro-bind or --symlink arguments for the system folders.
QStringList systemArguments()
{
    QStringList args;
    for (const QString &folder : kSystemFolders) {
        const QFileInfo info(folder);
        if (info.isSymLink())
            args << QStringLiteral("--symlink") << info.symLinkTarget() << folder;
        else if (info.isDir())
            args << QStringLiteral("--ro-bind") << folder << folder;
    }
    return args;
}

// Is `path` `folder` or inside it?
bool isWithin(const QString &path, const QString &folder)
{
    return path == folder || path.startsWith(folder.endsWith(u'/') ? folder : QString(folder + u'/'));
}

// The same readable paths, canonical, without those inside another one (or /usr).
QStringList minimalPaths(const QStringList &paths)
{
    QStringList canonical;
    for (const QString &p : paths) {
        const QString c = QFileInfo(p).canonicalFilePath();
        if (!c.isEmpty())
            canonical << c;
    }
    std::sort(canonical.begin(), canonical.end(),
              [](const QString &a, const QString &b) { return a.size() != b.size() ? a.size() < b.size() : a < b; });
    QStringList out;
    for (const QString &c : std::as_const(canonical)) {
        const bool covered = isWithin(c, QStringLiteral("/usr")) ||
                             std::any_of(out.cbegin(), out.cend(), [&](const QString &o) { return isWithin(c, o); });
        if (!covered)
            out << c;
    }
    return out;
}

Result<QString> probe()
{
#ifndef Q_OS_LINUX
    return makeError(ErrorCode::Unsupported,
                     QStringLiteral("this build has no sandbox for the runner host yet (Linux only: bubblewrap)"));
#endif
    const QString bwrap = bwrapProgram();
    if (bwrap.isEmpty())
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("bubblewrap (bwrap) is not installed; install the package \"bubblewrap\""));
    QProcess version;
    version.start(bwrap, {QStringLiteral("--version")});
    if (!version.waitForFinished(10'000) || version.exitStatus() != QProcess::NormalExit || version.exitCode() != 0)
        return makeError(ErrorCode::Io, QStringLiteral("%1 --version failed: %2").arg(bwrap, version.errorString()));
    const QString name = QString::fromUtf8(version.readAllStandardOutput()).trimmed();
    // A trial run in every namespace the host will get: user namespaces may be
    // disabled (kernel.unprivileged_userns_clone=0, a container without them).
    QProcess trial;
    QStringList args = {QStringLiteral("--unshare-all"), QStringLiteral("--die-with-parent"),
                        QStringLiteral("--cap-drop"), QStringLiteral("ALL")};
    args << systemArguments() << QStringLiteral("--") << QStringLiteral("/usr/bin/true");
    trial.start(bwrap, args);
    if (!trial.waitForFinished(10'000) || trial.exitStatus() != QProcess::NormalExit || trial.exitCode() != 0)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("%1 cannot make a sandbox on this machine (%2): %3")
                             .arg(bwrap, name, QString::fromUtf8(trial.readAllStandardError()).trimmed().left(300)));
    return name.isEmpty() ? QStringLiteral("bubblewrap") : name;
}

const QStringList kPassedVariables = {QStringLiteral("LANG"),
                                      QStringLiteral("LANGUAGE"),
                                      QStringLiteral("LC_ALL"),
                                      QStringLiteral("TZ"),
                                      QStringLiteral("ASAN_OPTIONS"),
                                      QStringLiteral("UBSAN_OPTIONS"),
                                      QStringLiteral("LSAN_OPTIONS"),
                                      QStringLiteral("TSAN_OPTIONS"),
                                      QStringLiteral("OMP_NUM_THREADS"),
                                      QStringLiteral("MKL_NUM_THREADS"),
                                      QStringLiteral("OPENBLAS_NUM_THREADS"),
                                      QStringLiteral("OPENBLAS_CORETYPE"),
                                      QStringLiteral("OPENBLAS_L2_SIZE")};

// The made-up /etc/passwd and /etc/group inside (Flatpak's way): the user
// alone, at the uid and gid the sandbox keeps, home /tmp; nothing of the
// machine's other accounts.
QByteArray passwdFile()
{
    const uid_t uid = ::getuid();
    const gid_t gid = ::getgid();
    QByteArray name = uid == 0 ? QByteArrayLiteral("root") : QByteArrayLiteral("user");
    struct passwd pw {};
    struct passwd *found = nullptr;
    char buffer[4096];
    if (::getpwuid_r(uid, &pw, buffer, sizeof buffer, &found) == 0 && found && found->pw_name)
        name = QByteArray(found->pw_name);
    return name + ":x:" + QByteArray::number(uid) + ':' + QByteArray::number(gid) + "::/tmp:/bin/sh\n";
}

QByteArray groupFile()
{
    const gid_t gid = ::getgid();
    QByteArray name = gid == 0 ? QByteArrayLiteral("root") : QByteArrayLiteral("user");
    struct group gr {};
    struct group *found = nullptr;
    char buffer[4096];
    if (::getgrgid_r(gid, &gr, buffer, sizeof buffer, &found) == 0 && found && found->gr_name)
        name = QByteArray(found->gr_name);
    return name + ":x:" + QByteArray::number(gid) + ":\n";
}

} // namespace

QList<int> Sandbox::Command::descriptors() const
{
    QList<int> out;
    for (const MemoryFile &f : files)
        out << f.descriptor();
    return out;
}

QString SandboxInfo::summary() const
{
    if (!sandboxed)
        return QStringLiteral("NOT sandboxed: %1").arg(reason.isEmpty() ? QStringLiteral("no sandbox") : reason);
    return QStringLiteral("sandboxed (%1): %2").arg(mechanism, confinement.join(QStringLiteral("; ")));
}

QString SandboxInfo::brief() const
{
    if (!sandboxed)
        return summary();
    return QStringLiteral("sandboxed (%1)").arg(mechanism);
}

QJsonObject SandboxInfo::toJson() const
{
    QJsonObject o{{QStringLiteral("sandboxed"), sandboxed}};
    if (sandboxed) {
        o.insert(QStringLiteral("mechanism"), mechanism);
        o.insert(QStringLiteral("confinement"), QJsonArray::fromStringList(confinement));
    } else {
        o.insert(QStringLiteral("reason"), reason);
    }
    return o;
}

Result<QString> Sandbox::availableVersion()
{
    static std::once_flag once;
    static Result<QString> result = QString();
    std::call_once(once, [] { result = probe(); });
    return result;
}

QProcessEnvironment Sandbox::filteredEnvironment(const QProcessEnvironment &from)
{
    QProcessEnvironment env;
    for (const QString &key : from.keys()) {
        if (kPassedVariables.contains(key) || key.startsWith(u"LC_") || key.startsWith(u"CARTON_"))
            env.insert(key, from.value(key));
    }
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/local/bin:/usr/bin:/bin"));
    env.insert(QStringLiteral("HOME"), QStringLiteral("/tmp"));
    env.insert(QStringLiteral("TMPDIR"), QStringLiteral("/tmp"));
    return env;
}

Result<Sandbox::Command> Sandbox::wrap(const QString &program, const QStringList &arguments,
                                       const SandboxPolicy &policy)
{
    Result<QString> version = availableVersion();
    if (!version)
        return version.error();
    if (policy.scratchLimit < 0)
        return makeError(ErrorCode::Usage, QStringLiteral("the sandbox's scratch limit cannot be negative"));
    Result<QByteArray> filter = SeccompFilter::program();
    if (!filter)
        return filter.error();
    Command c;
    for (const auto &[name, bytes] : {std::pair{"carton-seccomp", *filter}, std::pair{"carton-passwd", passwdFile()},
                                      std::pair{"carton-group", groupFile()}}) {
        Result<MemoryFile> file = MemoryFile::create(name, bytes);
        if (!file)
            return file.error();
        c.files.push_back(std::move(file).value());
    }
    c.program = bwrapProgram();
    QStringList &a = c.arguments;
    a << QStringLiteral("--unshare-all") << QStringLiteral("--die-with-parent") << QStringLiteral("--new-session")
      << QStringLiteral("--cap-drop") << QStringLiteral("ALL") << QStringLiteral("--hostname")
      << QStringLiteral("carton-sandbox");
    if (policy.network)
        a << QStringLiteral("--share-net");
    a << systemArguments();
    QStringList etc = kEtcFiles;
    if (policy.network)
        etc << kNetworkEtcFiles;
    for (const QString &name : QDir(QStringLiteral("/etc")).entryList({QStringLiteral("python3*")}, QDir::Dirs))
        etc << QStringLiteral("/etc/") + name;
    for (const QString &f : std::as_const(etc))
        a << QStringLiteral("--ro-bind-try") << f << f;
    a << QStringLiteral("--ro-bind-data") << QString::number(c.files[1].descriptor()) << QStringLiteral("/etc/passwd")
      << QStringLiteral("--ro-bind-data") << QString::number(c.files[2].descriptor()) << QStringLiteral("/etc/group");
    a << QStringLiteral("--proc") << QStringLiteral("/proc") << QStringLiteral("--dev") << QStringLiteral("/dev");
    if (policy.scratchLimit > 0)
        a << QStringLiteral("--size") << QString::number(policy.scratchLimit);
    a << QStringLiteral("--tmpfs") << QStringLiteral("/tmp");
    // bubblewrap's /dev is a tmpfs as large as the kernel allows (half the
    // memory), /dev/shm in it writable: the same cap as /tmp, on its own tmpfs.
    // No folder of the machine is bound there (a bind mount cannot be capped).
    if (policy.scratchLimit > 0)
        a << QStringLiteral("--size") << QString::number(policy.scratchLimit);
    a << QStringLiteral("--tmpfs") << QStringLiteral("/dev/shm");
    // Read-only paths come after /tmp: a carton or build tree under /tmp is bound
    // inside the scratch folder's view, at its own path.
    // A sanitizer's suppressions file (the asan and tsan test presets) must be
    // readable inside, or the sanitizer stops the host at start.
    QStringList readOnly = policy.readOnlyPaths;
    for (const QString &name : {QStringLiteral("ASAN_OPTIONS"), QStringLiteral("LSAN_OPTIONS"),
                                QStringLiteral("TSAN_OPTIONS"), QStringLiteral("UBSAN_OPTIONS")}) {
        for (const QString &option : policy.environment.value(name).split(u':', Qt::SkipEmptyParts)) {
            if (option.startsWith(u"suppressions="))
                readOnly << option.mid(13);
        }
    }
    for (const QString &p : minimalPaths(readOnly))
        a << QStringLiteral("--ro-bind") << p << p;
    for (const QString &p : minimalPaths(policy.writablePaths))
        a << QStringLiteral("--bind") << p << p;
    a << QStringLiteral("--chdir") << QStringLiteral("/tmp");
    a << QStringLiteral("--seccomp") << QString::number(c.files[0].descriptor());
    a << QStringLiteral("--") << program << arguments;
    c.environment = filteredEnvironment(policy.environment);

    c.info.sandboxed = true;
    c.info.mechanism = *version;
    QString network = QStringLiteral("no network");
    if (policy.network)
        network = policy.networkPort ? QStringLiteral("network: TCP connections to port %1 only, on any address (the "
                                                      "inference server's port; Landlock scopes ports, not addresses), "
                                                      "no listening; UDP (name resolution) open")
                                           .arg(policy.networkPort)
                                     : QStringLiteral("network shared (to reach the inference server; this kernel "
                                                      "cannot scope it to one port)");
    c.info.confinement << network
                       << QStringLiteral("no view of your home folder or other files: the system read-only, the "
                                         "carton and the runner read-only")
                       << (policy.scratchLimit > 0
                               ? QStringLiteral("writes only to a private scratch space of at most %1 (/tmp, in "
                                                "memory; /dev/shm the same), gone after the run")
                                     .arg(humanSize(policy.scratchLimit))
                               : QStringLiteral(
                                     "writes only to a private scratch space (/tmp and /dev/shm, in memory), "
                                     "gone after the run"))
                       << QStringLiteral("no view of other processes; every process it starts ends with the run")
                       << QStringLiteral("at most %1 processes and threads").arg(policy.maxProcesses)
                       << QStringLiteral("no capabilities")
                       << QStringLiteral("system calls denied (seccomp): %1")
                              .arg(SeccompFilter::deniedCalls().join(QStringLiteral(", ")))
                       << QStringLiteral("/etc/passwd and /etc/group name only you");
    return c;
}

} // namespace carton
