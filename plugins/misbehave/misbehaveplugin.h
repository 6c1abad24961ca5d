// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "runner/runnerplugin.h"

#include <QObject>

// Test-only runner: echoes its inputs (like noop) unless the `behaviour` option
// asks it to crash, abort, exit, hang, allocate without bound, flood stderr, write
// garbage to stdout, return an output whose shape disagrees with its data, or
// throw, at `when` = load or infer.
class MisbehavePlugin final : public QObject, public carton::RunnerPlugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID CARTON_RUNNER_PLUGIN_IID FILE "misbehave.json")
    Q_INTERFACES(carton::RunnerPlugin)

public:
    carton::Result<std::unique_ptr<carton::RunnerModel>> load(const carton::RunnerLoadContext &context) override;
};
