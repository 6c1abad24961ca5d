// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "archivepath.h"

#include <QStringList>
#include <QStringView>

namespace carton {

Result<QString> checkArchivePath(const QString &path, const QString &where)
{
    auto bad = [&](const QString &why) {
        return makeError(ErrorCode::Unsafe, QStringLiteral("unsafe path \"%1\": %2").arg(path.left(200), why), where);
    };
    if (path.isEmpty())
        return bad(QStringLiteral("empty name"));
    // At most 3 UTF-8 bytes per UTF-16 unit: only a long name is encoded to count.
    if (path.size() > 4096 / 3 && path.toUtf8().size() > 4096)
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
    // Each '/'-separated component, in order, without splitting (no copies: this
    // runs for every entry of an archive).
    const QStringView view(path);
    for (qsizetype start = 0; start <= view.size();) {
        qsizetype end = view.indexOf(u'/', start);
        if (end < 0)
            end = view.size();
        const QStringView part = view.sliced(start, end - start);
        if (part.isEmpty())
            return bad(QStringLiteral("empty path component"));
        if (part == u"." || part == u"..")
            return bad(QStringLiteral("\".\" or \"..\" component"));
        start = end + 1;
    }
    return path;
}

bool isPlainSafeArchivePath(QByteArrayView bytes)
{
    const qsizetype n = bytes.size();
    if (n == 0 || n > 4096 || bytes[0] == '/')
        return false;
    if (n >= 2 && bytes[1] == ':' && ((bytes[0] >= 'a' && bytes[0] <= 'z') || (bytes[0] >= 'A' && bytes[0] <= 'Z')))
        return false; // a drive letter
    qsizetype componentStart = 0;
    for (qsizetype i = 0; i <= n; ++i) {
        const uchar c = i < n ? uchar(bytes[i]) : uchar('/');
        if (c == '/') {
            const qsizetype length = i - componentStart;
            if (length == 0 || (length <= 2 && bytes[componentStart] == '.' && bytes[i - 1] == '.'))
                return false; // an empty, "." or ".." component
            componentStart = i + 1;
        } else if (c < 0x20 || c >= 0x7f || c == '\\') {
            return false; // a control character, a backslash, or not ASCII
        }
    }
    return true;
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
