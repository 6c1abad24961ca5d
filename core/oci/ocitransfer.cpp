// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "oci/ocitransfer.h"

#include "base/sha256.h"
#include "format/manifest.h"
#include "oci/ocimodelpack.h"
#include "pack/packer.h"
#include "package/carton.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTemporaryDir>

namespace carton {

namespace {

QString digestOfHex(const QByteArray &hex)
{
    return QStringLiteral("sha256:") + QString::fromLatin1(hex);
}

// Puts one blob: skipped when present with its size, mounted when one of
// `mountFrom` has it, else uploaded from `open`.
Result<int> putBlob(OciRegistry &registry, const QString &digest, qint64 size,
                    const std::function<Result<std::unique_ptr<QIODevice>>()> &open, const QStringList &mountFrom,
                    Progress *progress, OciPushResult &result)
{
    Result<std::optional<qint64>> have = registry.blobSize(digest);
    if (!have)
        return have.error();
    if (*have && **have == size) {
        ++result.blobsSkipped;
        if (progress)
            progress->advance(size);
        return 0;
    }
    Result<std::unique_ptr<QIODevice>> device = open();
    if (!device)
        return device.error();
    QIODevice *in = device->get();
    auto read = [in](char *buffer, qint64 max) -> Result<qint64> {
        const qint64 n = in->read(buffer, max);
        if (n < 0)
            return makeError(ErrorCode::Io, QStringLiteral("cannot read: %1").arg(in->errorString()));
        return n;
    };
    // The first other repository named is asked to mount it; when it cannot, the
    // upload the registry opened instead carries the bytes.
    QString from;
    for (const QString &repo : mountFrom)
        if (repo != registry.reference().repository) {
            from = repo;
            break;
        }
    Result<bool> sent = registry.uploadBlob(digest, size, read, progress, from);
    if (!sent)
        return sent.error();
    if (!*sent) {
        ++result.blobsMounted;
        return 0;
    }
    ++result.blobsUploaded;
    return 1;
}

} // namespace

Result<OciPushResult> pushCarton(const Carton &carton, OciRegistry &registry, const QStringList &mountFrom,
                                 Progress *progress)
{
    const QString where = carton.path();
    if (!carton.manifest())
        return makeError(ErrorCode::Format,
                         QStringLiteral("the carton has no valid MANIFEST: its files have no sha256 to address them "
                                        "by (pack it first)"),
                         where);
    const Manifest &manifest = *carton.manifest();
    const CartonSource &source = carton.source();
    QList<OciLayer> layers;
    QHash<QString, QString> pathOfDigest; // a file to read each blob from
    qint64 total = 0;
    for (const SourceFile &file : source.files()) {
        OciLayer layer;
        layer.path = file.path;
        layer.size = file.size;
        layer.mediaType = modelPackMediaType(file.path);
        if (file.path == u"MANIFEST" || file.path == u"LINKS") {
            Result<QByteArray> bytes = source.read(file.path, source.limits().maxMetadataFileSize);
            if (!bytes)
                return bytes.error();
            layer.digest = digestOfHex(Sha256::hashHex(*bytes));
            layer.size = bytes->size();
        } else {
            const ManifestEntry *entry = manifest.find(file.path);
            if (!entry)
                return makeError(ErrorCode::Format,
                                 QStringLiteral("\"%1\" is in the carton but not in its MANIFEST: it has no sha256 "
                                                "to push it by (verify the carton)")
                                     .arg(file.path),
                                 where);
            layer.digest = digestOfHex(entry->sha256);
        }
        if (!pathOfDigest.contains(layer.digest)) {
            pathOfDigest.insert(layer.digest, file.path);
            total += layer.size;
        }
        layers.append(layer);
    }
    OciPushResult result;
    for (const ManifestEntry &e : manifest.entries())
        if (!source.find(e.path))
            ++result.linkedOnly;
    const ModelPackArtifact artifact =
        buildModelPackArtifact(carton.info() ? &*carton.info() : nullptr, layers, carton.modelHash());
    if (progress)
        progress->setTotal(total + artifact.config.size());

    QSet<QString> done;
    for (const OciLayer &layer : std::as_const(artifact.layers)) {
        if (done.contains(layer.digest))
            continue;
        done.insert(layer.digest);
        const QString path = pathOfDigest.value(layer.digest);
        auto open = [&source, path]() { return source.open(path, false); };
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("push cancelled before %1").arg(path));
        if (progress)
            progress->flush(path); // the window names the blob being sent
        Result<int> put = putBlob(registry, layer.digest, layer.size, open, mountFrom, progress, result);
        if (!put) {
            Error e = put.error();
            e.message = QStringLiteral("%1: %2").arg(path, e.message);
            return e;
        }
    }
    const QByteArray config = artifact.config;
    auto openConfig = [config]() -> Result<std::unique_ptr<QIODevice>> {
        auto buffer = std::make_unique<QBuffer>();
        buffer->setData(config);
        buffer->open(QIODevice::ReadOnly);
        return std::unique_ptr<QIODevice>(std::move(buffer));
    };
    if (Result<int> put = putBlob(registry, artifact.configDigest, config.size(), openConfig, {}, progress, result);
        !put)
        return put.error();
    Result<QString> digest = registry.pushManifest(registry.reference().manifestReference(), artifact.manifest,
                                                   modelpack::kImageManifestType);
    if (!digest)
        return digest.error();
    result.reference = registry.reference().toString();
    result.manifestDigest = *digest;
    result.modelHash = carton.modelHash();
    result.layers = int(artifact.layers.size());
    result.bytesUploaded = registry.uploadedBytes();
    return result;
}

