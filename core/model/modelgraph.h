// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "model/modelfile.h"

#include <memory>

namespace carton {

// Where a model file's graph comes from: the one choice the graph view and the
// model review make (an ONNX file's own graph, else a TorchScript archive's
// forward read from its code/ files and data.pkl, nothing run; other formats
// have none that can be shown).
enum class GraphSource {
    None,
    Onnx,           // read with the file: modelGraph() is immediate
    TorchScriptCode // read from code/ on each modelGraph() call (milliseconds): off the GUI thread
};

// Decided from what was read with the file; reads nothing.
CARTONCORE_EXPORT GraphSource graphSource(const ModelFile &model);

// The graph of `model` (its ONNX graph shares the model's memory); Unsupported
// naming the file when it has none (graphSource() None), or the TorchScript
// reader's error. Callers keep it: a TorchScript graph is read again on each call.
CARTONCORE_EXPORT Result<std::shared_ptr<const OnnxInfo>> modelGraph(const ModelFilePtr &model);

} // namespace carton
