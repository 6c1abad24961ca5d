// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftest/elementconvert_p.h"

#include <QFloat16>
#include <algorithm>
#include <limits>
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#endif

namespace carton::elementconvert {

namespace {

template <typename T>
void convertAs(const char *data, qint64 start, qint64 n, double *out)
{
    for (qint64 i = 0; i < n; ++i)
        out[i] = double(load<T>(data, start + i));
}

#if defined(__SSE2__) || defined(_M_X64)
// x86 is little-endian: float32 to double four at a time, float64 copied.
void convertFloat32(const char *data, qint64 start, qint64 n, double *out)
{
    const char *p = data + start * 4;
    qint64 i = 0;
    for (; i + 4 <= n; i += 4) {
        const __m128 f = _mm_loadu_ps(reinterpret_cast<const float *>(p + i * 4));
        _mm_storeu_pd(out + i, _mm_cvtps_pd(f));
        _mm_storeu_pd(out + i + 2, _mm_cvtps_pd(_mm_movehl_ps(f, f)));
    }
    for (; i < n; ++i)
        out[i] = double(load<float>(p, i));
}
void convertFloat64(const char *data, qint64 start, qint64 n, double *out)
{
    std::memcpy(out, data + start * 8, size_t(n) * 8);
}
#else
void convertFloat32(const char *data, qint64 start, qint64 n, double *out)
{
    convertAs<float>(data, start, n, out);
}
void convertFloat64(const char *data, qint64 start, qint64 n, double *out)
{
    convertAs<double>(data, start, n, out);
}
#endif

template <typename T>
void differAs(const char *a, const char *e, qint64 start, qint64 n, bool *out)
{
    for (qint64 i = 0; i < n; ++i)
        out[i] = load<T>(a, start + i) != load<T>(e, start + i);
}

} // namespace

void toDouble(const char *data, DType dtype, qint64 start, qint64 n, double *out)
{
    switch (dtype) {
    case DType::Float32:
        return convertFloat32(data, start, n, out);
    case DType::Float64:
        return convertFloat64(data, start, n, out);
    case DType::Int8:
        return convertAs<qint8>(data, start, n, out);
    case DType::Int16:
        return convertAs<qint16>(data, start, n, out);
    case DType::Int32:
        return convertAs<qint32>(data, start, n, out);
    case DType::Int64:
        return convertAs<qint64>(data, start, n, out);
    case DType::Uint8:
        return convertAs<quint8>(data, start, n, out);
    case DType::Uint16:
        return convertAs<quint16>(data, start, n, out);
    case DType::Uint32:
        return convertAs<quint32>(data, start, n, out);
    case DType::Uint64:
        return convertAs<quint64>(data, start, n, out);
    case DType::Float16:
        for (qint64 i = 0; i < n; ++i) {
            const quint16 bits = load<quint16>(data, start + i);
            qfloat16 h;
            std::memcpy(static_cast<void *>(&h), &bits, sizeof h);
            out[i] = double(float(h));
        }
        return;
    case DType::BFloat16:
        for (qint64 i = 0; i < n; ++i) {
            const quint32 bits = quint32(load<quint16>(data, start + i)) << 16;
            float f;
            std::memcpy(&f, &bits, sizeof f);
            out[i] = f;
        }
        return;
    case DType::Bool:
        for (qint64 i = 0; i < n; ++i)
            out[i] = data[start + i] != 0 ? 1.0 : 0.0;
        return;
    case DType::String:
    case DType::Nested:
        break;
    }
    std::fill(out, out + n, std::numeric_limits<double>::quiet_NaN());
}

// Exact inequality of elements of two tensors of the same integer/bool dtype.
void differExactly(const char *a, const char *e, DType dtype, qint64 start, qint64 n, bool *out)
{
    switch (dtype) {
    case DType::Int8:
    case DType::Uint8:
        return differAs<quint8>(a, e, start, n, out);
    case DType::Int16:
    case DType::Uint16:
        return differAs<quint16>(a, e, start, n, out);
    case DType::Int32:
    case DType::Uint32:
        return differAs<quint32>(a, e, start, n, out);
    case DType::Int64:
    case DType::Uint64:
        return differAs<quint64>(a, e, start, n, out);
    case DType::Bool:
        for (qint64 i = 0; i < n; ++i)
            out[i] = (a[start + i] != 0) != (e[start + i] != 0);
        return;
    default:
        break;
    }
}

} // namespace carton::elementconvert
