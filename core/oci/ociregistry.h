// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "oci/ocicredentials.h"
#include "oci/ocireference.h"
#include "remote/remoteoptions.h"

#include <QByteArray>
#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QIODevice;

namespace carton {

// How a registry is reached.
struct OciOptions {
    RemoteOptions remote;   // redirects, timeouts, request and byte counters
    bool plainHttp = false; // http for a registry that is not on loopback
    // Given (--username/--password-stdin): used as they are. Otherwise the docker
    // configuration's (dockerCredentials) when useDockerConfig.
    std::optional<RegistryCredentials> credentials;
    bool useDockerConfig = true;
    QString dockerConfigDir; // empty: $DOCKER_CONFIG or ~/.docker
    qint64 maxManifestBytes = 4 << 20;
    qint64 chunkSize = 32 << 20; // upload PATCH size; smaller blobs go up in one PUT
    // Where open upload sessions are kept for resuming (OciUploadState); empty:
    // <generic cache folder>/carton-studio/oci-uploads.
    QString uploadStateDir;
};

// A manifest as the registry sent it.
struct OciManifestBytes {
    QByteArray bytes;
    QString mediaType; // Content-Type
    QString digest;    // "sha256:…" of the bytes (checked against a pinned reference)
};

// The distribution API (OCI distribution spec 1.1) for one repository: manifests,
// blobs (HEAD, GET, ranges), chunked uploads, cross-repository mounts, tags.
// Authentication answers 401 challenges (OciAuthenticator). Every body is capped
// and every blob checked against its digest; the caller's names and the registry's
// error documents make the messages, never a credential.
// Blocking, like HttpClient: not on a GUI thread. Thread-safe: requests from
// several threads run in parallel and share the authentication.
class CARTONCORE_EXPORT OciRegistry {
public:
    OciRegistry(OciReference reference, OciOptions options = {});
    ~OciRegistry();

    const OciReference &reference() const;
    const OciOptions &options() const;

    // GET /v2/<name>/manifests/<reference> (OCI manifest or index, Docker v2 accepted).
    Result<OciManifestBytes> fetchManifest(const QString &reference);
    // PUT the manifest under `reference` (a tag or its digest); returns its digest.
    Result<QString> pushManifest(const QString &reference, const QByteArray &bytes, const QString &mediaType);
    // HEAD: the blob's size, nullopt when the registry does not have it.
    Result<std::optional<qint64>> blobSize(const QString &digest);
    // The whole blob, checked against its digest; ErrorCode::Limit over maxSize.
    Result<QByteArray> fetchBlob(const QString &digest, qint64 maxSize);
    // Streams the blob (`size` bytes, as its descriptor says) into `out`, checked
    // against its digest and size; progress counts bytes.
    Status downloadBlob(const QString &digest, qint64 size, QIODevice &out, Progress *progress = nullptr);
    // `length` bytes at `offset` of a blob of `blobSize` bytes (one Range request).
    Status readBlob(const QString &digest, qint64 blobSize, qint64 offset, qint64 length, char *out,
                    Progress *progress = nullptr);
    // The same, the body handed to `sink` as it arrives (a stream: ReadAhead).
    Status readBlobTo(const QString &digest, qint64 blobSize, qint64 offset, qint64 length,
                      const std::function<Status(const char *data, qint64 size)> &sink, Progress *progress = nullptr);

    // Fills `buffer` with up to `max` next bytes of the blob; 0 at its end.
    using BlobReader = std::function<Result<qint64>(char *buffer, qint64 max)>;
    // Uploads a blob of `size` bytes whose sha256 must be `digest` (checked as the
    // bytes go: a mismatch cancels the upload before it is committed). With
    // `mountFrom`, asks the registry to mount it from that repository first.
    // An upload of the same blob to this repository that was interrupted (cancelled,
    // a network error, a killed process) is resumed: the registry is asked how many
    // bytes its session has (GET, Range), those are read and hashed again but not
    // sent, and the rest goes on from there; a session the registry no longer knows
    // starts over. Cancelling keeps the session for that.
    // Returns true when the bytes were sent, false when it was mounted.
    Result<bool> uploadBlob(const QString &digest, qint64 size, const BlobReader &read, Progress *progress = nullptr,
                            const QString &mountFrom = {});
    // GET /v2/<name>/tags/list, following the Link header (at most `max` tags).
    Result<QStringList> listTags(int max = 10'000);

    // Blob bytes sent to the registry by this client.
    qint64 uploadedBytes() const;
    // Blob bytes that resumed upload sessions already had (not sent again).
    qint64 resumedBytes() const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

// "sha256:" followed by 64 lowercase hex digits.
CARTONCORE_EXPORT bool isSha256Digest(const QString &digest);

} // namespace carton
