// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The interface a runner plugin implements. A plugin is a Qt plugin (QPluginLoader)
// whose Q_PLUGIN_METADATA IID is kRunnerPluginIid and whose metadata JSON says,
// before the library is loaded:
//   {
//     "runner_name": "torchscript",            // matched with [runner] runner_name
//     "framework_version": "1.13.1",           // matched with required_framework_version
//     "runner_compat_versions": [1],           // runner_compat_version values it loads
//     "description": "...",
//     "options": [ {"name": "num_threads", "type": "integer", "default": 0,
//                   "description": "..."} ]    // types: string, integer, float, boolean, any;
//                                               // a name ending in ".*" is a prefix ("model.*")
//   }
// Plugins are loaded only inside `carton-runner-host` (one plugin, one model per
// process), never in the application: a plugin may crash, hang or leak.
// Plugins link cartoncore only.

#include "base/result.h"
#include "runner/modelinspection.h"
#include "runner/runnersession.h"

#include <QJsonObject>
#include <QString>
#include <QtPlugin>
#include <memory>

namespace carton {

class Carton;

// 1.1: inspect() added (the vtable changed: a 1.0 plugin is refused, not misread).
#define CARTON_RUNNER_PLUGIN_IID "org.cartonstudio.Runner/1.1"
inline constexpr char kRunnerPluginIid[] = CARTON_RUNNER_PLUGIN_IID;

// What a plugin gets to load a model.
struct RunnerLoadContext {
    const Carton *carton = nullptr; // the opened carton (metadata, tensor_data)
    QString modelDir;               // the carton's model/ folder on disk (extracted for a .carton)
    QJsonObject options;            // [runner.opts] after defaults and per-run overrides
    QString runnerName;             // the plugin's runner_name, from its metadata
};

// A loaded model. infer() runs one inference; errors are values (a plugin
// catches its framework's exceptions).
class RunnerModel {
public:
    virtual ~RunnerModel() = default;
    virtual Result<TensorMap> infer(const TensorMap &inputs) = 0;
};

class RunnerPlugin {
public:
    virtual ~RunnerPlugin() = default;
    // Loads the model once per host process. Diagnostics go to stderr (the host's
    // stderr is the session log).
    virtual Result<std::unique_ptr<RunnerModel>> load(const RunnerLoadContext &context) = 0;
    // Loads the model without running it and says what it is: each method's
    // signature and graph (the runner host's "inspect" request, sandboxed like a
    // run). Plugins that cannot, say so (this default).
    virtual Result<ModelInspection> inspect(const RunnerLoadContext &context)
    {
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("the %1 runner cannot inspect a model").arg(context.runnerName));
    }
};

} // namespace carton

Q_DECLARE_INTERFACE(carton::RunnerPlugin, CARTON_RUNNER_PLUGIN_IID)
