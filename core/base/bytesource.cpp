// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/bytesource.h"

#include "base/filehandle.h"
#include "base/kernelcopy.h"
#include "base/limits.h"

#include <QFile>
#include <QFileInfo>
#include <cstring>
#include <mutex>
#include <vector>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>
#endif
#ifdef Q_OS_LINUX
#include <sys/sendfile.h>
#endif

namespace carton {

namespace {
constexpr std::size_t kMaxIdleHandles = 8;
}

Status ByteSource::checkRange(qint64 offset, qint64 length) const
{
    const qint64 total = size();
    if (offset >= 0 && length >= 0 && offset <= total && length <= total - offset)
        return {};
    return makeError(ErrorCode::Usage,
                     QStringLiteral("range %1+%2 is outside the file's %3 bytes").arg(offset).arg(length).arg(total),
                     name());
}

Result<QByteArray> ByteSource::readAll(qint64 maxSize) const
{
    if (Status s = checkFileSize(size(), maxSize, name()); !s)
        return s.error();
    QByteArray data(size(), Qt::Uninitialized);
    if (Status s = read(0, size(), data.data()); !s)
        return s.error();
    return data;
}

Status MemorySource::read(qint64 offset, qint64 length, char *out, Progress *) const
{
    if (Status s = checkRange(offset, length); !s)
        return s;
    if (length > 0)
        std::memcpy(out, m_data.constData() + offset, std::size_t(length));
    return {};
}

struct FileRegionSource::Handles {
    std::unique_ptr<QFile> shared; // for pread() (Unix)
    std::mutex mutex;
    std::vector<std::unique_ptr<QFile>> idle;
};

FileRegionSource::~FileRegionSource() = default;

Result<std::shared_ptr<FileRegionSource>> FileRegionSource::open(const QString &diskPath)
{
    return open(diskPath, 0, QFileInfo(diskPath).size(), diskPath);
}

Result<std::shared_ptr<FileRegionSource>> FileRegionSource::open(const QString &diskPath, qint64 offset, qint64 size,
                                                                 QString name)
{
    auto file = std::make_unique<QFile>(diskPath);
    if (!file->open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        return makeError(ErrorCode::Io, QStringLiteral("cannot open: %1").arg(file->errorString()), diskPath);
    return fromFile(std::move(file), diskPath, offset, size, std::move(name));
}

#ifdef Q_OS_UNIX
Result<std::shared_ptr<FileRegionSource>> FileRegionSource::openHandle(int fd, qint64 offset, qint64 size, QString name)
{
    auto file = std::make_unique<QFile>();
    if (Status s = openDuplicate(*file, fd, name); !s)
        return s.error();
    return fromFile(std::move(file), QString(), offset, size, std::move(name));
}
#endif

Result<std::shared_ptr<FileRegionSource>> FileRegionSource::fromFile(std::unique_ptr<QFile> file,
                                                                     const QString &diskPath, qint64 offset,
                                                                     qint64 size, QString name)
{
    const qint64 fileSize = file->size();
    if (offset < 0 || size < 0 || offset > fileSize || size > fileSize - offset)
        return makeError(ErrorCode::Format,
                         QStringLiteral("the data (%1 bytes at offset %2) lies outside the file's %3 bytes")
                             .arg(size)
                             .arg(offset)
                             .arg(fileSize),
                         name);
    std::shared_ptr<FileRegionSource> source(new FileRegionSource);
    source->m_diskPath = diskPath;
    source->m_name = std::move(name);
    source->m_offset = offset;
    source->m_size = size;
    source->m_handles = std::make_unique<Handles>();
#ifdef Q_OS_UNIX
    source->m_handles->shared = std::move(file);
#else
    source->m_handles->idle.push_back(std::move(file));
#endif
    return source;
}

int FileRegionSource::fileHandle() const
{
    return m_handles->shared ? m_handles->shared->handle() : -1;
}

Result<bool> FileRegionSource::copyToFile(qint64 offset, qint64 length, int outFd) const
{
    if (Status s = checkRange(offset, length); !s)
        return s.error();
#ifdef Q_OS_LINUX
    if (!m_handles->shared || m_handles->shared->handle() < 0 || outFd < 0)
        return false;
    const int fd = m_handles->shared->handle();
    loff_t in = loff_t(m_offset + offset);
    const qint64 outStart = qint64(::lseek(outFd, 0, SEEK_CUR));
    bool rangeCopy = true; // copy_file_range; else sendfile (older kernels refuse copies across file systems)
    for (qint64 done = 0; done < length;) {
        const std::size_t want =
            std::size_t(outStart < 0 ? std::min<qint64>(length - done, qint64(1) << 30)
                                     : kernelCopyRun(outStart + done, length - done, qint64(1) << 30));
        ssize_t got;
        if (rangeCopy) {
            got = ::copy_file_range(fd, &in, outFd, nullptr, want, 0);
            if (got < 0 && errno == EINTR)
                continue;
            if (got < 0 && done == 0 && (errno == EXDEV || errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP)) {
                rangeCopy = false;
                continue;
            }
        } else {
            off_t at = off_t(in);
            got = ::sendfile(outFd, fd, &at, want);
            if (got < 0 && errno == EINTR)
                continue;
            if (got < 0 && done == 0 && (errno == EINVAL || errno == ENOSYS))
                return false;
            if (got > 0)
                in = loff_t(at);
        }
        if (got <= 0)
            return makeError(ErrorCode::Io,
                             QStringLiteral("cannot copy the bytes at offset %1: %2")
                                 .arg(offset + done)
                                 .arg(got == 0 ? QStringLiteral("the file was truncated?")
                                               : QString::fromLocal8Bit(std::strerror(errno))),
                             m_name);
        done += got;
    }
    return true;
#else
    Q_UNUSED(outFd);
    return false;
#endif
}

Status FileRegionSource::read(qint64 offset, qint64 length, char *out, Progress *progress) const
{
    if (Status s = checkRange(offset, length); !s)
        return s;
    if (length == 0)
        return {};
    constexpr qint64 kChunk = qint64(64) << 20;
#ifdef Q_OS_UNIX
    // One handle shared by every thread: pread() does not move a file position.
    if (m_handles->shared && m_handles->shared->handle() >= 0) {
        const int fd = m_handles->shared->handle();
        for (qint64 done = 0; done < length;) {
            if (progress && progress->isCancelled())
                return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), m_name);
            const ssize_t got =
                ::pread(fd, out + done, std::size_t(std::min(kChunk, length - done)), off_t(m_offset + offset + done));
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0)
                return makeError(ErrorCode::Io,
                                 QStringLiteral("short read at offset %1 (the file was truncated?)").arg(offset + done),
                                 m_name);
            done += got;
        }
        return {};
    }
#endif
    std::unique_ptr<QFile> file;
    {
        std::lock_guard lock(m_handles->mutex);
        if (!m_handles->idle.empty()) {
            file = std::move(m_handles->idle.back());
            m_handles->idle.pop_back();
        }
    }
    if (!file) {
        file = std::make_unique<QFile>(m_diskPath);
        if (!file->open(QIODevice::ReadOnly | QIODevice::Unbuffered))
            return makeError(ErrorCode::Io, QStringLiteral("cannot open: %1").arg(file->errorString()), m_name);
    }
    if (!file->seek(m_offset + offset))
        return makeError(ErrorCode::Io, QStringLiteral("cannot seek: %1").arg(file->errorString()), m_name);
    for (qint64 done = 0; done < length;) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), m_name);
        const qint64 got = file->read(out + done, std::min(kChunk, length - done));
        if (got <= 0)
            return makeError(ErrorCode::Io,
                             QStringLiteral("short read at offset %1 (the file was truncated?)").arg(offset + done),
                             m_name);
        done += got;
    }
    std::lock_guard lock(m_handles->mutex);
    if (m_handles->idle.size() < kMaxIdleHandles)
        m_handles->idle.push_back(std::move(file));
    return {};
}

} // namespace carton
