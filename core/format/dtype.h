// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QString>
#include <optional>

namespace carton {

// Element types. The first eleven are Carton v1's; Float16, BFloat16 and Bool are
// only for previewing safetensors/npy data; Nested only appears in tensor_data.
enum class DType {
    Float32,
    Float64,
    String,
    Int8,
    Int16,
    Int32,
    Int64,
    Uint8,
    Uint16,
    Uint32,
    Uint64,
    Float16,
    BFloat16,
    Bool,
    Nested,
};

// "float32", "uint8", "string", "nested", ...
CARTONCORE_EXPORT QString dtypeName(DType dtype);
// Parses any of the names above (including "float16", "bfloat16", "bool",
// "nested"); nullopt for anything else (names are case-sensitive).
CARTONCORE_EXPORT std::optional<DType> parseDType(QStringView name);
// True for the eleven dtypes Carton v1 allows in [[input]]/[[output]].
CARTONCORE_EXPORT bool isSpecDType(DType dtype);
// Bytes per element for numeric dtypes; 0 for String and Nested.
CARTONCORE_EXPORT int dtypeSize(DType dtype);
// True for every dtype with a fixed element size (all but String and Nested;
// Bool included).
CARTONCORE_EXPORT bool isNumeric(DType dtype);
CARTONCORE_EXPORT bool isFloating(DType dtype);

} // namespace carton
