// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton verify FILE [--json] [--fetch-links]
#include "commands.h"
#include "jsonexport.h"
#include "output.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "validate/validator.h"

namespace cli {

using namespace carton;

int runVerify(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Validate a carton and check every file's sha256 against MANIFEST."));
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("A .carton file or an unpacked carton folder."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption fetch(QStringLiteral("fetch-links"),
                                   QStringLiteral("Download files listed in LINKS and verify them too."));
    const QCommandLineOption threads(QStringLiteral("threads"),
                                     QStringLiteral("Worker threads (default: one per core)."), QStringLiteral("N"));
    parser.addOptions({json, fetch, threads});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("verify"), args, 1, &exit))
        return exit;
    auto carton = openCarton(parser.positionalArguments().constFirst());
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
    for (const Diagnostic &d : report.diagnostics()) {
        if (!diagnostics.contains(d))
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
    const bool passed = report.ok() && !hasErrors(diagnostics);
    if (parser.isSet(json)) {
        QJsonArray files;
        for (const FileCheck &f : report.files)
            files.append(fileCheckToJson(f));
        printJson(QJsonDocument(QJsonObject{
            {QStringLiteral("ok"), passed},
            {QStringLiteral("manifest_hash"), QString::fromLatin1(carton->modelHash())},
            {QStringLiteral("files"), files},
            {QStringLiteral("diagnostics"), diagnosticsToJson(diagnostics)},
        }));
    } else {
        printDiagnostics(diagnostics);
        QString verdict = passed ? QStringLiteral("OK: %1 files verified").arg(ok)
                                 : QStringLiteral("FAILED: %1 files ok, %2 with problems").arg(ok).arg(bad);
        if (linked)
            verdict += QStringLiteral(", %1 linked (not fetched)").arg(linked);
        if (report.cancelled)
            verdict += QStringLiteral(" (cancelled)");
        printOut(verdict + QStringLiteral("; model hash %1\n").arg(QString::fromLatin1(carton->modelHash())));
    }
    return passed ? Success : CartonErrors;
}

} // namespace cli
