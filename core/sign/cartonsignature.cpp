// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonsignature.h"

#include "package/carton.h"
#include "sign/modelstatement.h"

#include <QFileInfo>
#include <QSaveFile>
#include <algorithm>

namespace carton::signing {

namespace {

QString modelNameOf(const Carton &carton)
{
    if (carton.info() && carton.info()->modelName && !carton.info()->modelName->isEmpty())
        return *carton.info()->modelName;
    return QFileInfo(carton.path()).completeBaseName();
}

// Empty when the statement's resources are exactly the MANIFEST's entries; else
// the first difference.
QString compareWithManifest(QList<ManifestEntry> signedEntries, const Manifest &manifest)
{
    std::sort(signedEntries.begin(), signedEntries.end(),
              [](const ManifestEntry &a, const ManifestEntry &b) { return Manifest::pathLess(a.path, b.path); });
    const QList<ManifestEntry> &entries = manifest.entries();
    qsizetype i = 0, j = 0;
    while (i < signedEntries.size() || j < entries.size()) {
        if (j == entries.size() ||
            (i < signedEntries.size() && Manifest::pathLess(signedEntries[i].path, entries[j].path)))
            return QStringLiteral("%1 is signed but not in MANIFEST").arg(signedEntries[i].path);
        if (i == signedEntries.size() || Manifest::pathLess(entries[j].path, signedEntries[i].path))
            return QStringLiteral("%1 is in MANIFEST but not signed").arg(entries[j].path);
        if (signedEntries[i].sha256 != entries[j].sha256)
            return QStringLiteral("%1: MANIFEST lists sha256 %2, the signature %3")
                .arg(entries[j].path, QString::fromLatin1(entries[j].sha256),
                     QString::fromLatin1(signedEntries[i].sha256));
        ++i;
        ++j;
    }
    return {};
}

} // namespace

QString defaultSignaturePath(const QString &cartonPath)
{
    QString path = cartonPath;
    while (path.size() > 1 && path.endsWith(u'/')) // an unpacked carton folder
        path.chop(1);
    return path + QStringLiteral(".sig");
}

Result<QByteArray> signCarton(const Carton &carton, const EcKey &key)
{
    if (!carton.manifest())
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("the carton has no readable MANIFEST to sign (see carton verify)"),
                         carton.path());
    if (!key.hasPrivateKey())
        return makeError(ErrorCode::Usage, QStringLiteral("signing needs a private key, this is a public key"));
    return signStatement(ModelStatement::fromManifest(modelNameOf(carton), *carton.manifest()).toJson(), key);
}

Result<QByteArray> signStatement(const QByteArray &statement, const EcKey &key)
{
    if (!key.hasPrivateKey())
        return makeError(ErrorCode::Usage, QStringLiteral("signing needs a private key, this is a public key"));
    SignatureBundle bundle;
    bundle.payloadType = SignatureBundle::kPayloadType;
    bundle.payload = statement;
    bundle.keyHint = key.bundleHint();
    Result<QByteArray> signature = key.sign(bundle.signedBytes());
    if (!signature)
        return signature.error();
    bundle.signature = std::move(*signature);
    return bundle.toJson();
}

Status writeFileAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(file.errorString()), path);
    if (file.write(bytes) != bytes.size() || !file.commit())
        return makeError(ErrorCode::Io, QStringLiteral("cannot write: %1").arg(file.errorString()), path);
    return {};
}

SignatureCheck checkSignature(const Carton &carton, const SignatureBundle &bundle, const EcKey &key,
                              const SignatureOptions &options, Progress *progress)
{
    SignatureCheck check;
    check.fingerprint = key.fingerprint();
    if (!bundle.keyHint.isEmpty() && bundle.keyHint != key.bundleHint() && bundle.keyHint != key.fingerprint()) {
        check.verdict = SignatureVerdict::WrongKey;
        check.message = QStringLiteral("signed by another key (the signature names key %1, this key is %2)")
                            .arg(EcKey::fingerprintText(bundle.keyHint), key.fingerprintText());
        return check;
    }
    if (Status verified = key.verify(bundle.signedBytes(), bundle.signature); !verified) {
        check.verdict = SignatureVerdict::WrongKey;
        check.message = verified.error().message;
        return check;
    }
    Result<ModelStatement> statement =
        ModelStatement::parse(bundle.payload, QStringLiteral("signature"), carton.source().limits().maxEntries);
    if (!statement) {
        check.verdict = SignatureVerdict::Malformed;
        check.message = statement.error().toString();
        return check;
    }
    if (statement->legacyDigests) {
        // Only plain models signed by model_signing v0.2 carry it (verifyModelSignature).
        check.verdict = SignatureVerdict::Malformed;
        check.message = QStringLiteral("signature: payload: predicateType: is \"%1\", the model_signing v0.2 "
                                       "statement, never a carton's (expected \"%2\")")
                            .arg(QLatin1StringView(ModelStatement::kPredicateTypeV01),
                                 QLatin1StringView(ModelStatement::kPredicateType));
        return check;
    }
    check.modelName = statement->modelName;
    check.signedFiles = int(statement->resources.size());
    if (!carton.manifest()) {
        check.verdict = SignatureVerdict::ManifestMismatch;
        check.message = QStringLiteral("the carton has no readable MANIFEST to compare the signature with");
        return check;
    }
    if (const QString difference = compareWithManifest(statement->resources, *carton.manifest());
        !difference.isEmpty()) {
        check.verdict = SignatureVerdict::ManifestMismatch;
        check.message = QStringLiteral("the signature is for other files: ") + difference;
        return check;
    }
    check.verdict = SignatureVerdict::FilesNotVerified;
    if (!options.checkFiles)
        return signatureVerdict(std::move(check), FilesVerification::NotRun);
    VerifyReport report = verifyCarton(carton, options.verify, progress);
    check = signatureVerdict(std::move(check), FilesVerification::Finished, report);
    check.files = std::move(report);
    return check;
}

