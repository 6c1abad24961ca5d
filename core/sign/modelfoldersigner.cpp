// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelfoldersigner.h"

#include "base/filehash.h"
#include "sign/cartonsignature.h"
#include "sign/modelfolderwalk.h"
#include "sign/modelstatement.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>

namespace carton {

namespace {

// The reference sorts its manifest by path (Python's PurePath order): component
// by component, each by code point (UTF-8 byte order), so "a/b" before "a-c".
bool referencePathLess(const ManifestEntry &a, const ManifestEntry &b)
{
    const QStringList left = a.path.split(u'/');
    const QStringList right = b.path.split(u'/');
    return std::lexicographical_compare(left.cbegin(), left.cend(), right.cbegin(), right.cend(),
                                        [](const QString &x, const QString &y) { return x.toUtf8() < y.toUtf8(); });
}

} // namespace

Result<QByteArray> signModel(const QString &modelPath, const EcKey &key, const ModelSignOptions &options,
                             Progress *progress)
{
    if (!key.hasPrivateKey())
        return makeError(ErrorCode::Usage, QStringLiteral("signing needs a private key, this is a public key"));
    const QFileInfo model(modelPath);
    if (model.isSymLink())
        return makeError(ErrorCode::Unsupported, QStringLiteral("a symbolic link; give the model's real path"),
                         modelPath);
    if (!model.exists())
        return makeError(ErrorCode::NotFound, QStringLiteral("no such file or folder"), modelPath);
    const QString root = model.absoluteFilePath();

    ModelStatement statement;
    statement.modelName = model.fileName();
    QStringList files;
    if (model.isDir()) {
        QStringList paths = options.ignorePaths;
        if (!options.signaturePath.isEmpty())
            paths << options.signaturePath;
        statement.ignorePaths = ModelFolderWalk::ignoredPaths(root, paths, options.ignoreGitPaths);
        const ModelFolderWalk walk(root, statement.ignorePaths, options.limits);
        if (Status s = walk.walk(QString(), files); !s)
            return makeError(s.error().code, s.error().message, root + u'/' + s.error().location);
        if (files.isEmpty())
            return makeError(ErrorCode::NotFound, QStringLiteral("no file to sign in the model folder"), root);
    } else if (model.isFile()) {
        // As the reference: the git paths "inside" the file, recorded all the same.
        statement.ignorePaths = ModelFolderWalk::ignoredPaths(root, {}, options.ignoreGitPaths);
        files << QStringLiteral(".");
    } else {
        return makeError(ErrorCode::Unsupported, QStringLiteral("not a file or folder: it cannot be signed"),
                         modelPath);
    }

    for (const QString &relative : std::as_const(files)) {
        Result<QByteArray> digest = fileSha256Hex(relative == u"." ? root : root + u'/' + relative, progress);
        if (!digest)
            return digest.error();
        statement.resources.append({relative, *digest});
    }
    std::sort(statement.resources.begin(), statement.resources.end(), referencePathLess);

    return signing::signStatement(statement.toJson(), key);
}

} // namespace carton
