// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "valueformat.h"

#include <cmath>

namespace studio {

QString formatValue(const carton::Tensor &block, qint64 i, NumberFormat format, int precision)
{
    const carton::DType dtype = block.dtype();
    if (format == NumberFormat::Auto || dtype == carton::DType::Bool)
        return block.valueAsText(i);
    const bool floating = carton::isFloating(dtype);
    if (format == NumberFormat::Hex) {
        if (floating)
            return block.valueAsText(i);
        const int size = carton::dtypeSize(dtype);
        if (i < 0 || (i + 1) * size > block.data().size())
            return {};
        quint64 bits = 0; // the bytes are little-endian
        const auto *bytes = reinterpret_cast<const uchar *>(block.data().constData() + i * size);
        for (int k = 0; k < size; ++k)
            bits |= quint64(bytes[k]) << (8 * k);
        return QStringLiteral("0x%1").arg(bits, size * 2, 16, QLatin1Char('0'));
    }
    if (!floating)
        return block.valueAsText(i);
    const double value = block.valueAsDouble(i);
    if (!std::isfinite(value))
        return block.valueAsText(i);
    return QString::number(value, format == NumberFormat::Fixed ? 'f' : 'e', precision);
}

} // namespace studio
