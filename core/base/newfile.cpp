// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/newfile.h"

#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>

#ifdef Q_OS_LINUX
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#endif

namespace carton {

NewFile::NewFile(QString path) : m_path(std::move(path)) {}

NewFile::~NewFile()
{
    discard();
}

Status NewFile::open()
{
    const QFileInfo info(m_path);
    if (info.exists() || info.isSymLink())
        return makeError(ErrorCode::Io, QStringLiteral("the file already exists"), m_path);
#ifdef Q_OS_LINUX
    const QByteArray dir = QFile::encodeName(info.absolutePath());
    const int fd = ::open(dir.constData(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
    if (fd >= 0) {
        if (m_file.open(fd, QIODevice::WriteOnly, QFileDevice::AutoCloseHandle))
            return {};
        ::close(fd);
    } else if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) { // no O_TMPFILE there: fall back
        return makeError(ErrorCode::Io,
                         QStringLiteral("cannot create: %1").arg(QString::fromLocal8Bit(strerror(errno))), m_path);
    }
#endif
    const QString random = QString::number(QRandomGenerator::global()->generate64(), 36);
    m_partPath = info.dir().filePath(u'.' + info.fileName() + u'.' + random + QStringLiteral(".part"));
    m_file.setFileName(m_partPath);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::NewOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot create: %1").arg(m_file.errorString()), m_partPath);
    return {};
}

Status NewFile::commit()
{
    if (m_done || !m_file.isOpen())
        return makeError(ErrorCode::Io, QStringLiteral("the file is not open for writing"), m_path);
    auto fail = [this](const QString &what) {
        discard();
        return makeError(ErrorCode::Io, what, m_path);
    };
    if (!m_file.flush())
        return fail(QStringLiteral("cannot write: %1").arg(m_file.errorString()));
#ifdef Q_OS_LINUX
    if (m_partPath.isEmpty()) {
        // linkat with AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH; /proc/self/fd does not.
        const QByteArray proc = "/proc/self/fd/" + QByteArray::number(m_file.handle());
        if (::linkat(AT_FDCWD, proc.constData(), AT_FDCWD, QFile::encodeName(m_path).constData(), AT_SYMLINK_FOLLOW) !=
            0)
            return fail(errno == EEXIST
                            ? QStringLiteral("the file appeared while it was written; left as it is")
                            : QStringLiteral("cannot create: %1").arg(QString::fromLocal8Bit(strerror(errno))));
        m_file.close();
        m_done = true;
        return {};
    }
#endif
    m_file.close();
    if (!m_file.rename(m_path)) // QFile::rename never replaces an existing file
        return fail(QStringLiteral("cannot rename %1 to it: %2").arg(m_partPath, m_file.errorString()));
    m_done = true;
    return {};
}

void NewFile::discard()
{
    if (m_done)
        return;
    m_done = true;
    m_file.close();
    if (!m_partPath.isEmpty())
        QFile::remove(m_partPath);
}

} // namespace carton
