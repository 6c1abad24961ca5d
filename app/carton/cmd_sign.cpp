// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton sign FILE --key KEY.pem [-o FILE.sig] [--force]
// carton sign MODEL --key KEY.pem [-o MODEL.sig] [--force] [--ignore-paths P...] [--no-ignore-git-paths]
#include "commands.h"
#include "output.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "sign/cartonsignature.h"
#include "sign/modelfoldersigner.h"

#include <QFileInfo>

namespace cli {

using namespace carton;

namespace {

// `carton sign MODEL`: a plain model folder or file, signed as the OpenSSF
// model-signing reference signer signs it (carton::signModel).
int signPlainModel(const QString &path, const EcKey &key, const QString &outPath, const ModelSignOptions &options)
{
    auto progress = makeProgressBar(QStringLiteral("hash"));
    Result<QByteArray> bundle = signModel(path, key, options, progress.get());
    finishProgressBar(progress.get());
    if (!bundle) {
        printError(bundle.error());
        return UsageOrInput;
    }
    if (Status written = signing::writeFileAtomically(outPath, *bundle); !written) {
        printError(written.error());
        return UsageOrInput;
    }
    printOut(QStringLiteral("Signed the model %1 (OpenSSF model signing, in-toto v1 statement, sha256 of every file) "
                            "with %2 key %3\nSignature: %4\n")
                 .arg(path, key.curveName(), key.fingerprintText(), outPath));
    return Success;
}

} // namespace

int runSign(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Sign a carton's MANIFEST with an ECDSA key (P-256, P-384 or P-521): a detached signature in "
                       "the OpenSSF model-signing layout (a Sigstore bundle holding a DSSE envelope over an in-toto "
                       "statement). Every file is checked against MANIFEST first: a carton whose files do not "
                       "match is not signed. A plain model folder or file is signed as the model_signing tool "
                       "signs it: the sha256 of every file (links refused), verifiable by model_signing and by "
                       "carton verify MODEL --signature MODEL.sig --key PUB.pem."));
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("A .carton file or an unpacked carton folder; or a model folder or "
                                                "file."));
    const QCommandLineOption key(QStringLiteral("key"), QStringLiteral("The PEM private key (unencrypted)."),
                                 QStringLiteral("KEY.pem"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Where to write the signature (default: FILE.sig)."),
                                    QStringLiteral("FILE.sig"));
    const QCommandLineOption force(QStringLiteral("force"), QStringLiteral("Replace an existing signature file."));
    const QCommandLineOption ignorePaths(
        QStringLiteral("ignore-paths"),
        QStringLiteral("A plain model: a file or folder not to sign (repeatable; relative to the current folder or "
                       "absolute), recorded in the signature."),
        QStringLiteral("PATH"));
    const QCommandLineOption noGitPaths(QStringLiteral("no-ignore-git-paths"),
                                        QStringLiteral("A plain model: sign .git, .gitattributes, .github and "
                                                       ".gitignore too (left out by default, as model_signing does)."));
    parser.addOptions({key, output, force, ignorePaths, noGitPaths});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("sign"), args, 1, &exit))
        return exit;
    if (!parser.isSet(key)) {
        printError(QStringLiteral("sign: --key KEY.pem is required"));
        return UsageOrInput;
    }
    Result<EcKey> privateKey = EcKey::readPrivate(parser.value(key));
    if (!privateKey) {
        printError(privateKey.error());
        return UsageOrInput;
    }
    const QString path = parser.positionalArguments().constFirst();
    const QString outPath = parser.isSet(output) ? parser.value(output) : signing::defaultSignaturePath(path);
    if (QFileInfo::exists(outPath) && !parser.isSet(force)) {
        printError(QStringLiteral("sign: %1 exists (use --force to replace it)").arg(outPath));
        return UsageOrInput;
    }
    if (isPlainModel(path)) {
        ModelSignOptions options;
        options.ignorePaths = parser.values(ignorePaths);
        options.ignoreGitPaths = !parser.isSet(noGitPaths);
        options.signaturePath = outPath;
        return signPlainModel(path, *privateKey, outPath, options);
    }
    if (parser.isSet(ignorePaths) || parser.isSet(noGitPaths)) {
        printError(QStringLiteral("sign: --ignore-paths and --no-ignore-git-paths are for a plain model; a carton "
                                  "is signed over its MANIFEST"));
        return UsageOrInput;
    }
    auto carton = openCarton(path);
    if (!carton)
        return UsageOrInput;

    auto progress = makeProgressBar(QStringLiteral("verify"));
    const VerifyReport report = verifyCarton(*carton, {}, progress.get());
    finishProgressBar(progress.get());
    if (!report.ok()) {
        printDiagnostics(report.diagnostics());
        printError(QStringLiteral("sign: %1: the files do not match MANIFEST; not signed").arg(path));
        return CartonErrors;
    }
    Result<QByteArray> bundle = signing::signCarton(*carton, *privateKey);
    if (!bundle) {
        printError(bundle.error());
        return bundle.error().code == ErrorCode::NotFound ? CartonErrors : UsageOrInput;
    }
    if (Status written = signing::writeFileAtomically(outPath, *bundle); !written) {
        printError(written.error());
        return UsageOrInput;
    }
    printOut(QStringLiteral("Signed %1 files (model hash %2) with %3 key %4\nSignature: %5\n")
                 .arg(carton->manifest()->entries().size())
                 .arg(QString::fromLatin1(carton->modelHash()), privateKey->curveName(), privateKey->fingerprintText(),
                      outPath));
    return Success;
}

} // namespace cli
