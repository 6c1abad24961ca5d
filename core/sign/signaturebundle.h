// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace carton {

// A detached signature as the OpenSSF model-signing tool writes it with a key: a
// Sigstore bundle (protobuf-specs v0.3 JSON) holding a DSSE envelope.
//   {"mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json",
//    "verificationMaterial": {"publicKey": {"hint": HEX}, "tlogEntries": []},
//    "dsseEnvelope": {"payload": BASE64, "payloadType": "application/vnd.in-toto+json",
//                     "signatures": [{"sig": BASE64(DER ECDSA), "keyid": ""}]}}
// The signature is over the DSSE pre-authentication encoding of the payload (pae()).
//
// With a certificate (model_signing "sign certificate") verificationMaterial holds
// {"x509CertificateChain": {"certificates": [{"rawBytes": BASE64(DER)}, ...]}}
// instead, the signing certificate first. Older writers (v0.2 to v1.0) leave out
// the hint or write the key as publicKey.rawBytes, and keyid absent or null.
//
// parse() takes hostile input: the bundle is capped (maxSize()), and every field it
// uses is checked for presence, type and value, with an error naming the file and
// the field. Sigstore keyless bundles (a Fulcio certificate with Rekor log
// entries), message signatures and envelopes with several signatures are refused:
// they need Sigstore's trust root and transparency log, or a policy this reader
// does not have.
struct CARTONCORE_EXPORT SignatureBundle {
    static constexpr char kMediaType[] = "application/vnd.dev.sigstore.bundle.v0.3+json";
    static constexpr char kPayloadType[] = "application/vnd.in-toto+json";

    QByteArray payload;             // the statement (decoded from base64)
    QByteArray payloadType;         // kPayloadType
    QByteArray signature;           // DER ECDSA signature (decoded from base64)
    QByteArray keyHint;             // verificationMaterial.publicKey.hint (hex); may be empty
    QList<QByteArray> certificates; // x509CertificateChain, DER, the signing certificate first; may be empty

    // DSSE v1 pre-authentication encoding:
    // "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body, lengths in ASCII decimal.
    static QByteArray pae(QByteArrayView type, QByteArrayView body);
    // pae(payloadType, payload): the bytes the signature signs.
    QByteArray signedBytes() const { return pae(payloadType, payload); }
    // What model_signing v0.2 signed instead (a bug it still verifies): "DSSEV1",
    // and the payload as Python prints a bytes object (b'...' with escapes).
    QByteArray signedBytesCompat() const;

    // The bundle as compact JSON (as model_signing writes it).
    QByteArray toJson() const;

    // The largest bundle accepted: four times the MANIFEST cap, since the statement
    // repeats each MANIFEST line with some JSON around it and base64 adds a third.
    static qint64 maxSize(const Limits &limits) { return limits.maxMetadataFileSize * 4; }
    static Result<SignatureBundle> parse(QByteArrayView json, const QString &fileName, const Limits &limits = {});
    // Reads and parses a bundle file (never more than maxSize() bytes of it).
    static Result<SignatureBundle> read(const QString &path, const Limits &limits = {});
};

} // namespace carton
