// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "cartoncore_export.h"
#include "format/cartoninfo.h"

#include <optional>

namespace carton {

class ModelSet;
struct ModelEntry;
struct ModelInspection;
struct OnnxValueInfo;

// The one model file whose own signature carton.toml is checked against: the
// only file of `models` that declares one (an ONNX graph). Null when none does,
// or when several do (which one runs is the runner's business).
CARTONCORE_EXPORT const ModelEntry *signatureModel(const ModelSet &models);

// carton.toml's [[input]] / [[output]] against that signature: names, dtypes,
// ranks, fixed sizes, and symbols against the model's dim_params. A rank or a size
// that contradicts a dimension the model fixes is an error (a tensor of the
// declared shape cannot run); other contradictions are warnings naming both sides
// ("input "image" is float16 in carton.toml but float32 in model/model.onnx"); a
// symbol named differently is information.
// Nothing is said for a section carton.toml does not declare.
CARTONCORE_EXPORT Diagnostics checkModelSignature(const CartonInfo &info, const ModelSet &models);

// carton.toml against what a runner inspected (TorchScript's forward): the
// arguments compared with [[input]] as an ONNX graph's inputs are (names; the
// types say no dtype or shape), the number of returned values with [[output]]
// (they have no names). A forward taking one dict (upstream's Dict[str, Any])
// or returning one is information: names cannot be compared.
CARTONCORE_EXPORT Diagnostics checkInspectedSignature(const CartonInfo &info, const ModelInspection &inspection);

// The specs a signature gives: names, dtypes (those Carton v1 has; nullopt
// otherwise), shapes (dim_value as sizes, dim_param as symbols, unknown as *; an
// unknown rank as *). `unsupported` receives "name (dtype)" for values whose
// type Carton v1 cannot declare.
struct ModelSpecs {
    QList<TensorSpec> inputs;
    QList<TensorSpec> outputs;
    QStringList unsupported;
};
CARTONCORE_EXPORT ModelSpecs specsFromModel(const ModelEntry &entry);

// "[batch, 3, 32, 32]", "[batch, ?]", "*" (rank unknown): an ONNX value's shape.
CARTONCORE_EXPORT QString onnxShapeText(const OnnxValueInfo &value);

} // namespace carton
