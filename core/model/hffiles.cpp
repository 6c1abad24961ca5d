// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/hffiles.h"

#include "base/archivepath.h"
#include "package/cartonsource.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace carton {

namespace {

Error tooLarge(qint64 size, qint64 cap, const QString &where)
{
    return makeError(ErrorCode::Limit, QStringLiteral("%1 bytes, more than the limit of %2").arg(size).arg(cap), where);
}

// True when `real` (a canonical path) lies inside `dir`, or, for a snapshot of the Hugging
// Face cache (".../models--org--name/snapshots/REV/", whose files are symlinks to
// "../../blobs/SHA"), inside that repository's blobs/ folder.
bool insideFolder(const QString &dir, const QString &real)
{
    const QString root = QFileInfo(dir).canonicalFilePath();
    if (root.isEmpty() || real.isEmpty())
        return false;
    if (real.startsWith(root + u'/'))
        return true;
    QDir snapshots(root);
    if (!snapshots.cdUp() || snapshots.dirName() != u"snapshots" || !snapshots.cdUp())
        return false;
    const QString blobs = QFileInfo(snapshots.filePath(QStringLiteral("blobs"))).canonicalFilePath();
    return !blobs.isEmpty() && real.startsWith(blobs + u'/');
}

} // namespace

HfFileReader hfFolderReader(const QString &dir)
{
    return [dir](const QString &name, qint64 maxBytes) -> Result<std::optional<QByteArray>> {
        const QString where = QDir(dir).filePath(name);
        if (Result<QString> checked = checkArchivePath(name, where); !checked)
            return checked.error();
        const QFileInfo info(where);
        if (!info.exists())
            return std::optional<QByteArray>();
        const QString real = info.canonicalFilePath();
        if (!insideFolder(dir, real))
            return makeError(ErrorCode::Format, QStringLiteral("leads outside the model folder (%1)").arg(real), where);
        if (!info.isFile())
            return makeError(ErrorCode::Format, QStringLiteral("not a file"), where);
        if (info.size() > maxBytes)
            return tooLarge(info.size(), maxBytes, where);
        QFile f(real);
        if (!f.open(QIODevice::ReadOnly))
            return makeError(ErrorCode::Io, f.errorString(), where);
        QByteArray bytes = f.read(maxBytes + 1);
        if (bytes.size() > maxBytes) // grew since it was measured
            return tooLarge(bytes.size(), maxBytes, where);
        return std::optional<QByteArray>(std::move(bytes));
    };
}

HfFileReader hfCartonReader(const CartonSource &source, const QString &folder)
{
    return [&source, folder](const QString &name, qint64 maxBytes) -> Result<std::optional<QByteArray>> {
        const QString path = folder + name;
        if (Result<QString> checked = checkArchivePath(path, path); !checked)
            return checked.error();
        const SourceFile *file = source.find(path);
        if (!file)
            return std::optional<QByteArray>();
        Result<QByteArray> bytes = source.read(path, maxBytes);
        if (!bytes)
            return bytes.error();
        return std::optional<QByteArray>(std::move(bytes).value());
    };
}

std::optional<QString> hfFolderInCarton(const CartonSource &source)
{
    std::optional<QString> best;
    for (const SourceFile &file : source.files()) {
        if (!file.path.startsWith(QLatin1String("model/")) || !file.path.endsWith(QLatin1String("/config.json")))
            continue;
        const QString folder = file.path.chopped(int(qstrlen("config.json")));
        if (!best || folder.count(u'/') < best->count(u'/'))
            best = folder;
    }
    return best;
}

} // namespace carton
