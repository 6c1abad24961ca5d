// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "sign/eckey.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace carton {

// The signing certificate of a bundle whose chain verified.
struct CARTONCORE_EXPORT CertificateSigner {
    EcKey key;         // the certificate's public key (it must have made the signature)
    QString subject;   // RFC 2253 ("CN=intermediate-ca")
    QString issuer;    // RFC 2253
    QString notAfter;  // the end of its validity, as OpenSSL prints it
    QByteArray sha256; // sha256 hex of the certificate (DER)
};

// Validates a bundle's certificate chain (DER, the signing certificate first, the
// intermediates after it, as model_signing's "sign certificate" writes them)
// against the trust anchors in `anchorFiles` (PEM files of CA certificates, as
// model_signing's --certificate_chain; several certificates per file allowed),
// with OpenSSL: every signature up to an anchor, every certificate valid now
// (not before its start, not after its end), CA constraints; the signing
// certificate must allow digital signatures (key usage) or code signing
// (extended key usage), as the reference verifier requires, and hold an EC
// P-256/P-384/P-521 key. Revocation (CRL, OCSP) is not checked: offline there is
// nothing to ask. Errors say which certificate failed and why.
CARTONCORE_EXPORT Result<CertificateSigner>
verifyCertificateChain(const QList<QByteArray> &chain, const QStringList &anchorFiles, const QString &bundleFile);

} // namespace carton
