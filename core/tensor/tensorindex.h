// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "format/dtype.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace carton {

// One [[tensor]] of tensor_data/index.toml.
struct TensorIndexEntry {
    QString name;
    DType dtype = DType::Float32;
    std::optional<QList<qint64>> shape; // absent for nested tensors
    std::optional<QString> file;        // relative to tensor_data/; absent for nested
    QStringList inner;                  // names of inner tensors (nested only)
    int line = 0;                       // 1-based line in index.toml (0 when built in code)
    bool operator==(const TensorIndexEntry &o) const
    {
        return name == o.name && dtype == o.dtype && shape == o.shape && file == o.file && inner == o.inner;
    }
};

// tensor_data/index.toml. Reads files with or without `inner`; always writes
// `inner = []` and `tensor = []` when empty (upstream crashes without them).
class CARTONCORE_EXPORT TensorIndex {
public:
    TensorIndex() = default;
    explicit TensorIndex(QList<TensorIndexEntry> entries) : m_entries(std::move(entries)) {}

    // Fails on TOML syntax errors ("tensor_data/index.toml:L:C"), wrong types,
    // unknown dtypes, negative dims, a numeric/string tensor without shape or file,
    // a nested tensor with a shape or file, duplicate names, unsafe file paths.
    // Checks that need the other tensors (inner exists, inner not nested) belong
    // to validation.
    static Result<TensorIndex> parse(QByteArrayView text,
                                     const QString &fileName = QStringLiteral("tensor_data/index.toml"));
    QByteArray serialize() const;

    const QList<TensorIndexEntry> &entries() const { return m_entries; }
    const TensorIndexEntry *find(const QString &name) const;

private:
    QList<TensorIndexEntry> m_entries;
};

} // namespace carton
