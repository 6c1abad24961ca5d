// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QStringList>

// The `carton` subcommands. Each takes its own arguments (without the program and
// subcommand names) and returns the process exit code:
// 0 success, 1 the carton has errors (or verification failed), 2 usage error or
// unreadable input.
namespace cli {

enum ExitCode { Success = 0, CartonErrors = 1, UsageOrInput = 2 };

int runInfo(const QStringList &args);
int runVerify(const QStringList &args);
int runPack(const QStringList &args);
int runUnpack(const QStringList &args);
int runTensor(const QStringList &args);
int runEdit(const QStringList &args);
int runRunners(const QStringList &args);
int runSelfTest(const QStringList &args);
int runRecord(const QStringList &args);
int runTensors(const QStringList &args);
int runExportTensor(const QStringList &args);
int runImportTensor(const QStringList &args);
int runDiff(const QStringList &args);
int runScan(const QStringList &args);
int runSign(const QStringList &args);
int runModel(const QStringList &args);
int runPush(const QStringList &args);
int runPull(const QStringList &args);
int runImport(const QStringList &args);

} // namespace cli
