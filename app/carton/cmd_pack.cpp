// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton pack DIR -o OUT.carton [--compression stored|deflate|zstd] [--level N] [--force]
#include "commands.h"
#include "output.h"
#include "pack/packer.h"

namespace cli {

using namespace carton;

int runPack(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Pack a carton folder into a .carton file."));
    parser.addPositionalArgument(QStringLiteral("DIR"), QStringLiteral("Folder with carton.toml, model/, ..."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The .carton file to write."), QStringLiteral("OUT"));
    const QCommandLineOption compression(QStringLiteral("compression"),
                                         QStringLiteral("stored, deflate or zstd (default zstd)."),
                                         QStringLiteral("METHOD"), QStringLiteral("zstd"));
    const QCommandLineOption level(QStringLiteral("level"),
                                   QStringLiteral("Compression level (zstd 1-19, deflate 1-9; default 3 / 6)."),
                                   QStringLiteral("N"));
    const QCommandLineOption force(QStringLiteral("force"), QStringLiteral("Overwrite OUT if it exists."));
    parser.addOptions({output, compression, level, force});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("pack"), args, 1, &exit))
        return exit;
    if (!parser.isSet(output)) {
        printError(QStringLiteral("pack: -o OUT.carton is required"));
        return UsageOrInput;
    }
    PackOptions options;
    const QString method = parser.value(compression);
    if (method == u"stored") {
        options.method = ZipMethod::Stored;
    } else if (method == u"deflate") {
        options.method = ZipMethod::Deflate;
        options.level = 6;
    } else if (method == u"zstd") {
        options.method = ZipMethod::Zstd;
    } else {
        printError(QStringLiteral("pack: --compression must be stored, deflate or zstd, not \"%1\"").arg(method));
        return UsageOrInput;
    }
    if (parser.isSet(level)) {
        bool ok = false;
        const int n = parser.value(level).toInt(&ok);
        const int max = options.method == ZipMethod::Deflate ? 9 : 22;
        if (!ok || n < 1 || n > max) {
            printError(QStringLiteral("pack: --level must be an integer from 1 to %1").arg(max));
            return UsageOrInput;
        }
        options.level = n;
    }
    options.overwrite = parser.isSet(force);
    auto progress = makeProgressBar(QStringLiteral("pack"));
    auto result = packFolder(parser.positionalArguments().constFirst(), parser.value(output), options, progress.get());
    finishProgressBar(progress.get());
    if (!result) {
        printError(result.error());
        // Validation errors mean the carton has errors; anything else is unreadable input or I/O.
        return result.error().code == ErrorCode::Format ? CartonErrors : UsageOrInput;
    }
    printDiagnostics(result->diagnostics);
    printOut(QStringLiteral("Wrote %1 (%2 files, %3); model hash %4\n")
                 .arg(parser.value(output))
                 .arg(result->fileCount)
                 .arg(humanSize(result->bytesWritten), QString::fromLatin1(result->modelHash)));
    return Success;
}

} // namespace cli
