// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "oci/ocimodelpack.h"

#include "base/archivepath.h"
#include "base/sha256.h"
#include "oci/ociregistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace carton {

namespace {

QString digestOf(QByteArrayView bytes)
{
    return QStringLiteral("sha256:") + QString::fromLatin1(Sha256::hashHex(bytes));
}

Error fieldError(const QString &where, const QString &field, const QString &message)
{
    return makeError(ErrorCode::Format, QStringLiteral("manifest field %1: %2").arg(field, message), where);
}

} // namespace

QString modelPackMediaType(const QString &path)
{
    if (path == u"carton.toml" || path == u"MANIFEST" || path == u"LINKS" || path == u"tensor_data/index.toml")
        return modelpack::kWeightConfigRaw;
    if (path.startsWith(u"model/"))
        return modelpack::kWeightRaw;
    if (path.startsWith(u"tensor_data/"))
        return modelpack::kDatasetRaw;
    static const QStringList code{QStringLiteral(".py"),  QStringLiteral(".sh"), QStringLiteral(".ipynb"),
                                  QStringLiteral(".cpp"), QStringLiteral(".c"),  QStringLiteral(".rs")};
    for (const QString &ext : code)
        if (path.endsWith(ext))
            return modelpack::kCodeRaw;
    return modelpack::kDocRaw;
}

ModelPackArtifact buildModelPackArtifact(const CartonInfo *info, QList<OciLayer> layers, const QByteArray &modelHash)
{
    ModelPackArtifact a;
    a.layers = std::move(layers);
    a.modelHash = modelHash;
    QJsonObject descriptor;
    if (info) {
        if (info->modelName)
            descriptor.insert(u"name", *info->modelName);
        if (info->shortDescription)
            descriptor.insert(u"title", *info->shortDescription);
        if (info->modelDescription)
            descriptor.insert(u"description", *info->modelDescription);
        if (info->license)
            descriptor.insert(u"licenses", QJsonArray{*info->license});
        if (info->repository)
            descriptor.insert(u"sourceURL", *info->repository);
        if (info->homepage)
            descriptor.insert(u"docURL", *info->homepage);
    }
    QJsonArray diffIds;
    for (const OciLayer &l : a.layers)
        diffIds.append(l.digest);
    QJsonObject config;
    if (info && !info->runner.runnerName.isEmpty())
        config.insert(u"format", info->runner.runnerName);
    QJsonObject root{{QStringLiteral("descriptor"), descriptor},
                     {QStringLiteral("modelfs"), QJsonObject{{QStringLiteral("type"), QStringLiteral("layers")},
                                                             {QStringLiteral("diffIds"), diffIds}}},
                     {QStringLiteral("config"), config}};
    a.config = QJsonDocument(root).toJson(QJsonDocument::Compact);
    a.configDigest = digestOf(a.config);

    QJsonArray layerArray;
    for (const OciLayer &l : a.layers)
        layerArray.append(QJsonObject{
            {QStringLiteral("mediaType"), l.mediaType},
            {QStringLiteral("digest"), l.digest},
            {QStringLiteral("size"), double(l.size)},
            {QStringLiteral("annotations"), QJsonObject{{modelpack::kFilepath, l.path}}},
        });
    QJsonObject manifest{
        {QStringLiteral("schemaVersion"), 2},
        {QStringLiteral("mediaType"), modelpack::kImageManifestType},
        {QStringLiteral("artifactType"), modelpack::kArtifactType},
        {QStringLiteral("config"), QJsonObject{{QStringLiteral("mediaType"), modelpack::kConfigType},
                                               {QStringLiteral("digest"), a.configDigest},
                                               {QStringLiteral("size"), double(a.config.size())}}},
        {QStringLiteral("layers"), layerArray},
        {QStringLiteral("annotations"), QJsonObject{{modelpack::kModelHash, QString::fromLatin1(modelHash)}}},
    };
    a.manifest = QJsonDocument(manifest).toJson(QJsonDocument::Compact);
    a.manifestDigest = digestOf(a.manifest);
    return a;
}

