// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "package/verifier.h"
#include "sign/eckey.h"
#include "sign/signaturebundle.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

namespace carton {

class Carton;

// What checking a carton's detached signature found.
enum class SignatureVerdict {
    Valid,            // signed by the key, over this MANIFEST, and every file was hashed and matches it
    FilesNotVerified, // signed by the key, over this MANIFEST, but the files are not (yet) all checked: not valid
    WrongKey,         // the bundle's key hint names another key, or the signature does not verify
    ManifestMismatch, // validly signed, but over other files or hashes than this carton's MANIFEST
    FilesMismatch,    // the signature covers this MANIFEST, but files do not match MANIFEST
    Malformed,        // the signed statement is not a model-signing statement
};

struct CARTONCORE_EXPORT SignatureCheck {
    SignatureVerdict verdict = SignatureVerdict::Malformed;
    QString message;           // why (for anything but Valid), naming the file or field
    QByteArray fingerprint;    // sha256 hex of the DER public key checked against
    QString modelName;         // the statement's subject name (when the signature verified)
    int signedFiles = 0;       // resources in the statement (when the signature verified)
    bool filesChecked = false; // the files were hashed to the end (SignatureOptions::checkFiles, or a report given)
    QStringList failedFiles;   // FilesMismatch: every file that does not match MANIFEST, in MANIFEST order
    std::optional<VerifyReport> files;

    bool valid() const { return verdict == SignatureVerdict::Valid; }
};

struct SignatureOptions {
    bool checkFiles = true; // also hash every file against MANIFEST (verifyCarton)
    VerifyOptions verify;
};

// How far the verification of a carton's files against its MANIFEST got (signatureVerdict).
enum class FilesVerification {
    NotRun,   // not started (the app's "verify on open" is off), or started over
    Running,  // hashing runs
    Finished, // a report exists (cancelled reports say so themselves)
};

// Signing and verifying detached OpenSSF model-signing signatures of cartons
// (see ModelStatement and SignatureBundle for the layout).
namespace signing {

// "FILE.carton" -> "FILE.carton.sig": where a carton's signature is looked for.
CARTONCORE_EXPORT QString defaultSignaturePath(const QString &cartonPath);

// The bundle (JSON) signing the carton's MANIFEST with `key`. Fails when the
// carton has no readable MANIFEST or the key is not a private key. The caller
// decides whether to verify the files first (the CLI does).
CARTONCORE_EXPORT Result<QByteArray> signCarton(const Carton &carton, const EcKey &key);

// The bundle (JSON) of a DSSE envelope over the in-toto `statement` (JSON),
// signed with the private `key` and naming it by model_signing's hint: what
// signCarton and signModel write.
CARTONCORE_EXPORT Result<QByteArray> signStatement(const QByteArray &statement, const EcKey &key);

// Writes `bytes` to `path` atomically (a temporary file renamed over it).
CARTONCORE_EXPORT Status writeFileAtomically(const QString &path, const QByteArray &bytes);

// Checks `bundle` against `carton` with `key`: the key matches the bundle's hint,
// the ECDSA signature over the DSSE PAE verifies, the statement is a
// model-signing v1.0 statement, its resources are exactly the carton's MANIFEST
// entries, and (options.checkFiles) every file matches MANIFEST: the verdict is
// then signatureVerdict() of the check and verifyCarton's report. Without
// checkFiles a signature over this MANIFEST is FilesNotVerified, never Valid:
// pass it to signatureVerdict() with the carton's own verification.
CARTONCORE_EXPORT SignatureCheck checkSignature(const Carton &carton, const SignatureBundle &bundle, const EcKey &key,
                                                const SignatureOptions &options = {}, Progress *progress = nullptr);

// THE verdict on a signature, from its check (checkSignature without checkFiles)
// and the verification of the carton's files: the one function behind the app's
// Signature row and `carton verify --signature`. A check whose signature covers
// this MANIFEST (FilesNotVerified) becomes
//  - Valid only when `files` is Finished and every file of `report` was hashed
//    and matches MANIFEST (not cancelled, nothing left unfetched in LINKS);
//  - FilesMismatch when a file does not match, is missing, unreadable or not in
//    MANIFEST: failedFiles lists them and the message names the first ones;
//  - FilesNotVerified while verification runs, when it did not run, was
//    cancelled, or left LINKS files unfetched (the message says which).
// Any other verdict (the signature itself failed) is returned unchanged.
CARTONCORE_EXPORT SignatureCheck signatureVerdict(SignatureCheck check, FilesVerification files,
                                                  const VerifyReport &report = {});

// Of these public key files, the one the bundle names (its hint is the key's
// model_signing hint or fingerprint); without a hint, the first whose signature
// verifies. Unreadable key files are skipped. NotFound when none fits.
CARTONCORE_EXPORT Result<EcKey> findKey(const SignatureBundle &bundle, const QStringList &keyFiles,
                                        QString *keyFile = nullptr);

CARTONCORE_EXPORT QString verdictName(SignatureVerdict verdict);

} // namespace signing

} // namespace carton
