// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "validate/cartonfileview.h"

#include "package/carton.h"

namespace carton::validate_detail {

QStringList CartonFileView::paths() const
{
    if (m_paths)
        return *m_paths;
    // The stored files, then what MANIFEST lists besides them (no set of 100,000 paths).
    const QList<SourceFile> &files = m_carton.source().files();
    QStringList &paths = m_paths.emplace();
    paths.reserve(files.size());
    for (const SourceFile &f : files)
        paths.append(f.path);
    if (!m_carton.manifest())
        return paths;
    const QList<ManifestEntry> &entries = m_carton.manifest()->entries();
    const QList<qsizetype> stored = m_carton.source().filesOf(entries);
    for (qsizetype i = 0; i < entries.size(); ++i)
        if (stored.at(i) < 0)
            paths.append(entries.at(i).path);
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
