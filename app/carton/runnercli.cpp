// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runnercli.h"

#include "base/humansize.h"
#include "output.h"
#include "package/carton.h"
#include "runner/runnerregistry.h"
#include "scan/safetyscanner.h"

namespace cli {

using namespace carton;

namespace {

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

RunnerCli::RunnerCli()
    : m_runner(QStringLiteral("runner"), QStringLiteral("Run with this runner plugin."), QStringLiteral("NAME")),
      m_force(QStringLiteral("force"), QStringLiteral("Run even when the runner's name or versions do not match.")),
      m_kserveUrl(QStringLiteral("kserve-url"),
                  QStringLiteral("Run the model on this KServe v2 / Triton HTTP server (http://HOST:PORT), whatever "
                                 "the carton's runner."),
                  QStringLiteral("URL")),
      m_kserveModel(QStringLiteral("kserve-model"),
                    QStringLiteral("The served model's name with --kserve-url (default: the carton's model_name)."),
                    QStringLiteral("NAME")),
      m_opt(QStringLiteral("opt"), QStringLiteral("Override a [runner.opts] value."), QStringLiteral("KEY=VALUE")),
      m_timeout(QStringLiteral("timeout"), QStringLiteral("Seconds one inference may take (default 120)."),
                QStringLiteral("S")),
      m_noSandbox(QStringLiteral("no-sandbox"),
                  QStringLiteral("Run the carton's code WITHOUT the sandbox: with your full rights (your files, the "
                                 "network, processes that outlive the run). Only for cartons you trust.")),
      m_scratchLimit(QStringLiteral("scratch-limit"),
                     QStringLiteral("Bytes the sandboxed model may write to its scratch space /tmp (default 2G; "
                                    "e.g. 512M, 8G; 0: half the memory)."),
                     QStringLiteral("SIZE")),
      m_allowFindings(
          QStringLiteral("allow-findings"),
          QStringLiteral("Run even when the safety scan finds critical problems (pickles that run code...)."))
{
}

void RunnerCli::addTo(QCommandLineParser &parser) const
{
    parser.addOptions({m_runner, m_force, m_kserveUrl, m_kserveModel, m_opt, m_timeout, m_noSandbox, m_scratchLimit,
                       m_allowFindings});
}

bool RunnerCli::read(const QCommandLineParser &parser)
{
    if (parser.isSet(m_timeout)) {
        bool ok = false;
        const double seconds = parser.value(m_timeout).toDouble(&ok);
        if (!ok || !(seconds > 0) || seconds > 86400) {
            printError(QStringLiteral("--timeout: expected seconds between 0 and 86400, got \"%1\"")
                           .arg(parser.value(m_timeout)));
            return false;
        }
        m_runOptions.inferTimeout = std::chrono::milliseconds(qint64(seconds * 1000));
    }
    for (const QString &kv : parser.values(m_opt)) {
        const qsizetype eq = kv.indexOf(u'=');
        if (eq <= 0) {
            printError(QStringLiteral("--opt: expected KEY=VALUE, got \"%1\"").arg(kv));
            return false;
        }
        m_runOptions.optionOverrides.append({kv.left(eq), RunnerOpt(kv.mid(eq + 1))});
    }
    m_choice.runnerName = parser.value(m_runner);
    m_choice.force = parser.isSet(m_force);
    m_choice.kserveUrl = parser.value(m_kserveUrl);
    m_choice.kserveModel = parser.value(m_kserveModel);
    if (parser.isSet(m_kserveModel) && m_choice.kserveUrl.isEmpty()) {
        printError(QStringLiteral("--kserve-model needs --kserve-url"));
        return false;
    }
    if (parser.isSet(m_kserveUrl) && (parser.isSet(m_runner) || parser.isSet(m_force))) {
        printError(QStringLiteral("--kserve-url runs on the server: it cannot be combined with --runner or --force"));
        return false;
    }
    if (parser.isSet(m_noSandbox)) {
        m_runOptions.sandbox = false;
        m_runOptions.noSandboxReason = QStringLiteral("--no-sandbox was given");
        if (m_choice.kserveUrl.isEmpty())
            printWarning(QStringLiteral("--no-sandbox: the carton's code runs with your full rights: it can read and "
                                        "change your files, reach the network and leave processes running"));
    }
    if (parser.isSet(m_scratchLimit)) {
        const Result<qint64> limit = parseHumanSize(parser.value(m_scratchLimit));
        if (!limit) {
            printError(QStringLiteral("--scratch-limit: %1").arg(limit.error().message));
            return false;
        }
        m_runOptions.scratchLimit = *limit;
    }
    m_allowFindingsSet = parser.isSet(m_allowFindings);
    return true;
}

QJsonObject RunnerCli::Failure::toJson(const QString &cartonPath) const
{
    return {{QStringLiteral("carton"), cartonPath},
            {QStringLiteral("ok"), false},
            {QStringLiteral("error"), error.toString()},
            {QStringLiteral("sandbox"), sandbox.toJson()}};
}

std::unique_ptr<RunnerSession> RunnerCli::open(const Carton &carton, Progress *progress, const RunnerChoice *other,
                                               Failure *failure) const
{
    Failure local;
    Failure &out = failure ? *failure : local;
    out.sandbox = {};
    out.sandbox.reason = QStringLiteral("nothing ran");
    const RunnerChoice &choice = other ? *other : m_choice;
    // A server runs the model with --kserve-url: nothing of the carton runs here.
    if (choice.kserveUrl.isEmpty() && !m_allowFindingsSet) {
        const QStringList findings = criticalFindings(carton);
        if (!findings.isEmpty()) {
            finishProgressBar(progress);
            out.error = makeError(ErrorCode::Unsafe,
                                  QStringLiteral("the safety scan found %1 critical problem(s); not running its code "
                                                 "(--allow-findings runs it anyway):\n%2")
                                      .arg(findings.size())
                                      .arg(findings.join(u'\n')),
                                  carton.path());
            out.sandbox.reason = QStringLiteral("nothing ran: the safety scan found critical problems");
            printError(out.error);
            return nullptr;
        }
    }
    QStringList warnings;
    auto session = openRunnerSession(carton, choice, m_runOptions, &warnings, progress, &out.sandbox);
    for (const QString &w : warnings)
        printWarning(w);
    if (session)
        return std::move(session).value();
    finishProgressBar(progress);
    Error error = session.error();
    const RunnerRegistry registry =
        RunnerRegistry::scan(m_runOptions.pluginSearchPaths.isEmpty() ? RunnerRegistry::defaultSearchPaths()
                                                                      : m_runOptions.pluginSearchPaths);
    if (const auto candidate = carton.info() ? registry.forceCandidate(carton.info()->runner, choice) : std::nullopt)
        error.message += QStringLiteral(" (use --runner %1 --force to run it with %1 %2 anyway)")
                             .arg(candidate->runnerName, candidate->frameworkVersion);
    out.error = error;
    printError(error);
    return nullptr;
}

} // namespace cli
