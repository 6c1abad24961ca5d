// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton scan FILE [--json] [--sarif OUT]
#include "commands.h"
#include "output.h"
#include "scan/safetyscanner.h"
#include "scan/sariflog.h"

#include <QCoreApplication>

namespace cli {

using namespace carton;

int runScan(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Scan a carton for what can execute or reach out: pickle imports (disassembled, never "
                       "loaded) against an allow-list, Python code, native executables, archive tricks and "
                       "network hosts.\nExit codes: 0 nothing found, 1 findings, 2 could not scan (or not "
                       "completely, with nothing found)."));
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral("A .carton file, an unpacked carton folder, or a pickle or torch file (.pkl, .pt, .bin...; "
                       "torch zips and legacy torch tars too). Every file, zip member and tar member is read as "
                       "a pickle: what is one is decided by content, whatever the name."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption sarif(QStringLiteral("sarif"),
                                   QStringLiteral("Also write the findings as a SARIF 2.1.0 log (for CI and "
                                                  "code-scanning dashboards)."),
                                   QStringLiteral("OUT.sarif"));
    parser.addOptions({json, sarif});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("scan"), args, 1, &exit))
        return exit;
    const ScanReport report = SafetyScanner::scan(parser.positionalArguments().constFirst());
    const ScanVerdict verdict = report.verdict();
    if (parser.isSet(sarif)) {
        if (const Status written =
                SarifLog::fromScan(report, QCoreApplication::applicationVersion()).write(parser.value(sarif));
            !written) {
            printError(written.error());
            return UsageOrInput;
        }
    }
    if (parser.isSet(json)) {
        printJson(QJsonDocument(scanReportToJson(report)));
    } else {
        for (const QString &p : report.problems)
            printError(p);
        QString text;
        for (const ScanFinding &f : report.findings) {
            text += QStringLiteral("%1\t%2\t%3: %4\n")
                        .arg(scanSeverityName(f.severity).toUpper(), scanCategoryName(f.category), f.file, f.what);
            text += QStringLiteral("\t\t%1\n").arg(f.why);
            if (!f.detail.isEmpty())
                text += QStringLiteral("\t\t%1\n").arg(f.detail);
        }
        text += QStringLiteral("scan %1: %2 (%3 critical, %4 high, %5 medium, %6 info; %7 files, %8 pickles)\n")
                    .arg(scanStatusName(report.status), scanVerdictName(verdict))
                    .arg(report.count(ScanSeverity::Critical))
                    .arg(report.count(ScanSeverity::High))
                    .arg(report.count(ScanSeverity::Medium))
                    .arg(report.count(ScanSeverity::Info))
                    .arg(report.filesExamined)
                    .arg(report.pickles.size());
        printOut(text);
    }
    switch (verdict) {
    case ScanVerdict::NoFindings:
        return Success;
    case ScanVerdict::Findings:
        return CartonErrors;
    case ScanVerdict::Unknown:
        return UsageOrInput;
    }
    return UsageOrInput;
}

} // namespace cli
