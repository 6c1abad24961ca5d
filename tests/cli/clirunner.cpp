// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "clirunner.h"

#include "killtrials.h"
#include "testpaths.h"

#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>

QJsonObject RunResult::json() const
{
    return QJsonDocument::fromJson(out).object();
}

RunResult runProgram(const QString &program, const QStringList &args, int timeoutMs)
{
    return runProgram(program, args, QProcessEnvironment::systemEnvironment(), timeoutMs);
}

RunResult runProgram(const QString &program, const QStringList &args, const QProcessEnvironment &environment,
                     int timeoutMs, const QByteArray &stdinData)
{
    QProcess p;
    p.setProcessEnvironment(environment);
    p.start(program, args);
    if (!stdinData.isNull() && p.waitForStarted(10'000)) {
        p.write(stdinData);
        p.closeWriteChannel();
    }
    RunResult r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "timeout or failed to start";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

RunResult runCarton(const QStringList &args)
{
    return runProgram(testutil::binaryPath(u"/bin/carton"), args);
}

bool haveProgram(const QString &program)
{
    return !QStandardPaths::findExecutable(program).isEmpty();
}

QByteArray sha256File(const QString &path)
{
    return killtrials::sha256Of(path);
}
