// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "base/limits.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "tensor/stringtensorfile.h"
#include "tensor/tensor.h"
#include "tensor/tensorindex.h"
#include "tensor/tensorreader.h"

#include <QByteArray>

namespace carton {

// Opens a numeric tensor of tensor_data for reading any region of it (see
// TensorReader): the .bin file's size must equal elements × dtype size (with
// overflow checks). Fails with ErrorCode::Format for string and nested tensors.
CARTONCORE_EXPORT Result<TensorReaderPtr> openIndexTensor(const TensorIndexEntry &entry, const ByteSourceOpener &open,
                                                          const Limits &limits = {});

// Loads tensor `name` from tensor_data whole: numeric .bin (read through
// openIndexTensor()), string .toml (`data = [...]`, as many strings as elements),
// nested (each inner tensor loaded; inner must exist and must not be nested).
// Errors name the file and field.
CARTONCORE_EXPORT Result<Tensor> loadTensor(const TensorIndex &index, const QString &name, const ByteSourceOpener &open,
                                            const Limits &limits = {});

// Encodes a tensor's data file: raw bytes for numeric, `data = [...]` TOML for
// strings; nested tensors have no file (returns an empty array).
CARTONCORE_EXPORT QByteArray encodeTensorFile(const Tensor &tensor);

} // namespace carton
