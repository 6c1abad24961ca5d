// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/modelgraph.h"

namespace carton {

GraphSource graphSource(const ModelFile &model)
{
    if (model.onnx())
        return GraphSource::Onnx;
    if (model.format() == ModelFormat::TorchZip && model.torch() && model.torch()->torchScript)
        return GraphSource::TorchScriptCode;
    return GraphSource::None;
}

Result<std::shared_ptr<const OnnxInfo>> modelGraph(const ModelFilePtr &model)
{
    if (!model)
        return makeError(ErrorCode::Unsupported, QStringLiteral("no model file"));
    switch (graphSource(*model)) {
    case GraphSource::Onnx:
        return std::shared_ptr<const OnnxInfo>(model, &*model->onnx());
    case GraphSource::TorchScriptCode: {
        Result<OnnxInfo> graph = model->torchScriptGraph();
        if (!graph)
            return graph.error();
        return std::make_shared<const OnnxInfo>(std::move(graph).value());
    }
    case GraphSource::None:
        break;
    }
    return makeError(ErrorCode::Unsupported,
                     QStringLiteral("%1 files have no graph that can be shown").arg(modelFormatName(model->format())),
                     model->fileName());
}

} // namespace carton
