// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "tensor/tensor.h"

#include <QByteArray>
#include <cstring>
#include <functional>

// A float32 tensor of `shape` whose element i (flat, row-major) is value(i).
inline carton::Tensor floatTensor(const QList<qint64> &shape, const std::function<float(qint64)> &value,
                                  const QString &name = QStringLiteral("t"))
{
    qint64 n = 1;
    for (qint64 d : shape)
        n *= d;
    QByteArray bytes(n * 4, Qt::Uninitialized);
    for (qint64 i = 0; i < n; ++i) {
        const float v = value(i);
        std::memcpy(bytes.data() + i * 4, &v, 4);
    }
    return carton::Tensor::numeric(name, carton::DType::Float32, shape, bytes);
}
