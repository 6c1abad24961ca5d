// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton unpack FILE -o DIR [--fetch-links] [--force]
#include "commands.h"
#include "output.h"

#include "pack/unpacker.h"
#include "package/carton.h"

namespace cli {

using namespace carton;

int runUnpack(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Extract a carton into a folder, safely."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The .carton file."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The folder to extract into (created if missing; must be empty)."),
                                    QStringLiteral("DIR"));
    const QCommandLineOption fetch(QStringLiteral("fetch-links"),
                                   QStringLiteral("Download files that are only listed in LINKS."));
    const QCommandLineOption force(QStringLiteral("force"), QStringLiteral("Allow a non-empty DIR."));
    parser.addOptions({output, fetch, force});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("unpack"), args, 1, &exit))
        return exit;
    if (!parser.isSet(output)) {
        printError(QStringLiteral("unpack: -o DIR is required"));
        return UsageOrInput;
    }
    auto carton = openCarton(parser.positionalArguments().constFirst());
    if (!carton)
        return UsageOrInput;
    UnpackOptions options;
    options.fetchLinks = parser.isSet(fetch);
    options.overwrite = parser.isSet(force);
    auto progress = makeProgressBar(QStringLiteral("unpack"));
    auto result = unpackCarton(*carton, parser.value(output), options, progress.get());
    finishProgressBar(progress.get());
    if (!result) {
        printError(result.error());
        return result.error().code == ErrorCode::Integrity ? CartonErrors : UsageOrInput;
    }
    for (const QString &path : result->skippedLinked)
        printDiagnostics({{Severity::Warning, path, QStringLiteral("only in LINKS; not fetched (use --fetch-links)")}});
    printOut(QStringLiteral("Extracted %1 files (%2) into %3\n")
                 .arg(result->filesWritten)
                 .arg(humanSize(result->bytesWritten), parser.value(output)));
    return Success;
}

} // namespace cli
