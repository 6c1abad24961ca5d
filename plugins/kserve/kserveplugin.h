// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "runner/runnerplugin.h"

#include <QObject>

// The `kserve` runner: the model is served by a KServe v2 / Triton HTTP server;
// load() checks the server, the model's readiness and its metadata against the
// carton's [[input]]/[[output]], infer() posts binary tensor data (KserveModel).
class KservePlugin final : public QObject, public carton::RunnerPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CARTON_RUNNER_PLUGIN_IID FILE "kserve.json")
    Q_INTERFACES(carton::RunnerPlugin)

public:
    carton::Result<std::unique_ptr<carton::RunnerModel>> load(const carton::RunnerLoadContext &context) override;
};
