// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Runs reviewmodels.py (Debian's python3-torch and python3-onnx) to make the model
// review test models in `dir`, with expect.json (numpy's figures) beside them.

#include "fixturepolicy.h"
#include "testpaths.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>

namespace reviewtest {

struct Made {
    bool missingPython = false; // python3-torch or python3-onnx is not installed
    QByteArray error;           // empty on success
};

inline Made makeModels(const QString &dir)
{
    QProcess python;
    python.start(QStringLiteral("/usr/bin/python3"), {testutil::sourcePath(u"/tests/diff/reviewmodels.py"), dir});
    if (!python.waitForFinished(600000))
        return {false, "reviewmodels.py did not finish"};
    const QByteArray err = python.readAllStandardError();
    if (python.exitStatus() == QProcess::NormalExit && python.exitCode() == 0)
        return {};
    return {err.contains("No module named"), err.isEmpty() ? QByteArray("reviewmodels.py failed") : err};
}

inline QJsonObject expectation(const QString &dir)
{
    QFile f(dir + QStringLiteral("/expect.json"));
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

} // namespace reviewtest

#define REVIEW_MAKE_MODELS(dir)                                                                                        \
    do {                                                                                                               \
        const ::reviewtest::Made made = ::reviewtest::makeModels(dir);                                                 \
        if (made.missingPython)                                                                                        \
            CARTON_MISSING_TOOL("python3-torch and python3-onnx");                                                     \
        QVERIFY2(made.error.isEmpty(), made.error.constData());                                                        \
    } while (false)
