// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton pack DIR|MODELFILE -o OUT.carton [--compression stored|deflate|zstd] [--level N] [--force]
//             [--runner NAME --framework-version REQ [--compat N] [--name TEXT]]
#include "commands.h"
#include "output.h"
#include "pack/packer.h"

#include <QFileInfo>

namespace cli {

using namespace carton;

int runPack(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Pack a carton folder into a .carton file."));
    parser.addPositionalArgument(QStringLiteral("DIR"),
                                 QStringLiteral("Folder with carton.toml, model/, ...; or a folder of model files, or "
                                                "one model file, with --runner and --framework-version (inputs and "
                                                "outputs are taken from an ONNX model's signature)."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The .carton file to write."), QStringLiteral("OUT"));
    const QCommandLineOption compression(QStringLiteral("compression"),
                                         QStringLiteral("stored, deflate or zstd (default zstd)."),
                                         QStringLiteral("METHOD"), QStringLiteral("zstd"));
    const QCommandLineOption level(QStringLiteral("level"),
                                   QStringLiteral("Compression level (zstd 1-19, deflate 1-9; default 3 / 6)."),
                                   QStringLiteral("N"));
    const QCommandLineOption force(QStringLiteral("force"), QStringLiteral("Overwrite OUT if it exists."));
    // A folder without carton.toml: its files go under model/, carton.toml is made from these.
    const QCommandLineOption runner(QStringLiteral("runner"),
                                    QStringLiteral("Without carton.toml: the runner (runner.runner_name)."),
                                    QStringLiteral("NAME"));
    const QCommandLineOption framework(
        QStringLiteral("framework-version"),
        QStringLiteral("Without carton.toml: runner.required_framework_version (a semver requirement)."),
        QStringLiteral("REQ"));
    const QCommandLineOption compat(QStringLiteral("compat"),
                                    QStringLiteral("Without carton.toml: runner.runner_compat_version (default 1)."),
                                    QStringLiteral("N"));
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("Without carton.toml: model_name."),
                                  QStringLiteral("TEXT"));
    parser.addOptions({output, compression, level, force, runner, framework, compat, name});
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
    const QString folder = parser.positionalArguments().constFirst();
    const QFileInfo input(folder);
    // A folder without carton.toml, or one model file: packed with the metadata given here.
    const bool bare = (input.isDir() && !QFileInfo::exists(folder + QStringLiteral("/carton.toml"))) ||
                      (input.isFile() && input.fileName() != u"carton.toml");
    const bool metadataGiven =
        parser.isSet(runner) || parser.isSet(framework) || parser.isSet(compat) || parser.isSet(name);
    CartonInfo info;
    if (bare) {
        QStringList missing;
        if (parser.value(runner).isEmpty())
            missing.append(QStringLiteral("runner.runner_name (--runner NAME)"));
        if (parser.value(framework).isEmpty())
            missing.append(QStringLiteral("runner.required_framework_version (--framework-version REQ)"));
        for (const QString &field : std::as_const(missing))
            printError(QStringLiteral("%1: no carton.toml, and required field %2 is missing").arg(folder, field));
        if (!missing.isEmpty())
            return CartonErrors;
        info.runner.runnerName = parser.value(runner);
        info.runner.requiredFrameworkVersion = parser.value(framework);
        info.runner.runnerCompatVersion = 1;
        if (parser.isSet(compat)) {
            bool ok = false;
            info.runner.runnerCompatVersion = parser.value(compat).toLongLong(&ok);
            if (!ok) {
                printError(QStringLiteral("pack: --compat must be an integer, not \"%1\"").arg(parser.value(compat)));
                return UsageOrInput;
            }
        }
        if (!parser.value(name).isEmpty())
            info.modelName = parser.value(name);
    } else if (metadataGiven) {
        printError(QStringLiteral("pack: --runner, --framework-version, --compat and --name are for a folder without "
                                  "carton.toml; %1 has one (edit it, or use carton edit after packing)")
                       .arg(folder));
        return UsageOrInput;
    }
    auto progress = makeProgressBar(QStringLiteral("pack"));
    auto result = bare ? packModelFolder(folder, info, parser.value(output), options, progress.get())
                       : packFolder(folder, parser.value(output), options, progress.get());
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