Result<OciPullResult> pullCarton(OciRegistry &registry, const QString &output, const Limits &limits, Progress *progress,
                                 bool replace)
{
    const QString where = registry.reference().toString();
    const QFileInfo out(output);
    const bool toFolder = output.endsWith(u'/') || (out.isDir() && QDir(output).isEmpty());
    if (out.exists() && !(toFolder && out.isDir() && QDir(output).isEmpty()) && !(replace && !toFolder && out.isFile()))
        return makeError(ErrorCode::Io, QStringLiteral("already exists (pull does not replace it)"), output);
    Result<OciManifestBytes> manifest = registry.fetchManifest(registry.reference().manifestReference());
    if (!manifest)
        return manifest.error();
    Result<PulledArtifact> artifact = parseModelPackManifest(manifest->bytes, manifest->mediaType, limits, where);
    if (!artifact)
        return artifact.error();
    qint64 total = 0;
    for (const OciLayer &l : std::as_const(artifact->layers))
        total += l.size;
    if (progress)
        progress->setTotal(total);

    // Files land in a temporary folder next to the output (same file system).
    const QString parent = QFileInfo(QDir::cleanPath(out.absoluteFilePath())).absolutePath();
    QTemporaryDir staging(QDir(parent).filePath(QStringLiteral(".carton-pull-XXXXXX")));
    if (!staging.isValid())
        return makeError(ErrorCode::Io, QStringLiteral("cannot make a temporary folder: %1").arg(staging.errorString()),
                         parent);
    OciPullResult result;
    result.manifestDigest = manifest->digest;
    for (const OciLayer &layer : std::as_const(artifact->layers)) {
        const QString target = QDir(staging.path()).filePath(layer.path);
        if (!QDir().mkpath(QFileInfo(target).absolutePath()))
            return makeError(ErrorCode::Io, QStringLiteral("cannot make the folder for %1").arg(layer.path), parent);
        QFile file(target);
        if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly))
            return makeError(ErrorCode::Io, QStringLiteral("cannot write %1: %2").arg(layer.path, file.errorString()),
                             parent);
        if (Status s = registry.downloadBlob(layer.digest, layer.size, file, progress); !s) {
            Error e = s.error();
            e.message = QStringLiteral("%1: %2").arg(layer.path, e.message);
            return e;
        }
        if (!file.flush())
            return makeError(ErrorCode::Io, QStringLiteral("cannot write %1: %2").arg(layer.path, file.errorString()),
                             parent);
        ++result.files;
        result.bytes += layer.size;
    }
    // MANIFEST must list every pulled file with its layer's digest.
    QFile manifestFile(QDir(staging.path()).filePath(QStringLiteral("MANIFEST")));
    if (!manifestFile.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Format, QStringLiteral("the artifact has no MANIFEST layer: not a carton"), where);
    const QByteArray manifestBytes = manifestFile.read(limits.maxMetadataFileSize + 1);
    Result<Manifest> parsed = Manifest::parse(manifestBytes);
    if (!parsed)
        return makeError(ErrorCode::Format, QStringLiteral("its MANIFEST layer: %1").arg(parsed.error().toString()),
                         where);
    for (const OciLayer &layer : std::as_const(artifact->layers)) {
        if (layer.path == u"MANIFEST" || layer.path == u"LINKS")
            continue;
        const ManifestEntry *entry = parsed->find(layer.path);
        if (!entry || digestOfHex(entry->sha256) != layer.digest)
            return makeError(ErrorCode::Integrity,
                             QStringLiteral("the layer for \"%1\" (%2) is %3 in its MANIFEST")
                                 .arg(layer.path, layer.digest,
                                      entry ? QStringLiteral("another file") : QStringLiteral("not listed")),
                             where);
    }
    result.modelHash = Sha256::hashHex(manifestBytes);
    if (!artifact->modelHash.isEmpty() && artifact->modelHash != result.modelHash)
        return makeError(ErrorCode::Integrity,
                         QStringLiteral("the pulled MANIFEST has the model hash %1, the manifest's annotation says %2")
                             .arg(QString::fromLatin1(result.modelHash), QString::fromLatin1(artifact->modelHash)),
                         where);
    if (toFolder) {
        const QString final = QDir::cleanPath(out.absoluteFilePath());
        if (out.isDir() && !QDir().rmdir(final))
            return makeError(ErrorCode::Io, QStringLiteral("cannot replace the empty folder"), output);
        if (!QDir().rename(staging.path(), final))
            return makeError(ErrorCode::Io, QStringLiteral("cannot move the pulled files into place"), output);
        staging.setAutoRemove(false);
        return result;
    }
    PackOptions options;
    options.limits = limits;
    options.overwrite = replace;
    Result<PackResult> packed = packFolder(staging.path(), output, options);
    if (!packed)
        return packed.error();
    if (packed->modelHash != result.modelHash)
        return makeError(ErrorCode::Integrity,
                         QStringLiteral("the packed carton has the model hash %1, the pulled MANIFEST %2")
                             .arg(QString::fromLatin1(packed->modelHash), QString::fromLatin1(result.modelHash)),
                         output);
    return result;
}

} // namespace carton
