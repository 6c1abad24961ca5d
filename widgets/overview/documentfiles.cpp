// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "documentfiles.h"

#include "package/carton.h"

#include <QFile>

namespace studio {

carton::Result<QByteArray> readDocumentFile(const carton::CartonEdits &files, const QString &archivePath,
                                            qint64 maxBytes)
{
    using Kind = carton::CartonEdits::FileSource::Kind;
    const carton::CartonEdits::FileSource *source = files.find(archivePath);
    if (!source)
        return carton::makeError(carton::ErrorCode::NotFound, QStringLiteral("no such file in the carton"),
                                 archivePath);
    switch (source->kind) {
    case Kind::Original:
        if (!files.original())
            return carton::makeError(carton::ErrorCode::NotFound, QStringLiteral("the original carton is gone"),
                                     archivePath);
        return files.original()->source().read(source->originalPath, maxBytes);
    case Kind::Linked:
        return carton::makeError(carton::ErrorCode::Unsupported,
                                 QStringLiteral("only reachable through LINKS (not downloaded)"), archivePath);
    case Kind::Bytes:
        if (source->bytes.size() > maxBytes)
            return carton::makeError(
                carton::ErrorCode::Limit,
                QStringLiteral("%1 bytes, more than the %2 allowed").arg(source->bytes.size()).arg(maxBytes),
                archivePath);
        return source->bytes;
    case Kind::Disk: {
        QFile file(source->diskPath);
        if (!file.open(QIODevice::ReadOnly))
            return carton::makeError(carton::ErrorCode::Io,
                                     QStringLiteral("cannot read %1: %2").arg(source->diskPath, file.errorString()),
                                     archivePath);
        QByteArray data = file.read(maxBytes + 1);
        if (file.error() != QFileDevice::NoError)
            return carton::makeError(carton::ErrorCode::Io,
                                     QStringLiteral("cannot read %1: %2").arg(source->diskPath, file.errorString()),
                                     archivePath);
        if (data.size() > maxBytes)
            return carton::makeError(
                carton::ErrorCode::Limit,
                QStringLiteral("%1 is larger than the %2 bytes allowed").arg(source->diskPath).arg(maxBytes),
                archivePath);
        return data;
    }
    }
    return carton::makeError(carton::ErrorCode::Usage, QStringLiteral("unknown file source"), archivePath);
}

} // namespace studio
