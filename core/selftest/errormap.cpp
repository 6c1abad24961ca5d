// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftest/errormap.h"

#include "selftest/elementconvert_p.h"
#include "tensor/tensorregion.h"

#include <QtEndian>
#include <cmath>
#include <limits>
#include <vector>

namespace carton {

namespace {

bool numeric(const Tensor &t)
{
    return isNumeric(t.dtype());
}

float elementError(double a, double e, ErrorMapKind kind, const Tolerance &tolerance)
{
    constexpr float inf = std::numeric_limits<float>::infinity();
    if (!std::isfinite(a) || !std::isfinite(e)) {
        const bool same = (std::isnan(a) && std::isnan(e)) ? tolerance.equalNan : a == e;
        return same ? 0.0f : inf;
    }
    const double diff = std::fabs(a - e);
    switch (kind) {
    case ErrorMapKind::Absolute:
        return float(diff);
    case ErrorMapKind::Relative:
        if (diff == 0)
            return 0.0f;
        return e == 0 ? inf : float(diff / std::fabs(e));
    case ErrorMapKind::Excess:
        return float(diff - (tolerance.atol + tolerance.rtol * std::fabs(e)));
    }
    return 0.0f;
}

} // namespace

Result<Tensor> errorMap(const Tensor &actual, const Tensor &expected, ErrorMapKind kind, const Tolerance &tolerance,
                        qint64 maxBytes)
{
    if (!numeric(actual) || !numeric(expected))
        return makeError(ErrorCode::Usage,
                         QStringLiteral("error map of \"%1\": both tensors must be numeric (got %2 and %3)")
                             .arg(expected.name(), dtypeName(actual.dtype()), dtypeName(expected.dtype())));
    if (actual.shape() != expected.shape())
        return makeError(ErrorCode::Usage,
                         QStringLiteral("error map of \"%1\": shapes differ (actual %2, expected %3)")
                             .arg(expected.name(), shapeText(actual.shape()), shapeText(expected.shape())));
    const std::optional<qint64> count = expected.elementCount();
    const int actualSize = dtypeSize(actual.dtype());
    const int expectedSize = dtypeSize(expected.dtype());
    if (!count || *count > maxBytes / 4)
        return makeError(ErrorCode::Limit,
                         QStringLiteral("error map of \"%1\": more than %2 bytes").arg(expected.name()).arg(maxBytes));
    if (actual.data().size() != *count * actualSize || expected.data().size() != *count * expectedSize)
        return makeError(
            ErrorCode::Usage,
            QStringLiteral("error map of \"%1\": a tensor's data does not match its shape").arg(expected.name()));

    QByteArray out(*count * 4, Qt::Uninitialized);
    char *dst = out.data();
    constexpr qint64 chunk = 4096;
    std::vector<double> a(chunk), e(chunk);
    for (qint64 start = 0; start < *count; start += chunk) {
        const qint64 n = std::min(chunk, *count - start);
        elementconvert::toDouble(actual.data().constData(), actual.dtype(), start, n, a.data());
        elementconvert::toDouble(expected.data().constData(), expected.dtype(), start, n, e.data());
        for (qint64 i = 0; i < n; ++i)
            qToLittleEndian(elementError(a[size_t(i)], e[size_t(i)], kind, tolerance), dst + (start + i) * 4);
    }
    return Tensor::numeric(expected.name(), DType::Float32, expected.shape(), std::move(out));
}

} // namespace carton
