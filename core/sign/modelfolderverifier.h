// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/progress.h"
#include "cartoncore_export.h"
#include "sign/eckey.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

namespace carton {

// Who may have signed: a public key, or CA certificates the bundle's certificate
// chain must lead to (one of them, not both).
struct CARTONCORE_EXPORT ModelSigner {
    std::optional<EcKey> key;
    QStringList caFiles; // PEM files of trust anchors (model_signing's --certificate_chain)
};

struct ModelVerifyOptions {
    // Paths not signed: relative to the model folder or absolute (paths outside it
    // are dropped, as the reference tool drops them). The signature file itself,
    // the statement's own ignore_paths and (ignoreGitPaths) .git, .gitattributes,
    // .github and .gitignore are ignored too.
    QStringList ignorePaths;
    bool ignoreGitPaths = true;
    bool ignoreUnsignedFiles = false; // hash only the signed files; others present are not an error
    Limits limits;
};

enum class ModelSignatureVerdict {
    Valid,        // every check passed (see ModelSignatureCheck::notChecked for what offline cannot prove)
    BadSignature, // wrong key, certificate chain not trusted, or the signature does not verify
    Malformed,    // the bundle or its statement is not a model-signing signature
    Unsupported,  // a Sigstore keyless bundle, shard serialization, another hash: not verifiable here
    FilesMismatch // the signature is good, the files are not what it signs
};

// What checking an OpenSSF model-signing (OMS) signature of a plain model folder or
// file found.
struct CARTONCORE_EXPORT ModelSignatureCheck {
    ModelSignatureVerdict verdict = ModelSignatureVerdict::Malformed;
    QString message;           // the first thing that failed, naming the file, field or path
    QStringList problems;      // FilesMismatch: every extra, missing and changed file
    QString signer;            // "EC P-384 key 1a2b …" or "certificate CN=… issued by CN=…"
    QByteArray fingerprint;    // sha256 hex of the signing key (DER), when one was used
    QString modelName;         // the statement's subject
    int signedFiles = 0;       // resources in the statement
    int checkedFiles = 0;      // files hashed
    bool legacyFormat = false; // model_signing v0.2's statement or signature encoding
    // What this offline check does not prove, for every verdict.
    QStringList notChecked;

    bool valid() const { return verdict == ModelSignatureVerdict::Valid; }
};

// Verifies `modelPath` (a folder, or a single file) against the bundle at
// `bundlePath` as the OMS specification and the reference verifier
// (model_signing verify key|certificate) do: the bundle's envelope signature by
// the key (or by the chain's validated signing certificate); an in-toto v1
// statement with the model_signing v1.0 predicate (or the v0.1 one) whose root
// digest matches its resources; then every file of the model hashed (sha256) and
// compared with the resources: nothing extra, nothing missing, nothing changed.
// Symbolic links and special files are refused. Valid only when all of it held.
CARTONCORE_EXPORT ModelSignatureCheck verifyModelSignature(const QString &modelPath, const QString &bundlePath,
                                                           const ModelSigner &signer,
                                                           const ModelVerifyOptions &options = {},
                                                           Progress *progress = nullptr);

CARTONCORE_EXPORT QString modelVerdictName(ModelSignatureVerdict verdict);

// Where an OMS bundle of the model folder or file `modelPath` (P, in folder D) is
// looked for, first found first: P/model.sig inside a folder (model_signing's
// default name; verification ignores it), P.sig (what carton sign writes),
// P.sigstore.json (sigstore's name for a detached bundle), then D/model.sig only
// when its statement names P's file name as its subject (several models can share
// D, and its model.sig signs one of them). Empty when there is none; a bundle that
// cannot be read is returned (its check says why). Reads at most one capped bundle.
CARTONCORE_EXPORT QString findModelSignature(const QString &modelPath, const Limits &limits = {});

} // namespace carton
