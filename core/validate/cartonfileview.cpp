// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "validate/cartonfileview.h"

#include "package/carton.h"

#include <QSet>

namespace carton::validate_detail {

QStringList CartonFileView::paths() const
{
    QStringList paths;
    QSet<QString> seen;
    for (const SourceFile &f : m_carton.source().files()) {
        paths.append(f.path);
        seen.insert(f.path);
    }
    if (m_carton.manifest())
        for (const ManifestEntry &e : m_carton.manifest()->entries())
            if (!seen.contains(e.path))
                paths.append(e.path);
    return paths;
}

bool CartonFileView::has(const QString &path) const
{
    return m_carton.source().find(path) != nullptr || m_carton.isLinked(path);
}

std::optional<qint64> CartonFileView::storedSize(const QString &path) const
{
    const SourceFile *file = m_carton.source().find(path);
    return file ? std::optional<qint64>(file->size) : std::nullopt;
}

Result<QByteArray> CartonFileView::read(const QString &path, qint64 maxSize) const
{
    return m_carton.source().read(path, maxSize);
}

const TensorIndex *CartonFileView::tensorIndex() const
{
    return m_carton.tensorIndex() ? &*m_carton.tensorIndex() : nullptr;
}

const Limits &CartonFileView::limits() const
{
    return m_carton.source().limits();
}

} // namespace carton::validate_detail
