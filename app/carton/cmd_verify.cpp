// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton verify FILE [--json] [--fetch-links] [--signature FILE.sig --key PUB.pem]
// carton verify MODEL --signature BUNDLE (--key PUB.pem | --cert-chain CA.pem...) [--ignore-paths P...]
#include "commands.h"
#include "jsonexport.h"
#include "output.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "scan/sariflog.h"
#include "sign/cartonsignature.h"
#include "sign/modelfolderverifier.h"
#include "validate/validator.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSet>
#include <algorithm>

namespace cli {

using namespace carton;

namespace {

// What --signature/--key named, read before the carton is hashed.
struct SignatureInput {
    QString signaturePath;
    QString keyPath;
    EcKey key;
    std::optional<SignatureBundle> bundle;
    QString bundleError; // why the bundle could not be parsed (a failed check, exit 1)
};

// Prints the error and returns nothing when the key or the signature file cannot
// be read at all (exit 2); a malformed bundle is kept as a failed check.
std::optional<SignatureInput> readSignatureInput(const QString &signaturePath, const QString &keyPath)
{
    Result<EcKey> key = EcKey::readPublic(keyPath);
    if (!key) {
        printError(key.error());
        return std::nullopt;
    }
    SignatureInput input{signaturePath, keyPath, std::move(*key), std::nullopt, {}};
    Result<SignatureBundle> bundle = SignatureBundle::read(signaturePath);
    if (!bundle && bundle.error().code == ErrorCode::Io) {
        printError(bundle.error());
        return std::nullopt;
    }
    if (bundle)
        input.bundle = std::move(*bundle);
    else
        input.bundleError = bundle.error().toString();
    return input;
}

// The signature's verdict (signing::signatureVerdict, as the app's Signature row
// reaches it); the files were hashed once, by `report`.
SignatureCheck checkSignatureInput(const Carton &carton, const SignatureInput &input, const VerifyReport &report)
{
    if (!input.bundle) {
        SignatureCheck check;
        check.verdict = SignatureVerdict::Malformed;
        check.message = input.bundleError;
        check.fingerprint = input.key.fingerprint();
        return check;
    }
    SignatureOptions options;
    options.checkFiles = false;
    return signing::signatureVerdict(signing::checkSignature(carton, *input.bundle, input.key, options),
                                     FilesVerification::Finished, report);
}

QJsonObject signatureToJson(const SignatureInput &input, const SignatureCheck &check)
{
    return QJsonObject{
        {QStringLiteral("ok"), check.valid()},
        {QStringLiteral("verdict"), signing::verdictName(check.verdict)},
        {QStringLiteral("message"), check.message},
        {QStringLiteral("file"), input.signaturePath},
        {QStringLiteral("key_file"), input.keyPath},
        {QStringLiteral("key_fingerprint"), QString::fromLatin1(check.fingerprint)},
        {QStringLiteral("key_curve"), input.key.curveName()},
        {QStringLiteral("model_name"), check.modelName},
        {QStringLiteral("signed_files"), check.signedFiles},
        {QStringLiteral("failed_files"), QJsonArray::fromStringList(check.failedFiles)},
    };
}

void printSignatureCheck(const SignatureInput &input, const SignatureCheck &check)
{
    if (check.valid())
        printOut(QStringLiteral("Signature OK: %1 files signed by %2 key %3\n")
                     .arg(check.signedFiles)
                     .arg(input.key.curveName(), EcKey::fingerprintText(check.fingerprint)));
    else
        printError(makeError(ErrorCode::Integrity,
                             QStringLiteral("signature %1: %2").arg(signing::verdictName(check.verdict), check.message),
                             input.signaturePath));
}

// What failed, named in the verdict line: the first files with problems and the
// first error, so a failure is never just a count ("FAILED: 2 files ok, 0 with problems").
QString failureSummary(const VerifyReport &report, const Diagnostics &diagnostics)
{
    QStringList files;
    qsizetype more = 0;
    for (const FileCheck &f : report.files) {
        if (f.state == FileState::Ok || f.state == FileState::Linked)
            continue;
        if (files.size() < 3)
            files.append(f.path);
        else
            ++more;
    }
    QString out;
    if (!files.isEmpty())
        out += QStringLiteral(" (%1%2)").arg(files.join(QStringLiteral(", ")),
                                             more ? QStringLiteral(" and %1 more").arg(more) : QString());
    const qsizetype errors = std::count_if(diagnostics.cbegin(), diagnostics.cend(),
                                           [](const Diagnostic &d) { return d.severity == Severity::Error; });
    if (errors) {
        const auto first = std::find_if(diagnostics.cbegin(), diagnostics.cend(),
                                        [](const Diagnostic &d) { return d.severity == Severity::Error; });
        out += QStringLiteral("; %1 error%2, first: %3")
                   .arg(errors)
                   .arg(errors == 1 ? QString() : QStringLiteral("s"), first->toString());
    }
    return out;
}

// The diagnostics (validation and hashing) and the signature's verdict as SARIF.
SarifLog verifySarif(const Carton &carton, const Diagnostics &diagnostics,
                     const std::optional<SignatureCheck> &signature)
{
    SarifLog log(QCoreApplication::applicationVersion(), carton.path());
    log.addRule({QStringLiteral("carton-verify/validation"), QStringLiteral("CartonValidation"),
                 QStringLiteral("carton.toml, MANIFEST or LINKS break the Carton v1 specification"),
                 QStringLiteral("The carton's metadata does not follow the Carton v1 specification: a runner or "
                                "tool may refuse or misread it. The message names the file, the field and what "
                                "was expected.")});
    log.addRule({QStringLiteral("carton-verify/integrity"), QStringLiteral("FileIntegrity"),
                 QStringLiteral("A file does not match MANIFEST, is missing or is not listed"),
                 QStringLiteral("Every file of a carton is listed in MANIFEST with its SHA-256. A file whose hash "
                                "differs was changed after packing (damage or tampering); a missing or unlisted "
                                "file means the carton is not what was packed. Do not run it."),
                 QStringLiteral("error")});
    log.addRule({QStringLiteral("carton-verify/signature"), QStringLiteral("Signature"),
                 QStringLiteral("The detached model-signing signature does not sign this carton"),
                 QStringLiteral("The signature (an OpenSSF model-signing bundle) was made with another key, over "
                                "other files, or the files no longer match it. Whoever holds the key did not sign "
                                "what is here."),
                 QStringLiteral("error")});
    static const QStringList metadataFiles = {QStringLiteral("carton.toml"), QStringLiteral("LINKS"),
                                              QStringLiteral("MANIFEST"), QString()};
    for (const Diagnostic &d : diagnostics) {
        SarifLog::Result r;
        r.ruleId = metadataFiles.contains(d.location.file) ? QStringLiteral("carton-verify/validation")
                                                           : QStringLiteral("carton-verify/integrity");
        r.level = SarifLog::level(d.severity);
        r.message = d.message;
        std::tie(r.file, r.inner) = SarifLog::splitFile(d.location.file);
        if (r.inner.isEmpty())
            r.inner = d.location.field;
        r.line = d.location.line;
        r.column = d.location.column;
        log.addResult(r);
    }
    if (signature && !signature->valid()) {
        SarifLog::Result r;
        r.ruleId = QStringLiteral("carton-verify/signature");
        r.level = QStringLiteral("error");
        r.message = signature->message;
        r.file = QStringLiteral("MANIFEST");
        r.securitySeverity = 9.0;
        log.addResult(r);
    }
    return log;
}

// `carton verify MODEL --signature BUNDLE`: a plain model folder or file signed
// with the OpenSSF model-signing tools (or `carton sign`), checked as they check it.
int verifyPlainModel(const QString &modelPath, const QString &bundlePath, const ModelSigner &signer,
                     const ModelVerifyOptions &options, bool json, const QString &sarifPath)
{
    auto progress = makeProgressBar(QStringLiteral("verify"));
    const ModelSignatureCheck check = verifyModelSignature(modelPath, bundlePath, signer, options, progress.get());
    finishProgressBar(progress.get());
    if (!sarifPath.isEmpty()) {
        SarifLog log(QCoreApplication::applicationVersion(), modelPath);
        log.addRule({QStringLiteral("carton-verify/signature"), QStringLiteral("Signature"),
                     QStringLiteral("The model-signing signature does not sign this model"),
                     QStringLiteral("The signature (an OpenSSF model-signing bundle) was made by another key or "
                                    "certificate, is malformed, or the model's files are not the ones it signs. "
                                    "Whoever holds the key did not sign what is here."),
                     QStringLiteral("error")});
        if (!check.valid()) {
            SarifLog::Result r;
            r.ruleId = QStringLiteral("carton-verify/signature");
            r.level = QStringLiteral("error");
            r.message = check.message;
            r.file = QFileInfo(bundlePath).fileName();
            r.securitySeverity = 9.0;
            log.addResult(r);
        }
        if (const Status written = log.write(sarifPath); !written) {
            printError(written.error());
            return UsageOrInput;
        }
    }
    if (json) {
        printJson(QJsonDocument(QJsonObject{
            {QStringLiteral("ok"), check.valid()},
            {QStringLiteral("verdict"), modelVerdictName(check.verdict)},
            {QStringLiteral("message"), check.message},
            {QStringLiteral("problems"), QJsonArray::fromStringList(check.problems)},
            {QStringLiteral("model"), modelPath},
            {QStringLiteral("signature"), bundlePath},
            {QStringLiteral("signer"), check.signer},
            {QStringLiteral("key_fingerprint"), QString::fromLatin1(check.fingerprint)},
            {QStringLiteral("model_name"), check.modelName},
            {QStringLiteral("signed_files"), check.signedFiles},
            {QStringLiteral("checked_files"), check.checkedFiles},
            {QStringLiteral("legacy_format"), check.legacyFormat},
            {QStringLiteral("not_checked"), QJsonArray::fromStringList(check.notChecked)},
        }));
    } else if (check.valid()) {
        printOut(
            QStringLiteral("Signature OK: %1 files%2 match the signature by %3%4\n")
                .arg(check.checkedFiles)
                .arg(check.modelName.isEmpty() ? QString() : QStringLiteral(" of model \"%1\"").arg(check.modelName),
                     check.signer,
                     check.legacyFormat ? QStringLiteral(" (an older model_signing format)") : QString()));
        for (const QString &note : check.notChecked)
            printOut(QStringLiteral("  not checked: %1\n").arg(note));
    } else {
        printError(QStringLiteral("signature %1: %2").arg(modelVerdictName(check.verdict), check.message));
        for (const QString &problem : check.problems.mid(3))
            printError(QStringLiteral("  %1").arg(problem));
        printOut(QStringLiteral("FAILED: the signature does not verify; nothing of it can be trusted\n"));
    }
    return check.valid() ? Success : CartonErrors;
}

} // namespace

int runVerify(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Validate a carton and check every file's sha256 against MANIFEST; or check an OpenSSF "
                       "model-signing signature of a plain model folder or file (--signature with --key or "
                       "--cert-chain), offline: the transparency log is not checked."));
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("A .carton file or an unpacked carton folder; or a model folder or "
                                                "file signed with model_signing."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption fetch(QStringLiteral("fetch-links"),
                                   QStringLiteral("Download files listed in LINKS and verify them too."));
    const QCommandLineOption threads(QStringLiteral("threads"),
                                     QStringLiteral("Worker threads (default: one per core)."), QStringLiteral("N"));
    const QCommandLineOption signature(
        QStringLiteral("signature"),
        QStringLiteral("Also check this detached model-signing signature (default with --key: FILE.sig)."),
        QStringLiteral("FILE.sig"));
    const QCommandLineOption key(QStringLiteral("key"), QStringLiteral("The signer's PEM public key."),
                                 QStringLiteral("PUB.pem"));
    const QCommandLineOption sarif(QStringLiteral("sarif"),
                                   QStringLiteral("Also write the problems as a SARIF 2.1.0 log (for CI and "
                                                  "code-scanning dashboards)."),
                                   QStringLiteral("OUT.sarif"));
    const QCommandLineOption certChain(
        QStringLiteral("cert-chain"),
        QStringLiteral("A plain model signed with a certificate: CA certificates (PEM) its chain must lead to "
                       "(repeatable)."),
        QStringLiteral("CA.pem"));
    const QCommandLineOption ignorePaths(
        QStringLiteral("ignore-paths"),
        QStringLiteral("A plain model: a file or folder that is not signed (repeatable; relative to the current "
                       "folder or absolute)."),
        QStringLiteral("PATH"));
    const QCommandLineOption ignoreUnsigned(QStringLiteral("ignore-unsigned-files"),
                                            QStringLiteral("A plain model: check only the signed files; other files "
                                                           "in the folder are no error."));
    const QCommandLineOption noGitPaths(QStringLiteral("no-ignore-git-paths"),
                                        QStringLiteral("A plain model: check .git, .gitattributes, .github and "
                                                       ".gitignore too (ignored by default, as model_signing does)."));
    parser.addOptions(
        {json, fetch, threads, signature, key, sarif, certChain, ignorePaths, ignoreUnsigned, noGitPaths});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("verify"), args, 1, &exit))
        return exit;
    const QString path = parser.positionalArguments().constFirst();
    const bool modelOptions = parser.isSet(certChain) || parser.isSet(ignorePaths) || parser.isSet(ignoreUnsigned) ||
                              parser.isSet(noGitPaths);
    if (modelOptions || (parser.isSet(signature) && isPlainModel(path))) {
        if (!parser.isSet(signature)) {
            printError(QStringLiteral("verify: a plain model needs --signature BUNDLE (the model_signing bundle)"));
            return UsageOrInput;
        }
        if (parser.isSet(key) == parser.isSet(certChain)) {
            printError(QStringLiteral("verify: a plain model's signature needs either --key PUB.pem (signed with a "
                                      "key) or --cert-chain CA.pem (signed with a certificate), not both"));
            return UsageOrInput;
        }
        ModelSigner signer;
        if (parser.isSet(key)) {
            Result<EcKey> publicKey = EcKey::readPublic(parser.value(key));
            if (!publicKey) {
                printError(publicKey.error());
                return UsageOrInput;
            }
            signer.key = std::move(*publicKey);
        }
        signer.caFiles = parser.values(certChain);
        ModelVerifyOptions options;
        options.ignorePaths = parser.values(ignorePaths);
        options.ignoreUnsignedFiles = parser.isSet(ignoreUnsigned);
        options.ignoreGitPaths = !parser.isSet(noGitPaths);
        return verifyPlainModel(path, parser.value(signature), signer, options, parser.isSet(json),
                                parser.value(sarif));
    }
    if (parser.isSet(signature) && !parser.isSet(key)) {
        printError(QStringLiteral("verify: --signature needs --key PUB.pem (the signer's public key)"));
        return UsageOrInput;
    }
    std::optional<SignatureInput> signatureInput;
    if (parser.isSet(key)) {
        const QString sigPath = parser.isSet(signature) ? parser.value(signature) : signing::defaultSignaturePath(path);
        auto input = readSignatureInput(sigPath, parser.value(key));
        if (!input)
            return UsageOrInput;
        signatureInput = std::move(*input);
    }
    auto carton = openCarton(path);
    if (!carton)
        return UsageOrInput;

    Diagnostics diagnostics = validateCarton(*carton);
    VerifyOptions options;
    options.fetchLinks = parser.isSet(fetch);
    options.threads = parser.value(threads).toInt();
    auto progress = makeProgressBar(QStringLiteral("verify"));
    const VerifyReport report = verifyCarton(*carton, options, progress.get());
    finishProgressBar(progress.get());
    // Validation already reports missing and unlisted files; add what only hashing finds.
    // (A set, not a search per diagnostic: a carton of 100k entries has 100k of them.)
    QSet<QString> seen;
    seen.reserve(diagnostics.size());
    const auto keyOf = [](const Diagnostic &d) -> QString { return severityName(d.severity) + u' ' + d.toString(); };
    for (const Diagnostic &d : std::as_const(diagnostics))
        seen.insert(keyOf(d));
    for (const Diagnostic &d : report.diagnostics()) {
        if (!seen.contains(keyOf(d)))
            diagnostics.append(d);
    }
    int ok = 0, bad = 0, linked = 0;
    for (const FileCheck &f : report.files) {
        if (f.state == FileState::Ok)
            ++ok;
        else if (f.state == FileState::Linked)
            ++linked;
        else
            ++bad;
    }
    std::optional<SignatureCheck> signatureCheck;
    if (signatureInput)
        signatureCheck = checkSignatureInput(*carton, *signatureInput, report);
    const bool passed = report.ok() && !hasErrors(diagnostics) && (!signatureCheck || signatureCheck->valid());
    if (parser.isSet(sarif)) {
        if (const Status written = verifySarif(*carton, diagnostics, signatureCheck).write(parser.value(sarif));
            !written) {
            printError(written.error());
            return UsageOrInput;
        }
    }
    if (parser.isSet(json)) {
        QJsonArray files;
        for (const FileCheck &f : report.files)
            files.append(fileCheckToJson(f));
        QJsonObject out{
            {QStringLiteral("ok"), passed},
            {QStringLiteral("manifest_hash"), QString::fromLatin1(carton->modelHash())},
            {QStringLiteral("files"), files},
            {QStringLiteral("diagnostics"), diagnosticsToJson(diagnostics)},
        };
        if (signatureCheck)
            out.insert(QStringLiteral("signature"), signatureToJson(*signatureInput, *signatureCheck));
        printJson(QJsonDocument(out));
    } else {
        printDiagnostics(diagnostics);
        if (signatureCheck)
            printSignatureCheck(*signatureInput, *signatureCheck);
        QString verdict = passed ? QStringLiteral("OK: %1 files verified").arg(ok)
                                 : QStringLiteral("FAILED: %1 files ok, %2 with problems").arg(ok).arg(bad);
        if (report.noManifest && !hasErrors(diagnostics))
            verdict = QStringLiteral("NOT VERIFIED: a carton source folder without MANIFEST (%1 files); "
                                     "`carton pack` writes MANIFEST")
                          .arg(report.files.size());
        else if (!passed)
            verdict += failureSummary(report, diagnostics);
        if (linked)
            verdict += QStringLiteral(", %1 linked (not fetched)").arg(linked);
        if (report.cancelled)
            verdict += QStringLiteral(" (cancelled)");
        if (!report.noManifest)
            verdict += QStringLiteral("; model hash %1").arg(QString::fromLatin1(carton->modelHash()));
        printOut(verdict + u'\n');
    }
    return passed ? Success : CartonErrors;
}

} // namespace cli
