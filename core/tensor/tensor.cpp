// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor.h"

#include <QFloat16>
#include <QtEndian>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace carton {

namespace {

template <typename T>
T readLittle(const QByteArray &data, qint64 index)
{
    T value;
    std::memcpy(&value, data.constData() + index * qint64(sizeof(T)), sizeof(T));
    return qFromLittleEndian(value);
}

float bfloat16ToFloat(quint16 bits)
{
    const quint32 wide = quint32(bits) << 16;
    float value;
    std::memcpy(&value, &wide, sizeof(value));
    return value;
}

float float16ToFloat(quint16 bits)
{
    qfloat16 half;
    std::memcpy(static_cast<void *>(&half), &bits, sizeof(half));
    return float(half);
}

template <typename F>
QString shortestText(F value)
{
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value < 0 ? QStringLiteral("-inf") : QStringLiteral("inf");
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
    return QString::fromLatin1(buffer, result.ptr - buffer);
}

QString quoted(const QString &text)
{
    QString out;
    out.reserve(text.size() + 2);
    out.append(u'"');
    for (QChar c : text) {
        if (c == u'"' || c == u'\\') {
            out.append(u'\\');
            out.append(c);
        } else if (c == u'\n') {
            out.append(QStringLiteral("\\n"));
        } else if (c == u'\t') {
            out.append(QStringLiteral("\\t"));
        } else if (c.unicode() < 0x20 || c.unicode() == 0x7f) {
            out.append(QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0')));
        } else {
            out.append(c);
        }
    }
    out.append(u'"');
    return out;
}

} // namespace

Tensor Tensor::numeric(QString name, DType dtype, QList<qint64> shape, QByteArray data)
{
    Tensor t;
    t.m_name = std::move(name);
    t.m_dtype = dtype;
    t.m_shape = std::move(shape);
    t.m_data = std::move(data);
    return t;
}

Tensor Tensor::strings(QString name, QList<qint64> shape, QStringList values)
{
    Tensor t;
    t.m_name = std::move(name);
    t.m_dtype = DType::String;
    t.m_shape = std::move(shape);
    t.m_strings = std::move(values);
    return t;
}

Tensor Tensor::nested(QString name, QList<Tensor> inner)
{
    Tensor t;
    t.m_name = std::move(name);
    t.m_dtype = DType::Nested;
    t.m_inner = std::move(inner);
    return t;
}

std::optional<qint64> Tensor::elementCount() const
{
    if (m_dtype == DType::Nested)
        return qint64(m_inner.size());
    return checkedElementCount(m_shape, std::numeric_limits<qint64>::max());
}

double Tensor::valueAsDouble(qint64 index) const
{
    const int size = dtypeSize(m_dtype);
    if (!isNumeric(m_dtype) || size <= 0 || index < 0 || index >= m_data.size() / size)
        return std::numeric_limits<double>::quiet_NaN();
    switch (m_dtype) {
    case DType::Float32:
        return readLittle<float>(m_data, index);
    case DType::Float64:
        return readLittle<double>(m_data, index);
    case DType::Int8:
        return readLittle<qint8>(m_data, index);
    case DType::Int16:
        return readLittle<qint16>(m_data, index);
    case DType::Int32:
        return readLittle<qint32>(m_data, index);
    case DType::Int64:
        return double(readLittle<qint64>(m_data, index));
    case DType::Uint8:
        return readLittle<quint8>(m_data, index);
    case DType::Uint16:
        return readLittle<quint16>(m_data, index);
    case DType::Uint32:
        return readLittle<quint32>(m_data, index);
    case DType::Uint64:
        return double(readLittle<quint64>(m_data, index));
    case DType::Float16:
        return float16ToFloat(readLittle<quint16>(m_data, index));
    case DType::BFloat16:
        return bfloat16ToFloat(readLittle<quint16>(m_data, index));
    case DType::Bool:
        return readLittle<quint8>(m_data, index) != 0 ? 1.0 : 0.0;
    case DType::String:
    case DType::Nested:
        break;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

QString Tensor::valueAsText(qint64 index) const
{
    if (m_dtype == DType::String) {
        if (index < 0 || index >= m_strings.size())
            return {};
        return quoted(m_strings.at(index));
    }
    const int size = dtypeSize(m_dtype);
    if (!isNumeric(m_dtype) || size <= 0 || index < 0 || index >= m_data.size() / size)
        return {};
    switch (m_dtype) {
    case DType::Float32:
        return shortestText(readLittle<float>(m_data, index));
    case DType::Float64:
        return shortestText(readLittle<double>(m_data, index));
    case DType::Int8:
        return QString::number(readLittle<qint8>(m_data, index));
    case DType::Int16:
        return QString::number(readLittle<qint16>(m_data, index));
    case DType::Int32:
        return QString::number(readLittle<qint32>(m_data, index));
    case DType::Int64:
        return QString::number(readLittle<qint64>(m_data, index));
    case DType::Uint8:
        return QString::number(readLittle<quint8>(m_data, index));
    case DType::Uint16:
        return QString::number(readLittle<quint16>(m_data, index));
    case DType::Uint32:
        return QString::number(readLittle<quint32>(m_data, index));
    case DType::Uint64:
        return QString::number(readLittle<quint64>(m_data, index));
    case DType::Float16:
        return shortestText(float16ToFloat(readLittle<quint16>(m_data, index)));
    case DType::BFloat16:
        return shortestText(bfloat16ToFloat(readLittle<quint16>(m_data, index)));
    case DType::Bool:
        return readLittle<quint8>(m_data, index) != 0 ? QStringLiteral("true") : QStringLiteral("false");
    case DType::String:
    case DType::Nested:
        break;
    }
    return {};
}

std::optional<qint64> checkedElementCount(const QList<qint64> &shape, qint64 cap)
{
    bool hasZero = false;
    for (qint64 dim : shape) {
        if (dim < 0)
            return std::nullopt;
        hasZero = hasZero || dim == 0;
    }
    if (hasZero)
        return cap >= 0 ? std::optional<qint64>(0) : std::nullopt;
    qint64 product = 1;
    for (qint64 dim : shape) {
        if (product > cap / dim)
            return std::nullopt;
        product *= dim;
    }
    if (product > cap)
        return std::nullopt;
    return product;
}

} // namespace carton
