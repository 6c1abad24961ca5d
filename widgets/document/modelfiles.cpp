// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelfiles.h"

#include "model/hfcard.h"
#include "model/hffiles.h"
#include "model/hfmodelinfo.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

namespace studio {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(studio::ModelFiles)
};

// The card's local images that can be packed: files inside the folder, each at most maxCardImageBytes.
QList<ModelFiles::File> cardImageFiles(const QString &folder, const QStringList &paths, QStringList *kept)
{
    QList<ModelFiles::File> files;
    const carton::HfFileReader read = carton::hfFolderReader(folder);
    for (const QString &path : paths) {
        // The reader checks the path and that the file stays inside the folder; its size is checked first.
        const QFileInfo info(QDir(folder).filePath(path));
        if (!info.isFile() || info.size() > maxCardImageBytes)
            continue;
        if (carton::Result<std::optional<QByteArray>> bytes = read(path, maxCardImageBytes); !bytes || !*bytes)
            continue;
        files.append({QStringLiteral("misc/") + path, info.absoluteFilePath()});
        kept->append(path);
    }
    return files;
}

// Upstream refuses a short_description of more than 100 characters (Unicode scalar
// values): the first sentence when it fits, else the words that fit and "…".
QString shortDescriptionFrom(const QString &paragraph, bool *shortened)
{
    constexpr qsizetype kMax = 100;
    const auto length = [](const QString &s) { return s.toUcs4().size(); };
    *shortened = length(paragraph) > kMax;
    if (!*shortened)
        return paragraph;
    if (const qsizetype end = paragraph.indexOf(QLatin1String(". "));
        end > 0 && length(paragraph.left(end + 1)) <= kMax)
        return paragraph.left(end + 1);
    QString cut;
    for (const QString &word : paragraph.split(u' ', Qt::SkipEmptyParts)) {
        const QString next = cut.isEmpty() ? word : cut + u' ' + word;
        if (length(next) > kMax - 1)
            break;
        cut = next;
    }
    return cut + QChar(0x2026);
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
                bool shortened = false;
                result.shortDescription = shortDescriptionFrom(hf->cardFirstParagraph, &shortened);
                const carton::CardImages all = carton::CardImages::fromCard(hf->cardText);
                QStringList kept;
                result.files += cardImageFiles(path, all.paths, &kept);
                result.modelDescription = carton::CardImages::fromCard(hf->cardText, [&kept](const QString &p) {
                                              return kept.contains(p);
                                          }).markdown.trimmed();
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
                if (kept.size() < all.paths.size())
                    card += u"; " + Text::tr("%n image(s) not found in the folder or too large: left out", nullptr,
                                             int(all.paths.size() - kept.size()));
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
    result.runner = guessRunner(paths);
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
