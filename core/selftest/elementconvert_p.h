// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Private to the self-test comparison (core/selftest/tensorcompare.cpp): numeric
// tensor elements as doubles and exact element inequality, a chunk at a time.

#include "format/dtype.h"

#include <QtEndian>
#include <QtGlobal>
#include <cstring>

namespace carton::elementconvert {

template <typename T>
inline T load(const char *data, qint64 i)
{
    T v;
    std::memcpy(&v, data + i * qint64(sizeof(T)), sizeof(T));
    return qFromLittleEndian(v);
}

// Elements [start, start + n) of numeric data (little-endian `dtype`) as doubles
// (float16/bfloat16 converted, bools as 0/1, int64 rounded to double).
void toDouble(const char *data, DType dtype, qint64 start, qint64 n, double *out);

// out[i] = element start+i of `a` differs from that of `e`, both of the same
// integer or bool `dtype`, compared exactly (any non-zero bool byte is true).
void differExactly(const char *a, const char *e, DType dtype, qint64 start, qint64 n, bool *out);

} // namespace carton::elementconvert
