// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <QString>
#include <memory>

struct evp_pkey_st;

namespace carton {

// An elliptic-curve key (private or public only) over OpenSSL 3's EVP API, for
// ECDSA signatures as the OpenSSF model-signing bundles carry them: DER
// (SEQUENCE{r, s}) signatures, the digest picked by the curve as model_signing
// does (P-256: SHA-256, P-384: SHA-384, P-521: SHA-512). New keys are made with
// `openssl ecparam -name prime256v1 -genkey`; any of the three curves verifies,
// other key types (RSA, Ed25519) are refused with ErrorCode::Unsupported.
//
// Key files are small PEM texts: reading refuses anything over 64 KiB, and an
// encrypted private key (no way to ask for a passphrase here) fails with a message.
class CARTONCORE_EXPORT EcKey final {
public:
    EcKey(EcKey &&) noexcept;
    EcKey &operator=(EcKey &&) noexcept;
    ~EcKey();

    // PEM "PRIVATE KEY" / "EC PRIVATE KEY" (SEC1 or PKCS#8, unencrypted).
    static Result<EcKey> fromPrivatePem(QByteArrayView pem, const QString &fileName);
    // PEM "PUBLIC KEY" (SubjectPublicKeyInfo). A private key PEM is accepted too
    // (its public half is used).
    static Result<EcKey> fromPublicPem(QByteArrayView pem, const QString &fileName);
    // DER SubjectPublicKeyInfo (a certificate's key).
    static Result<EcKey> fromPublicDer(QByteArrayView der, const QString &fileName);
    static Result<EcKey> readPrivate(const QString &path);
    static Result<EcKey> readPublic(const QString &path);

    bool hasPrivateKey() const { return m_private; }
    // "P-256", "P-384" or "P-521".
    QString curveName() const { return m_curve; }
    // DER SubjectPublicKeyInfo of the public key.
    QByteArray publicKeyDer() const;
    // The public key as PEM ("-----BEGIN PUBLIC KEY-----", 64-column base64).
    QByteArray publicKeyPem() const;
    // sha256 hex of publicKeyDer(): the key's fingerprint (64 lowercase hex digits).
    QByteArray fingerprint() const;
    // fingerprintText(fingerprint()): how the Signature row, Preferences ▸ Trusted
    // keys and the CLI show the key, the same text everywhere.
    QString fingerprintText() const;
    // A sha256 hex (a fingerprint, a bundle hint) for people: 16 groups of 4 digits
    // separated by spaces ("3f2a 9c01 …"), so it wraps in a narrow column and reads
    // in pieces. Anything that is not 64 hex digits is returned as it is.
    static QString fingerprintText(QByteArrayView sha256Hex);
    // sha256 hex of publicKeyPem(): what model_signing writes as the bundle's
    // verificationMaterial.publicKey.hint (it hashes the PEM text, not the DER).
    QByteArray bundleHint() const;

    // ECDSA over `data` (hashed with the curve's digest); DER signature.
    Result<QByteArray> sign(QByteArrayView data) const;
    // The digest ECDSA hashes with: the curve's (as model_signing since v1.0), or
    // SHA-256 whatever the curve (what its v0.2 certificate signatures used).
    enum class Digest { OfCurve, Sha256 };
    // Ok when `derSignature` is a valid signature of `data` by this key;
    // ErrorCode::Integrity when it is not.
    Status verify(QByteArrayView data, QByteArrayView derSignature, Digest digest = Digest::OfCurve) const;

private:
    EcKey() = default;
    struct Deleter {
        void operator()(evp_pkey_st *key) const;
    };
    static Result<EcKey> adopt(evp_pkey_st *key, bool isPrivate, const QString &fileName);
    std::unique_ptr<evp_pkey_st, Deleter> m_key;
    bool m_private = false;
    QString m_curve;
};

} // namespace carton
