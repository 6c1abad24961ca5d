// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "tensor/safetensors.h"
#include "tensor/tensorindex.h"
#include "tensor/tensorreader.h"

#include <functional>

namespace carton {

// Moving tensors in and out of cartons, in the formats users already have.

// Writes `tensors` to `outPath`, atomically (a temporary file renamed at the end;
// an existing file is only replaced on success, after an fsync; a new file is not
// fsynced, as cp does not): `.npy` (exactly one tensor) or
// `.safetensors` (one or more), chosen by the suffix. Bytes stream through the
// readers; progress counts bytes.
CARTONCORE_EXPORT Status exportTensors(const QList<TensorReaderPtr> &tensors, const QString &outPath,
                                       const SafetensorsMetadata &metadata = {}, Progress *progress = nullptr);

// Checks a name for a new tensor_data tensor: not empty, at most 256 characters, no
// control characters, no leading/trailing spaces (ErrorCode::Usage naming the rule).
CARTONCORE_EXPORT Status checkTensorName(const QString &name);

// What adding a tensor to tensor_data/ changes: the new index (the old entries, then
// the new one) and the data file to write the tensor's bytes to, relative to
// tensor_data/ (upstream's naming: tensor_N.bin, the first N neither used by the
// index nor taken according to `fileTaken`).
struct TensorIndexAddition {
    TensorIndex index;
    QString fileName;
};

// The one rule for adding a tensor to a carton's tensor_data, shared by
// importTensor() (a folder) and the editor (a carton being edited): fails when the
// name is invalid or taken, or when the dtype is not one Carton v1 allows in
// tensor_data (float16, bfloat16, bool).
CARTONCORE_EXPORT Result<TensorIndexAddition>
addTensorToIndex(const TensorIndex &index, const QString &name, const TensorReader &tensor,
                 const std::function<bool(const QString &fileName)> &fileTaken = {});
// The same for a tensor held in memory (numeric: tensor_N.bin; string: tensor_N.toml;
// nested tensors are refused).
CARTONCORE_EXPORT Result<TensorIndexAddition>
addTensorToIndex(const TensorIndex &index, const QString &name, DType dtype, const QList<qint64> &shape,
                 const std::function<bool(const QString &fileName)> &fileTaken = {});

// A tensor name not used by `index`, made from `base` as a slug: every run of
// characters other than ASCII letters, digits, '_' and '-' becomes one '_',
// '_' at either end is dropped, at most 200 characters ("batch of two_doubled" ->
// "batch_of_two_doubled"; "tensor" when nothing is left). That when free, else
// "slug_2", "slug_3"...
CARTONCORE_EXPORT QString uniqueTensorName(const TensorIndex &index, const QString &base);

// Adds `tensor` to the unpacked carton in `folder` as tensor_data/<file>.bin under
// `name`, and rewrites tensor_data/index.toml (creating both when absent). Fails
// when the name is invalid or taken, when the dtype is not one Carton v1 allows in
// tensor_data (float16, bfloat16, bool), or when index.toml is malformed. The data
// file is written first, then index.toml, each atomically.
CARTONCORE_EXPORT Status importTensor(const QString &folder, const QString &name, const TensorReader &tensor,
                                      Progress *progress = nullptr);

} // namespace carton
