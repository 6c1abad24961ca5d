// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/onnxtypes.h"

#include <array>

namespace carton::onnx {

namespace {

const std::array<ElemType, 25> kTypes{{
    {"UNDEFINED", std::nullopt, 0},
    {"FLOAT", DType::Float32, 32},
    {"UINT8", DType::Uint8, 8},
    {"INT8", DType::Int8, 8},
    {"UINT16", DType::Uint16, 16},
    {"INT16", DType::Int16, 16},
    {"INT32", DType::Int32, 32},
    {"INT64", DType::Int64, 64},
    {"STRING", std::nullopt, 0},
    {"BOOL", DType::Bool, 8},
    {"FLOAT16", DType::Float16, 16},
    {"DOUBLE", DType::Float64, 64},
    {"UINT32", DType::Uint32, 32},
    {"UINT64", DType::Uint64, 64},
    {"COMPLEX64", std::nullopt, 64},
    {"COMPLEX128", std::nullopt, 128},
    {"BFLOAT16", DType::BFloat16, 16},
    {"FLOAT8E4M3FN", std::nullopt, 8, NarrowType::F8E4M3FN},
    {"FLOAT8E4M3FNUZ", std::nullopt, 8, NarrowType::F8E4M3FNUZ},
    {"FLOAT8E5M2", std::nullopt, 8, NarrowType::F8E5M2},
    {"FLOAT8E5M2FNUZ", std::nullopt, 8, NarrowType::F8E5M2FNUZ},
    {"UINT4", std::nullopt, 4, NarrowType::UInt4},
    {"INT4", std::nullopt, 4, NarrowType::Int4},
    {"FLOAT4E2M1", std::nullopt, 4, NarrowType::F4E2M1},
    {"FLOAT8E8M0", std::nullopt, 8, NarrowType::F8E8M0},
}};

} // namespace

const ElemType *elemType(qint64 code)
{
    return code >= 0 && code < qint64(kTypes.size()) ? &kTypes[std::size_t(code)] : nullptr;
}

QString elemTypeText(qint64 code)
{
    const ElemType *t = elemType(code);
    if (!t)
        return QStringLiteral("type %1").arg(code);
    if (t->dtype)
        return dtypeName(*t->dtype);
    return QString::fromLatin1(t->name).toLower();
}

TypedField typedFieldFor(qint64 code)
{
    switch (code) {
    case 1:  // FLOAT
    case 14: // COMPLEX64
        return {TensorFloatData, 4};
    case 11: // DOUBLE
    case 15: // COMPLEX128
        return {TensorDoubleData, 8};
    case 7: // INT64
        return {TensorInt64Data, 0};
    case 12: // UINT32
    case 13: // UINT64
        return {TensorUint64Data, 0};
    case 8: // STRING
        return {TensorStringData, 0};
    default: // INT32, INT16, INT8, UINT16, UINT8, BOOL, FLOAT16, BFLOAT16, FLOAT8*, (U)INT4, FLOAT4
        return {TensorInt32Data, 0};
    }
}

} // namespace carton::onnx
