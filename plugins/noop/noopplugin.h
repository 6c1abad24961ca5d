// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "runner/runnerplugin.h"

#include <QObject>

// Upstream's `noop` runner: any model folder; every input comes back as an output
// of the same name.
class NoopPlugin final : public QObject, public carton::RunnerPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CARTON_RUNNER_PLUGIN_IID FILE "noop.json")
    Q_INTERFACES(carton::RunnerPlugin)

public:
    carton::Result<std::unique_ptr<carton::RunnerModel>> load(const carton::RunnerLoadContext &context) override;
};
