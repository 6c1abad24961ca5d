// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "format/cartoninfo.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace carton {

// The CNCF ModelPack names (github.com/modelpack/model-spec, specs-go/v1).
namespace modelpack {
inline constexpr QLatin1StringView kArtifactType("application/vnd.cncf.model.manifest.v1+json");
inline constexpr QLatin1StringView kConfigType("application/vnd.cncf.model.config.v1+json");
inline constexpr QLatin1StringView kWeightRaw("application/vnd.cncf.model.weight.v1.raw");
inline constexpr QLatin1StringView kWeightConfigRaw("application/vnd.cncf.model.weight.config.v1.raw");
inline constexpr QLatin1StringView kDocRaw("application/vnd.cncf.model.doc.v1.raw");
inline constexpr QLatin1StringView kCodeRaw("application/vnd.cncf.model.code.v1.raw");
inline constexpr QLatin1StringView kDatasetRaw("application/vnd.cncf.model.dataset.v1.raw");
inline constexpr QLatin1StringView kFilepath("org.cncf.model.filepath");
inline constexpr QLatin1StringView kImageManifestType("application/vnd.oci.image.manifest.v1+json");
// Ours: the carton's model hash (sha256 hex of its MANIFEST), so a pull can check it.
inline constexpr QLatin1StringView kModelHash("run.carton.model-hash");
} // namespace modelpack

// One file of a carton as one uncompressed layer.
struct OciLayer {
    QString path;   // its path in the carton (org.cncf.model.filepath)
    QString digest; // "sha256:<hex>": the file's sha256 (its MANIFEST line)
    qint64 size = 0;
    QString mediaType; // modelPackMediaType(path)
};

// A carton as a ModelPack artifact: the config blob and the image manifest.
struct ModelPackArtifact {
    QByteArray config;      // application/vnd.cncf.model.config.v1+json
    QString configDigest;   // "sha256:…" of config
    QList<OciLayer> layers; // in MANIFEST order
    QByteArray modelHash;   // sha256 hex of MANIFEST
    QByteArray manifest;    // the image manifest (deterministic bytes)
    QString manifestDigest; // "sha256:…" of manifest
};

// The layer type of a carton file: model/ -> weight, carton.toml, MANIFEST, LINKS
// and tensor_data/index.toml -> weight config, tensor_data/ -> dataset, misc/
// source code -> code, the rest of misc/ -> doc.
CARTONCORE_EXPORT QString modelPackMediaType(const QString &path);

// Builds the config (descriptor from carton.toml: name, description, license,
// source and documentation URLs; modelfs diffIds = the layer digests) and the
// manifest. Deterministic: the same carton gives the same bytes.
CARTONCORE_EXPORT ModelPackArtifact buildModelPackArtifact(const CartonInfo *info, QList<OciLayer> layers,
                                                           const QByteArray &modelHash);

// What a pulled manifest says, checked: an OCI image manifest (schemaVersion 2)
// whose config is a ModelPack config; every layer a raw ModelPack type with a sha256
// digest, a size within `limits` (maxEntrySize, maxTotalSize in all, maxEntries
// layers) and a safe, unique org.cncf.model.filepath. An image index, a tar layer or a
// Docker image are refused by name. Errors name `where` and the field.
struct PulledArtifact {
    QString configDigest;
    qint64 configSize = 0;
    QList<OciLayer> layers;
    QByteArray modelHash; // empty when the annotation is missing
};
CARTONCORE_EXPORT Result<PulledArtifact> parseModelPackManifest(const QByteArray &bytes, const QString &mediaType,
                                                                const Limits &limits, const QString &where);

} // namespace carton
