// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "filehash.h"

#include "base/sha256.h"

#include <QFile>

namespace carton {

Result<QByteArray> fileSha256Hex(const QString &path, Progress *progress)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot open: %1").arg(file.errorString()), path);
    Sha256 hash;
    QByteArray buffer(qsizetype(1) << 20, Qt::Uninitialized);
    for (;;) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), path);
        const qint64 n = file.read(buffer.data(), buffer.size());
        if (n < 0)
            return makeError(ErrorCode::Io, QStringLiteral("cannot read: %1").arg(file.errorString()), path);
        if (n == 0)
            break;
        hash.add(buffer.constData(), n);
        if (progress)
            progress->advance(n, path);
    }
    return hash.finishHex();
}

} // namespace carton
