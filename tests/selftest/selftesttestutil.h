// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Tensors built in code for the self-test tests (header-only).

#include "tensor/tensor.h"

#include <QByteArray>
#include <QFloat16>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QtEndian>
#include <cstring>

namespace selftesttest {

template <typename T>
QByteArray bytesOf(const QList<double> &values)
{
    QByteArray out;
    out.reserve(values.size() * qsizetype(sizeof(T)));
    for (double v : values) {
        T typed = T(v);
        typed = qToLittleEndian(typed);
        out.append(reinterpret_cast<const char *>(&typed), sizeof(T));
    }
    return out;
}

inline carton::Tensor f64(QList<qint64> shape, const QList<double> &values, const QString &name = {})
{
    return carton::Tensor::numeric(name, carton::DType::Float64, std::move(shape), bytesOf<double>(values));
}

inline carton::Tensor f32(QList<qint64> shape, const QList<double> &values, const QString &name = {})
{
    return carton::Tensor::numeric(name, carton::DType::Float32, std::move(shape), bytesOf<float>(values));
}

inline carton::Tensor i32(QList<qint64> shape, const QList<double> &values, const QString &name = {})
{
    return carton::Tensor::numeric(name, carton::DType::Int32, std::move(shape), bytesOf<qint32>(values));
}

inline carton::Tensor i64(QList<qint64> shape, const QList<qint64> &values, const QString &name = {})
{
    QByteArray out;
    for (qint64 v : values) {
        const qint64 le = qToLittleEndian(v);
        out.append(reinterpret_cast<const char *>(&le), sizeof le);
    }
    return carton::Tensor::numeric(name, carton::DType::Int64, std::move(shape), out);
}

inline carton::Tensor f16(QList<qint64> shape, const QList<double> &values, const QString &name = {})
{
    QByteArray out;
    for (double v : values) {
        const qfloat16 h = qfloat16(float(v));
        quint16 bits;
        std::memcpy(&bits, &h, sizeof bits);
        bits = qToLittleEndian(bits);
        out.append(reinterpret_cast<const char *>(&bits), sizeof bits);
    }
    return carton::Tensor::numeric(name, carton::DType::Float16, std::move(shape), out);
}

inline carton::Tensor boolean(QList<qint64> shape, const QByteArray &bytes, const QString &name = {})
{
    return carton::Tensor::numeric(name, carton::DType::Bool, std::move(shape), bytes);
}

inline carton::Tensor strings(QList<qint64> shape, const QStringList &values, const QString &name = {})
{
    return carton::Tensor::strings(name, std::move(shape), values);
}

// A Tensor cannot be a QTest column itself (its recursive operator== defeats
// QMetaType's equality detection): rows carry this pair instead.
struct TensorPair {
    carton::Tensor actual;
    carton::Tensor expected;
};

} // namespace selftesttest

Q_DECLARE_METATYPE(selftesttest::TensorPair)
