// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/result.h"

#include <QString>
#include <QStringList>

namespace carton {

// The files of a model folder as OpenSSF model signing sees them, shared by the
// signer and the verifier so that both hash the same files: every regular file
// under the root but the ignored paths (relative to the root, a folder ignoring
// everything under it), in walk order. Symbolic links and special files are
// refused with an error whose location is the path relative to the root.
class ModelFolderWalk final {
public:
    ModelFolderWalk(QString root, QStringList ignored, const Limits &limits);

    // The paths ignored under `root`, relative to it: `paths` (relative to the
    // current folder, or absolute; those outside the model dropped, as the
    // reference tool drops them), `statementPaths` (a statement's own
    // ignore_paths, relative to the model), and (ignoreGitPaths) .git,
    // .gitattributes, .github and .gitignore.
    static QStringList ignoredPaths(const QString &root, const QStringList &paths, bool ignoreGitPaths,
                                    const QStringList &statementPaths = {});
    // `path` relative to the model root, or empty when it is not inside it.
    static QString insideModel(const QString &root, const QString &path);

    bool isIgnored(const QString &relative) const;
    // Appends every file not ignored under `relativeFolder` (empty: the root).
    Status walk(const QString &relativeFolder, QStringList &files) const;

private:
    QString m_root;
    QStringList m_ignored;
    Limits m_limits;
};

} // namespace carton
