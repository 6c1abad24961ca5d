// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "package/carton.h"
#include "tensor/npyfile.h"
#include "tensor/safetensors.h"

#include <memory>
#include <optional>

namespace cli {

// What the tensor commands read: a carton (a .carton or a folder), a .safetensors or
// a .npy, chosen by what FILE is (a file ending in .safetensors / .npy, else a carton).
struct TensorFile {
    enum class Kind { Carton, Safetensors, Npy };
    Kind kind = Kind::Carton;
    QString path;
    std::unique_ptr<carton::Carton> carton;
    std::optional<carton::SafetensorsFile> safetensors;
    std::optional<carton::NpyFile> npy;

    // Opens FILE; on failure prints the error and sets *exitCode (2 unreadable, 1
    // malformed) and returns nullopt.
    static std::unique_ptr<TensorFile> open(const QString &path, int *exitCode);
    // A numeric tensor by name (ignored for .npy).
    carton::Result<carton::TensorReaderPtr> reader(const QString &name) const;
};

// The exit code for an error reading a tensor: 2 for unreadable input or a usage
// mistake (no such file or tensor), 1 for a malformed file.
int exitCodeFor(const carton::Error &error);

} // namespace cli
