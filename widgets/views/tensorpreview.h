// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "tensor/tensor.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace carton {
class Carton;
}

namespace studio {

// A capped 1-D/2-D window of a tensor of tensor_data for the basic value table:
// 1-D and 2-D tensors as they are, higher ranks as the last two dims at index
// [0, 0, ...]. Numeric data is read with readRange (only the window's bytes).
struct TensorPreview {
    QString name;
    carton::Tensor window; // rank 0, 1 or 2 (empty for nested tensors and errors)
    QList<qint64> fullShape;
    bool nested = false;
    QStringList inner; // nested: "name: dtype [shape]" per inner tensor
    QString note;      // what part is shown, when not everything
    QString error;

    static constexpr qint64 defaultMaxElements = 1 << 20;

    // Blocking: run it on a worker thread.
    static TensorPreview load(const carton::Carton &carton, const QString &name,
                              qint64 maxElements = defaultMaxElements);
};

} // namespace studio
