// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "packpaths.h"

#include <QFileInfo>
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

Result<QString> checkPackPaths(const QString &folder, const QString &outputFile, bool overwrite)
{
    if (folder.isEmpty() || outputFile.isEmpty())
        return makeError(ErrorCode::Usage, QStringLiteral("packing needs a folder and an output file"));
    const QFileInfo folderInfo(folder);
    if (!folderInfo.isDir())
        return makeError(ErrorCode::NotFound, QStringLiteral("not a folder"), folder);
    const QString root = folderInfo.canonicalFilePath();

    const QFileInfo outInfo(outputFile);
    if ((outInfo.exists() || outInfo.isSymLink()) && !overwrite)
        return makeError(ErrorCode::Usage, QStringLiteral("output file exists (choose overwrite to replace it)"),
                         outputFile);
    if (outInfo.isDir())
        return makeError(ErrorCode::Usage, QStringLiteral("output is a folder"), outputFile);
    const QString outDir = QFileInfo(outInfo.absolutePath()).canonicalFilePath();
    if (outDir.isEmpty())
        return makeError(ErrorCode::NotFound, QStringLiteral("the output's folder does not exist"), outputFile);
    if (isInsideFolder(root, outDir))
        return makeError(ErrorCode::Usage, QStringLiteral("the output file must not be inside the folder being packed"),
                         outputFile);
    return root;
}

} // namespace carton
