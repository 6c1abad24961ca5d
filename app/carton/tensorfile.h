// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "model/modelset.h"
#include "package/carton.h"
#include "tensor/npyfile.h"
#include "tensor/safetensors.h"
#include "tensor/tensorfile.h"

#include <memory>
#include <optional>

namespace cli {

// What the tensor commands read: a carton (a .carton or a folder), a .safetensors or
// a .npy, a bare model file (ONNX, GGUF, PyTorch), else a carton; files are
// recognised by content (core's carton::TensorFile and ModelFile), never by name.
// A carton's model files (under model/) add their weights, named ENTRY:TENSOR.
struct TensorFile {
    enum class Kind { Carton, Safetensors, Npy, Model };
    Kind kind = Kind::Carton;
    QString path;
    std::unique_ptr<carton::Carton> carton;
    std::optional<carton::TensorFile> tensorFile;         // a .npy or .safetensors
    const carton::SafetensorsFile *safetensors = nullptr; // tensorFile's, when a .safetensors
    const carton::NpyFile *npy = nullptr;                 // tensorFile's, when a .npy
    bool hfFolder = false;                                // a Hugging Face model folder (Kind::Model)
    // The model files: a bare model file's, or a carton's (read on first use).
    const carton::ModelSet &models() const;

    // Opens FILE; on failure prints the error and sets *exitCode (2 unreadable, 1
    // malformed) and returns nullopt.
    static std::unique_ptr<TensorFile> open(const QString &path, int *exitCode);
    // A numeric tensor by name (ignored for .npy): tensor_data first, then model weights.
    carton::Result<carton::TensorReaderPtr> reader(const QString &name, bool fetchLinks = false) const;

private:
    mutable std::optional<carton::ModelSet> m_models;
};

// The exit code for an error reading a tensor: 2 for unreadable input or a usage
// mistake (no such file or tensor), 1 for a malformed file.
int exitCodeFor(const carton::Error &error);

} // namespace cli
