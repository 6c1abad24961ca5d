// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QStringList>

// Runs a program and collects what it printed.
struct RunResult {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const;
};

RunResult runProgram(const QString &program, const QStringList &args, int timeoutMs = 120'000);
// The same in the environment `environment` (instead of this process's), with
// `stdinData` (when not null) on its standard input.
RunResult runProgram(const QString &program, const QStringList &args, const QProcessEnvironment &environment,
                     int timeoutMs = 120'000, const QByteArray &stdinData = {});
RunResult runCarton(const QStringList &args);
// True when `program` is on PATH.
bool haveProgram(const QString &program);
QByteArray sha256File(const QString &path);
