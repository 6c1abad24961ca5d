// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/filehandle.h"

#include <QFile>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>
#endif

namespace carton {

#ifdef Q_OS_UNIX
Status openDuplicate(QFile &file, int fd, const QString &name)
{
    const int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (copy < 0)
        return makeError(ErrorCode::Io,
                         QStringLiteral("cannot duplicate the file handle: %1").arg(qt_error_string(errno)), name);
    if (!file.open(copy, QIODevice::ReadOnly | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle)) {
        ::close(copy);
        return makeError(ErrorCode::Io, QStringLiteral("cannot open: %1").arg(file.errorString()), name);
    }
    return {};
}
#endif

} // namespace carton
