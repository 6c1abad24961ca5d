// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/filehash.h"
#include "diff/cartondiff.h"
#include "diff/graphdiff.h"
#include "diff/weightdiff.h"

#include <QJsonObject>

namespace carton {

class ModelSet;

// The graphs of two paired model files (the same path in both cartons, or the only
// file with a graph of each side).
struct ModelGraphDiff {
    QString entryA, entryB;
    GraphDiff graph;
    std::shared_ptr<const OnnxInfo> graphA, graphB; // the graphs compared (model/modelgraph.h)
};

// The model level of a comparison: weights and graphs.
struct ModelDiff {
    QList<WeightDiff> weights;
    QList<ModelGraphDiff> graphs;
    QStringList errors; // model files that could not be read, named

    int count(ChangeKind kind) const; // weights of this kind
};

struct ModelDiffOptions {
    WeightDiffOptions weights;
    bool graphs = true;
};

// Compares the weights (streamed) and the ONNX graphs of two model sets. Fails only
// when cancelled.
CARTONCORE_EXPORT Result<ModelDiff> diffModels(const ModelSet &a, const ModelSet &b,
                                               const ModelDiffOptions &options = {}, Progress *progress = nullptr);

// Two bare model files (ONNX, TorchScript, torch.save, safetensors, GGUF) as a
// comparison with no package half: the model hashes are the files' sha256 (both
// files hashed at once).
CARTONCORE_EXPORT Result<CartonDiff> hashBareFiles(const QString &pathA, const QString &pathB,
                                                   Progress *progress = nullptr);

// Adds "weights" and "graph" (see diffjson.h) to a comparison's JSON.
CARTONCORE_EXPORT void addModelDiffJson(const ModelDiff &diff, QJsonObject &json);

} // namespace carton
