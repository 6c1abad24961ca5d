// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "validate/fileview.h"

namespace carton {
class CartonEdits;
}

namespace carton::validate_detail {

// A carton being edited: the files it will have once saved. `index` is the
// edits' tensor_data/index.toml (null: none, or unreadable).
class EditsFileView final : public FileView {
public:
    EditsFileView(const CartonEdits &edits, const TensorIndex *index);

    QStringList paths() const override;
    bool has(const QString &path) const override;
    std::optional<qint64> storedSize(const QString &path) const override;
    Result<QByteArray> read(const QString &path, qint64 maxSize) const override;
    const TensorIndex *tensorIndex() const override { return m_index; }
    const Limits &limits() const override { return m_limits; }

private:
    const CartonEdits &m_edits;
    const TensorIndex *m_index;
    Limits m_limits;
};

} // namespace carton::validate_detail
