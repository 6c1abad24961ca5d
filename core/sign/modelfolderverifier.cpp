// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelfolderverifier.h"

#include "base/filehash.h"
#include "sign/certificatechain.h"
#include "sign/modelfolderwalk.h"
#include "sign/modelstatement.h"
#include "sign/signaturebundle.h"

#include <QDir>
#include <QFileInfo>
#include <QMap>
#include <algorithm>

namespace carton {

namespace {

constexpr qsizetype kNamedProblems = 3; // problems named in the message; `problems` has them all

// A resource name as model_signing writes it: "." (the model is one file) or a
// clean relative POSIX path that stays inside the model.
bool isResourceName(const QString &name)
{
    if (name == u".")
        return true;
    return !name.isEmpty() && !QDir::isAbsolutePath(name) && QDir::cleanPath(name) == name && name != u".." &&
           !name.startsWith(u"../") && !name.contains(u'\\') && !name.contains(QChar(0));
}

ModelSignatureCheck failed(ModelSignatureCheck check, ModelSignatureVerdict verdict, const QString &message)
{
    check.verdict = verdict;
    check.message = message;
    return check;
}

// Checks the envelope's signature by `key`; the reference verifiers' fallback to
// model_signing v0.2's encoding (with `compatDigest`) included.
Status verifyEnvelope(const SignatureBundle &bundle, const EcKey &key, EcKey::Digest compatDigest, bool *legacy)
{
    Status current = key.verify(bundle.signedBytes(), bundle.signature);
    if (current)
        return {};
    if (key.verify(bundle.signedBytesCompat(), bundle.signature, compatDigest)) {
        *legacy = true;
        return {};
    }
    return current;
}

} // namespace

ModelSignatureCheck verifyModelSignature(const QString &modelPath, const QString &bundlePath, const ModelSigner &signer,
                                         const ModelVerifyOptions &options, Progress *progress)
{
    ModelSignatureCheck check;
    check.notChecked << QStringLiteral("transparency log: checked offline, the bundle's Rekor entries (if any) are not "
                                       "verified, so when it was signed and whether it was publicly logged are not "
                                       "proven");
    const QFileInfo model(modelPath);
    if (!model.exists())
        return failed(check, ModelSignatureVerdict::FilesMismatch,
                      QStringLiteral("%1: no such file or folder").arg(modelPath));
    if (model.isSymLink())
        return failed(check, ModelSignatureVerdict::FilesMismatch,
                      QStringLiteral("%1: a symbolic link; give the model's real path").arg(modelPath));

    Result<SignatureBundle> bundle = SignatureBundle::read(bundlePath, options.limits);
    if (!bundle)
        return failed(check,
                      bundle.error().code == ErrorCode::Unsupported ? ModelSignatureVerdict::Unsupported
                                                                    : ModelSignatureVerdict::Malformed,
                      bundle.error().toString());

    // 1. Who signed.
    const EcKey *key = nullptr;
    std::optional<CertificateSigner> certificate;
    EcKey::Digest compatDigest = EcKey::Digest::OfCurve;
    if (signer.key) {
        key = &*signer.key;
        check.fingerprint = key->fingerprint();
        check.signer = QStringLiteral("EC %1 key %2").arg(key->curveName(), key->fingerprintText());
        if (!bundle->keyHint.isEmpty() && bundle->keyHint != key->bundleHint() && bundle->keyHint != key->fingerprint())
            return failed(check, ModelSignatureVerdict::BadSignature,
                          QStringLiteral("%1: verificationMaterial.publicKey.hint: signed by another key (the bundle "
                                         "names key %2, the key given is %3)")
                              .arg(bundlePath, EcKey::fingerprintText(bundle->keyHint), key->fingerprintText()));
        check.notChecked << QStringLiteral("who holds the key: it is the key you gave")
                         << QStringLiteral("key revocation: a bare public key has no revocation list, so a leaked "
                                           "key still verifies");
    } else {
        Result<CertificateSigner> chain = verifyCertificateChain(bundle->certificates, signer.caFiles, bundlePath);
        if (!chain)
            return failed(check,
                          chain.error().code == ErrorCode::Io || chain.error().code == ErrorCode::Usage
                              ? ModelSignatureVerdict::Malformed
                              : ModelSignatureVerdict::BadSignature,
                          chain.error().toString());
        certificate = std::move(*chain);
        key = &certificate->key;
        compatDigest = EcKey::Digest::Sha256; // v0.2's certificate signatures hashed with SHA-256 on any curve
        check.fingerprint = key->fingerprint();
        check.signer = QStringLiteral("certificate %1 issued by %2 (valid until %3), EC %4 key %5")
                           .arg(certificate->subject, certificate->issuer, certificate->notAfter, key->curveName(),
                                key->fingerprintText());
        check.notChecked << QStringLiteral("certificate revocation (CRL, OCSP): not checked offline");
    }

    // 2. The envelope's signature.
    if (Status s = verifyEnvelope(*bundle, *key, compatDigest, &check.legacyFormat); !s)
        return failed(check, ModelSignatureVerdict::BadSignature,
                      QStringLiteral("%1: dsseEnvelope.signatures[0].sig: %2").arg(bundlePath, s.error().message));

    // 3. The statement.
    Result<ModelStatement> statement = ModelStatement::parse(bundle->payload, bundlePath, options.limits.maxEntries);
    if (!statement)
        return failed(check, ModelSignatureVerdict::Malformed, statement.error().toString());
    check.modelName = statement->modelName;
    check.signedFiles = int(statement->resources.size());
    check.legacyFormat = check.legacyFormat || statement->legacyDigests;
    QMap<QString, QByteArray> expected;
    for (const ManifestEntry &resource : std::as_const(statement->resources)) {
        if (!isResourceName(resource.path))
            return failed(check, ModelSignatureVerdict::Malformed,
                          QStringLiteral("%1: payload: predicate.resources: \"%2\" is not a file path inside the "
                                         "model (expected a relative path without \"..\")")
                              .arg(bundlePath, resource.path));
        expected.insert(resource.path, resource.sha256);
    }

    // 4. The files.
    QStringList files;
    const QString root = model.absoluteFilePath();
    if (model.isDir()) {
        const QStringList ignored = ModelFolderWalk::ignoredPaths(root, options.ignorePaths + QStringList{bundlePath},
                                                                  options.ignoreGitPaths, statement->ignorePaths);
        const ModelFolderWalk walk(root, ignored, options.limits);
        if (options.ignoreUnsignedFiles) {
            for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
                if (!walk.isIgnored(it.key()))
                    files << it.key();
            }
        } else if (Status s = walk.walk(QString(), files); !s) {
            return failed(check, ModelSignatureVerdict::FilesMismatch,
                          QStringLiteral("%1: %2").arg(root + u'/' + s.error().location, s.error().message));
        }
    } else if (model.isFile()) {
        files << QStringLiteral(".");
    } else {
        return failed(check, ModelSignatureVerdict::FilesMismatch,
                      QStringLiteral("%1: not a file or folder").arg(modelPath));
    }

