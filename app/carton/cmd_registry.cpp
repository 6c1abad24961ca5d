// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton push FILE REF [--mount-from REPO]... [--fetch-links] / carton pull REF -o OUT.carton|DIR/
// (both: [--plain-http] [--username USER --password-stdin] [--json])
#include "commands.h"
#include "oci/ociregistry.h"
#include "oci/ocitransfer.h"
#include "output.h"
#include "package/carton.h"
#include "remoteaccess.h"

#include <QFile>
#include <QJsonObject>
#include <atomic>
#include <csignal>
#include <cstdio>

namespace cli {

using namespace carton;

namespace {

// Ctrl-C during a push cancels it between chunks (the upload session stays, so the
// next push resumes it); a second Ctrl-C ends the process at once.
std::atomic<Progress *> interruptible{nullptr};

extern "C" void cancelOnInterrupt(int)
{
    if (Progress *p = interruptible.load())
        p->cancel();
    std::signal(SIGINT, SIG_DFL);
}

struct RegistryOptions {
    QCommandLineOption plainHttp{QStringLiteral("plain-http"),
                                 QStringLiteral("Speak http to a registry that is not on loopback (no TLS).")};
    QCommandLineOption username{QStringLiteral("username"),
                                QStringLiteral("User name for the registry (else ~/.docker/config.json)."),
                                QStringLiteral("USER")};
    QCommandLineOption passwordStdin{QStringLiteral("password-stdin"),
                                     QStringLiteral("Read the password (or token) from the first line of stdin.")};
    QCommandLineOption json{QStringLiteral("json"), QStringLiteral("Print JSON.")};

    void addTo(QCommandLineParser &parser) const { parser.addOptions({plainHttp, username, passwordStdin, json}); }

    // The registry client for `text`, or nullptr after printing why not.
    std::unique_ptr<OciRegistry> open(const QCommandLineParser &parser, const QString &command,
                                      const QString &text) const
    {
        Result<OciReference> ref = OciReference::parse(text);
        if (!ref) {
            printError(QStringLiteral("%1: %2").arg(command, ref.error().message));
            return nullptr;
        }
        OciOptions options;
        options.remote = remoteOptions();
        options.plainHttp = parser.isSet(plainHttp);
        if (parser.isSet(passwordStdin) != parser.isSet(username)) {
            printError(QStringLiteral("%1: --username and --password-stdin go together").arg(command));
            return nullptr;
        }
        if (parser.isSet(username)) {
            QFile in;
            if (!in.open(stdin, QIODevice::ReadOnly)) {
                printError(QStringLiteral("%1: cannot read the password from stdin").arg(command));
                return nullptr;
            }
            QByteArray line = in.readLine(4096);
            while (line.endsWith('\n') || line.endsWith('\r'))
                line.chop(1);
            RegistryCredentials c;
            c.username = parser.value(username);
            c.secret = QString::fromUtf8(line);
            c.origin = QStringLiteral("--username");
            options.credentials = c;
        }
        return std::make_unique<OciRegistry>(*ref, options);
    }
};

} // namespace

int runPush(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Push a carton to an OCI registry as a CNCF ModelPack artifact: one layer per file, addressed "
                       "by its MANIFEST sha256; blobs the registry has are not sent again."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The .carton file or carton folder."));
    parser.addPositionalArgument(QStringLiteral("REF"), QStringLiteral("host[:port]/repository[:tag]"));
    const QCommandLineOption mountFrom(QStringLiteral("mount-from"),
                                       QStringLiteral("A repository of the same registry to mount blobs from."),
                                       QStringLiteral("REPO"));
    parser.addOption(mountFrom);
    const QCommandLineOption fetchLinks(
        QStringLiteral("fetch-links"),
        QStringLiteral("Download the files only reachable through LINKS (checked against MANIFEST) and push them as "
                       "layers; without it they stay in LINKS."));
    parser.addOption(fetchLinks);
    const RegistryOptions registryOptions;
    registryOptions.addTo(parser);
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("push"), args, 2, &exit))
        return exit;
    const QStringList positional = parser.positionalArguments();
    auto carton = openCarton(positional.at(0));
    if (!carton)
        return UsageOrInput;
    auto registry = registryOptions.open(parser, QStringLiteral("push"), positional.at(1));
    if (!registry)
        return UsageOrInput;
    auto progress = makeProgressBar(QStringLiteral("push"));
    interruptible = progress.get();
    std::signal(SIGINT, cancelOnInterrupt);
    auto result = pushCarton(*carton, *registry, parser.values(mountFrom), progress.get(), parser.isSet(fetchLinks));
    std::signal(SIGINT, SIG_DFL);
    interruptible = nullptr;
    finishProgressBar(progress.get());
    if (!result) {
        printError(result.error());
        return UsageOrInput;
    }
    if (parser.isSet(registryOptions.json)) {
        printJson(QJsonDocument(QJsonObject{
            {QStringLiteral("reference"), result->reference},
            {QStringLiteral("digest"), result->manifestDigest},
            {QStringLiteral("modelHash"), QString::fromLatin1(result->modelHash)},
            {QStringLiteral("layers"), result->layers},
            {QStringLiteral("blobsUploaded"), result->blobsUploaded},
            {QStringLiteral("blobsSkipped"), result->blobsSkipped},
            {QStringLiteral("blobsMounted"), result->blobsMounted},
            {QStringLiteral("linkedOnly"), result->linkedOnly},
            {QStringLiteral("linkedFetched"), result->linkedFetched},
            {QStringLiteral("bytesUploaded"), double(result->bytesUploaded)},
            {QStringLiteral("bytesResumed"), double(result->bytesResumed)},
        }));
        return Success;
    }
    printOut(QStringLiteral("Pushed %1@%2\n  %3 layers: %4 blobs uploaded (%5), %6 already there, %7 mounted\n")
                 .arg(result->reference, result->manifestDigest)
                 .arg(result->layers)
                 .arg(result->blobsUploaded)
                 .arg(humanSize(result->bytesUploaded))
                 .arg(result->blobsSkipped)
                 .arg(result->blobsMounted));
    if (result->bytesResumed > 0)
        printOut(QStringLiteral("  resumed interrupted uploads: %1 were in the registry already\n")
                     .arg(humanSize(result->bytesResumed)));
    if (result->linkedOnly > 0)
        printOut(QStringLiteral("  %1 files only in LINKS were left to LINKS (--fetch-links pushes them)\n")
                     .arg(result->linkedOnly));
    if (result->linkedFetched > 0)
        printOut(
            QStringLiteral("  %1 files only in LINKS were fetched and pushed as layers\n").arg(result->linkedFetched));
    return Success;
}

