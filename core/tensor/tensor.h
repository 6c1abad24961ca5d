// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "format/dtype.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace carton {

// A tensor value: numeric (raw little-endian C-order bytes), string (flattened in
// C order) or nested (a list of inner tensors, none of them nested).
class CARTONCORE_EXPORT Tensor {
public:
    Tensor() = default;
    static Tensor numeric(QString name, DType dtype, QList<qint64> shape, QByteArray data);
    static Tensor strings(QString name, QList<qint64> shape, QStringList values);
    static Tensor nested(QString name, QList<Tensor> inner);

    const QString &name() const { return m_name; }
    DType dtype() const { return m_dtype; }
    const QList<qint64> &shape() const { return m_shape; }
    // Product of the dims (1 for a scalar), or nullopt on overflow; for a nested
    // tensor, the number of inner tensors.
    std::optional<qint64> elementCount() const;

    const QByteArray &data() const { return m_data; }             // numeric only
    const QStringList &stringValues() const { return m_strings; } // string only
    const QList<Tensor> &inner() const { return m_inner; }        // nested only

    // Element i as double (numeric dtypes; f16/bf16 converted), for previews and comparisons.
    double valueAsDouble(qint64 index) const;
    // Element i as text: "3", "-1.5", "\"text\"" for strings.
    QString valueAsText(qint64 index) const;

    bool operator==(const Tensor &) const = default;

private:
    QString m_name;
    DType m_dtype = DType::Float32;
    QList<qint64> m_shape;
    QByteArray m_data;
    QStringList m_strings;
    QList<Tensor> m_inner;
};

// Product of dims with overflow and negative checks: nullopt if any dim < 0 or the
// product exceeds `cap`.
CARTONCORE_EXPORT std::optional<qint64> checkedElementCount(const QList<qint64> &shape, qint64 cap);

} // namespace carton
