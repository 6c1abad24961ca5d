// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "framedprocess.h"

#include "base/humansize.h"
#include "base/progress.h"

#include <QDeadlineTimer>
#include <csignal>
#include <cstdio>
#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>
#endif
#ifdef Q_OS_LINUX
#include <sys/prctl.h>
#endif

namespace carton {

namespace {
// How long one wait lasts before cancel, deadline and stderr are looked at again.
constexpr int kPollMs = 20;

// A sanitized build's children (the runner host) run under the sanitizer too, and
// two of its defaults would change what the crash boundary sees: the sanitizer
// turns SIGSEGV, SIGBUS, SIGFPE and SIGILL into a report and exit code 1 (the
// host must die by its signal, as in a release build), and its shadow memory
// takes terabytes of address space, so no child starts under RLIMIT_AS. The
// memory limit goes to the sanitizer's soft_rss_limit_mb instead: past it,
// allocations fail and the sanitizer reports "out-of-memory" (its operator new
// never throws std::bad_alloc).
#if defined(__SANITIZE_ADDRESS__)
constexpr const char *kSanitizerOptions = "ASAN_OPTIONS";
#elif defined(__SANITIZE_THREAD__)
constexpr const char *kSanitizerOptions = "TSAN_OPTIONS";
#else
constexpr const char *kSanitizerOptions = nullptr;
#endif
} // namespace

QString signalName(int signal)
{
    switch (signal) {
    case SIGSEGV:
        return QStringLiteral("SIGSEGV");
    case SIGABRT:
        return QStringLiteral("SIGABRT");
    case SIGFPE:
        return QStringLiteral("SIGFPE");
    case SIGILL:
        return QStringLiteral("SIGILL");
    case SIGTERM:
        return QStringLiteral("SIGTERM");
#ifdef Q_OS_UNIX
    case SIGKILL:
        return QStringLiteral("SIGKILL");
    case SIGBUS:
        return QStringLiteral("SIGBUS");
    case SIGPIPE:
        return QStringLiteral("SIGPIPE");
    case SIGXCPU:
        return QStringLiteral("SIGXCPU");
#endif
    default:
        return QStringLiteral("signal %1").arg(signal);
    }
}

FramedProcess::~FramedProcess()
{
    stop(std::chrono::milliseconds(500));
}

Status FramedProcess::start(const Options &options)
{
    m_options = options;
    if (kSanitizerOptions) {
        const QString name = QString::fromLatin1(kSanitizerOptions);
        QStringList values = {m_options.environment.value(name),
                              QStringLiteral("handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0")};
        if (m_options.addressSpaceLimit > 0)
            values << QStringLiteral("soft_rss_limit_mb=%1:allocator_may_return_null=1")
                          .arg(m_options.addressSpaceLimit >> 20);
        values.removeAll(QString());
        m_options.environment.insert(name, values.join(u':'));
        m_options.addressSpaceLimit = 0;
    }
    m_process = std::make_unique<QProcess>();
    m_process->setProgram(m_options.program);
    m_process->setArguments(m_options.arguments);
    m_process->setProcessEnvironment(m_options.environment);
    if (!m_options.workingDirectory.isEmpty())
        m_process->setWorkingDirectory(m_options.workingDirectory);
    m_process->setProcessChannelMode(m_options.forwardStderr ? QProcess::ForwardedErrorChannel
                                                             : QProcess::SeparateChannels);
#ifdef Q_OS_UNIX
    const qint64 limit = m_options.addressSpaceLimit;
    const qint64 cpu = m_options.cpuSeconds;
    const QByteArray cgroup = m_options.cgroupProcsFile;
    const QList<int> inherited = m_options.inheritedDescriptors;
    m_process->setChildProcessModifier([limit, cpu, cgroup, inherited] {
    // Only async-signal-safe calls here (between fork and exec).
#ifdef Q_OS_LINUX
        ::prctl(PR_SET_PDEATHSIG, SIGKILL); // never outlive the process that started us
#endif
        if (!cgroup.isEmpty()) {
            const int fd = ::open(cgroup.constData(), O_WRONLY | O_CLOEXEC);
            if (fd < 0 || ::write(fd, "0", 1) != 1)
                ::_exit(126); // never run outside the group we were meant to be in
            ::close(fd);
        }
        for (const int fd : inherited) {
            if (::fcntl(fd, F_SETFD, 0) != 0)
                ::_exit(126);
        }
        if (limit > 0) {
            struct rlimit rl;
            rl.rlim_cur = rl.rlim_max = rlim_t(limit);
            ::setrlimit(RLIMIT_AS, &rl);
        }
        if (cpu > 0) {
            struct rlimit rl;
            rl.rlim_cur = rlim_t(cpu);
            rl.rlim_max = rlim_t(cpu + 5); // SIGXCPU at the soft limit, SIGKILL past the hard one
            ::setrlimit(RLIMIT_CPU, &rl);
        }
    });
#endif
    m_process->start(QIODevice::ReadWrite | QIODevice::Unbuffered);
    if (!m_process->waitForStarted(30'000))
        return makeError(ErrorCode::Io, QStringLiteral("cannot start the %1 \"%2\": %3")
                                            .arg(m_options.what, m_options.program, m_process->errorString()));
    return {};
}

bool FramedProcess::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

void FramedProcess::kill()
{
    if (!isRunning())
        return;
    m_process->kill();
    m_process->waitForFinished(5000);
    drainStderr();
}

void FramedProcess::stop(std::chrono::milliseconds grace)
{
    if (!isRunning())
        return;
    m_process->closeWriteChannel();
    if (!m_process->waitForFinished(int(grace.count())))
        kill();
    drainStderr();
}

void FramedProcess::drainStderr()
{
    if (!m_process || m_options.forwardStderr)
        return;
    const QByteArray bytes = m_process->readAllStandardError();
    if (bytes.isEmpty())
        return;
    m_log.append(bytes);
    if (m_log.size() > m_options.maxLogBytes) {
        m_log.remove(0, m_log.size() - m_options.maxLogBytes);
        m_logTruncated = true;
    }
}

QString FramedProcess::log() const
{
    QString text = QString::fromUtf8(m_log);
    if (m_logTruncated)
        text.prepend(QStringLiteral("[earlier output dropped; the last %1 bytes follow]\n").arg(m_options.maxLogBytes));
    return text;
}

void FramedProcess::appendLog(const QString &note)
{
    m_log.append(note.toUtf8());
    if (!note.endsWith(u'\n'))
        m_log.append('\n');
    if (m_log.size() > m_options.maxLogBytes) {
        m_log.remove(0, m_log.size() - m_options.maxLogBytes);
        m_logTruncated = true;
    }
}

QString FramedProcess::describeExit() const
{
    if (!m_process)
        return QStringLiteral("was never started");
    if (m_process->state() != QProcess::NotRunning)
        return QStringLiteral("is still running");
    const int code = m_process->exitCode();
    const bool crashed = m_process->exitStatus() == QProcess::CrashExit;
    if (crashed || (m_options.signalInExitCode && code > 128 && code < 128 + 65)) {
        const int signal = crashed ? code : code - 128;
        QString text = QStringLiteral("was killed by %1").arg(signalName(signal));
#ifdef Q_OS_UNIX
        if (signal == SIGXCPU)
            text += QStringLiteral(" (CPU time limit %1 s)").arg(m_options.cpuSeconds);
        else
#endif
            if (m_options.addressSpaceLimit > 0 && signal != SIGKILL)
            text += QStringLiteral(" (address-space limit %1)").arg(humanSize(m_options.addressSpaceLimit));
        return text;
    }
    return QStringLiteral("exited with code %1").arg(code);
}

Error FramedProcess::failure(const QString &what) const
{
    QString message = QStringLiteral("the %1 %2").arg(m_options.what, what);
    QString tail = QString::fromUtf8(m_log.right(600)).trimmed();
    if (!tail.isEmpty()) {
        const qsizetype nl = tail.indexOf(u'\n');
        if (m_log.size() > 600 && nl >= 0)
            tail = tail.mid(nl + 1);
        message += QStringLiteral("; its stderr ends with:\n") + tail;
    }
    return makeError(ErrorCode::Io, message);
}

Result<wire::Frame> FramedProcess::exchange(const QList<QByteArray> &chunks, std::chrono::milliseconds timeout,
                                            Progress *progress)
{
    using namespace std::chrono;
    if (!isRunning())
        return failure(QStringLiteral("is not running (it %1)").arg(describeExit()));
    const QDeadlineTimer deadline(timeout);
    wire::FrameReader reader(QStringLiteral("%1 output").arg(m_options.what), m_options.limits);
    for (const QByteArray &c : chunks)
        m_process->write(c);
    while (!reader.hasFrame()) {
        if (progress && progress->isCancelled()) {
            kill();
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled; the %1 was killed").arg(m_options.what));
        }
        if (deadline.hasExpired()) {
            kill();
            return makeError(ErrorCode::Io, QStringLiteral("the %1 did not answer within %2 s; it was killed")
                                                .arg(m_options.what)
                                                .arg(double(timeout.count()) / 1000.0, 0, 'g', 4));
        }
        const bool running = m_process->state() != QProcess::NotRunning;
        const int wait = int(std::min<qint64>(kPollMs, std::max<qint64>(deadline.remainingTime(), 0)));
        if (running) {
            if (m_process->bytesToWrite() > 0)
                m_process->waitForBytesWritten(wait);
            else if (m_process->bytesAvailable() == 0)
                m_process->waitForReadyRead(wait);
        }
        drainStderr();
        while (m_process->bytesAvailable() > 0 && !reader.hasFrame()) {
            Result<qint64> n = reader.readFrom(*m_process, m_process->bytesAvailable());
            if (!n) {
                kill();
                return failure(QStringLiteral("wrote something that is not a message (%1); it was killed")
                                   .arg(n.error().toString()));
            }
            if (*n == 0)
                break;
        }
        if (!running && !reader.hasFrame()) {
            m_process->waitForFinished(1000);
            drainStderr();
            return failure(describeExit());
        }
    }
    return reader.takeFrame();
}

} // namespace carton
