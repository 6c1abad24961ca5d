// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/ggmltypes.h"

#include "model/ggmldecode_p.h"

#include <array>

namespace carton {

namespace {

using namespace ggml;

// ggml.c type_traits: block sizes and bytes per block of every type GGUF files hold.
const std::array<GgmlType, 31> kGgmlTypes{{
    {0, "F32", 1, 4, DType::Float32, nullptr},
    {1, "F16", 1, 2, DType::Float16, nullptr},
    {2, "Q4_0", 32, 18, std::nullopt, decodeQ4_0},
    {3, "Q4_1", 32, 20, std::nullopt, decodeQ4_1},
    {6, "Q5_0", 32, 22, std::nullopt, decodeQ5_0},
    {7, "Q5_1", 32, 24, std::nullopt, decodeQ5_1},
    {8, "Q8_0", 32, 34, std::nullopt, decodeQ8_0},
    {9, "Q8_1", 32, 36, std::nullopt, decodeQ8_1},
    {10, "Q2_K", 256, 84, std::nullopt, decodeQ2_K},
    {11, "Q3_K", 256, 110, std::nullopt, decodeQ3_K},
    {12, "Q4_K", 256, 144, std::nullopt, decodeQ4_K},
    {13, "Q5_K", 256, 176, std::nullopt, decodeQ5_K},
    {14, "Q6_K", 256, 210, std::nullopt, decodeQ6_K},
    {15, "Q8_K", 256, 292, std::nullopt, decodeQ8_K},
    {16, "IQ2_XXS", 256, 66, std::nullopt, decodeIQ2_XXS},
    {17, "IQ2_XS", 256, 74, std::nullopt, decodeIQ2_XS},
    {18, "IQ3_XXS", 256, 98, std::nullopt, decodeIQ3_XXS},
    {19, "IQ1_S", 256, 50, std::nullopt, decodeIQ1_S},
    {20, "IQ4_NL", 32, 18, std::nullopt, decodeIQ4_NL},
    {21, "IQ3_S", 256, 110, std::nullopt, decodeIQ3_S},
    {22, "IQ2_S", 256, 82, std::nullopt, decodeIQ2_S},
    {23, "IQ4_XS", 256, 136, std::nullopt, decodeIQ4_XS},
    {24, "I8", 1, 1, DType::Int8, nullptr},
    {25, "I16", 1, 2, DType::Int16, nullptr},
    {26, "I32", 1, 4, DType::Int32, nullptr},
    {27, "I64", 1, 8, DType::Int64, nullptr},
    {28, "F64", 1, 8, DType::Float64, nullptr},
    {29, "IQ1_M", 256, 56, std::nullopt, decodeIQ1_M},
    {30, "BF16", 1, 2, DType::BFloat16, nullptr},
    {34, "TQ1_0", 256, 54, std::nullopt, decodeTQ1_0},
    {35, "TQ2_0", 256, 66, std::nullopt, decodeTQ2_0},
}};

} // namespace

const GgmlType *ggmlType(int id)
{
    for (const GgmlType &t : kGgmlTypes)
        if (t.id == id)
            return &t;
    return nullptr;
}

} // namespace carton
