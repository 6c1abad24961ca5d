// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "document/documentstate.h"
#include "tensor/tensorindex.h"
#include "tensor/tensorreader.h"

#include <QString>

namespace studio {

// The data files of a carton being edited (tensor_data/ and misc/), read and
// changed through its DocumentState. Pure functions: the editor turns their
// result into one undo step.
namespace dataedits {

// The largest tensor imported into a document (its bytes are held in memory
// until the document is saved).
inline constexpr qint64 maxImportedTensorBytes = qint64(1) << 30; // 1 GiB

// `state` with `tensor` added to tensor_data/ under `name`: its bytes as
// tensor_data/tensor_N.bin and the rewritten tensor_data/index.toml (the shared
// rule of carton::addTensorToIndex(), the same as `carton import-tensor`).
// Fails when the index is unreadable, the name is invalid or taken, the dtype is
// not allowed in tensor_data, the tensor is larger than maxImportedTensorBytes or
// its bytes cannot be read.
carton::Result<DocumentState> withImportedTensor(const DocumentState &state, const QString &name,
                                                 const carton::TensorReader &tensor,
                                                 carton::Progress *progress = nullptr);

// Opens a .npy or .safetensors file's tensor (`tensorName` names it in a
// .safetensors; may be empty when the file holds one tensor). Errors name the file.
carton::Result<carton::TensorReaderPtr> openTensorFile(const QString &path, const QString &tensorName = {});
// The tensors of a .safetensors file, or the one tensor of a .npy (its base name).
carton::Result<QStringList> tensorsInFile(const QString &path);

// `state` with the file `diskPath` added as misc/NAME (NAME: the file's name,
// made unique with "-2", "-3"... before the suffix); `archivePath` receives
// "misc/NAME".
carton::Result<DocumentState> withMiscFile(const DocumentState &state, const QString &diskPath, QString *archivePath);

} // namespace dataedits

} // namespace studio
