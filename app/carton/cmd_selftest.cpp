// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton selftest FILE [--runner NAME] [--force] [--kserve-url URL] [--kserve-model NAME] [--rtol R]
//                      [--atol A] [--preset P] [--test NAME] [--opt KEY=VALUE] [--timeout S]
//                      [--ignore-spec-mismatch] [--ignore-carton-tolerances] [--no-sandbox] [--allow-findings]
//                      [--json] [--html OUT]
#include "commands.h"
#include "output.h"
#include "package/carton.h"
#include "runner/runnerregistry.h"
#include "runner/runnersessionfactory.h"
#include "scan/safetyscanner.h"
#include "selftest/selftestengine.h"
#include "selftest/selftestreport.h"

#include <QTextStream>

namespace cli {

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

QString formatError(double value)
{
    return QString::number(value, 'g', 3);
}

// One line per self-test, then its outputs' key figures: what a terminal shows.
QString textReport(const SelfTestRun &run)
{
    QString out;
    QTextStream s(&out);
    for (const SelfTestResult &t : run.tests) {
        s << selfTestStatusName(t.status).toUpper() << ": " << t.name;
        if (t.inferenceTime)
            s << QStringLiteral(" (%1 ms)").arg(double(t.inferenceTime->count()) / 1e6, 0, 'f', 1);
        if (!t.reason.isEmpty())
            s << " — " << t.reason;
        s << '\n';
        for (const QString &note : t.notes)
            s << "  note: " << note << '\n';
        for (const OutputResult &o : t.outputs) {
            if (!o.comparison)
                continue;
            const TensorComparison &c = *o.comparison;
            s << "  " << o.name << ": "
              << (c.message.isEmpty() ? (c.exact ? u"equal"_s : u"within tolerance"_s) : c.message);
            if (!c.exact && c.comparedCount > 0)
                s << QStringLiteral(" (max abs %1, max rel %2, %3 of %4 elements off)")
                         .arg(formatError(c.absError.max), formatError(c.relError.max))
                         .arg(c.mismatchCount)
                         .arg(c.elementCount);
            s << '\n';
        }
    }
    s << QStringLiteral("%1 passed, %2 failed, %3 cannot run, %4 error")
             .arg(run.count(SelfTestStatus::Passed))
             .arg(run.count(SelfTestStatus::Failed))
             .arg(run.count(SelfTestStatus::CannotRun))
             .arg(run.count(SelfTestStatus::Error));
    if (!run.examples.isEmpty()) // examples have no verdict, but one that cannot run is broken
        s << QStringLiteral("; examples: %1 ran, %2 cannot run, %3 error")
                 .arg(run.count(ExampleStatus::Ran))
                 .arg(run.count(ExampleStatus::CannotRun))
                 .arg(run.count(ExampleStatus::Error));
    if (run.cancelled)
        s << " (cancelled)";
    s << QStringLiteral("; model load %1 ms\n").arg(double(run.loadTime.count()) / 1e6, 0, 'f', 1);
    s << run.sandbox.summary() << '\n';
    if (!run.forced.isEmpty())
        s << QStringLiteral("FORCED: run with %1\n").arg(run.forced);
    return out;
}

// Critical safety findings stop a run unless the user allows them: the lines
// to print, empty when there are none.
QStringList criticalFindings(const Carton &carton)
{
    QStringList lines;
    for (const ScanFinding &f : SafetyScanner::scan(carton).findingsAtLeast(ScanSeverity::Critical))
        lines << QStringLiteral("  critical: %1: %2 (%3)").arg(f.file, f.what, f.why);
    return lines;
}

} // namespace