SignatureCheck signatureVerdict(SignatureCheck check, FilesVerification files, const VerifyReport &report)
{
    if (check.verdict != SignatureVerdict::FilesNotVerified)
        return check;
    check.filesChecked = false;
    check.failedFiles.clear();
    if (files == FilesVerification::NotRun) {
        check.message = QStringLiteral("the signature covers MANIFEST; the files have not been verified against it");
        return check;
    }
    if (files == FilesVerification::Running) {
        check.message = QStringLiteral("the signature covers MANIFEST; its files are being verified");
        return check;
    }
    constexpr qsizetype kNamed = 3; // files named in the message; failedFiles has them all
    QStringList named;
    int linked = 0;
    int unverified = 0;
    for (const FileCheck &f : report.files) {
        if (f.state == FileState::Ok)
            continue;
        if (f.state == FileState::Linked) {
            ++linked;
            continue;
        }
        if (f.state == FileState::Unverified) {
            ++unverified;
            continue;
        }
        if (check.failedFiles.size() < kNamed)
            named.append(QStringLiteral("%1 (%2)").arg(f.path, fileStateName(f.state)));
        check.failedFiles.append(f.path);
    }
    if (!check.failedFiles.isEmpty()) {
        check.verdict = SignatureVerdict::FilesMismatch;
        check.filesChecked = !report.cancelled;
        const qsizetype more = check.failedFiles.size() - named.size();
        check.message =
            QStringLiteral("the signature covers MANIFEST, but the files do not match MANIFEST: %1%2")
                .arg(named.join(QStringLiteral(", ")), more > 0 ? QStringLiteral(" and %1 more").arg(more) : QString());
        return check;
    }
    if (report.cancelled || unverified > 0) {
        check.message = QStringLiteral("the signature covers MANIFEST, but file verification was cancelled "
                                       "(%1 of %2 files not checked)")
                            .arg(unverified)
                            .arg(report.files.size());
        return check;
    }
    if (linked > 0) {
        check.message = QStringLiteral("the signature covers MANIFEST, but %1 of its files are listed in LINKS and "
                                       "were not fetched, so they were not checked")
                            .arg(linked);
        return check;
    }
    check.filesChecked = true;
    check.verdict = SignatureVerdict::Valid;
    check.message.clear();
    return check;
}

Result<EcKey> findKey(const SignatureBundle &bundle, const QStringList &keyFiles, QString *keyFile)
{
    for (const QString &path : keyFiles) {
        Result<EcKey> key = EcKey::readPublic(path);
        if (!key)
            continue;
        const bool named = bundle.keyHint.isEmpty()
                               ? key->verify(bundle.signedBytes(), bundle.signature).ok()
                               : (bundle.keyHint == key->bundleHint() || bundle.keyHint == key->fingerprint());
        if (named) {
            if (keyFile)
                *keyFile = path;
            return std::move(*key);
        }
    }
    return makeError(ErrorCode::NotFound,
                     bundle.keyHint.isEmpty()
                         ? QStringLiteral("none of the %1 known public keys made this signature").arg(keyFiles.size())
                         : QStringLiteral("no known public key matches the signature's key %1 (%2 keys known)")
                               .arg(QString::fromLatin1(bundle.keyHint))
                               .arg(keyFiles.size()));
}

QString verdictName(SignatureVerdict verdict)
{
    switch (verdict) {
    case SignatureVerdict::Valid:
        return QStringLiteral("valid");
    case SignatureVerdict::FilesNotVerified:
        return QStringLiteral("files_not_verified");
    case SignatureVerdict::WrongKey:
        return QStringLiteral("wrong_key");
    case SignatureVerdict::ManifestMismatch:
        return QStringLiteral("manifest_mismatch");
    case SignatureVerdict::FilesMismatch:
        return QStringLiteral("files_mismatch");
    case SignatureVerdict::Malformed:
        return QStringLiteral("malformed");
    }
    return {};
}

} // namespace carton::signing
