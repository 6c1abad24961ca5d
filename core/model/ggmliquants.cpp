// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// ggml's i-quants: groups of 4 or 8 elements stored as a row number of a fixed grid
// (ggmlgrids.cpp) with signs and scales, and the non-linear 4-bit IQ4 types; after the
// block layouts of ggml-common.h.
#include "model/ggmldecode_p.h"

namespace carton::ggml {

namespace {

// The sign byte of 7 stored bits: the eighth bit makes the count of set bits even
// (ggml's ksigns_iq2xs table).
uchar signsOf(int seven)
{
    int bits = seven & 0x7f;
    int parity = 0;
    for (int v = bits; v; v >>= 1)
        parity ^= v & 1;
    return uchar(bits | parity << 7);
}

float sign(uchar signs, int j)
{
    return (signs >> j) & 1 ? -1.0f : 1.0f;
}

// The 16 values of ggml's kvalues_iq4nl.
constexpr qint8 kIq4Values[16] = {-127, -104, -83, -65, -49, -35, -22, -10, 1, 13, 25, 38, 53, 69, 89, 113};

// Eight grid values times db, each signed by a bit of `signs`.
void signedRow(const float *row, float db, uchar signs, float *y)
{
    for (int j = 0; j < 8; ++j)
        y[j] = db * row[j] * sign(signs, j);
}

// Two rows of four grid values times db (eight elements), signed by the bits of `signs`.
void signedPair(const float *first, const float *second, float db, uchar signs, float *y)
{
    for (int j = 0; j < 4; ++j) {
        y[j] = db * first[j] * sign(signs, j);
        y[j + 4] = db * second[j] * sign(signs, j + 4);
    }
}

} // namespace

// IQ2_XXS: fp16 d; per 32 elements two uint32: four IQ2_XXS grid rows (bytes), then
// four 7-bit sign groups and a 4-bit scale; db = d · (0.5 + scale) · 0.25.
void decodeIQ2_XXS(const uchar *b, float *y)
{
    const float d = half(b);
    for (int ib = 0; ib < 8; ++ib) {
        const uchar *grid = b + 2 + 8 * ib;
        const quint32 aux = qFromLittleEndian<quint32>(grid + 4);
        const float db = d * (0.5f + float(aux >> 28)) * 0.25f;
        for (int l = 0; l < 4; ++l)
            signedRow(gridRow(Grid::Iq2xxs, grid[l]), db, signsOf(int(aux >> (7 * l))), y + 32 * ib + 8 * l);
    }
}

// IQ2_XS: fp16 d; 32 uint16 (9-bit IQ2_XS grid row, 7-bit sign group); 8 bytes of two
// 4-bit scales, each for 16 elements; db = d · (0.5 + scale) · 0.25.
void decodeIQ2_XS(const uchar *b, float *y)
{
    const float d = half(b);
    for (int l = 0; l < 32; ++l) {
        const quint16 q = qFromLittleEndian<quint16>(b + 2 + 2 * l);
        const int scale = (b[66 + l / 4] >> (4 * ((l / 2) % 2))) & 0x0f;
        const float db = d * (0.5f + float(scale)) * 0.25f;
        signedRow(gridRow(Grid::Iq2xs, q & 511), db, signsOf(q >> 9), y + 8 * l);
    }
}

// IQ2_S: fp16 d; 32 low bytes of IQ2_S grid rows, 32 sign bytes, 8 bytes of the rows'
// top 2 bits, 8 bytes of two 4-bit scales; db = d · (0.5 + scale) · 0.25.
void decodeIQ2_S(const uchar *b, float *y)
{
    const float d = half(b);
    const uchar *qs = b + 2, *signs = b + 34, *qh = b + 66, *scales = b + 74;
    for (int l = 0; l < 32; ++l) {
        const int row = qs[l] | ((qh[l / 4] >> (2 * (l % 4))) & 3) << 8;
        const int scale = (scales[l / 4] >> (4 * ((l / 2) % 2))) & 0x0f;
        const float db = d * (0.5f + float(scale)) * 0.25f;
        signedRow(gridRow(Grid::Iq2s, row), db, signs[l], y + 8 * l);
    }
}

// IQ3_XXS: fp16 d; 64 bytes of IQ3_XXS grid rows (4 values each); per 32 elements a
// uint32 of four 7-bit sign groups and a 4-bit scale; db = d · (0.5 + scale) · 0.5.
void decodeIQ3_XXS(const uchar *b, float *y)
{
    const float d = half(b);
    const uchar *qs = b + 2;
    for (int ib = 0; ib < 8; ++ib) {
        const quint32 aux = qFromLittleEndian<quint32>(b + 66 + 4 * ib);
        const float db = d * (0.5f + float(aux >> 28)) * 0.5f;
        for (int l = 0; l < 4; ++l) {
            signedPair(gridRow(Grid::Iq3xxs, qs[8 * ib + 2 * l]), gridRow(Grid::Iq3xxs, qs[8 * ib + 2 * l + 1]), db,
                       signsOf(int(aux >> (7 * l))), y + 32 * ib + 8 * l);
        }
    }
}

// IQ3_S: fp16 d; 64 low bytes of IQ3_S grid rows, 8 bytes of their ninth bits, 32 sign
// bytes, 4 bytes of two 4-bit scales (per 32 elements); db = d · (1 + 2 · scale).
void decodeIQ3_S(const uchar *b, float *y)
{
    const float d = half(b);
    const uchar *qs = b + 2, *qh = b + 66, *signs = b + 74, *scales = b + 106;
    for (int ib = 0; ib < 8; ++ib) {
        const float db = d * float(1 + 2 * ((scales[ib / 2] >> (4 * (ib % 2))) & 0x0f));
        for (int l = 0; l < 4; ++l) {
            const int i = 8 * ib + 2 * l;
            const float *first = gridRow(Grid::Iq3s, qs[i] | ((qh[i / 8] >> (i % 8)) & 1) << 8);
            const float *second = gridRow(Grid::Iq3s, qs[i + 1] | ((qh[(i + 1) / 8] >> ((i + 1) % 8)) & 1) << 8);
            signedPair(first, second, db, signs[4 * ib + l], y + 32 * ib + 8 * l);
        }
    }
}

// IQ1_S: fp16 d; 32 low bytes of IQ1_S grid rows; per 32 elements a uint16 of four
// 3-bit row tops, a 3-bit scale and the sign of delta (±1/8);
// y = d · (2 · scale + 1) · (grid + delta).
void decodeIQ1_S(const uchar *b, float *y)
{
    const float d = half(b);
    for (int ib = 0; ib < 8; ++ib) {
        const quint16 qh = qFromLittleEndian<quint16>(b + 34 + 2 * ib);
        const float dl = d * float(2 * ((qh >> 12) & 7) + 1);
        const float delta = (qh & 0x8000) ? -0.125f : 0.125f;
        for (int l = 0; l < 4; ++l) {
            const float *row = gridRow(Grid::Iq1s, b[2 + 4 * ib + l] | ((qh >> (3 * l)) & 7) << 8);
            for (int j = 0; j < 8; ++j)
                y[32 * ib + 8 * l + j] = dl * (row[j] + delta);
        }
    }
}

// IQ1_M: 32 low bytes of IQ1_S grid rows; 16 bytes of two nibbles (3-bit row top and
// delta's sign, per 8 elements); four uint16 of four 3-bit scales (per 16 elements)
// whose top nibbles together are the fp16 d; y = d · (2 · scale + 1) · (grid + delta).
void decodeIQ1_M(const uchar *b, float *y)
{
    quint16 sc[4];
    for (int k = 0; k < 4; ++k)
        sc[k] = qFromLittleEndian<quint16>(b + 48 + 2 * k);
    const quint16 dBits = quint16((sc[0] >> 12) | ((sc[1] >> 8) & 0x00f0) | ((sc[2] >> 4) & 0x0f00) | (sc[3] & 0xf000));
    uchar dBytes[2];
    qToLittleEndian(dBits, dBytes);
    const float d = half(dBytes);
    for (int l = 0; l < 32; ++l) {
        const int k = l / 2; // the scale's index, per 16 elements
        const float dl = d * float(2 * ((sc[k / 4] >> (3 * (k % 4))) & 7) + 1);
        const int nib = (b[32 + l / 2] >> (4 * (l % 2))) & 0x0f;
        const float delta = (nib & 8) ? -0.125f : 0.125f;
        const float *row = gridRow(Grid::Iq1s, b[l] | (nib & 7) << 8);
        for (int j = 0; j < 8; ++j)
            y[8 * l + j] = dl * (row[j] + delta);
    }
}

// IQ4_NL: fp16 d, 16 bytes of nibbles (as Q4_0) indexing kIq4Values; y = d · value.
void decodeIQ4_NL(const uchar *b, float *y)
{
    const float d = half(b);
    for (int j = 0; j < 16; ++j) {
        y[j] = d * float(kIq4Values[b[2 + j] & 0x0f]);
        y[j + 16] = d * float(kIq4Values[b[2 + j] >> 4]);
    }
}

// IQ4_XS: fp16 d, uint16 of eight 2-bit scale tops, 4 bytes of eight 4-bit scale
// bottoms, 128 bytes of nibbles (16 bytes per 32 elements, as IQ4_NL);
// y = (d · (scale - 32)) · value.
void decodeIQ4_XS(const uchar *b, float *y)
{
    const float d = half(b);
    const quint16 high = qFromLittleEndian<quint16>(b + 2);
    for (int ib = 0; ib < 8; ++ib) {
        const int scale = (((b[4 + ib / 2] >> (4 * (ib % 2))) & 0x0f) | ((high >> (2 * ib)) & 3) << 4) - 32;
        const float dl = d * float(scale);
        const uchar *qs = b + 8 + 16 * ib;
        for (int j = 0; j < 16; ++j) {
            y[32 * ib + j] = dl * float(kIq4Values[qs[j] & 0x0f]);
            y[32 * ib + j + 16] = dl * float(kIq4Values[qs[j] >> 4]);
        }
    }
}

} // namespace carton::ggml
