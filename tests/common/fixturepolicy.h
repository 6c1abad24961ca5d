// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// What a test does when something it needs is missing: never a silent skip.
//
// - A fixture from ../shared (the upstream cartons): a failure, unless
//   CARTON_ALLOW_MISSING_FIXTURES=1 says a clone without ../shared is expected.
//   scripts/run-tests.sh sets it only when ../shared is absent, and then prints
//   how many test functions were skipped (each skip is appended to the file named
//   by CARTON_SKIPPED_FIXTURES_LOG). CI has ../shared and never sets it.
// - A tool the project's scripts install (bsdtar, python3): always a failure.

#include <QFile>
#include <QString>
#include <QTest>

namespace testutil {

inline bool missingFixturesAllowed()
{
    return qEnvironmentVariable("CARTON_ALLOW_MISSING_FIXTURES") == QLatin1String("1");
}

inline void recordSkippedFixture(const char *testFunction, const char *what)
{
    const QString log = qEnvironmentVariable("CARTON_SKIPPED_FIXTURES_LOG");
    if (log.isEmpty())
        return;
    QFile file(log);
    if (file.open(QIODevice::WriteOnly | QIODevice::Append))
        file.write(QByteArray(QTest::currentAppName()) + "::" + testFunction + ": " + what + '\n');
}

} // namespace testutil

#define CARTON_MISSING_FIXTURE(what)                                                                                   \
    do {                                                                                                               \
        if (!::testutil::missingFixturesAllowed())                                                                     \
            QFAIL("missing fixture: " what                                                                             \
                  " (../shared is needed; CARTON_ALLOW_MISSING_FIXTURES=1 skips such tests)");                         \
        ::testutil::recordSkippedFixture(QTest::currentTestFunction(), what);                                          \
        QSKIP("missing fixture (allowed by CARTON_ALLOW_MISSING_FIXTURES=1): " what);                                  \
    } while (false)

#define CARTON_MISSING_TOOL(tool)                                                                                      \
    QFAIL(tool " is not installed: scripts/install-deps.sh installs it, and this test needs it")