    QStringList extra, missing, changed;
    QMap<QString, QByteArray> actual;
    for (const QString &relative : std::as_const(files)) {
        const QString path = relative == u"." ? root : root + u'/' + relative;
        const QFileInfo info(path);
        if (info.isSymLink()) {
            check.problems << QStringLiteral("%1: a symbolic link (refused)").arg(relative);
            continue;
        }
        if (!info.exists()) {
            missing << relative;
            continue;
        }
        Result<QByteArray> digest = fileSha256Hex(path, progress);
        if (!digest) {
            if (digest.error().code == ErrorCode::Cancelled)
                return failed(check, ModelSignatureVerdict::FilesMismatch,
                              QStringLiteral("cancelled: the files were not all checked"));
            check.problems << QStringLiteral("%1: %2").arg(relative, digest.error().message);
            continue;
        }
        ++check.checkedFiles;
        actual.insert(relative, *digest);
    }
    for (auto it = actual.cbegin(); it != actual.cend(); ++it) {
        const auto signedDigest = expected.constFind(it.key());
        if (signedDigest == expected.cend())
            extra << it.key();
        else if (*signedDigest != it.value())
            changed << QStringLiteral("%1 (sha256 %2, signed %3)")
                           .arg(it.key(), QString::fromLatin1(it.value()), QString::fromLatin1(*signedDigest));
    }
    for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
        if (!actual.contains(it.key()) && !missing.contains(it.key()) &&
            std::none_of(check.problems.cbegin(), check.problems.cend(),
                         [&](const QString &p) { return p.startsWith(it.key() + u':'); }))
            missing << it.key();
    }
    for (const QString &f : std::as_const(changed))
        check.problems << QStringLiteral("changed: ") + f;
    for (const QString &f : std::as_const(missing))
        check.problems << QStringLiteral("missing: %1 (signed, not in the model)").arg(f);
    for (const QString &f : std::as_const(extra))
        check.problems << QStringLiteral("extra: %1 (in the model, not signed)").arg(f);
    if (!check.problems.isEmpty()) {
        const qsizetype more = check.problems.size() - kNamedProblems;
        return failed(check, ModelSignatureVerdict::FilesMismatch,
                      QStringLiteral("%1: the files do not match the signature: %2%3")
                          .arg(modelPath, check.problems.mid(0, kNamedProblems).join(QStringLiteral("; ")),
                               more > 0 ? QStringLiteral("; and %1 more").arg(more) : QString()));
    }
    check.verdict = ModelSignatureVerdict::Valid;
    return check;
}

QString findModelSignature(const QString &modelPath, const Limits &limits)
{
    const QFileInfo model(modelPath);
    if (!model.exists())
        return {};
    const QString path = model.absoluteFilePath();
    QStringList candidates;
    if (model.isDir())
        candidates << path + QStringLiteral("/model.sig");
    candidates << path + QStringLiteral(".sig") << path + QStringLiteral(".sigstore.json");
    for (const QString &candidate : std::as_const(candidates)) {
        if (QFileInfo(candidate).isFile())
            return candidate;
    }
    const QString beside = model.absolutePath() + QStringLiteral("/model.sig");
    if (beside == path || !QFileInfo(beside).isFile())
        return {};
    Result<SignatureBundle> bundle = SignatureBundle::read(beside, limits);
    if (!bundle)
        return {};
    Result<ModelStatement> statement = ModelStatement::parse(bundle->payload, beside, limits.maxEntries);
    return statement && statement->modelName == model.fileName() ? beside : QString();
}

QString modelVerdictName(ModelSignatureVerdict verdict)
{
    switch (verdict) {
    case ModelSignatureVerdict::Valid:
        return QStringLiteral("valid");
    case ModelSignatureVerdict::BadSignature:
        return QStringLiteral("bad_signature");
    case ModelSignatureVerdict::Malformed:
        return QStringLiteral("malformed");
    case ModelSignatureVerdict::Unsupported:
        return QStringLiteral("unsupported");
    case ModelSignatureVerdict::FilesMismatch:
        return QStringLiteral("files_mismatch");
    }
    return {};
}

} // namespace carton
