// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "archivepath.h"

#include <QStringList>

namespace carton {

Result<QString> checkArchivePath(const QString &path, const QString &where)
{
    auto bad = [&](const QString &why) {
        return makeError(ErrorCode::Unsafe, QStringLiteral("unsafe path \"%1\": %2").arg(path.left(200), why), where);
    };
    if (path.isEmpty())
        return bad(QStringLiteral("empty name"));
    if (path.toUtf8().size() > 4096)
        return bad(QStringLiteral("longer than 4096 bytes"));
    if (path.startsWith(u'/'))
        return bad(QStringLiteral("absolute path"));
    if (path.contains(u'\\'))
        return bad(QStringLiteral("backslash in name"));
    if (path.size() >= 2 && path.at(1) == u':' && path.at(0).isLetter())
        return bad(QStringLiteral("drive letter"));
    for (QChar c : path)
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return bad(QStringLiteral("control character in name"));
    const QStringList parts = path.split(u'/');
    for (const QString &part : parts) {
        if (part.isEmpty())
            return bad(QStringLiteral("empty path component"));
        if (part == u"." || part == u"..")
            return bad(QStringLiteral("\".\" or \"..\" component"));
    }
    return path;
}

Result<QString> resolveLinkTarget(const QString &linkPath, const QString &target, const QString &where)
{
    if (target.isEmpty() || target.startsWith(u'/') || target.contains(u'\\') ||
        (target.size() >= 2 && target.at(1) == u':'))
        return makeError(ErrorCode::Unsafe,
                         QStringLiteral("symlink \"%1\" has an absolute or empty target \"%2\"").arg(linkPath, target),
                         where);
    QStringList parts = linkPath.split(u'/');
    parts.removeLast();
    for (const QString &part : target.split(u'/')) {
        if (part.isEmpty() || part == u".")
            continue;
        if (part == u"..") {
            if (parts.isEmpty())
                return makeError(
                    ErrorCode::Unsafe,
                    QStringLiteral("symlink \"%1\" points outside the archive (\"%2\")").arg(linkPath, target), where);
            parts.removeLast();
            continue;
        }
        parts.append(part);
    }
    if (parts.isEmpty())
        return makeError(ErrorCode::Unsafe, QStringLiteral("symlink \"%1\" points at the archive root").arg(linkPath),
                         where);
    return parts.join(u'/');
}

} // namespace carton
