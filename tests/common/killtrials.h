// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Kill trials (tst_clikill, tst_documentkill): start a program, SIGKILL it once
// it has written some bytes into a folder, then compare what is left.
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QProcess>
#include <QThread>

namespace killtrials {

// Bytes written so far by `pid` to files it has open for writing under `dir`
// (their sizes, summed; unnamed O_TMPFILE files included). Files open only for
// reading (the original a save reads) do not count.
inline qint64 bytesWrittenUnder(qint64 pid, const QString &dir)
{
    qint64 total = 0;
    const QString fdDir = QStringLiteral("/proc/%1/fd").arg(pid);
    for (const QString &fd : QDir(fdDir).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot)) {
        if (!QFile::symLinkTarget(fdDir + u'/' + fd).startsWith(dir + u'/'))
            continue;
        QFile info(QStringLiteral("/proc/%1/fdinfo/%2").arg(pid).arg(fd));
        if (!info.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = info.read(4096); // "flags:\t0100002" (octal)
        const qsizetype at = text.indexOf("flags:");
        bool ok = false;
        const int flags = at < 0 ? 0 : text.mid(at + 6, text.indexOf('\n', at) - at - 6).trimmed().toInt(&ok, 8);
        if (!ok || (flags & 3) == 0) // O_RDONLY
            continue;
        const QFileInfo target(fdDir + u'/' + fd);
        if (target.exists() && target.isFile())
            total += target.size();
    }
    return total;
}

inline QByteArray sha256Of(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return h.result().toHex();
}

// Every file under `dir` (relative path -> sha256), temporaries included.
inline QMap<QString, QByteArray> filesUnder(const QString &dir)
{
    QMap<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        out.insert(QDir(dir).relativeFilePath(path), sha256Of(path));
    }
    return out;
}

// How many kill trials a test makes: `quick` in the release suite (which must stay
// under 10 minutes warm, issue 39: tst_clikill and tst_documentkill were the
// longest), CARTON_KILL_TRIALS=N for a longer run (bench/, a stress run).
inline int trialCount(int quick)
{
    bool ok = false;
    const int asked = qEnvironmentVariableIntValue("CARTON_KILL_TRIALS", &ok);
    return ok && asked > 0 ? asked : quick;
}

// What became of a child that finished (or did not): how it ended, what its exit
// code means for savedriver and the CLI, and everything it wrote, for a test's
// failure message.
inline QString describeExit(QProcess &child)
{
    QString how;
    if (child.state() != QProcess::NotRunning)
        how = QStringLiteral("still running (timed out)");
    else if (child.error() == QProcess::FailedToStart)
        how = QStringLiteral("failed to start: %1").arg(child.errorString());
    else if (child.exitStatus() == QProcess::CrashExit)
        // Qt reports the terminating signal as the exit code of a crashed child.
        how = QStringLiteral("killed by signal %1%2")
                  .arg(child.exitCode())
                  .arg(child.exitCode() == 9 ? QStringLiteral(" (SIGKILL: from outside, e.g. the OOM killer)")
                                             : QString());
    else
        how = QStringLiteral("exited with code %1%2")
                  .arg(child.exitCode())
                  .arg(child.exitCode() == 0   ? QStringLiteral(" (success)")
                       : child.exitCode() == 2 ? QStringLiteral(" (usage, or the input could not be opened)")
                       : child.exitCode() == 3 ? QStringLiteral(" (the save reported an error)")
                       : child.exitCode() == 4 ? QStringLiteral(" (the event loop ended without a save result)")
                                               : QString());
    return QStringLiteral("%1 %2 %3\n--- stderr:\n%4\n--- stdout:\n%5")
        .arg(child.program(), child.arguments().join(u' '), how,
             QString::fromLocal8Bit(child.readAllStandardError()).right(4000),
             QString::fromLocal8Bit(child.readAllStandardOutput()).right(2000));
}

// Starts `program ARGS`, kills it with SIGKILL once it has written `threshold`
// bytes under `watched`; returns whether the kill came before the end.
inline bool runAndKill(const QString &program, const QStringList &args, const QString &watched, qint64 threshold,
                       const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
{
    QProcess child;
    child.setProcessEnvironment(environment);
    child.start(program, args);
    if (!child.waitForStarted())
        return false;
    QElapsedTimer timer;
    timer.start();
    bool reached = false;
    while (child.state() == QProcess::Running && timer.elapsed() < 60000) {
        if (bytesWrittenUnder(child.processId(), watched) >= threshold) {
            reached = true;
            break;
        }
        QThread::usleep(200);
    }
    child.kill(); // SIGKILL
    child.waitForFinished(10000);
    return reached && child.exitStatus() == QProcess::CrashExit;
}

} // namespace killtrials
