// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton import hf REPO[@REVISION] -o OUT.carton [--link] [--include GLOB]... [--endpoint URL]
//                  [--runner NAME] [--framework-version REQ] [--max-file-size BYTES] [--force]
#include "commands.h"
#include "hub/hfimport.h"
#include "output.h"

namespace cli {

using namespace carton;

int runImport(const QStringList &args)
{
    if (args.isEmpty() || (args.first() != u"hf" && !args.first().startsWith(u'-'))) {
        printError(QStringLiteral("import: the source is \"hf\" (carton import hf REPO -o OUT.carton)"));
        return UsageOrInput;
    }
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Import a Hugging Face Hub repository as a carton: its model files are downloaded (checked "
                       "against the listed sizes and LFS sha256; an interrupted import resumes) and carton.toml is "
                       "filled from them (name, the card's license and descriptions, the runner). A token from "
                       "HF_TOKEN or the Hugging Face token file is sent to the endpoint's host only."));
    parser.addPositionalArgument(QStringLiteral("hf"), QStringLiteral("The source: the Hugging Face Hub."));
    parser.addPositionalArgument(
        QStringLiteral("REPO"),
        QStringLiteral("OWNER/NAME, OWNER/NAME@REVISION or the repository's URL (ENDPOINT/OWNER/NAME[/tree/REV])."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The .carton file to write."), QStringLiteral("OUT"));
    const QCommandLineOption link(
        QStringLiteral("link"),
        QStringLiteral("Do not download the weights: the carton links them (LINKS entries with the Hub's resolve URLs "
                       "and their LFS sha256); the config, tokenizer and card files are downloaded."));
    const QCommandLineOption include(QStringLiteral("include"),
                                     QStringLiteral("Only the files matching GLOB (repeatable; default: the top-level "
                                                    "config, tokenizer and card files and the weights)."),
                                     QStringLiteral("GLOB"));
    const QCommandLineOption endpoint(
        QStringLiteral("endpoint"),
        QStringLiteral("The Hub's address (default HF_ENDPOINT or https://huggingface.co)."), QStringLiteral("URL"));
    const QCommandLineOption runner(QStringLiteral("runner"),
                                    QStringLiteral("runner.runner_name (default: guessed from the files)."),
                                    QStringLiteral("NAME"));
    const QCommandLineOption framework(QStringLiteral("framework-version"),
                                       QStringLiteral("runner.required_framework_version (default *)."),
                                       QStringLiteral("REQ"));
    const QCommandLineOption maxFile(QStringLiteral("max-file-size"),
                                     QStringLiteral("Refuse a file larger than BYTES (default 256 GiB)."),
                                     QStringLiteral("BYTES"));
    const QCommandLineOption force(QStringLiteral("force"), QStringLiteral("Overwrite OUT if it exists."));
    parser.addOptions({output, link, include, endpoint, runner, framework, maxFile, force});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("import"), args, 2, &exit))
        return exit;
    if (!parser.isSet(output)) {
        printError(QStringLiteral("import: -o OUT.carton is required"));
        return UsageOrInput;
    }
    HfImportOptions options;
    if (parser.isSet(endpoint)) {
        options.endpoint = QUrl(parser.value(endpoint), QUrl::StrictMode);
        if (!options.endpoint.isValid() ||
            (options.endpoint.scheme() != u"https" && options.endpoint.scheme() != u"http") ||
            options.endpoint.host().isEmpty()) {
            printError(
                QStringLiteral("import: --endpoint must be an http(s) URL, not \"%1\"").arg(parser.value(endpoint)));
            return UsageOrInput;
        }
    }
    if (parser.isSet(maxFile)) {
        bool ok = false;
        options.maxFileBytes = parser.value(maxFile).toLongLong(&ok);
        if (!ok || options.maxFileBytes < 0) {
            printError(QStringLiteral("import: --max-file-size must be a number of bytes, not \"%1\"")
                           .arg(parser.value(maxFile)));
            return UsageOrInput;
        }
    }
    Result<HfRepoRef> ref = HfRepoRef::parse(parser.positionalArguments().at(1), options.endpoint);
    if (!ref) {
        printError(ref.error());
        return UsageOrInput;
    }
    options.token = HfHub::tokenFromEnvironment();
    options.include = parser.values(include);
    options.runner = parser.value(runner);
    if (parser.isSet(framework))
        options.frameworkVersion = parser.value(framework);
    options.pack.overwrite = parser.isSet(force);
    options.link = parser.isSet(link);
    auto progress = makeProgressBar(QStringLiteral("import"));
    Result<HfImportResult> result = importHfRepo(*ref, parser.value(output), options, progress.get());
    finishProgressBar(progress.get());
    if (!result) {
        printError(result.error());
        return result.error().code == ErrorCode::Format ? CartonErrors : UsageOrInput;
    }
    printDiagnostics(result->pack.diagnostics);
    QString text = QStringLiteral("Filled in from the repository (check each field):\n");
    for (const HfImportGuess &g : std::as_const(result->guesses))
        text += QStringLiteral("  %1 = %2  (%3)\n")
                    .arg(g.field, g.value.isEmpty() ? QStringLiteral("(not filled)") : g.value.left(80), g.source);
    QString linked;
    if (!result->linked.isEmpty()) {
        qint64 bytes = 0;
        for (const HfRepoFile &f : std::as_const(result->linked))
            bytes += f.size;
        linked = QStringLiteral(", %1 linked (%2)").arg(result->linked.size()).arg(humanSize(bytes));
    }
    printOut(text + QStringLiteral("Wrote %1 (%2 files from %3@%4%5, %6); model hash %7\n")
                        .arg(parser.value(output))
                        .arg(result->files.size() + result->cardImages.size())
                        .arg(ref->repo, ref->revision, linked, humanSize(result->pack.bytesWritten),
                             QString::fromLatin1(result->pack.modelHash)));
    return Success;
}

} // namespace cli
