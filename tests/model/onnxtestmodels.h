// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Runs onnxtestmodels.py (Debian's python3-onnx) to make the test models in `dir`.

#include "testpaths.h"

#include <QProcess>
#include <QString>

namespace testutil {

struct OnnxModelsRun {
    bool missingOnnx = false; // python3-onnx is not installed
    QByteArray error;         // empty on success
};

inline OnnxModelsRun makeOnnxTestModels(const QString &dir)
{
    QProcess python;
    python.start(QStringLiteral("/usr/bin/python3"), {sourcePath(u"/tests/model/onnxtestmodels.py"), dir});
    if (!python.waitForFinished(120000))
        return {false, "onnxtestmodels.py did not finish"};
    const QByteArray err = python.readAllStandardError();
    if (python.exitStatus() == QProcess::NormalExit && python.exitCode() == 0)
        return {};
    return {err.contains("No module named 'onnx'"), err.isEmpty() ? QByteArray("onnxtestmodels.py failed") : err};
}

} // namespace testutil

// In a test function: makes the models or fails (python3-onnx missing is a missing tool).
#define CARTON_MAKE_ONNX_MODELS(dir)                                                                                   \
    do {                                                                                                               \
        const ::testutil::OnnxModelsRun run = ::testutil::makeOnnxTestModels(dir);                                     \
        if (run.missingOnnx)                                                                                           \
            CARTON_MISSING_TOOL("python3-onnx");                                                                       \
        QVERIFY2(run.error.isEmpty(), run.error.constData());                                                          \
    } while (false)
