// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "validate/fileview.h"

#include <optional>

namespace carton {
class Carton;
}

namespace carton::validate_detail {

// An opened carton's files: its stored entries, what LINKS reaches, and MANIFEST
// entries that are neither (missing).
class CartonFileView final : public FileView {
public:
    explicit CartonFileView(const Carton &carton) : m_carton(carton) {}

    // Built once per view (the checks ask more than once; a carton may have 100,000).
    QStringList paths() const override;
    bool has(const QString &path) const override;
    std::optional<qint64> storedSize(const QString &path) const override;
    Result<QByteArray> read(const QString &path, qint64 maxSize) const override;
    const TensorIndex *tensorIndex() const override;
    const Limits &limits() const override;

private:
    const Carton &m_carton;
    mutable std::optional<QStringList> m_paths;
};

} // namespace carton::validate_detail
