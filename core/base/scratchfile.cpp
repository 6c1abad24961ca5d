// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/scratchfile.h"

#include <QDir>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace carton {

ScratchFile::ScratchFile(const QString &nameTemplate) : m_file(QDir(QDir::tempPath()).filePath(nameTemplate)) {}

Status ScratchFile::open()
{
    if (!m_file.open())
        return makeError(ErrorCode::Io, QStringLiteral("cannot create a temporary file: %1").arg(m_file.errorString()),
                         m_file.fileTemplate());
#ifdef Q_OS_UNIX
    if (::unlink(QFile::encodeName(m_file.fileName()).constData()) == 0) {
        m_file.setAutoRemove(false); // the name may be another file's by then
        m_handle = int(m_file.handle());
        return {};
    }
#endif
    m_path = m_file.fileName();
    return {};
}

Result<std::shared_ptr<FileRegionSource>> ScratchFile::region(qint64 offset, qint64 size, QString name) const
{
#ifdef Q_OS_UNIX
    if (m_handle >= 0)
        return FileRegionSource::openHandle(m_handle, offset, size, std::move(name));
#endif
    return FileRegionSource::open(m_path, offset, size, std::move(name));
}

} // namespace carton
