// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Runs torchtestmodels.py (Debian's python3-torch) to make the PyTorch test models
// in `dir`, with the values torch reads as .npy files beside them.

#include "testpaths.h"

#include <QProcess>
#include <QString>

namespace testutil {

struct TorchModelsRun {
    bool missingTorch = false; // python3-torch is not installed
    QByteArray error;          // empty on success
};

inline TorchModelsRun makeTorchTestModels(const QString &dir)
{
    QProcess python;
    python.start(QStringLiteral("/usr/bin/python3"), {sourcePath(u"/tests/model/torchtestmodels.py"), dir});
    if (!python.waitForFinished(300000))
        return {false, "torchtestmodels.py did not finish"};
    const QByteArray err = python.readAllStandardError();
    if (python.exitStatus() == QProcess::NormalExit && python.exitCode() == 0)
        return {};
    return {err.contains("No module named 'torch'"), err.isEmpty() ? QByteArray("torchtestmodels.py failed") : err};
}

} // namespace testutil

// In a test function: makes the models or fails (python3-torch missing is a missing tool).
#define CARTON_MAKE_TORCH_MODELS(dir)                                                                                  \
    do {                                                                                                               \
        const ::testutil::TorchModelsRun run = ::testutil::makeTorchTestModels(dir);                                   \
        if (run.missingTorch)                                                                                          \
            CARTON_MISSING_TOOL("python3-torch");                                                                      \
        QVERIFY2(run.error.isEmpty(), run.error.constData());                                                          \
    } while (false)