int runPull(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Pull a ModelPack carton from an OCI registry."));
    parser.addPositionalArgument(QStringLiteral("REF"), QStringLiteral("host[:port]/repository[:tag|@sha256:…]"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("OUT.carton, or DIR/ (or an empty folder) for the files."),
                                    QStringLiteral("OUT"));
    parser.addOption(output);
    const RegistryOptions registryOptions;
    registryOptions.addTo(parser);
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("pull"), args, 1, &exit))
        return exit;
    if (!parser.isSet(output)) {
        printError(QStringLiteral("pull: -o OUT is required"));
        return UsageOrInput;
    }
    auto registry = registryOptions.open(parser, QStringLiteral("pull"), parser.positionalArguments().at(0));
    if (!registry)
        return UsageOrInput;
    auto progress = makeProgressBar(QStringLiteral("pull"));
    auto result = pullCarton(*registry, parser.value(output), {}, progress.get());
    finishProgressBar(progress.get());
    if (!result) {
        printError(result.error());
        return result.error().code == ErrorCode::Integrity ? CartonErrors : UsageOrInput;
    }
    if (parser.isSet(registryOptions.json)) {
        printJson(QJsonDocument(QJsonObject{
            {QStringLiteral("reference"), registry->reference().toString()},
            {QStringLiteral("digest"), result->manifestDigest},
            {QStringLiteral("modelHash"), QString::fromLatin1(result->modelHash)},
            {QStringLiteral("files"), result->files},
            {QStringLiteral("bytes"), double(result->bytes)},
            {QStringLiteral("output"), parser.value(output)},
        }));
        return Success;
    }
    printOut(QStringLiteral("Pulled %1@%2 into %3\n  %4 files (%5), model hash %6\n")
                 .arg(registry->reference().toString(), result->manifestDigest, parser.value(output))
                 .arg(result->files)
                 .arg(humanSize(result->bytes), QString::fromLatin1(result->modelHash)));
    return Success;
}

} // namespace cli
