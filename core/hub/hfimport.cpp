// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "hub/hfimport.h"

#include "base/sha256.h"
#include "format/manifest.h"
#include "links/links.h"
#include "model/hfmodelinfo.h"
#include "model/modelguesses.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>

namespace carton {

namespace {

// The work folder's own mark: only a folder holding it is reused or removed.
const QString kMark = QStringLiteral(".carton-hf-import");

bool hasSuffix(const QString &path, std::initializer_list<const char *> suffixes)
{
    const QString lower = path.toLower();
    for (const char *s : suffixes)
        if (lower.endsWith(QLatin1String(s)))
            return true;
    return false;
}

// Makes the work folder, or reuses one an earlier import of the same output left.
Status prepareWorkFolder(const QString &work)
{
    const QDir dir(work);
    if (dir.exists() && !QFileInfo::exists(dir.filePath(kMark)) && !dir.isEmpty())
        return makeError(ErrorCode::Io,
                         QStringLiteral("the download folder exists and was not made by an import: not used"), work);
    if (!QDir().mkpath(work))
        return makeError(ErrorCode::Io, QStringLiteral("cannot make the download folder"), work);
    QFile mark(dir.filePath(kMark));
    if (!mark.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::Io, mark.errorString(), mark.fileName());
    return {};
}

// Removes files under `root` whose path relative to it is not in `keep` (a file an
// earlier run with other --include globs downloaded).
void removeOthers(const QString &root, const QSet<QString> &keep)
{
    const QDir dir(root);
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        if (!keep.contains(dir.relativeFilePath(file)))
            (void)QFile::remove(file);
    }
}

// LINKS (each file's resolve URL under its LFS sha256) and the MANIFEST lines of
// the linked files in the carton folder `root`: packModelFolder keeps them.
Status writeLinks(const HfHub &hub, const HfRepoRef &ref, const QList<HfRepoFile> &linked, const QString &root)
{
    Links links;
    QList<ManifestEntry> entries;
    for (const HfRepoFile &f : linked) {
        QStringList urls = links.urlsFor(f.sha256);
        urls.append(hub.resolveUrl(ref, f.path).toString(QUrl::FullyEncoded));
        links.setUrls(f.sha256, urls);
        entries.append(ManifestEntry{QStringLiteral("model/") + f.path, f.sha256});
    }
    const QDir dir(root);
    if (!dir.mkpath(QStringLiteral(".")))
        return makeError(ErrorCode::Io, QStringLiteral("cannot make the folder"), root);
    const std::pair<QString, QByteArray> files[] = {{QStringLiteral("LINKS"), links.serialize()},
                                                    {QStringLiteral("MANIFEST"), Manifest(entries).serialize()}};
    for (const auto &[name, bytes] : files) {
        QSaveFile out(dir.filePath(name));
        if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit())
            return makeError(ErrorCode::Io, out.errorString(), out.fileName());
    }
    return {};
}

// A small file the preview read whole (its size checked; an LFS sha256 here).
Status writeWhole(const QString &target, const HfRepoFile &file, const QByteArray &bytes)
{
    if (!file.sha256.isEmpty() && Sha256::hashHex(bytes) != file.sha256)
        return makeError(
            ErrorCode::Format,
            QStringLiteral("%1: sha256 %2, the listing says %3")
                .arg(file.path, QString::fromLatin1(Sha256::hashHex(bytes)), QString::fromLatin1(file.sha256)),
            target);
    if (!QDir().mkpath(QFileInfo(target).absolutePath()))
        return makeError(ErrorCode::Io, QStringLiteral("cannot make the folder"), QFileInfo(target).absolutePath());
    QSaveFile out(target);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit())
        return makeError(ErrorCode::Io, out.errorString(), target);
    return {};
}

} // namespace

bool isHfWeightFile(const QString &path)
{
    return hasSuffix(path, {".safetensors", ".bin", ".pt", ".pth", ".ckpt", ".onnx", ".gguf", ".h5", ".msgpack"});
}

