// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton import hf REPO[@REVISION] -o OUT.carton [--link] [--include GLOB]... [--endpoint URL]
//                  [--runner NAME] [--framework-version REQ] [--max-file-size BYTES] [--force]
// carton import hf REPO[@REVISION] --dry-run [--link] [--include GLOB]...: what would be imported
#include "commands.h"
#include "hub/hfimport.h"
#include "output.h"

namespace cli {

using namespace carton;

namespace {

// A server that ignored Range: said, with what it cost.
QString rangeNotes(const HfPreview &p)
{
    QString text;
    for (const HfPreview::IgnoredRange &r : p.rangeIgnored)
        text += QStringLiteral("Note: %1: the server ignored the Range requests (HTTP 200 with the whole file): %2 of "
                               "its %3 were read, then the transfers were stopped\n")
                    .arg(r.path, humanSize(r.received), humanSize(r.size));
    return text;
}

// What `--dry-run` prints: the commit, the architecture, the card's license, each
// file with its size and fate, the parameters each safetensors header gives.
QString previewText(const HfPreview &p)
{
    QString text = QStringLiteral("%1@%2").arg(p.ref.repo, p.ref.revision);
    text += p.commit.isEmpty() ? QStringLiteral(" (the server named no commit: files are fetched at the revision)\n")
                               : QStringLiteral(" = commit %1\n").arg(p.commit);
    if (p.info) {
        const HfModelInfo &i = *p.info;
        QStringList arch;
        auto add = [&arch](const char *what, const std::optional<qint64> &v) {
            if (v)
                arch.append(QStringLiteral("%1 %2").arg(QLatin1String(what)).arg(*v));
        };
        add("layers", i.layers);
        add("hidden", i.hiddenSize);
        add("heads", i.heads);
        add("kv heads", i.kvHeads);
        add("vocab", i.vocabSize);
        add("context", i.contextLength);
        if (!i.dtype.isEmpty())
            arch.append(i.dtype);
        text +=
            QStringLiteral("Architecture (config.json): %1%2%3\n")
                .arg(i.modelType.isEmpty() ? QStringLiteral("?") : i.modelType,
                     i.architectures.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(i.architectures.join(u", ")),
                     arch.isEmpty() ? QString() : QStringLiteral(", ") + arch.join(u", "));
        if (i.hasCard)
            text += QStringLiteral("License (README.md): %1\n")
                        .arg(p.license().isEmpty() ? QStringLiteral("(none in the front matter)") : p.license());
    }
    QHash<QString, const HfShardPreview *> shards;
    for (const HfShardPreview &s : p.shards)
        shards.insert(s.path, &s);
    QList<std::pair<QString, HfRepoFile>> files;
    for (const HfRepoFile &f : p.downloads)
        files.append({QStringLiteral("download"), f});
    for (const HfRepoFile &f : p.linked)
        files.append({QStringLiteral("link"), f});
    std::sort(files.begin(), files.end(), [](const auto &a, const auto &b) { return a.second.path < b.second.path; });
    qint64 downloadBytes = 0;
    qint64 linkedBytes = 0;
    for (const auto &[fate, f] : files)
        (fate == u"link" ? linkedBytes : downloadBytes) += f.size;
    text += QStringLiteral("Files: %1 to download (%2), %3 to link (%4)\n")
                .arg(p.downloads.size())
                .arg(humanSize(downloadBytes))
                .arg(p.linked.size())
                .arg(humanSize(linkedBytes));
    for (const auto &[fate, f] : files) {
        text += QStringLiteral("  %1  %2  %3").arg(fate, -8).arg(humanSize(f.size), 10).arg(f.path);
        if (const HfShardPreview *s = shards.value(f.path))
            text += QStringLiteral("  %1 tensors, %2 parameters (%3)")
                        .arg(s->tensors)
                        .arg(s->parameters)
                        .arg(s->dtypeText());
        text += u'\n';
    }
    if (!p.shards.isEmpty())
        text += QStringLiteral("Parameters: %1 in %2 safetensors file(s)\n").arg(p.parameters()).arg(p.shards.size());
    text += rangeNotes(p);
    text += QStringLiteral("Read %1 to preview (listing not counted); nothing written.\n").arg(humanSize(p.bytesRead));
    return text;
}

} // namespace

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
    const QCommandLineOption dryRun(
        {QStringLiteral("dry-run"), QStringLiteral("list")},
        QStringLiteral("Print what would be imported and write nothing: the files with their sizes, which are "
                       "downloaded and which linked, the architecture (config.json), the card's license and the "
                       "parameters of each safetensors file (its header read with Range requests)."));
    parser.addOptions({output, link, include, endpoint, runner, framework, maxFile, force, dryRun});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("import"), args, 2, &exit))
        return exit;
    if (!parser.isSet(output) && !parser.isSet(dryRun)) {
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
    if (parser.isSet(dryRun)) {
        const HfHub hub(options.endpoint, options.token, options.idleTimeoutMs);
        Result<HfPreview> preview = previewHfRepo(hub, *ref, options.include, options.link);
        if (!preview) {
            printError(preview.error());
            return preview.error().code == ErrorCode::Format ? CartonErrors : UsageOrInput;
        }
        printOut(previewText(*preview));
        return Success;
    }
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
    if (!result->preview.commit.isEmpty())
        text += QStringLiteral("Fetched at commit %1 (what %2 resolved to)%3\n")
                    .arg(result->preview.commit, ref->revision,
                         result->linked.isEmpty() ? QString() : QStringLiteral("; the links name it"));
    text += rangeNotes(result->preview);
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
