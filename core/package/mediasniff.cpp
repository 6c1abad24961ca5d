// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "package/mediasniff.h"

#include "base/bytesource.h"
#include "format/mediatype.h"
#include "package/cartonsource.h"

namespace carton {

Result<QString> sniffMediaType(const CartonSource &source, const QString &path)
{
    const SourceFile *file = source.find(path);
    if (!file)
        return makeError(ErrorCode::NotFound, QStringLiteral("no such file in the carton"), path);
    auto head = source.readRange(path, 0, qMin<qint64>(file->size, MediaType::sniffBytes));
    if (!head.ok())
        return head.error();
    return MediaType::detect(*head, file->size <= head->size());
}

Result<QString> sniffMediaType(const ByteSource &source)
{
    const qint64 size = source.size();
    QByteArray head(qMin<qint64>(size, MediaType::sniffBytes), Qt::Uninitialized);
    if (const Status read = source.read(0, head.size(), head.data()); !read)
        return read.error();
    return MediaType::detect(head, size <= head.size());
}

} // namespace carton
