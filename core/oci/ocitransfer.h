// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "links/linkfetcher.h"
#include "oci/ociregistry.h"

#include <QString>
#include <QStringList>

namespace carton {

class Carton;

struct OciPushResult {
    QString reference;      // "host/repo:tag"
    QString manifestDigest; // "sha256:…"
    QByteArray modelHash;
    int layers = 0;
    int blobsUploaded = 0; // blobs whose bytes were sent (the config included)
    int blobsSkipped = 0;  // already in the repository
    int blobsMounted = 0;  // mounted from another repository
    int linkedOnly = 0;    // MANIFEST files only reachable through LINKS (left to LINKS)
    int linkedFetched = 0; // MANIFEST files only in LINKS, fetched and pushed as layers
    qint64 bytesUploaded = 0;
    qint64 bytesResumed = 0; // what interrupted uploads had sent already (not sent again)
};

// Pushes a carton as a ModelPack artifact (buildModelPackArtifact): one raw layer
// per file, each addressed by its MANIFEST sha256 (MANIFEST and LINKS by their own),
// a blob the repository has (HEAD) skipped, one of `mountFrom`'s repositories
// mounted, the rest uploaded in chunks (each checked against its digest as it goes:
// a changed file is never committed). The manifest goes last, under the tag (or
// digest) of `registry`'s reference. A carton without MANIFEST is refused.
// Files only reachable through LINKS stay there (the pushed MANIFEST and LINKS
// still name them, so a pull has the same model hash) unless `fetchLinks` (the
// user consented): then each is downloaded from its LINKS URLs into a temporary
// file (bounded by `fetch`, its sha256 checked against MANIFEST; one the
// repository has already is not downloaded) and pushed as a layer of its own.
CARTONCORE_EXPORT Result<OciPushResult> pushCarton(const Carton &carton, OciRegistry &registry,
                                                   const QStringList &mountFrom = {}, Progress *progress = nullptr,
                                                   bool fetchLinks = false, const FetchOptions &fetch = {});

struct OciPullResult {
    QString manifestDigest;
    QByteArray modelHash; // of what was written (checked against the manifest's annotation)
    int files = 0;
    qint64 bytes = 0; // layer bytes downloaded
};

// Pulls the artifact at `registry`'s reference into `output`: a .carton (packed from
// the files, zstd) or, when `output` ends with '/' or is an existing empty folder, a
// folder of the files. Every layer is checked against its digest and size, the
// MANIFEST against every layer and the model hash against the manifest's annotation
// before anything appears under `output`: a folder is filled under a temporary name
// and renamed, a .carton written atomically. An existing output is not replaced,
// unless `replace` says so for a .carton (the file is then replaced atomically).
CARTONCORE_EXPORT Result<OciPullResult> pullCarton(OciRegistry &registry, const QString &output,
                                                   const Limits &limits = {}, Progress *progress = nullptr,
                                                   bool replace = false);

} // namespace carton
