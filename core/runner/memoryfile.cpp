// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "memoryfile.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>
#ifdef Q_OS_LINUX
#include <sys/mman.h>
#endif

namespace carton {

Result<MemoryFile> MemoryFile::create(const char *name, const QByteArray &bytes)
{
#ifdef Q_OS_LINUX
    const int fd = ::memfd_create(name, MFD_CLOEXEC);
    if (fd < 0)
        return makeError(ErrorCode::Io,
                         QStringLiteral("cannot create the memory file %1: %2")
                             .arg(QLatin1StringView(name), QString::fromLocal8Bit(std::strerror(errno))));
    MemoryFile file(fd);
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return makeError(ErrorCode::Io, QStringLiteral("cannot write the memory file %1: %2")
                                                .arg(QLatin1StringView(name),
                                                     QString::fromLocal8Bit(std::strerror(n < 0 ? errno : EIO))));
        done += n;
    }
    if (::lseek(fd, 0, SEEK_SET) != 0)
        return makeError(ErrorCode::Io,
                         QStringLiteral("cannot rewind the memory file %1").arg(QLatin1StringView(name)));
    return file;
#else
    Q_UNUSED(bytes);
    return makeError(ErrorCode::Unsupported,
                     QStringLiteral("memory files exist on Linux only (%1)").arg(QLatin1StringView(name)));
#endif
}

MemoryFile &MemoryFile::operator=(MemoryFile &&other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = other.m_fd;
        other.m_fd = -1;
    }
    return *this;
}

MemoryFile::~MemoryFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

} // namespace carton
