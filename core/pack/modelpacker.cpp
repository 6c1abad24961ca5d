// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// packModelFolder(): a folder of model files, without carton.toml, into a .carton.
#include "cartonsaver.h"
#include "format/manifest.h"
#include "links/links.h"
#include "model/modelset.h"
#include "package/cartonedits.h"
#include "package/cartonsource.h"
#include "packer.h"
#include "packpaths.h"
#include "validate/modelsignature.h"
#include "validate/validator.h"

#include <QFileInfo>
#include <QStringList>

namespace carton {

namespace {

// [[input]] / [[output]] from the model's own signature (signatureModel), as the
// window's Fill from Model takes them, when `info` declares neither: said as
// information, with the values the signature has that Carton v1 cannot declare.
void fillSpecsFromModel(CartonInfo &info, const CartonEdits &edits, Diagnostics &said)
{
    if (!info.inputs.isEmpty() || !info.outputs.isEmpty())
        return;
    const ModelSet models = ModelSet::fromEdits(edits);
    const ModelEntry *entry = signatureModel(models);
    if (!entry)
        return;
    ModelSpecs specs = specsFromModel(*entry);
    if (specs.inputs.isEmpty() && specs.outputs.isEmpty())
        return;
    info.inputs = std::move(specs.inputs);
    info.outputs = std::move(specs.outputs);
    QString message = QStringLiteral("[[input]] and [[output]] taken from the signature of %1 (%2 inputs, %3 outputs)")
                          .arg(entry->path)
                          .arg(info.inputs.size())
                          .arg(info.outputs.size());
    if (!specs.unsupported.isEmpty())
        message += QStringLiteral("; left out, Carton v1 cannot declare them: %1")
                       .arg(specs.unsupported.join(QStringLiteral(", ")));
    said.append({Severity::Info, DiagnosticLocation{QStringLiteral("carton.toml")}, message});
}

// A laid-out folder's MANIFEST lines of files it does not hold but whose sha256
// its LINKS has URLs for stay in the carton, as packFolder keeps them.
Status keepLinkedFiles(const CartonSource &source, CartonEdits &edits, const Limits &limits)
{
    if (!source.find(QStringLiteral("MANIFEST")) || !source.find(QStringLiteral("LINKS")))
        return {};
    Result<QByteArray> manifestBytes = source.read(QStringLiteral("MANIFEST"), limits.maxMetadataFileSize);
    if (!manifestBytes)
        return manifestBytes.error();
    Result<Manifest> manifest = Manifest::parse(*manifestBytes);
    if (!manifest)
        return manifest.error();
    Result<QByteArray> linksBytes = source.read(QStringLiteral("LINKS"), limits.maxMetadataFileSize);
    if (!linksBytes)
        return linksBytes.error();
    Result<Links> links = Links::parse(*linksBytes);
    if (!links)
        return links.error();
    for (const ManifestEntry &entry : manifest->entries())
        if (!source.find(entry.path) && !links->urlsFor(entry.sha256).isEmpty())
            if (Status s = edits.putLinked(entry.path, entry.sha256); !s)
                return s;
    return {};
}

} // namespace

Result<PackResult> packModelFolder(const QString &folder, const CartonInfo &givenInfo, const QString &outputFile,
                                   const PackOptions &options, Progress *progress)
{
    // One model file is packed as a folder holding only it would be: model/FILE.
    const QFileInfo given(folder);
    const bool oneFile = given.isFile();
    QString root;
    if (oneFile) {
        const QFileInfo out(outputFile);
        if ((out.exists() || out.isSymLink()) && !options.overwrite)
            return makeError(ErrorCode::Usage, QStringLiteral("output file exists (choose overwrite to replace it)"),
                             outputFile);
        if (out.isDir())
            return makeError(ErrorCode::Usage, QStringLiteral("output is a folder"), outputFile);
        if (out.exists() && out.canonicalFilePath() == given.canonicalFilePath())
            return makeError(ErrorCode::Usage, QStringLiteral("the output would replace the model file"), outputFile);
        root = given.absolutePath();
    } else {
        Result<QString> checkedRoot = checkPackPaths(folder, outputFile, options.overwrite);
        if (!checkedRoot)
            return checkedRoot.error();
        root = *checkedRoot;
        if (QFileInfo::exists(root + QStringLiteral("/carton.toml")))
            return makeError(ErrorCode::Usage,
                             QStringLiteral("the folder has a carton.toml: pack it as a carton folder instead"),
                             folder);
    }

    CartonEdits edits;
    if (oneFile) {
        if (Status s = edits.putFile(QStringLiteral("model/") + given.fileName(), given.absoluteFilePath()); !s)
            return s.error();
    } else {
        Result<std::unique_ptr<CartonSource>> source = CartonSource::load(root, options.limits);
        if (!source)
            return source.error();
        if ((*source)->files().isEmpty())
            return makeError(ErrorCode::Usage, QStringLiteral("the folder is empty: there is nothing to put in model/"),
                             folder);
        // A folder that already has model/ is laid out as a carton (its carton.toml left
        // out, or files arranged by hand): its paths are kept, so model/ stays model/
        // rather than becoming model/model/; MANIFEST is written again.
        const bool laidOut = QFileInfo(root + QStringLiteral("/model")).isDir();
        for (const SourceFile &file : (*source)->files()) {
            if (laidOut && file.path == u"MANIFEST")
                continue;
            const QString path = laidOut ? file.path : QStringLiteral("model/") + file.path;
            if (Status s = edits.putFile(path, root + u'/' + file.path); !s)
                return s.error();
        }
        if (laidOut)
            if (Status s = keepLinkedFiles(**source, edits, options.limits); !s)
                return s.error();
    }

    PackResult result;
    CartonInfo info = givenInfo;
    fillSpecsFromModel(info, edits, result.diagnostics);
    QStringList errors;
    for (const Diagnostic &d : validateInfo(info)) {
        if (d.severity == Severity::Error)
            errors.append(d.toString());
        else
            result.diagnostics.append(d);
    }
    if (!errors.isEmpty())
        return makeError(ErrorCode::Format,
                         QStringLiteral("the carton would not be valid (%1 error%2):\n%3")
                             .arg(errors.size())
                             .arg(errors.size() == 1 ? QString() : QStringLiteral("s"), errors.join(u'\n')),
                         folder);
    edits.setInfo(info);
    SaveOptions save;
    save.method = options.method;
    save.level = options.level;
    save.threads = options.threads;
    save.overwrite = options.overwrite;
    Result<SaveResult> saved = saveCarton(edits, outputFile, save, progress);
    if (!saved)
        return saved.error();
    result.modelHash = saved->modelHash;
    result.bytesWritten = saved->bytesWritten;
    result.fileCount = saved->fileCount;
    return result;
}

} // namespace carton
