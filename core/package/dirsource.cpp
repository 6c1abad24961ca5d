// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "package/dirsource.h"

#include "base/archivepath.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace carton {

namespace {

bool isInside(const QString &root, const QString &path)
{
    return path.startsWith(root + u'/');
}

Error ioError(const QFile &file, const QString &what)
{
    return makeError(ErrorCode::Io, QStringLiteral("cannot %1: %2").arg(what, file.errorString()), file.fileName());
}

// Opens `file` on the disk path found for an archive path, or passes the lookup's error on.
Status openOnDisk(QFile &file, const Result<QString> &disk, QIODevice::OpenMode mode)
{
    if (!disk)
        return disk.error();
    file.setFileName(*disk);
    if (!file.open(mode))
        return ioError(file, QStringLiteral("open"));
    return {};
}

} // namespace

Result<std::unique_ptr<DirSource>> DirSource::open(const QString &path, const Limits &limits)
{
    const QFileInfo rootInfo(path);
    const QString root = rootInfo.canonicalFilePath();
    if (root.isEmpty() || !rootInfo.isDir())
        return makeError(ErrorCode::Io, QStringLiteral("not a readable folder"), path);
    std::unique_ptr<DirSource> source(new DirSource);
    source->m_root = root;
    source->m_limits = limits;
    const QDir rootDir(root);
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info = it.nextFileInfo();
        const QString rel = rootDir.relativeFilePath(info.absoluteFilePath());
        auto checked = checkArchivePath(rel, root);
        if (!checked) {
            if (!limits.quarantineUnsafeEntries)
                return checked.error();
            source->m_quarantined.append({rel, checked.error().toString()});
            continue;
        }
        if (source->m_files.size() >= limits.maxEntries)
            return makeError(ErrorCode::Limit, QStringLiteral("more than %1 files").arg(limits.maxEntries), root);
        SourceFile f;
        f.path = rel;
        QString disk = info.absoluteFilePath();
        if (info.isSymLink()) {
            const QString target = info.canonicalFilePath();
            if (target.isEmpty())
                return makeError(ErrorCode::Format, QStringLiteral("symlink \"%1\" is dangling or loops").arg(rel),
                                 root);
            if (!isInside(root, target)) {
                Error outside = makeError(ErrorCode::Unsafe,
                                          QStringLiteral("symlink \"%1\" points outside the folder").arg(rel), root);
                if (!limits.quarantineUnsafeEntries)
                    return outside;
                source->m_quarantined.append({rel, outside.toString()});
                continue;
            }
            f.isSymlink = true;
            f.linkTarget = rootDir.relativeFilePath(target);
            disk = target;
        }
        const QFileInfo dataInfo(disk);
        if (!dataInfo.isFile())
            continue;
        f.size = dataInfo.size();
        f.executable = dataInfo.permissions() & (QFileDevice::ExeOwner | QFileDevice::ExeGroup | QFileDevice::ExeOther);
        f.compressedSize = f.size;
        source->m_files.append(f);
        source->m_diskPaths.insert(rel, disk);
    }
    source->sortFiles();
    return source;
}

Result<QString> DirSource::diskPath(const QString &path) const
{
    auto it = m_diskPaths.constFind(path);
    if (it == m_diskPaths.cend())
        return makeError(ErrorCode::NotFound, QStringLiteral("no file \"%1\" in the folder").arg(path), m_root);
    return *it;
}

Result<std::unique_ptr<QIODevice>> DirSource::open(const QString &path, bool) const
{
    auto file = std::make_unique<QFile>();
    if (Status s = openOnDisk(*file, diskPath(path), QIODevice::ReadOnly | QIODevice::Unbuffered); !s)
        return s.error();
    return std::unique_ptr<QIODevice>(std::move(file));
}

Result<QByteArray> DirSource::read(const QString &path, qint64 maxSize) const
{
    QFile file;
    if (Status s = openOnDisk(file, diskPath(path), QIODevice::ReadOnly); !s)
        return s.error();
    if (file.size() > maxSize)
        return makeError(ErrorCode::Limit,
                         QStringLiteral("file is %1 bytes, more than the %2 allowed").arg(file.size()).arg(maxSize),
                         path);
    QByteArray data = file.read(maxSize + 1);
    if (data.size() > maxSize)
        return makeError(ErrorCode::Limit, QStringLiteral("file grew past %1 bytes while read").arg(maxSize), path);
    if (file.error() != QFileDevice::NoError)
        return ioError(file, QStringLiteral("read"));
    return data;
}

Result<QByteArray> DirSource::readRange(const QString &path, qint64 offset, qint64 length) const
{
    QFile file;
    if (Status s = openOnDisk(file, diskPath(path), QIODevice::ReadOnly); !s)
        return s.error();
    if (offset < 0 || length < 0 || offset > file.size() || length > file.size() - offset)
        return makeError(
            ErrorCode::Usage,
            QStringLiteral("range %1+%2 is outside the file (%3 bytes)").arg(offset).arg(length).arg(file.size()),
            path);
    if (!file.seek(offset))
        return ioError(file, QStringLiteral("seek"));
    QByteArray data = file.read(length);
    if (data.size() != length)
        return ioError(file, QStringLiteral("read"));
    return data;
}

SpillSource::StreamOpener DirSource::streamOpener(const QString &path) const
{
    // Never used in practice (every file of a folder has a raw region).
    return [disk = diskPath(path)]() -> Result<std::unique_ptr<QIODevice>> {
        auto file = std::make_unique<QFile>();
        if (Status s = openOnDisk(*file, disk, QIODevice::ReadOnly); !s)
            return s.error();
        return std::unique_ptr<QIODevice>(std::move(file));
    };
}

std::optional<CartonSource::RawRegion> DirSource::rawRegion(const QString &path) const
{
    auto disk = diskPath(path);
    if (!disk)
        return std::nullopt;
    const SourceFile *f = find(path);
    return RawRegion{*disk, 0, f ? f->size : QFileInfo(*disk).size()};
}

} // namespace carton
