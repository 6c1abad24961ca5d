// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelfolderwalk.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>

namespace carton {

ModelFolderWalk::ModelFolderWalk(QString root, QStringList ignored, const Limits &limits)
    : m_root(std::move(root)), m_ignored(std::move(ignored)), m_limits(limits)
{
}

QString ModelFolderWalk::insideModel(const QString &root, const QString &path)
{
    const QString relative = QDir::cleanPath(QDir(root).relativeFilePath(QFileInfo(path).absoluteFilePath()));
    if (relative == u".." || relative.startsWith(u"../") || QDir::isAbsolutePath(relative))
        return {};
    return relative;
}

QStringList ModelFolderWalk::ignoredPaths(const QString &root, const QStringList &paths, bool ignoreGitPaths,
                                          const QStringList &statementPaths)
{
    QStringList ignored;
    for (const QString &path : paths) {
        if (const QString relative = insideModel(root, path); !relative.isEmpty() && !ignored.contains(relative))
            ignored << relative;
    }
    for (const QString &path : statementPaths) {
        const QString relative = QDir::cleanPath(path);
        if (!relative.isEmpty() && !QDir::isAbsolutePath(relative) && relative != u".." &&
            !relative.startsWith(u"../") && !ignored.contains(relative))
            ignored << relative;
    }
    if (ignoreGitPaths) {
        for (const char *git : {".git", ".gitattributes", ".github", ".gitignore"}) {
            if (!ignored.contains(QLatin1StringView(git)))
                ignored << QLatin1StringView(git);
        }
    }
    return ignored;
}

bool ModelFolderWalk::isIgnored(const QString &relative) const
{
    return std::any_of(m_ignored.cbegin(), m_ignored.cend(), [&](const QString &ignored) {
        return ignored == u"." || relative == ignored || relative.startsWith(ignored + u'/');
    });
}

Status ModelFolderWalk::walk(const QString &relativeFolder, QStringList &files) const
{
    const QDir dir(relativeFolder.isEmpty() ? m_root : m_root + u'/' + relativeFolder);
    const QFileInfoList entries =
        dir.entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo &entry : entries) {
        const QString relative = relativeFolder.isEmpty() ? entry.fileName() : relativeFolder + u'/' + entry.fileName();
        if (isIgnored(relative))
            continue;
        if (entry.isSymLink())
            return makeError(ErrorCode::Unsupported,
                             QStringLiteral("a symbolic link: model signing refuses links (the signature could "
                                            "not say what they point to); ignore it with --ignore-paths"),
                             relative);
        if (entry.isDir()) {
            if (Status s = walk(relative, files); !s)
                return s;
        } else if (entry.isFile()) {
            files.append(relative);
            if (files.size() > m_limits.maxEntries)
                return makeError(ErrorCode::Limit,
                                 QStringLiteral("more than %1 files in the model folder").arg(m_limits.maxEntries),
                                 relative);
        } else {
            return makeError(ErrorCode::Unsupported,
                             QStringLiteral("not a file or folder (a device, pipe or socket): it cannot be signed"),
                             relative);
        }
    }
    return {};
}

} // namespace carton
