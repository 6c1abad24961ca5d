// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "tensor/tensor.h"
#include "tensor/tensorindex.h"

#include <QByteArray>
#include <functional>

namespace carton {

// Reads the bytes of a file under the carton root ("tensor_data/tensor_0.bin"),
// failing when larger than maxSize. Lets tensor loading work over a zip, a folder
// or an in-memory document alike.
using FileReader = std::function<Result<QByteArray>(const QString &path, qint64 maxSize)>;

// Loads tensor `name` from tensor_data: numeric .bin (size must equal
// elements × dtype size, with overflow checks), string .toml (`data = [...]`, as
// many strings as elements), nested (each inner tensor loaded; inner must exist and
// must not be nested). Errors name the file and field.
CARTONCORE_EXPORT Result<Tensor> loadTensor(const TensorIndex &index, const QString &name, const FileReader &read,
                                            const Limits &limits = {});

// Encodes a tensor's data file: raw bytes for numeric, `data = [...]` TOML for
// strings; nested tensors have no file (returns an empty array).
CARTONCORE_EXPORT QByteArray encodeTensorFile(const Tensor &tensor);
// Decodes a string tensor file (`data = [...]`), checking the element count.
CARTONCORE_EXPORT Result<QStringList> decodeStringTensorFile(QByteArrayView text, qint64 expectedCount,
                                                             const QString &fileName);

} // namespace carton
