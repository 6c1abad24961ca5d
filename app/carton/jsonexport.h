// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "format/shape.h"
#include "package/verifier.h"
#include "tensor/tensor.h"

#include <QJsonArray>
#include <QJsonObject>

namespace carton {
class Carton;
}

// The JSON forms printed by `carton info|verify|tensor --json`.
namespace cli {

// Shape as in TOML: "*", "symbol", or an array of ints/strings.
QJsonValue shapeToJson(const carton::Shape &shape);
QJsonArray diagnosticsToJson(const carton::Diagnostics &diagnostics);
// Every key of `carton info --json`; absent optional fields are null.
QJsonObject cartonToJson(const carton::Carton &carton, const carton::Diagnostics &diagnostics);
QJsonObject fileCheckToJson(const carton::FileCheck &check);
// {name, dtype, shape, data} (data flattened in C order, at most `limit` elements
// when limit >= 0); nested: {name, dtype: "nested", inner: [...]}.
QJsonObject tensorToJson(const carton::Tensor &tensor, qint64 limit);

} // namespace cli
