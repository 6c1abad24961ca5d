// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "runner/runnerplugin.h"

#include <QObject>

// Upstream's python runner convention: model/ is a package root; the
// `entrypoint_fn` of module `entrypoint_package` is called with the `model.<x>`
// options as keyword arguments and returns an object whose
// infer_with_tensors(dict[str, numpy.ndarray]) returns a dict of arrays. Runs
// python3 (CARTON_PYTHON, else the interpreter found at build time) as a child
// with driver.py; packages missing from model/requirements.txt are reported,
// never installed.
class PythonPlugin final : public QObject, public carton::RunnerPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CARTON_RUNNER_PLUGIN_IID FILE "python.json")
    Q_INTERFACES(carton::RunnerPlugin)

public:
    carton::Result<std::unique_ptr<carton::RunnerModel>> load(const carton::RunnerLoadContext &context) override;
};