Result<PulledArtifact> parseModelPackManifest(const QByteArray &bytes, const QString &mediaType, const Limits &limits,
                                              const QString &where)
{
    if (mediaType.contains(u"index") || mediaType.contains(u"manifest.list"))
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("the reference names an image index (%1), not one model: pull one of its "
                                        "manifests by digest")
                             .arg(mediaType.left(100)),
                         where);
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (!doc.isObject())
        return makeError(ErrorCode::Format,
                         QStringLiteral("the manifest is not a JSON object (%1 at byte %2)")
                             .arg(parseError.errorString())
                             .arg(parseError.offset),
                         where);
    const QJsonObject root = doc.object();
    if (root.value(u"schemaVersion").toInt() != 2)
        return fieldError(where, QStringLiteral("schemaVersion"), QStringLiteral("must be 2"));
    const QJsonObject config = root.value(u"config").toObject();
    if (config.value(u"mediaType").toString() != modelpack::kConfigType)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("not a ModelPack model: its config is \"%1\", expected \"%2\"")
                             .arg(config.value(u"mediaType").toString().left(100), modelpack::kConfigType),
                         where);
    PulledArtifact out;
    out.configDigest = config.value(u"digest").toString();
    out.configSize = qint64(config.value(u"size").toDouble(-1));
    if (!isSha256Digest(out.configDigest) || out.configSize < 0 || out.configSize > limits.maxMetadataFileSize)
        return fieldError(
            where, QStringLiteral("config"),
            QStringLiteral("needs a sha256 digest and a size of at most %1 bytes").arg(limits.maxMetadataFileSize));
    const QJsonArray layers = root.value(u"layers").toArray();
    if (layers.size() > limits.maxEntries)
        return makeError(
            ErrorCode::Limit,
            QStringLiteral("%1 layers, more than the limit of %2").arg(layers.size()).arg(limits.maxEntries), where);
    QSet<QString> paths;
    qint64 total = 0;
    for (qsizetype i = 0; i < layers.size(); ++i) {
        const QString field = QStringLiteral("layers[%1]").arg(i);
        const QJsonObject l = layers.at(i).toObject();
        OciLayer layer;
        layer.mediaType = l.value(u"mediaType").toString();
        layer.digest = l.value(u"digest").toString();
        const double size = l.value(u"size").toDouble(-1);
        if (!layer.mediaType.startsWith(u"application/vnd.cncf.model.") || !layer.mediaType.endsWith(u".raw"))
            return makeError(ErrorCode::Unsupported,
                             QStringLiteral("%1 has the media type \"%2\": only raw (one file, uncompressed) "
                                            "ModelPack layers make a carton")
                                 .arg(field, layer.mediaType.left(100)),
                             where);
        if (!isSha256Digest(layer.digest))
            return fieldError(where, field + QStringLiteral(".digest"),
                              QStringLiteral("must be sha256: and 64 lowercase hex digits"));
        if (size < 0 || size != double(qint64(size)) || size > double(limits.maxEntrySize))
            return makeError(ErrorCode::Limit,
                             QStringLiteral("%1.size %2 is not a size of at most %3 bytes (the limit per file)")
                                 .arg(field)
                                 .arg(size, 0, 'f', 0)
                                 .arg(limits.maxEntrySize),
                             where);
        layer.size = qint64(size);
        total += layer.size;
        if (total > limits.maxTotalSize)
            return makeError(
                ErrorCode::Limit,
                QStringLiteral("the layers add up to more than the limit of %1 bytes").arg(limits.maxTotalSize), where);
        const QString path = l.value(u"annotations").toObject().value(modelpack::kFilepath).toString();
        Result<QString> safe = checkArchivePath(path, where);
        if (path.isEmpty() || !safe)
            return fieldError(where, field + QStringLiteral(".annotations.\"%1\"").arg(modelpack::kFilepath),
                              path.isEmpty() ? QStringLiteral("missing: every layer needs its path in the carton")
                                             : safe.error().message);
        layer.path = *safe;
        if (paths.contains(layer.path))
            return fieldError(where, field, QStringLiteral("a second layer for \"%1\"").arg(layer.path.left(200)));
        paths.insert(layer.path);
        out.layers.append(layer);
    }
    const QString hash = root.value(u"annotations").toObject().value(modelpack::kModelHash).toString();
    if (!hash.isEmpty() && !isSha256Hex(hash.toLatin1()))
        return fieldError(where, QStringLiteral("annotations.\"%1\"").arg(modelpack::kModelHash),
                          QStringLiteral("must be 64 lowercase hex digits"));
    out.modelHash = hash.toLatin1();
    return out;
}

} // namespace carton
