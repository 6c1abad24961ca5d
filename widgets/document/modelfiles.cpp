// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelfiles.h"

#include "model/hfmodelinfo.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

namespace studio {

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

QString guessRunner(const QStringList &archivePaths)
{
    bool python = false;
    for (const QString &path : archivePaths) {
        const QString name = path.section(u'/', -1).toLower();
        if (name.endsWith(u".pt") || name.endsWith(u".pth") || name.endsWith(u".torchscript"))
            return QStringLiteral("torchscript");
        if (name == u"main.py" || name == u"__main__.py" || name == u"__init__.py")
            python = true;
    }
    return python ? QStringLiteral("python") : QString();
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
                result.license = hf->cardField(QStringLiteral("license"));
                result.shortDescription = hf->cardFirstParagraph;
                result.modelDescription = hf->cardText.trimmed();
            }
        }
    } else {
        return carton::makeError(carton::ErrorCode::Format, QStringLiteral("not a file or folder"), path);
    }
    QStringList paths;
    for (const ModelFiles::File &f : result.files)
        paths.append(f.archivePath);
    result.runner = guessRunner(paths);
    return result;
}

} // namespace studio
