// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "validate/editsfileview.h"

#include "package/carton.h"
#include "package/cartonedits.h"

#include <QFileInfo>

namespace carton::validate_detail {

EditsFileView::EditsFileView(const CartonEdits &edits, const TensorIndex *index)
    : m_edits(edits), m_index(index), m_limits(edits.original() ? edits.original()->source().limits() : Limits())
{
}

QStringList EditsFileView::paths() const
{
    // Unsorted: the checks do not need an order, and a big carton has 100,000.
    const QHash<QString, CartonEdits::FileSource> &files = m_edits.files();
    return QStringList(files.keyBegin(), files.keyEnd());
}

bool EditsFileView::has(const QString &path) const
{
    return m_edits.find(path) != nullptr;
}

std::optional<qint64> EditsFileView::storedSize(const QString &path) const
{
    using Kind = CartonEdits::FileSource::Kind;
    const CartonEdits::FileSource *file = m_edits.find(path);
    if (!file)
        return std::nullopt;
    switch (file->kind) {
    case Kind::Original: {
        const SourceFile *entry = m_edits.original() ? m_edits.original()->source().find(file->originalPath) : nullptr;
        return entry ? std::optional<qint64>(entry->size) : std::nullopt;
    }
    case Kind::Disk: {
        const QFileInfo info(file->diskPath);
        return info.exists() ? std::optional<qint64>(info.size()) : std::nullopt;
    }
    case Kind::Bytes:
        return file->bytes.size();
    case Kind::Linked:
        break;
    }
    return std::nullopt;
}

Result<QByteArray> EditsFileView::read(const QString &path, qint64 maxSize) const
{
    Result<ByteSourcePtr> source = m_edits.byteSource(path);
    if (!source)
        return source.error();
    return (*source)->readAll(maxSize);
}

} // namespace carton::validate_detail
