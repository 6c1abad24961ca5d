// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelfiles.h"

#include "model/hfcard.h"
#include "model/hffiles.h"
#include "model/hfmodelinfo.h"
#include "model/modelguesses.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

namespace studio {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(studio::ModelFiles)
};

// A card image that can be packed: a file inside the folder, at most maxCardImageBytes; added to `files`.
bool packable(const QString &folder, const QString &path, QList<ModelFiles::File> *files)
{
    // The reader checks the path and that the file stays inside the folder; its size is checked first.
    const QFileInfo info(QDir(folder).filePath(path));
    if (!info.isFile() || info.size() > maxCardImageBytes)
        return false;
    if (carton::Result<std::optional<QByteArray>> bytes = carton::hfFolderReader(folder)(path, maxCardImageBytes);
        !bytes || !*bytes)
        return false;
    files->append({QStringLiteral("misc/") + path, info.absoluteFilePath()});
    return true;
}

} // namespace

bool isModelFileName(const QString &fileName)
{
    static const QStringList suffixes{QStringLiteral("pt"),     QStringLiteral("pth"),    QStringLiteral("torchscript"),
                                      QStringLiteral("onnx"),   QStringLiteral("pb"),     QStringLiteral("tflite"),
                                      QStringLiteral("h5"),     QStringLiteral("keras"),  QStringLiteral("ckpt"),
                                      QStringLiteral("bin"),    QStringLiteral("gguf"),   QStringLiteral("mlmodel"),
                                      QStringLiteral("pkl"),    QStringLiteral("joblib"), QStringLiteral("msgpack"),
                                      QStringLiteral("params"), QStringLiteral("py")};
    const qsizetype dot = fileName.lastIndexOf(u'.');
    return dot > 0 && suffixes.contains(fileName.mid(dot + 1).toLower());
}

carton::Result<ModelFiles> collectModelFiles(const QString &path, int maxFiles)
{
    const QFileInfo info(path);
    ModelFiles result;
    if (!info.exists())
        return carton::makeError(carton::ErrorCode::NotFound, QStringLiteral("no such file or folder"), path);
    if (info.isFile()) {
        result.files.append({QStringLiteral("model/") + info.fileName(), info.absoluteFilePath()});
        result.name = info.completeBaseName();
    } else if (info.isDir()) {
        const QDir root(info.absoluteFilePath());
        const QString rootPath = root.canonicalPath();
        QDirIterator it(root.absolutePath(), QDir::Files | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            const QString rel = root.relativeFilePath(file);
            if (rel.startsWith(u'.') || rel.contains(QStringLiteral("/.")))
                continue; // .git, .DS_Store...
            const QFileInfo fileInfo(file);
            if (fileInfo.isSymLink()) {
                const QString target = fileInfo.canonicalFilePath();
                if (target.isEmpty() || !QString(target + u'/').startsWith(QString(rootPath + u'/')))
                    return carton::makeError(carton::ErrorCode::Format,
                                             QStringLiteral("symlink leads outside the folder (%1)").arg(target), file);
            }
            if (!fileInfo.isReadable())
                return carton::makeError(carton::ErrorCode::Io, QStringLiteral("cannot be read"), file);
            if (result.files.size() >= maxFiles)
                return carton::makeError(carton::ErrorCode::Format,
                                         QStringLiteral("more than %1 files: not packed").arg(maxFiles), path);
            result.files.append({QStringLiteral("model/") + rel, fileInfo.absoluteFilePath()});
        }
        if (result.files.isEmpty())
            return carton::makeError(carton::ErrorCode::Format, QStringLiteral("the folder has no files"), path);
        std::sort(result.files.begin(), result.files.end(),
                  [](const ModelFiles::File &a, const ModelFiles::File &b) { return a.archivePath < b.archivePath; });
        result.name = root.dirName();
        if (carton::isHfModelFolder(path)) {
            carton::Result<carton::HfModelInfo> hf = carton::readHfModelInfo(path);
            if (hf && hf->hasCard) {
                QList<ModelFiles::File> images;
                const carton::CardGuesses guessed = carton::CardGuesses::fromInfo(
                    *hf, [&](const QString &image) { return packable(path, image, &images); });
                result.files += images;
                result.license = guessed.license;
                result.shortDescription = guessed.shortDescription;
                result.modelDescription = guessed.modelDescription;
                const bool shortened = guessed.shortened;
                const QStringList &kept = guessed.keptImages;
                const QStringList &all = guessed.images;
                result.guesses.append({QStringLiteral("license"), result.license,
                                       result.license.isEmpty()
                                           ? Text::tr("README.md has no license in its front matter")
                                           : Text::tr("README.md front matter: license")});
                result.guesses.append({QStringLiteral("short_description"), result.shortDescription,
                                       shortened ? Text::tr("README.md: the first paragraph, shortened to the 100 "
                                                            "characters allowed")
                                                 : Text::tr("README.md: the first paragraph")});
                QString card = Text::tr("README.md without its front matter");
                if (!kept.isEmpty())
                    card += u"; " + Text::tr("its %n image(s) packed under misc/", nullptr, int(kept.size()));
                if (kept.size() < all.size())
                    card += u"; " + Text::tr("%n image(s) not found in the folder or too large: left out", nullptr,
                                             int(all.size() - kept.size()));
                result.guesses.append({QStringLiteral("model_description"),
                                       Text::tr("%n character(s)", nullptr, int(result.modelDescription.size())),
                                       card});
            }
        }
    } else {
        return carton::makeError(carton::ErrorCode::Format, QStringLiteral("not a file or folder"), path);
    }
    QStringList paths;
    for (const ModelFiles::File &f : result.files)
        paths.append(f.archivePath);
    result.runner = carton::guessRunner(paths);
    result.guesses.prepend({QStringLiteral("model_name"), result.name,
                            info.isDir() ? Text::tr("the folder's name") : Text::tr("the file's name")});
    result.guesses.append({QStringLiteral("runner.runner_name"), result.runner,
                           result.runner == u"torchscript" ? Text::tr("a TorchScript file (.pt, .pth, .torchscript)")
                           : result.runner == u"python"    ? Text::tr("Python code with an entry point")
                                                           : Text::tr("nothing in the files suggests a runner")});
    std::sort(result.files.begin(), result.files.end(),
              [](const ModelFiles::File &a, const ModelFiles::File &b) { return a.archivePath < b.archivePath; });
    return result;
}

} // namespace studio
