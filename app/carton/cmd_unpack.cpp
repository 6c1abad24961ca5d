// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton unpack FILE -o DIR [--fetch-links] [--force]
#include "commands.h"
#include "output.h"
#include "pack/unpacker.h"
#include "package/carton.h"

#include <limits>
#include <tuple>

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
    const Limits defaults;
    const QCommandLineOption maxRatio(QStringLiteral("max-ratio"),
                                      QStringLiteral("Refuse entries over 1 MiB that expand more than N times "
                                                     "(decompression bombs; default %1).")
                                          .arg(defaults.maxRatio),
                                      QStringLiteral("N"));
    const QCommandLineOption maxSize(QStringLiteral("max-size"),
                                     QStringLiteral("Refuse cartons that expand to more than N MiB in all "
                                                    "(default %1).")
                                         .arg(defaults.maxTotalSize >> 20),
                                     QStringLiteral("N"));
    parser.addOptions({output, fetch, force, maxRatio, maxSize});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("unpack"), args, 1, &exit))
        return exit;
    if (!parser.isSet(output)) {
        printError(QStringLiteral("unpack: -o DIR is required"));
        return UsageOrInput;
    }
    Limits limits;
    for (const auto &[option, field, scale] : {std::tuple{&maxRatio, &limits.maxRatio, qint64(1)},
                                               std::tuple{&maxSize, &limits.maxTotalSize, qint64(1) << 20}}) {
        if (!parser.isSet(*option))
            continue;
        bool ok = false;
        const qint64 n = parser.value(*option).toLongLong(&ok);
        if (!ok || n < 1 || n > std::numeric_limits<qint64>::max() / scale) {
            printError(QStringLiteral("unpack: --%1 must be a positive integer").arg(option->names().constFirst()));
            return UsageOrInput;
        }
        *field = n * scale;
    }
    if (limits.maxEntrySize > limits.maxTotalSize)
        limits.maxEntrySize = limits.maxTotalSize;
    auto carton = openCarton(parser.positionalArguments().constFirst(), limits);
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
        printDiagnostics({{Severity::Warning, DiagnosticLocation{path},
                           QStringLiteral("only in LINKS; not fetched (use --fetch-links)")}});
    printOut(QStringLiteral("Extracted %1 files (%2) into %3\n")
                 .arg(result->filesWritten)
                 .arg(humanSize(result->bytesWritten), parser.value(output)));
    return Success;
}

} // namespace cli
