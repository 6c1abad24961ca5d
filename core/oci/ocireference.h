// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "remote/remoteurl.h" // isOciUrl

#include <QString>
#include <QUrl>

namespace carton {

// Where an artifact lies in an OCI registry: `host[:port]/repository[:tag|@sha256:HEX]`,
// optionally written `oci://…` (how commands tell a registry reference from a path).
struct CARTONCORE_EXPORT OciReference {
    QString registry;   // "host" or "host:port", as written (lowercase host)
    QString repository; // "team/model": lowercase path components
    QString tag;        // "v1"; "latest" when neither tag nor digest is given
    QString digest;     // "sha256:<64 hex>" when pinned

    // Strict: the first component is the registry (it must be there), the repository
    // follows the distribution spec's grammar (at most 255 characters), a tag is
    // [A-Za-z0-9_][A-Za-z0-9._-]{0,127}, a digest sha256 with 64 lowercase hex digits.
    // Errors quote the reference and say which part is wrong.
    static Result<OciReference> parse(const QString &text);

    // "tag" or the digest: what /v2/<name>/manifests/<…> is asked for.
    QString manifestReference() const { return digest.isEmpty() ? tag : digest; }
    // "host:port/repo:tag" (or "@digest"), without "oci://".
    QString toString() const;
    // The host without the port.
    QString host() const;
    // True for localhost, 127.0.0.0/8 and ::1: a registry there may speak plain http.
    bool isLoopback() const;
    // The registry's base URL ("https://host:port"); http for loopback or `plainHttp`.
    QUrl baseUrl(bool plainHttp) const;
};

} // namespace carton
