// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton selftest FILE [--runner NAME] [--force] [--kserve-url URL] [--kserve-model NAME] [--rtol R]
//                      [--atol A] [--preset P] [--test NAME] [--opt KEY=VALUE] [--timeout S]
//                      [--ignore-spec-mismatch] [--ignore-carton-tolerances] [--no-sandbox] [--allow-findings]
//                      [--json] [--html OUT]
#include "commands.h"
#include "output.h"
#include "package/carton.h"
#include "runnercli.h"
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
    RunnerCli runnerCli;
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
    const QCommandLineOption ignoreSpecs(
        QStringLiteral("ignore-spec-mismatch"),
        QStringLiteral("Run self-tests whose tensors contradict [[input]]/[[output]] (reported as notes)."));
    const QCommandLineOption ignoreCartonTolerances(
        QStringLiteral("ignore-carton-tolerances"),
        QStringLiteral("Ignore the tolerances the carton carries in [self_test.tolerance]."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print every figure as JSON."));
    const QCommandLineOption html(QStringLiteral("html"), QStringLiteral("Also write a self-contained HTML report."),
                                  QStringLiteral("OUT"));
    runnerCli.addTo(parser);
    parser.addOptions({rtol, atol, preset, test, ignoreSpecs, ignoreCartonTolerances, json, html});
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

    if (!runnerCli.read(parser))
        return UsageOrInput;

    auto carton = openCarton(parser.positionalArguments().constFirst());
    if (!carton)
        return UsageOrInput;
    auto progress = makeProgressBar(QStringLiteral("selftest"));
    const std::unique_ptr<RunnerSession> session = runnerCli.open(*carton, progress.get());
    if (!session)
        return UsageOrInput;
    const Result<SelfTestRun> run = runSelfTests(*carton, *session, options, progress.get());
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
