// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// ggml's legacy 32-element types, k-quants (blocks of 256 in 16 or 8 sub-blocks with
// their own scales) and ternary types, after the block layouts of ggml-common.h.
#include "model/ggmldecode_p.h"

namespace carton::ggml {

namespace {

// Element j of 32 stored as nibbles: bytes 0..15 hold j (low) and j + 16 (high).
int nibble(const uchar *qs, int j)
{
    return j < 16 ? qs[j] & 0x0f : qs[j - 16] >> 4;
}

// 2-bit values of 128 elements in 32 bytes: element e is bits 2 × (e / 32) of byte e % 32.
int crumb(const uchar *qs, int e)
{
    return (qs[e % 32] >> (2 * (e / 32))) & 3;
}

// Q4_K/Q5_K: the 6-bit scale and min of sub-block j (of 8) from 12 packed bytes.
void scaleMin(const uchar *s, int j, int &scale, int &min)
{
    if (j < 4) {
        scale = s[j] & 63;
        min = s[j + 4] & 63;
    } else {
        scale = (s[j + 4] & 0x0f) | ((s[j - 4] >> 6) << 4);
        min = (s[j + 4] >> 4) | ((s[j] >> 6) << 4);
    }
}

} // namespace

// Q4_0: fp16 d, 16 bytes of nibbles; y = (q - 8) · d.
void decodeQ4_0(const uchar *b, float *y)
{
    const float d = half(b);
    for (int j = 0; j < 32; ++j)
        y[j] = float(nibble(b + 2, j) - 8) * d;
}

// Q4_1: fp16 d, fp16 m, nibbles; y = q · d + m.
void decodeQ4_1(const uchar *b, float *y)
{
    const float d = half(b), m = half(b + 2);
    for (int j = 0; j < 32; ++j)
        y[j] = float(nibble(b + 4, j)) * d + m;
}

// Q5_0: fp16 d, 32 fifth bits (uint32), nibbles; y = (q - 16) · d.
void decodeQ5_0(const uchar *b, float *y)
{
    const float d = half(b);
    const quint32 qh = qFromLittleEndian<quint32>(b + 2);
    for (int j = 0; j < 32; ++j)
        y[j] = float((nibble(b + 6, j) | int((qh >> j) & 1) << 4) - 16) * d;
}

// Q5_1: fp16 d, fp16 m, fifth bits, nibbles; y = q · d + m.
void decodeQ5_1(const uchar *b, float *y)
{
    const float d = half(b), m = half(b + 2);
    const quint32 qh = qFromLittleEndian<quint32>(b + 4);
    for (int j = 0; j < 32; ++j)
        y[j] = float(nibble(b + 8, j) | int((qh >> j) & 1) << 4) * d + m;
}

// Q8_0: fp16 d, 32 int8; y = q · d.
void decodeQ8_0(const uchar *b, float *y)
{
    const float d = half(b);
    for (int j = 0; j < 32; ++j)
        y[j] = float(qint8(b[2 + j])) * d;
}

// Q8_1: fp16 d, fp16 s (d × Σq, for dot products), 32 int8; y = q · d.
void decodeQ8_1(const uchar *b, float *y)
{
    const float d = half(b);
    for (int j = 0; j < 32; ++j)
        y[j] = float(qint8(b[4 + j])) * d;
}

// Q2_K: 16 scale bytes (low nibble scale, high nibble min), 64 bytes of 2-bit values,
// fp16 d, fp16 dmin; y = (d · scale) · q - dmin · min per 16 elements.
void decodeQ2_K(const uchar *b, float *y)
{
    const uchar *scales = b, *qs = b + 16;
    const float d = half(b + 80), dmin = half(b + 82);
    for (int e = 0; e < 256; ++e) {
        const uchar sc = scales[e / 16];
        const float dl = d * float(sc & 0x0f), ml = dmin * float(sc >> 4);
        y[e] = dl * float(crumb(qs + 32 * (e / 128), e % 128)) - ml;
    }
}

// Q3_K: 32 bytes of high bits (set: no offset), 64 bytes of 2-bit values, 12 bytes of
// 16 packed 6-bit scales (offset 32), fp16 d; y = (d · scale) · (q - 4 · !high).
void decodeQ3_K(const uchar *b, float *y)
{
    const uchar *hmask = b, *qs = b + 32, *s = b + 96;
    const float d = half(b + 108);
    for (int e = 0; e < 256; ++e) {
        const int k = e / 16;
        const int low = k < 8 ? s[k] & 0x0f : s[k - 8] >> 4;
        const int high = (s[8 + k % 4] >> (2 * (k / 4))) & 3;
        const float dl = d * float((low | high << 4) - 32);
        const int q = crumb(qs + 32 * (e / 128), e % 128) - (((hmask[e % 32] >> (e / 32)) & 1) ? 0 : 4);
        y[e] = dl * float(q);
    }
}

// Q4_K: fp16 d, fp16 dmin, 12 bytes of 8 scales and mins (6 bits), 128 bytes of
// nibbles (64-element chunks: 32 low nibbles, then 32 high); y = (d · sc) · q - dmin · m.
void decodeQ4_K(const uchar *b, float *y)
{
    const float d = half(b), dmin = half(b + 2);
    const uchar *qs = b + 16;
    for (int j = 0; j < 8; ++j) {
        int sc = 0, m = 0;
        scaleMin(b + 4, j, sc, m);
        const float d1 = d * float(sc), m1 = dmin * float(m);
        const uchar *chunk = qs + 32 * (j / 2);
        for (int i = 0; i < 32; ++i)
            y[32 * j + i] = d1 * float((chunk[i] >> (4 * (j % 2))) & 0x0f) - m1;
    }
}

// Q5_K: Q4_K with a fifth bit per element: 32 bytes, bit j for sub-block j.
void decodeQ5_K(const uchar *b, float *y)
{
    const float d = half(b), dmin = half(b + 2);
    const uchar *qh = b + 16, *qs = b + 48;
    for (int j = 0; j < 8; ++j) {
        int sc = 0, m = 0;
        scaleMin(b + 4, j, sc, m);
        const float d1 = d * float(sc), m1 = dmin * float(m);
        const uchar *chunk = qs + 32 * (j / 2);
        for (int i = 0; i < 32; ++i) {
            const int q = ((chunk[i] >> (4 * (j % 2))) & 0x0f) | ((qh[i] >> j) & 1) << 4;
            y[32 * j + i] = d1 * float(q) - m1;
        }
    }
}

// Q6_K: 128 bytes of low nibbles, 64 bytes of high 2 bits, 16 int8 scales, fp16 d;
// each half of 128 elements: nibbles of 64 bytes (low, then high), crumbs of 32 bytes;
// y = (d · scale) · (q - 32).
void decodeQ6_K(const uchar *b, float *y)
{
    const uchar *ql = b, *qh = b + 128;
    const float d = half(b + 208);
    for (int e = 0; e < 256; ++e) {
        const int halfIndex = e / 128, r = e % 128;
        const int low = (ql[64 * halfIndex + r % 64] >> (4 * (r / 64))) & 0x0f;
        const int high = crumb(qh + 32 * halfIndex, r);
        const float dl = d * float(qint8(b[192 + e / 16]));
        y[e] = dl * float((low | high << 4) - 32);
    }
}

// Q8_K: float32 d, 256 int8, 16 int16 block sums (for dot products); y = q · d.
void decodeQ8_K(const uchar *b, float *y)
{
    const float d = qFromLittleEndian<float>(b);
    for (int j = 0; j < 256; ++j)
        y[j] = float(qint8(b[4 + j])) * d;
}

// TQ1_0: 48 bytes of five trits each and 4 bytes of four (base-3 fixed point: trit n
// of byte q is ((q · 3^n mod 256) · 3) >> 8), fp16 d; y = (trit - 1) · d.
void decodeTQ1_0(const uchar *b, float *y)
{
    static constexpr int kPow3[5] = {1, 3, 9, 27, 81};
    const float d = half(b + 52);
    const auto trit = [](uchar q, int n) { return ((uchar(q * kPow3[n]) * 3) >> 8) - 1; };
    for (int n = 0; n < 5; ++n) {
        for (int m = 0; m < 32; ++m)
            y[32 * n + m] = float(trit(b[m], n)) * d;
        for (int m = 0; m < 16; ++m)
            y[160 + 16 * n + m] = float(trit(b[32 + m], n)) * d;
    }
    for (int n = 0; n < 4; ++n)
        for (int m = 0; m < 4; ++m)
            y[240 + 4 * n + m] = float(trit(b[48 + m], n)) * d;
}

// TQ2_0: 64 bytes of 2-bit values (128-element halves as in Q2_K), fp16 d; y = (q - 1) · d.
void decodeTQ2_0(const uchar *b, float *y)
{
    const float d = half(b + 64);
    for (int e = 0; e < 256; ++e)
        y[e] = float(crumb(b + 32 * (e / 128), e % 128) - 1) * d;
}

} // namespace carton::ggml
