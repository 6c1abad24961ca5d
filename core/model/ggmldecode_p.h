// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The block decoders behind ggmltypes.cpp's table. Each writes the block's values in
// ggml's element order, with the float32 operations in the order ggml's reference
// dequantize_row_* does them, so results are bit for bit those of ggml.

#include <QFloat16>
#include <QtEndian>
#include <cstring>

namespace carton::ggml {

inline float half(const uchar *p)
{
    const quint16 bits = qFromLittleEndian<quint16>(p);
    qfloat16 h;
    std::memcpy(static_cast<void *>(&h), &bits, sizeof bits);
    return float(h);
}

// Legacy 32-element types and k-quants (ggmlkquants.cpp).
void decodeQ4_0(const uchar *b, float *y);
void decodeQ4_1(const uchar *b, float *y);
void decodeQ5_0(const uchar *b, float *y);
void decodeQ5_1(const uchar *b, float *y);
void decodeQ8_0(const uchar *b, float *y);
void decodeQ8_1(const uchar *b, float *y);
void decodeQ2_K(const uchar *b, float *y);
void decodeQ3_K(const uchar *b, float *y);
void decodeQ4_K(const uchar *b, float *y);
void decodeQ5_K(const uchar *b, float *y);
void decodeQ6_K(const uchar *b, float *y);
void decodeQ8_K(const uchar *b, float *y);
void decodeTQ1_0(const uchar *b, float *y);
void decodeTQ2_0(const uchar *b, float *y);

// I-quants (ggmliquants.cpp; grids in ggmlgrids.cpp).
void decodeIQ2_XXS(const uchar *b, float *y);
void decodeIQ2_XS(const uchar *b, float *y);
void decodeIQ2_S(const uchar *b, float *y);
void decodeIQ3_XXS(const uchar *b, float *y);
void decodeIQ3_S(const uchar *b, float *y);
void decodeIQ1_S(const uchar *b, float *y);
void decodeIQ1_M(const uchar *b, float *y);
void decodeIQ4_NL(const uchar *b, float *y);
void decodeIQ4_XS(const uchar *b, float *y);

// The i-quant grids: row r of a grid is its values (one byte each, as float32).
// IQ2_XXS 256 × 8, IQ2_XS 512 × 8, IQ2_S 1024 × 8, IQ3_XXS 256 × 4, IQ3_S 512 × 4,
// IQ1_S/IQ1_M 2048 × 8.
enum class Grid { Iq2xxs, Iq2xs, Iq2s, Iq3xxs, Iq3s, Iq1s };
const float *gridRow(Grid grid, int row);

} // namespace carton::ggml
