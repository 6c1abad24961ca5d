// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "tensor/tensor.h"

#include <QtGlobal>
#include <optional>

namespace carton {

// One block of a quantised ggml type into blockElements float32 values.
using GgmlBlockDecoder = void (*)(const uchar *block, float *out);

// A ggml tensor type as GGUF files name it (ggml.c's type_traits): how many elements
// a block holds and its bytes. Plain types read as `dtype` in place; quantised types
// have a `decode` that dequantises one block exactly as ggml's reference code does
// (ggml-quants.c dequantize_row_*), and read as float32.
struct GgmlType {
    int id;
    const char *name;
    int blockElements;
    int blockBytes;
    std::optional<DType> dtype; // plain types only
    GgmlBlockDecoder decode;    // quantised types only
};

// The type with ggml id `id`, or nullptr for an id ggml does not define (or a
// removed one: 4, 5, 31-33).
const GgmlType *ggmlType(int id);

} // namespace carton
