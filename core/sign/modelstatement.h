// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "format/manifest.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace carton {

// The in-toto statement an OpenSSF model-signing (model_signing v1.0) signature
// signs, for a carton:
//   {"_type": "https://in-toto.io/Statement/v1",
//    "subject": [{"name": MODEL, "digest": {"sha256": ROOT}}],
//    "predicateType": "https://model_signing/signature/v1.0",
//    "predicate": {"serialization": {"method": "files", "hash_type": "sha256",
//                                    "allow_symlinks": false, "ignore_paths": ["MANIFEST", "LINKS"]},
//                  "resources": [{"name": PATH, "algorithm": "sha256", "digest": SHA256}, ...]}}
// The resources are the MANIFEST's path/sha256 pairs in MANIFEST order (which is
// model_signing's sorted order), and ROOT is, as model_signing computes it, the
// sha256 of the resources' raw 32-byte digests one after the other.
struct CARTONCORE_EXPORT ModelStatement {
    static constexpr char kStatementType[] = "https://in-toto.io/Statement/v1";
    static constexpr char kPredicateType[] = "https://model_signing/signature/v1.0";
    // What model_signing v0.2 signed: one subject per file, no root digest, no
    // serialization (parse() reads it as model_signing still verifies it).
    static constexpr char kPredicateTypeV01[] = "https://model_signing/Digests/v0.1";

    QString modelName;
    QList<ManifestEntry> resources;
    QStringList ignorePaths;
    bool legacyDigests = false; // read from a kPredicateTypeV01 statement

    static ModelStatement fromManifest(const QString &modelName, const Manifest &manifest);

    // sha256 hex over the resources' digests (raw bytes), in their order.
    QByteArray rootDigest() const;
    // The statement as JSON (UTF-8, 2-space indented, keys as above).
    QByteArray toJson() const;

    // Parses a statement from the DSSE payload, checking every field it uses:
    // statement and predicate types, exactly one subject with a sha256 digest equal
    // to the resources' root digest, "files" serialization with sha256, and each
    // resource's name, algorithm ("sha256") and digest (64 lowercase hex digits);
    // no duplicate names, at most `maxResources` resources. Fields model_signing
    // would ignore are ignored. A kPredicateTypeV01 statement gives its subjects
    // (name, sha256) as resources. Errors name `where` and the field
    // ("payload: predicate.resources[3].digest: ...").
    static Result<ModelStatement> parse(QByteArrayView json, const QString &where, qint64 maxResources);
};

} // namespace carton
