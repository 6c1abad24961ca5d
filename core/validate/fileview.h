// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to carton_validate: the files a validation looks at, the same checks
// for an opened carton (CartonFileView) and for a carton being edited
// (EditsFileView), so the editor and `carton verify` say the same things.

#include "base/limits.h"
#include "base/result.h"
#include "format/cartoninfo.h"
#include "tensor/tensorindex.h"

#include <QByteArray>
#include <QStringList>
#include <optional>

namespace carton::validate_detail {

class FileView {
public:
    virtual ~FileView() = default;
    // Every path: stored, reachable through LINKS, or listed but missing.
    virtual QStringList paths() const = 0;
    // Stored, or reachable through LINKS.
    virtual bool has(const QString &path) const = 0;
    // The size of a stored file; nullopt when it is only linked or missing.
    virtual std::optional<qint64> storedSize(const QString &path) const = 0;
    // A stored file's bytes, at most `maxSize`.
    virtual Result<QByteArray> read(const QString &path, qint64 maxSize) const = 0;
    // tensor_data/index.toml; null when there is none or it could not be read
    // (the caller reports why).
    virtual const TensorIndex *tensorIndex() const = 0;
    virtual const Limits &limits() const = 0;
};

} // namespace carton::validate_detail
