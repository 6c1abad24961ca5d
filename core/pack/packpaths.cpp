// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "packpaths.h"

#include <QStringList>
#include <filesystem>
#include <system_error>

namespace carton {

QString relativeLinkTarget(const QString &linkPath, const QString &targetPath)
{
    QStringList from = linkPath.split(u'/');
    from.removeLast();
    const QStringList to = targetPath.split(u'/');
    qsizetype common = 0;
    while (common < from.size() && common < to.size() - 1 && from.at(common) == to.at(common))
        ++common;
    QStringList parts;
    for (qsizetype i = common; i < from.size(); ++i)
        parts.append(QStringLiteral(".."));
    for (qsizetype i = common; i < to.size(); ++i)
        parts.append(to.at(i));
    return parts.join(u'/');
}

bool isInsideFolder(const QString &root, const QString &path)
{
    if (root.isEmpty() || path.isEmpty())
        return false;
    if (path == root)
        return true;
    const QString prefix = root.endsWith(u'/') ? root : root + u'/';
    return path.startsWith(prefix);
}

bool replaceFile(const QString &from, const QString &to, QString *errorMessage)
{
    std::error_code ec;
    std::filesystem::rename(std::filesystem::path(from.toStdU16String()), std::filesystem::path(to.toStdU16String()),
                            ec);
    if (ec && errorMessage)
        *errorMessage = QString::fromStdString(ec.message());
    return !ec;
}

} // namespace carton
