// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "mediastreams.h"

#include "package/cartonsource.h"
#include "regiondevice.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <csignal>
#include <limits>
#include <unistd.h>
#endif

namespace studio {

namespace {
const QString kCopyPrefix = QStringLiteral("carton-media-");
}

std::unique_ptr<QIODevice> MediaStreams::openRegion(const carton::CartonSource &source, const QString &path)
{
    const auto region = source.rawRegion(path);
    if (!region)
        return {};
    auto device = std::make_unique<RegionDevice>(region->diskPath, region->offset, region->size);
    if (!device->open(QIODevice::ReadOnly))
        return {};
    return device;
}

carton::Result<std::shared_ptr<QTemporaryFile>>
MediaStreams::copyToTemporary(const carton::CartonSource &source, const QString &path, carton::Progress &progress)
{
    using carton::ErrorCode;
    const carton::SourceFile *file = source.find(path);
    if (!file)
        return carton::makeError(ErrorCode::NotFound, QStringLiteral("no such file in the carton"), path);
    auto in = source.open(path);
    if (!in.ok())
        return in.error();
    const QString suffix = QFileInfo(path).suffix();
    auto out = std::make_shared<QTemporaryFile>(
        QDir::tempPath() + u'/' + kCopyPrefix + QString::number(QCoreApplication::applicationPid()) +
        QStringLiteral("-XXXXXX") + (suffix.isEmpty() ? QString() : QString(u'.' + suffix)));
    if (!out->open())
        return carton::makeError(ErrorCode::Io,
                                 QStringLiteral("cannot create a temporary file: %1").arg(out->errorString()), path);
    progress.setTotal(file->size);
    QByteArray chunk(1 << 20, Qt::Uninitialized);
    qint64 copied = 0;
    for (;;) {
        if (progress.isCancelled())
            return carton::makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), path);
        const qint64 n = (*in)->read(chunk.data(), chunk.size());
        if (n < 0)
            return carton::makeError(ErrorCode::Io, (*in)->errorString(), path);
        if (n == 0)
            break;
        if (out->write(chunk.constData(), n) != n)
            return carton::makeError(
                ErrorCode::Io, QStringLiteral("cannot write %1: %2").arg(out->fileName(), out->errorString()), path);
        copied += n;
        progress.advance(n);
    }
    if (copied != file->size)
        return carton::makeError(ErrorCode::Format,
                                 QStringLiteral("%1 bytes read, %2 expected").arg(copied).arg(file->size), path);
    if (!out->flush())
        return carton::makeError(ErrorCode::Io, out->errorString(), path);
    out->close(); // the file stays until the QTemporaryFile is destroyed
    return out;
}

int MediaStreams::removeStaleCopies(const QString &folder)
{
    int removed = 0;
#ifdef Q_OS_UNIX
    const QFileInfoList copies =
        QDir(folder).entryInfoList({kCopyPrefix + u'*'}, QDir::Files | QDir::Hidden | QDir::NoSymLinks);
    for (const QFileInfo &copy : copies) {
        // carton-media-PID-XXXXXX[.ext]; names without a PID (older versions) are
        // left alone: their owner cannot be told.
        const QString rest = copy.fileName().mid(kCopyPrefix.size());
        bool ok = false;
        const qint64 pid = rest.left(rest.indexOf(u'-')).toLongLong(&ok);
        if (!ok || pid <= 0 || pid > std::numeric_limits<pid_t>::max() || copy.ownerId() != ::getuid())
            continue;
        if (::kill(pid_t(pid), 0) == 0 || errno != ESRCH)
            continue; // running (or not ours to ask about)
        removed += QFile::remove(copy.filePath()) ? 1 : 0;
    }
#else
    Q_UNUSED(folder);
#endif
    return removed;
}

} // namespace studio
