// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonfilereader.h"

#include "package/carton.h"
#include "package/mediasniff.h"

#include <QFile>

namespace studio {

using Kind = carton::CartonEdits::FileSource::Kind;

CartonFileReader::CartonFileReader(std::shared_ptr<const carton::Carton> carton) : m_carton(std::move(carton)) {}

CartonFileReader::CartonFileReader(carton::CartonEdits files, std::shared_ptr<const carton::Carton> original)
    : m_carton(std::move(original)), m_files(std::move(files))
{
}

carton::Result<const carton::CartonEdits::FileSource *> CartonFileReader::locate(const QString &archivePath,
                                                                                 QString *cartonPath) const
{
    const carton::Error notFound =
        carton::makeError(carton::ErrorCode::NotFound, QStringLiteral("no such file in the carton"), archivePath);
    const carton::CartonEdits::FileSource *source = m_files ? m_files->find(archivePath) : nullptr;
    if (m_files && !source)
        return notFound;
    if (source && source->kind == Kind::Linked)
        return carton::makeError(carton::ErrorCode::Unsupported,
                                 QStringLiteral("only reachable through LINKS (not downloaded)"), archivePath);
    if (source && source->kind != Kind::Original)
        return source;
    if (!m_carton)
        return m_files ? carton::makeError(carton::ErrorCode::NotFound, QStringLiteral("the original carton is gone"),
                                           archivePath)
                       : notFound;
    *cartonPath = source ? source->originalPath : archivePath;
    return static_cast<const carton::CartonEdits::FileSource *>(nullptr);
}

carton::Result<QByteArray> CartonFileReader::read(const QString &archivePath, qint64 maxBytes) const
{
    QString cartonPath;
    const carton::Result<const carton::CartonEdits::FileSource *> source = locate(archivePath, &cartonPath);
    if (!source)
        return source.error();
    if (!*source)
        return m_carton->source().read(cartonPath, maxBytes);
    if ((*source)->kind == Kind::Bytes) {
        const QByteArray &bytes = (*source)->bytes;
        if (bytes.size() > maxBytes)
            return carton::makeError(
                carton::ErrorCode::Limit,
                QStringLiteral("%1 bytes, more than the %2 allowed").arg(bytes.size()).arg(maxBytes), archivePath);
        return bytes;
    }
    const QString &diskPath = (*source)->diskPath;
    QFile file(diskPath);
    if (!file.open(QIODevice::ReadOnly))
        return carton::makeError(carton::ErrorCode::Io,
                                 QStringLiteral("cannot read %1: %2").arg(diskPath, file.errorString()), archivePath);
    QByteArray data = file.read(maxBytes + 1);
    if (file.error() != QFileDevice::NoError)
        return carton::makeError(carton::ErrorCode::Io,
                                 QStringLiteral("cannot read %1: %2").arg(diskPath, file.errorString()), archivePath);
    if (data.size() > maxBytes)
        return carton::makeError(carton::ErrorCode::Limit,
                                 QStringLiteral("%1 is larger than the %2 bytes allowed").arg(diskPath).arg(maxBytes),
                                 archivePath);
    return data;
}

carton::Result<QString> CartonFileReader::mediaType(const QString &archivePath) const
{
    QString cartonPath;
    const carton::Result<const carton::CartonEdits::FileSource *> source = locate(archivePath, &cartonPath);
    if (!source)
        return source.error();
    if (!*source)
        return carton::sniffMediaType(m_carton->source(), cartonPath);
    const carton::Result<carton::ByteSourcePtr> bytes = m_files->byteSource(archivePath);
    if (!bytes)
        return bytes.error();
    return carton::sniffMediaType(**bytes);
}

} // namespace studio