QList<HfRepoFile> selectHfFiles(const QList<HfRepoFile> &files, const QStringList &include)
{
    QList<HfRepoFile> chosen;
    if (!include.isEmpty()) {
        QList<QRegularExpression> globs;
        for (const QString &g : include)
            globs.append(QRegularExpression::fromWildcard(g, Qt::CaseSensitive));
        for (const HfRepoFile &f : files)
            if (std::any_of(globs.begin(), globs.end(),
                            [&](const QRegularExpression &re) { return re.match(f.path).hasMatch(); }))
                chosen.append(f);
        return chosen;
    }
    const bool safetensors = std::any_of(files.begin(), files.end(), [](const HfRepoFile &f) {
        return !f.path.contains(u'/') && hasSuffix(f.path, {".safetensors"});
    });
    for (const HfRepoFile &f : files) {
        if (f.path.contains(u'/'))
            continue;
        const bool weights = safetensors ? hasSuffix(f.path, {".safetensors"}) : isHfWeightFile(f.path);
        if (weights || f.path == u"README.md" || hasSuffix(f.path, {".json", ".txt", ".model", ".tiktoken"}))
            chosen.append(f);
    }
    return chosen;
}

Result<HfImportResult> importHfRepo(const HfRepoRef &ref, const QString &outputFile, const HfImportOptions &options,
                                    Progress *progress)
{
    if (QFileInfo::exists(outputFile) && !options.pack.overwrite)
        return makeError(ErrorCode::Io, QStringLiteral("the output exists (overwrite it to replace it)"), outputFile);
    const HfHub hub(options.endpoint, options.token, options.idleTimeoutMs);
    Result<HfPreview> previewed = previewHfRepo(hub, ref, options.include, options.link, {}, progress);
    if (!previewed)
        return previewed.error();
    HfImportResult result;
    result.preview = std::move(previewed).value();
    result.files = result.preview.downloads;
    result.linked = result.preview.linked;
    const QList<HfRepoFile> &listing = result.preview.listed;
    // Fetched and linked at the commit the revision resolved to: the carton does not move with a branch.
    const HfRepoRef pinned = result.preview.pinned();
    const QString where = QStringLiteral("%1@%2").arg(ref.repo, ref.revision);
    qint64 total = 0;
    for (const HfRepoFile &f : std::as_const(result.files)) {
        if (f.size > options.maxFileBytes)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("%1 is %2 bytes, more than the limit of %3 bytes a file")
                                 .arg(f.path)
                                 .arg(f.size)
                                 .arg(options.maxFileBytes),
                             where);
        total += f.size;
    }
    if (total > options.maxTotalBytes)
        return makeError(ErrorCode::Limit,
                         QStringLiteral("the files are %1 bytes, more than the limit of %2 bytes")
                             .arg(total)
                             .arg(options.maxTotalBytes),
                         where);

    const QString work = options.workFolder.isEmpty() ? outputFile + QStringLiteral(".download") : options.workFolder;
    if (Status s = prepareWorkFolder(work); !s)
        return s.error();
    const QDir workDir(work);
    const QString root = workDir.filePath(QStringLiteral("carton"));
    QSet<QString> keep;
    for (const HfRepoFile &f : std::as_const(result.files))
        keep.insert(QStringLiteral("model/") + f.path);
    removeOthers(root, keep); // misc/ too: the card's images are fetched again below
    if (!result.linked.isEmpty())
        if (Status s = writeLinks(hub, pinned, result.linked, root); !s)
            return s.error();
    if (progress)
        progress->setTotal(total);
    for (const HfRepoFile &f : std::as_const(result.files)) {
        const QString target = QDir(root).filePath(QStringLiteral("model/") + f.path);
        if (QFileInfo(target).isFile() && QFileInfo(target).size() == f.size) {
            if (progress)
                progress->advance(f.size, f.path); // downloaded (and checked) by an earlier run
            continue;
        }
        if (const auto whole = result.preview.wholeFiles.constFind(f.path); whole != result.preview.wholeFiles.cend()) {
            if (Status s = writeWhole(target, f, *whole); !s) // read whole by the preview, checked against the listing
                return s.error();
            if (progress)
                progress->advance(f.size, f.path);
            continue;
        }
        const QString partial = workDir.filePath(QStringLiteral("partial/model/") + f.path + QStringLiteral(".part"));
        if (Status s = hub.download(pinned, f, target, partial, progress); !s)
            return s.error();
    }

    const QString model = QDir(root).filePath(QStringLiteral("model"));
    const QString repoName = ref.repo.section(u'/', -1);
    CartonInfo info;
    info.modelName = repoName;
    info.repository = hub.repoUrl(ref);
    result.guesses.append({QStringLiteral("model_name"), repoName, QStringLiteral("the repository's name")});
    result.guesses.append(
        {QStringLiteral("repository"), *info.repository, QStringLiteral("the repository's address on the Hub")});
    const bool hf =
        isHfModelFolder(model) || (QFileInfo(QDir(model).filePath(QStringLiteral("config.json"))).isFile() &&
                                   std::any_of(result.linked.cbegin(), result.linked.cend(),
                                               [](const HfRepoFile &f) { return f.path == u"model.safetensors"; }));
    if (hf) {
        Result<HfModelInfo> hfInfo = readHfModelInfo(model);
        if (!hfInfo)
            return hfInfo.error();
        if (hfInfo->hasCard) {
            QHash<QString, HfRepoFile> listed;
            for (const HfRepoFile &f : listing)
                listed.insert(f.path, f);
            const CardGuesses card = CardGuesses::fromInfo(*hfInfo, [&](const QString &image) {
                const auto it = listed.constFind(image);
                if (it == listed.cend() || it->size > CardGuesses::maxImageBytes)
                    return false;
                const QString target = QDir(root).filePath(QStringLiteral("misc/") + image);
                const QString partial =
                    workDir.filePath(QStringLiteral("partial/misc/") + image + QStringLiteral(".part"));
                return hub.download(pinned, *it, target, partial).ok();
            });
            result.cardImages = card.keptImages;
            if (!card.license.isEmpty())
                info.license = card.license;
            if (!card.shortDescription.isEmpty())
                info.shortDescription = card.shortDescription;
            if (!card.modelDescription.isEmpty())
                info.modelDescription = card.modelDescription;
            result.guesses.append({QStringLiteral("license"), card.license,
                                   card.license.isEmpty()
                                       ? QStringLiteral("README.md has no license in its front matter")
                                       : QStringLiteral("README.md front matter: license")});
            result.guesses.append({QStringLiteral("short_description"), card.shortDescription,
                                   card.shortened
                                       ? QStringLiteral("README.md: the first paragraph, shortened to 100 characters")
                                       : QStringLiteral("README.md: the first paragraph")});
            result.guesses.append(
                {QStringLiteral("model_description"), QStringLiteral("%1 characters").arg(card.modelDescription.size()),
                 QStringLiteral("README.md without its front matter; %1 of its %2 local images packed under misc/")
                     .arg(card.keptImages.size())
                     .arg(card.images.size())});
        }
    }

    QStringList paths;
    for (const HfRepoFile &f : std::as_const(result.files))
        paths.append(QStringLiteral("model/") + f.path);
    for (const HfRepoFile &f : std::as_const(result.linked))
        paths.append(QStringLiteral("model/") + f.path);
    QString runner = options.runner;
    QString runnerSource = QStringLiteral("given");
    if (runner.isEmpty()) {
        runner = guessRunner(paths);
        runnerSource = runner == u"torchscript" ? QStringLiteral("a TorchScript file (.pt, .pth, .torchscript)")
                                                : QStringLiteral("Python code with an entry point");
    }
    if (runner.isEmpty() && hf) {
        runner = QStringLiteral("python");
        runnerSource = QStringLiteral("a Hugging Face model folder (config.json): its code runs in Python");
    }
    if (runner.isEmpty())
        return makeError(ErrorCode::Format, QStringLiteral("nothing in the files suggests a runner: give one"), where);
    info.runner.runnerName = runner;
    info.runner.requiredFrameworkVersion = options.frameworkVersion;
    info.runner.runnerCompatVersion = 1;
    result.guesses.append({QStringLiteral("runner.runner_name"), runner, runnerSource});
    result.guesses.append(
        {QStringLiteral("runner.required_framework_version"), options.frameworkVersion,
         options.frameworkVersion == u"*" ? QStringLiteral("any version: none was given") : QStringLiteral("given")});

    Result<PackResult> packed = packModelFolder(root, info, outputFile, options.pack, progress);
    if (!packed)
        return packed.error();
    result.pack = std::move(packed).value();
    (void)QDir(work).removeRecursively();
    return result;
}

} // namespace carton
