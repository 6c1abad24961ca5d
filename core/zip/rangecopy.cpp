// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "rangecopy.h"

#include "base/kernelcopy.h"

#include <QFile>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>
#endif

namespace carton {
namespace {

constexpr qint64 kStep = qint64(32) << 20;
constexpr qint64 kBuffer = qint64(1) << 20;

Error copyError(ErrorCode code, const QString &message, const QFileDevice &source)
{
    return makeError(code, message, source.fileName());
}

// Reads at `offset` without moving the file's position where the system can
// (pread): the source may be a duplicate of a descriptor another reader or a
// concurrent copy shares (a document's original, ByteSource::fileHandle).
qint64 readAt(QFileDevice &source, qint64 offset, char *buffer, qint64 length)
{
#ifdef Q_OS_UNIX
    if (source.handle() >= 0) {
        for (;;) {
            const ssize_t got = ::pread(source.handle(), buffer, size_t(length), off_t(offset));
            if (got >= 0 || errno != EINTR)
                return qint64(got);
        }
    }
#endif
    if (source.pos() != offset && !source.seek(offset))
        return -1;
    return source.read(buffer, length);
}

// The portable loop, from `sourceOffset` for `length` bytes.
Status copyByReading(QFileDevice &source, qint64 sourceOffset, QIODevice &out, qint64 length, const CopyStep &step)
{
    std::unique_ptr<char[]> buffer(new char[kBuffer]);
    qint64 sinceStep = 0;
    while (length > 0) {
        const qint64 got = readAt(source, sourceOffset, buffer.get(), std::min(length, kBuffer));
        if (got < 0) {
            const QString why = source.handle() >= 0 ? qt_error_string(errno) : source.errorString();
            return copyError(ErrorCode::Io, QStringLiteral("cannot read at %1: %2").arg(sourceOffset).arg(why), source);
        }
        if (got == 0)
            return copyError(ErrorCode::Format, QStringLiteral("the file ends %1 bytes early").arg(length), source);
        if (out.write(buffer.get(), got) != got)
            return makeError(ErrorCode::Io, QStringLiteral("write failed: %1").arg(out.errorString()));
        length -= got;
        sourceOffset += got;
        sinceStep += got;
        if (step && (sinceStep >= kStep || length == 0)) {
            if (!step(sinceStep))
                return makeError(ErrorCode::Cancelled, QStringLiteral("copy cancelled"), source.fileName());
            sinceStep = 0;
        }
    }
    return {};
}

} // namespace

Status copyRange(QFileDevice &source, qint64 sourceOffset, QIODevice &out, qint64 length, const CopyStep &step)
{
    if (length < 0 || sourceOffset < 0)
        return makeError(ErrorCode::Usage, QStringLiteral("copyRange() of a negative range"), source.fileName());
    if (length == 0)
        return {};
#ifdef Q_OS_LINUX
    auto *outFile = qobject_cast<QFileDevice *>(&out);
    if (outFile && outFile->handle() >= 0 && source.handle() >= 0) {
        if (!outFile->flush())
            return makeError(ErrorCode::Io, QStringLiteral("write failed: %1").arg(outFile->errorString()),
                             outFile->fileName());
        loff_t in = sourceOffset;
        loff_t at = outFile->pos();
        while (length > 0) {
            const ssize_t n = ::copy_file_range(source.handle(), &in, outFile->handle(), &at,
                                                std::size_t(kernelCopyRun(qint64(at), length, kStep)), 0);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0 && (errno == EXDEV || errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP ||
                          errno == EBADF || errno == EPERM)) {
                // The kernel cannot do it here: the rest goes through user space.
                if (!outFile->seek(at))
                    return makeError(ErrorCode::Io, QStringLiteral("seek failed: %1").arg(outFile->errorString()),
                                     outFile->fileName());
                return copyByReading(source, in, out, length, step);
            }
            if (n < 0)
                return makeError(ErrorCode::Io,
                                 QStringLiteral("copy from %1 failed: %2")
                                     .arg(source.fileName(), QString::fromLocal8Bit(::strerror(errno))),
                                 outFile->fileName());
            if (n == 0)
                return copyError(ErrorCode::Format, QStringLiteral("the file ends %1 bytes early").arg(length), source);
            // Start writing the copied run to disk now rather than at the final fsync:
            // the disk then works while the next run is copied.
            ::sync_file_range(outFile->handle(), at - n, n, SYNC_FILE_RANGE_WRITE);
            length -= n;
            if (step && !step(n))
                return makeError(ErrorCode::Cancelled, QStringLiteral("copy cancelled"), source.fileName());
        }
        if (!outFile->seek(at))
            return makeError(ErrorCode::Io, QStringLiteral("seek failed: %1").arg(outFile->errorString()),
                             outFile->fileName());
        return {};
    }
#endif
    return copyByReading(source, sourceOffset, out, length, step);
}

} // namespace carton