int runSelfTest(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run a carton's [[self_test]]s through a runner plugin and compare the outputs with expected_out.\n"
        "The model runs in a sandbox (bubblewrap): no network, no view of your files or processes, nothing "
        "survives the run.\n"
        "Exit codes: 0 all passed, 1 any failed, 2 could not run (no matching runner, unreadable carton, no "
        "sandbox, critical safety findings)."));
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("A .carton file or an unpacked carton folder."));
    const QCommandLineOption runner(QStringLiteral("runner"), QStringLiteral("Run with this runner plugin."),
                                    QStringLiteral("NAME"));
    const QCommandLineOption force(QStringLiteral("force"),
                                   QStringLiteral("Run even when the runner's name or versions do not match."));
    const QCommandLineOption kserveUrl(
        QStringLiteral("kserve-url"),
        QStringLiteral("Run the self-tests on this KServe v2 / Triton HTTP server (http://HOST:PORT), whatever the "
                       "carton's runner."),
        QStringLiteral("URL"));
    const QCommandLineOption kserveModel(
        QStringLiteral("kserve-model"),
        QStringLiteral("The served model's name with --kserve-url (default: the carton's model_name)."),
        QStringLiteral("NAME"));
    const QCommandLineOption rtol(QStringLiteral("rtol"),
                                  QStringLiteral("Relative tolerance, for every output or OUTPUT:VALUE."),
                                  QStringLiteral("R"));
    const QCommandLineOption atol(QStringLiteral("atol"),
                                  QStringLiteral("Absolute tolerance, for every output or OUTPUT:VALUE."),
                                  QStringLiteral("A"));
    const QCommandLineOption preset(QStringLiteral("preset"),
                                    QStringLiteral("Tolerance preset: exact, close (default), approximate, loose."),
                                    QStringLiteral("P"));
    const QCommandLineOption test(QStringLiteral("test"), QStringLiteral("Run only this self-test (repeatable)."),
                                  QStringLiteral("NAME"));
    const QCommandLineOption opt(QStringLiteral("opt"), QStringLiteral("Override a [runner.opts] value."),
                                 QStringLiteral("KEY=VALUE"));
    const QCommandLineOption timeout(QStringLiteral("timeout"),
                                     QStringLiteral("Seconds one inference may take (default 120)."),
                                     QStringLiteral("S"));
    const QCommandLineOption ignoreSpecs(
        QStringLiteral("ignore-spec-mismatch"),
        QStringLiteral("Run self-tests whose tensors contradict [[input]]/[[output]] (reported as notes)."));
    const QCommandLineOption ignoreCartonTolerances(
        QStringLiteral("ignore-carton-tolerances"),
        QStringLiteral("Ignore the tolerances the carton carries in [self_test.tolerance]."));
    const QCommandLineOption noSandbox(
        QStringLiteral("no-sandbox"),
        QStringLiteral("Run the carton's code WITHOUT the sandbox: with your full rights (your files, the network, "
                       "processes that outlive the run). Only for cartons you trust."));
    const QCommandLineOption allowFindings(
        QStringLiteral("allow-findings"),
        QStringLiteral("Run even when the safety scan finds critical problems (pickles that run code...)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print every figure as JSON."));
    const QCommandLineOption html(QStringLiteral("html"), QStringLiteral("Also write a self-contained HTML report."),
                                  QStringLiteral("OUT"));
    parser.addOptions({runner, force, kserveUrl, kserveModel, rtol, atol, preset, test, opt, timeout, ignoreSpecs,
                       ignoreCartonTolerances, noSandbox, allowFindings, json, html});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("selftest"), args, 1, &exit))
        return exit;

    SelfTestOptions options;
    if (parser.isSet(preset)) {
        const auto p = parseTolerancePreset(parser.value(preset));
        if (!p) {
            printError(QStringLiteral("--preset: expected exact, close, approximate or loose, got \"%1\"")
                           .arg(parser.value(preset)));
            return UsageOrInput;
        }
        options.tolerances.preset = *p;
    }
    for (const auto &[option, name] : {std::pair{&rtol, u"rtol"}, std::pair{&atol, u"atol"}}) {
        for (const QString &value : parser.values(*option)) {
            const Status applied = options.tolerances.applyOption(name, value);
            if (!applied) {
                printError(applied.error());
                return UsageOrInput;
            }
        }
    }
    options.tolerances.useCartonTolerances = !parser.isSet(ignoreCartonTolerances);
    options.tests = parser.values(test);
    options.runDespiteSpecMismatch = parser.isSet(ignoreSpecs);

    RunOptions runOptions;
    if (parser.isSet(timeout)) {
        bool ok = false;
        const double seconds = parser.value(timeout).toDouble(&ok);
        if (!ok || !(seconds > 0) || seconds > 86400) {
            printError(QStringLiteral("--timeout: expected seconds between 0 and 86400, got \"%1\"")
                           .arg(parser.value(timeout)));
            return UsageOrInput;
        }
        runOptions.inferTimeout = std::chrono::milliseconds(qint64(seconds * 1000));
    }
    for (const QString &kv : parser.values(opt)) {
        const qsizetype eq = kv.indexOf(u'=');
        if (eq <= 0) {
            printError(QStringLiteral("--opt: expected KEY=VALUE, got \"%1\"").arg(kv));
            return UsageOrInput;
        }
        runOptions.optionOverrides.append({kv.left(eq), RunnerOpt(kv.mid(eq + 1))});
    }

    auto carton = openCarton(parser.positionalArguments().constFirst());
    if (!carton)
        return UsageOrInput;
    RunnerChoice choice;
    choice.runnerName = parser.value(runner);
    choice.force = parser.isSet(force);
    choice.kserveUrl = parser.value(kserveUrl);
    choice.kserveModel = parser.value(kserveModel);
    if (parser.isSet(kserveModel) && choice.kserveUrl.isEmpty()) {
        printError(QStringLiteral("--kserve-model needs --kserve-url"));
        return UsageOrInput;
    }
    if (parser.isSet(kserveUrl) && (parser.isSet(runner) || parser.isSet(force))) {
        printError(QStringLiteral("--kserve-url runs on the server: it cannot be combined with --runner or --force"));
        return UsageOrInput;
    }
    if (parser.isSet(noSandbox)) {
        runOptions.sandbox = false;
        runOptions.noSandboxReason = QStringLiteral("--no-sandbox was given");
        if (choice.kserveUrl.isEmpty())
            printWarning(QStringLiteral("--no-sandbox: the carton's code runs with your full rights: it can read and "
                                        "change your files, reach the network and leave processes running"));
    }
    // A server runs the model with --kserve-url: nothing of the carton runs here.
    if (choice.kserveUrl.isEmpty() && !parser.isSet(allowFindings)) {
        const QStringList findings = criticalFindings(*carton);
        if (!findings.isEmpty()) {
            printError(QStringLiteral("%1: the safety scan found %2 critical problem(s); not running its code "
                                      "(--allow-findings runs it anyway):\n%3")
                           .arg(carton->path())
                           .arg(findings.size())
                           .arg(findings.join(u'\n')));
            return UsageOrInput;
        }
    }
    QStringList warnings;
    auto progress = makeProgressBar(QStringLiteral("selftest"));
    auto session = openRunnerSession(*carton, choice, runOptions, &warnings, progress.get());
    for (const QString &w : warnings)
        printWarning(w);
    if (!session) {
        finishProgressBar(progress.get());
        Error error = session.error();
        const RunnerRegistry registry =
            RunnerRegistry::scan(runOptions.pluginSearchPaths.isEmpty() ? RunnerRegistry::defaultSearchPaths()
                                                                        : runOptions.pluginSearchPaths);
        if (const auto candidate =
                carton->info() ? registry.forceCandidate(carton->info()->runner, choice) : std::nullopt)
            error.message += QStringLiteral(" (use --runner %1 --force to run it with %1 %2 anyway)")
                                 .arg(candidate->runnerName, candidate->frameworkVersion);
        printError(error);
        return UsageOrInput;
    }
    const Result<SelfTestRun> run = runSelfTests(*carton, **session, options, progress.get());
    finishProgressBar(progress.get());
    if (!run) {
        printError(run.error());
        return UsageOrInput;
    }
    if (parser.isSet(html)) {
        const Status written = writeReportFile(parser.value(html), selfTestReportHtml(*run));
        if (!written) {
            printError(written.error());
            return UsageOrInput;
        }
    }
    if (parser.isSet(json))
        printJson(QJsonDocument(selfTestRunToJson(*run)));
    else
        printOut(textReport(*run));
    return run->exitCode() == 0 ? Success : CartonErrors;
}

} // namespace cli
