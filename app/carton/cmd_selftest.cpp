// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton selftest FILE [--runner NAME] [--force] [--kserve-url URL] [--kserve-model NAME] [--rtol R]
//                      [--atol A] [--preset P] [--test NAME] [--opt KEY=VALUE] [--timeout S]
//                      [--ignore-spec-mismatch] [--ignore-carton-tolerances] [--no-sandbox] [--allow-findings]
//                      [--benchmark N [--warmup K]] [--compare-with kserve:URL | --compare-runner NAME[@VERSION]]
//                      [--json] [--html OUT] [--no-history]
// carton selftest --history FILE [--json]
#include "commands.h"
#include "comparecli.h"
#include "historycli.h"
#include "output.h"
#include "package/carton.h"
#include "runnercli.h"
#include "selftest/benchmark.h"
#include "selftest/selftestengine.h"
#include "selftest/selftestreport.h"

#include <QTextStream>

namespace cli {

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

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
            s << "  " << o.name << ": " << comparisonLine(*o.comparison) << '\n';
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

// The benchmark's figures, one line per self-test.
QString benchmarkText(const BenchmarkResult &b)
{
    QString out = QStringLiteral("benchmark: %1 warm-up + %2 timed inferences per self-test; first inference %3")
                      .arg(b.options.warmup)
                      .arg(b.options.iterations)
                      .arg(b.firstInference ? latencyText(double(b.firstInference->count())) : QStringLiteral("-"));
    if (b.peakRssBytes)
        out += QStringLiteral("; runner host peak RSS %1").arg(humanSize(*b.peakRssBytes));
    out += u'\n';
    for (const TestBenchmark &t : b.tests) {
        if (!t.error.isEmpty()) {
            out += QStringLiteral("  %1: %2\n").arg(t.name, t.error);
            continue;
        }
        out += QStringLiteral("  %1: p50 %2, p95 %3, p99 %4, mean %5, min %6, max %7, %8/s; transfer mean %9\n")
                   .arg(t.name, latencyText(t.model.p50), latencyText(t.model.p95), latencyText(t.model.p99),
                        latencyText(t.model.mean), latencyText(t.model.min), latencyText(t.model.max),
                        QString::number(t.throughput, 'f', 1), latencyText(t.transfer.mean));
    }
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
        "With --compare-with or --compare-runner the self-tests also run on backend B and each output of B is "
        "compared with A's.\n"
        "Exit codes: 0 all passed (and A and B agree), 1 any failed (or A and B disagree), 2 could not run (no "
        "matching runner, unreadable carton, no "
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
    const QCommandLineOption benchmark(
        QStringLiteral("benchmark"),
        QStringLiteral("After the self-tests, time N inferences of each (p50/p95/p99/mean/min/max latency measured "
                       "in the runner host, throughput, the host's peak RSS; the transfer is reported apart)."),
        QStringLiteral("N"));
    const QCommandLineOption warmup(QStringLiteral("warmup"),
                                    QStringLiteral("Untimed inferences of each self-test before --benchmark's "
                                                   "(default 10)."),
                                    QStringLiteral("K"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print every figure as JSON."));
    const QCommandLineOption html(QStringLiteral("html"), QStringLiteral("Also write a self-contained HTML report."),
                                  QStringLiteral("OUT"));
    const QCommandLineOption history(QStringLiteral("history"),
                                     QStringLiteral("List the runs kept for this carton's model (each run is kept, "
                                                    "the last 50) and what changed in the last; runs nothing."));
    const QCommandLineOption noHistory(QStringLiteral("no-history"),
                                       QStringLiteral("Do not keep this run in the model's run history."));
    parser.addOptions({history, noHistory});
    runnerCli.addTo(parser);
    CompareCli compareCli;
    compareCli.addTo(parser);
    parser.addOptions({rtol, atol, preset, test, ignoreSpecs, ignoreCartonTolerances, benchmark, warmup, json, html});
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

    if (!runnerCli.read(parser) || !compareCli.read(parser, runnerCli.choice()))
        return UsageOrInput;
    std::optional<BenchmarkOptions> benchmarkOptions;
    if (parser.isSet(benchmark) || parser.isSet(warmup)) {
        bool okN = parser.isSet(benchmark), okK = true;
        benchmarkOptions.emplace();
        benchmarkOptions->iterations = parser.value(benchmark).toInt(&okN);
        if (parser.isSet(warmup))
            benchmarkOptions->warmup = parser.value(warmup).toInt(&okK);
        if (!okN || !okK || benchmarkOptions->iterations < 1 || benchmarkOptions->iterations > 1000000 ||
            benchmarkOptions->warmup < 0 || benchmarkOptions->warmup > 1000000) {
            printError(QStringLiteral("--benchmark N [--warmup K]: expected N from 1 to 1000000 and K from 0 to "
                                      "1000000, got \"%1\" and \"%2\"")
                           .arg(parser.value(benchmark), parser.value(warmup)));
            return UsageOrInput;
        }
        benchmarkOptions->tests = options.tests;
    }

    auto carton = openCarton(parser.positionalArguments().constFirst());
    if (!carton)
        return UsageOrInput;
    if (parser.isSet(history))
        return printHistory(*carton, parser.isSet(json));
    auto progress = makeProgressBar(QStringLiteral("selftest"));
    RunnerCli::Failure failure;
    const std::unique_ptr<RunnerSession> session = runnerCli.open(*carton, progress.get(), nullptr, &failure);
    if (!session) {
        // A report still: what failed, and whether the runner host ran sandboxed.
        if (parser.isSet(json))
            printJson(QJsonDocument(failure.toJson(carton->path())));
        return UsageOrInput;
    }
    const Result<SelfTestRun> run = runSelfTests(*carton, *session, options, progress.get());
    if (!run) {
        finishProgressBar(progress.get());
        printError(run.error());
        return UsageOrInput;
    }
    // Backend B: the same self-tests on another runner or a server, then B against A.
    std::optional<SelfTestRun> runB;
    std::optional<BackendComparison> compared;
    if (compareCli.backendB()) {
        const std::unique_ptr<RunnerSession> sessionB =
            runnerCli.open(*carton, progress.get(), &*compareCli.backendB());
        if (!sessionB)
            return UsageOrInput;
        Result<SelfTestRun> b = runSelfTests(*carton, *sessionB, options, progress.get());
        if (!b) {
            finishProgressBar(progress.get());
            printError(b.error());
            return UsageOrInput;
        }
        runB = std::move(b).value();
        compared = compareBackends(*run, *runB, options.tolerances, options.compare);
    }
    std::optional<BenchmarkResult> benchmarked;
    if (benchmarkOptions) {
        Result<BenchmarkResult> b = runBenchmark(*carton, *session, *benchmarkOptions, progress.get());
        if (!b) {
            finishProgressBar(progress.get());
            printError(b.error());
            return UsageOrInput;
        }
        benchmarked = std::move(b).value();
        if (run->firstInference) // the self-tests ran first: theirs was the model's first inference
            benchmarked->firstInference = run->firstInference;
    }
    finishProgressBar(progress.get());
    if (!parser.isSet(noHistory)) {
        keepInHistory(*run);
        if (runB)
            keepInHistory(*runB);
    }
    if (parser.isSet(html)) {
        QByteArray report = selfTestReportHtml(*run);
        if (benchmarked)
            report.replace("</body>", QByteArray(benchmarkHtml(*benchmarked).toUtf8() + "</body>"));
        const Status written = writeReportFile(parser.value(html), report);
        if (!written) {
            printError(written.error());
            return UsageOrInput;
        }
    }
    if (parser.isSet(json)) {
        QJsonObject out = selfTestRunToJson(*run);
        if (benchmarked)
            out.insert(QStringLiteral("benchmark"), benchmarkToJson(*benchmarked));
        if (compared) {
            QJsonObject cj = backendComparisonToJson(*compared);
            cj.insert(QStringLiteral("run_b"), selfTestRunToJson(*runB));
            out.insert(QStringLiteral("compare"), cj);
        }
        printJson(QJsonDocument(out));
    } else {
        QString text = textReport(*run) + (benchmarked ? benchmarkText(*benchmarked) : QString());
        if (compared)
            text = QStringLiteral("backend A: %1\n%2backend B: %3\n%4%5")
                       .arg(run->runner, text, runB->runner, textReport(*runB), backendComparisonText(*compared));
        printOut(text);
    }
    const bool agree = !compared || compared->agrees();
    return run->exitCode() == 0 && (!runB || runB->exitCode() == 0) && agree ? Success : CartonErrors;
}

} // namespace cli
