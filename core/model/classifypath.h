// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/result.h"
#include "model/modelfile.h"
#include "tensor/tensorfile.h"

#include <optional>

namespace carton {

// What a local path opens as.
enum class OpenKind {
    Unknown,          // a file none of the others (read as a carton, for the carton reader's error)
    CartonFile,       // a zip archive that is no PyTorch archive (a .carton, or a zip that fails as one)
    CartonFolder,     // a folder holding carton.toml
    ModelFolder,      // a folder without carton.toml (its files can become a new carton's model/)
    Npy,              // a NumPy .npy array (carton::TensorFile)
    Safetensors,      // a safetensors file: a tensor file first, whatever its name (carton::TensorFile)
    OnnxModel,        // a bare model file (ModelFile / ModelSet::fromFile)...
    GgufModel,        // ...
    TorchZipModel,    // ...
    TorchLegacyModel, // ...
};

// The one way the CLI and the window decide what a local path is: by its content,
// never its name. A folder by whether it holds carton.toml; a file by its first
// bytes (TensorFile::detect, ModelFile::detectHead), looking further only where the
// head is not enough (an ONNX candidate's top-level fields, a zip's entries for a
// PyTorch archive). The name only picks whose error a broken file gets: a file that
// starts as every ONNX writer starts but does not read as ONNX, or that is nothing
// known, is a broken .npy or .safetensors when its name says so
// (TensorFile::claimedByName), else a broken ONNX file or Unknown. Errors: NotFound
// for a path that does not exist, Io for one that cannot be read.
CARTONCORE_EXPORT Result<OpenKind> classifyPath(const QString &path, const Limits &limits = {});

// The format of a bare model file's kind, else nullopt.
CARTONCORE_EXPORT std::optional<ModelFormat> modelFormatOf(OpenKind kind);
// The tensor file kind of Npy and Safetensors, else nullopt.
CARTONCORE_EXPORT std::optional<TensorFile::Kind> tensorFileKindOf(OpenKind kind);

} // namespace carton
