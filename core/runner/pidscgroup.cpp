// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "pidscgroup.h"

#include <QDir>
#include <QFile>
#include <QThread>
#ifdef Q_OS_UNIX
#include <csignal>
#include <unistd.h>
#endif

namespace carton {

namespace {

const QString kPrefix = QStringLiteral("carton-runner-");

bool writeText(const QString &path, const QByteArray &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Unbuffered) && f.write(text) == text.size();
}

QByteArray readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(1 << 16) : QByteArray();
}

// Groups of runs whose app died: empty by now (their processes died with the
// app), so rmdir removes them; a group still in use is busy and stays.
void removeStale(const QString &parent)
{
    QDir dir(parent);
    for (const QString &name : dir.entryList({QString(kPrefix + u'*')}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        const qint64 pid = QStringView(name).mid(kPrefix.size()).split(u'-').value(0).toLongLong();
#ifdef Q_OS_UNIX
        if (pid > 0 && ::kill(pid_t(pid), 0) == 0)
            continue;
#endif
        dir.rmdir(name);
    }
}

} // namespace

std::unique_ptr<PidsCgroup> PidsCgroup::create(const QString &tag, int maxProcesses)
{
#ifdef Q_OS_LINUX
    if (::geteuid() != 0 || qEnvironmentVariableIsSet("CARTON_NO_PIDS_CGROUP"))
        return nullptr;
    for (const QString &parent : {QStringLiteral("/sys/fs/cgroup/pids"), QStringLiteral("/sys/fs/cgroup")}) {
        if (!QFile::exists(parent + QStringLiteral("/cgroup.procs")))
            continue;
        removeStale(parent);
        const QString path = parent + u'/' + kPrefix + tag;
        if (!QDir().mkdir(path))
            continue;
        std::unique_ptr<PidsCgroup> group(new PidsCgroup(path));
        if (!writeText(path + QStringLiteral("/pids.max"), QByteArray::number(maxProcesses)))
            continue; // no pids controller here: the destructor removes the group
        return group;
    }
#else
    Q_UNUSED(tag);
    Q_UNUSED(maxProcesses);
#endif
    return nullptr;
}

PidsCgroup::PidsCgroup(QString path)
    : m_path(std::move(path)), m_procs(QFile::encodeName(m_path + QStringLiteral("/cgroup.procs")))
{
}

PidsCgroup::~PidsCgroup()
{
    // Processes leave a group only when they are reaped: try for a while.
    for (int i = 0; i < 2000; ++i) {
        killAll();
        if (QDir().rmdir(m_path) || !QFile::exists(m_path))
            return;
        QThread::usleep(500);
    }
}

qint64 PidsCgroup::refusedForks() const
{
    const QByteArray events = readText(m_path + QStringLiteral("/pids.events"));
    for (const QByteArray &line : events.split('\n')) {
        if (line.startsWith("max "))
            return line.mid(4).trimmed().toLongLong();
    }
    return 0;
}

void PidsCgroup::killAll() const
{
#ifdef Q_OS_UNIX
    for (const QByteArray &line : readText(QString::fromLocal8Bit(m_procs)).split('\n')) {
        const qint64 pid = line.trimmed().toLongLong();
        if (pid > 0)
            ::kill(pid_t(pid), SIGKILL);
    }
#endif
}

} // namespace carton
