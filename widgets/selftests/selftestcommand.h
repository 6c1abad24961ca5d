// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "selftest/tolerance.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace studio {

// The `carton selftest` command line that does what the Self-tests panel would
// do (Copy as Command): every choice of the panel, as the CLI spells it, quoted
// for a POSIX shell.
struct SelfTestCommand {
    QString cartonPath;
    QString runnerName; // forced runner; empty: as the carton says
    QString kserveUrl;  // a server instead of a local runner
    QString kserveModel;
    carton::TolerancePreset preset = carton::TolerancePreset::Close;
    QString rtol; // as typed: comma-separated values ("1e-4", "y:1e-3, 1e-5")
    QString atol;
    bool ignoreCartonTolerances = false;
    bool ignoreSpecMismatch = false;
    bool noSandbox = false;
    QList<int> tests; // empty, or all of testCount: every test
    int testCount = 0;
    int benchmarkIterations = 0; // > 0: --benchmark N --warmup K after the self-tests
    int benchmarkWarmup = 0;

    // `program` names the tool (see program()).
    QString toString(const QString &program) const;

    // How to name the carton tool: `carton` where PATH finds the one in `folder`
    // (this program's), else its full path (or `carton` when `folder` has none).
    static QString program(const QString &folder);
    // A value for a POSIX shell: bare when it is plain, else in single quotes.
    static QString shellQuote(const QString &s);
    // The comma-separated values of one tolerance field, trimmed, empty ones dropped.
    static QStringList toleranceValues(const QString &text);
};

} // namespace studio
