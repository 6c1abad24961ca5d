// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "runner/runnerplugin.h"

#include <QObject>

// Upstream's torchscript runner convention: model/model.pt is a TorchScript
// archive whose forward(Dict[str, X]) returns a Dict[str, Y]; numeric tensors are
// torch tensors, a scalar string tensor is a str, other string tensors are
// List[str] (flattened). Options num_threads / num_interop_threads.
class TorchScriptPlugin final : public QObject, public carton::RunnerPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CARTON_RUNNER_PLUGIN_IID FILE "torchscript.json")
    Q_INTERFACES(carton::RunnerPlugin)

public:
    carton::Result<std::unique_ptr<carton::RunnerModel>> load(const carton::RunnerLoadContext &context) override;
    // forward's (and every other method's) schema and graph, from torch::jit::load
    // alone: nothing runs.
    carton::Result<carton::ModelInspection> inspect(const carton::RunnerLoadContext &context) override;
};
