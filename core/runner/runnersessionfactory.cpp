// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runnersessionfactory.h"

#include "format/semver.h"
#include "package/carton.h"
#include "runner/hostsession.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QUrl>
#include <algorithm>
#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace carton {

namespace {

qint64 physicalMemory()
{
#ifdef Q_OS_UNIX
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long pageSize = ::sysconf(_SC_PAGESIZE);
    if (pages > 0 && pageSize > 0)
        return qint64(pages) * pageSize;
#endif
    return 0;
}

// What the kserve plugin is selected by (any version of it).
RunnerInfo kserveRunner()
{
    RunnerInfo r;
    r.runnerName = QStringLiteral("kserve");
    r.requiredFrameworkVersion = QStringLiteral("*");
    r.runnerCompatVersion = 1;
    return r;
}

} // namespace

QString findRunnerHost()
{
    const QString env = qEnvironmentVariable("CARTON_RUNNER_HOST");
    if (!env.isEmpty())
        return env;
    if (!QCoreApplication::instance())
        return {};
    const QString dir = QCoreApplication::applicationDirPath();
#ifdef Q_OS_WIN
    const QString exe = QStringLiteral("carton-runner-host.exe");
#else
    const QString exe = QStringLiteral("carton-runner-host");
#endif
    for (const QString &candidate :
         {QString(dir + u'/' + exe), QString(dir + QStringLiteral("/../libexec/carton-studio/") + exe)}) {
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    }
    return {};
}

namespace {

// How to start the host for `carton`: the plugin chosen, its options resolved.
struct HostPlan {
    HostSession::Params params;
    QStringList notes;
    QString forced;
    QString runner; // RunnerSession::runner()
};

Result<HostPlan> planHost(const Carton &carton, const RunnerChoice &choice, const RunOptions &options)
{
    if (!carton.info())
        return makeError(ErrorCode::Format, QStringLiteral("the carton has no readable carton.toml, so no [runner]"),
                         carton.path());
    const RunnerInfo &runner = carton.info()->runner;
    const RunnerRegistry registry = RunnerRegistry::scan(
        options.pluginSearchPaths.isEmpty() ? RunnerRegistry::defaultSearchPaths() : options.pluginSearchPaths);
    const bool kserve = !choice.kserveUrl.isEmpty();
    Result<RunnerPluginInfo> plugin = kserve ? registry.select(kserveRunner(), {}) : registry.select(runner, choice);
    if (!plugin)
        return plugin.error();
    QStringList notes;
    QString forced;
    if (choice.force && !kserve) {
        const Result<VersionReq> req = VersionReq::parse(runner.requiredFrameworkVersion);
        const bool matches = plugin->runnerName == runner.runnerName && req && req->matches(plugin->frameworkVersion) &&
                             plugin->compatVersions.contains(runner.runnerCompatVersion);
        if (!matches) {
            forced = QStringLiteral("%1 %2, although the carton asks for %3 %4 (compat %5)")
                         .arg(plugin->runnerName, plugin->frameworkVersion, runner.runnerName,
                              runner.requiredFrameworkVersion)
                         .arg(runner.runnerCompatVersion);
            notes << QStringLiteral("running with %1: forced").arg(forced);
        }
    }
    RunnerOpts overrides = options.optionOverrides;
    if (kserve) {
        // The server runs the model: the carton's [runner.opts] are for its own runner.
        overrides.append({QStringLiteral("url"), RunnerOpt(choice.kserveUrl)});
        if (!choice.kserveModel.isEmpty())
            overrides.append({QStringLiteral("model"), RunnerOpt(choice.kserveModel)});
        // The plugin's HTTP timeout ends a slow request with a clear message
        // before the host's own timeout would kill it.
        const bool timeoutGiven =
            std::any_of(overrides.cbegin(), overrides.cend(), [](const auto &o) { return o.first == u"timeout"; });
        if (!timeoutGiven)
            overrides.append({QStringLiteral("timeout"), RunnerOpt(double(options.inferTimeout.count()) / 1000.0)});
    }
    Result<ResolvedRunnerOptions> resolved =
        resolveRunnerOptions(*plugin, kserve ? RunnerOpts{} : runner.opts, overrides);
    if (!resolved)
        return resolved.error();
    notes << resolved->warnings;

    HostPlan plan;
    plan.notes = notes;
    plan.forced = forced;
    plan.runner = plugin->runnerName + u' ' + plugin->frameworkVersion;
    if (kserve)
        plan.runner +=
            QStringLiteral(" at %1 (model \"%2\")")
                .arg(choice.kserveUrl,
                     choice.kserveModel.isEmpty() ? carton.info()->modelName.value_or(QString()) : choice.kserveModel);
    HostSession::Params &params = plan.params;
    params.hostExecutable = options.hostExecutable.isEmpty() ? findRunnerHost() : options.hostExecutable;
    if (params.hostExecutable.isEmpty())
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("carton-runner-host was not found next to %1 (set CARTON_RUNNER_HOST)")
                             .arg(QCoreApplication::applicationFilePath()));
    params.pluginPath = plugin->path;
    params.cartonPath = carton.path();
    params.options = resolved->options;
    params.loadTimeout = options.loadTimeout;
    params.inferTimeout = options.inferTimeout;
    if (kserve) {
        // The plugin's own `timeout` bounds each HTTP request (three when loading:
        // health, readiness, metadata) and says so; the host's limits stay above it.
        const double seconds = resolved->options.value(u"timeout").toDouble(60);
        const auto request = std::chrono::milliseconds(qint64((seconds > 0 && seconds <= 86400 ? seconds : 60) * 1000));
        params.inferTimeout = std::max(options.inferTimeout, request + std::chrono::seconds(10));
        params.loadTimeout = std::max(options.loadTimeout, 3 * request + std::chrono::seconds(10));
    }
    params.addressSpaceLimit = options.addressSpaceLimit < 0 ? physicalMemory() : options.addressSpaceLimit;
    params.maxLogBytes = options.maxLogBytes;
    params.sharedMemory = options.sharedMemory;
    params.sandbox = options.sandbox;
    params.noSandboxReason = options.noSandboxReason;
    params.network = kserve;
    if (kserve) {
        const QUrl url(choice.kserveUrl);
        params.networkPort = quint16(url.port(url.scheme() == u"https" ? 443 : 80));
    }
    params.maxProcesses = options.maxProcesses;
    params.scratchLimit = options.scratchLimit;
    params.writablePaths = options.writablePaths;
    params.cpuSeconds = options.cpuSeconds;
    return plan;
}

} // namespace

Result<std::unique_ptr<RunnerSession>> openRunnerSession(const Carton &carton, const RunnerChoice &choice,
                                                         const RunOptions &options, QStringList *warnings,
                                                         Progress *progress, SandboxInfo *sandbox)
{
    Result<HostPlan> plan = planHost(carton, choice, options);
    if (!plan) {
        if (sandbox) {
            *sandbox = {};
            sandbox->reason = QStringLiteral("nothing ran: no runner was started");
        }
        return plan.error();
    }
    Result<std::unique_ptr<HostSession>> session = HostSession::open(plan->params, progress, sandbox);
    if (!session)
        return session.error();
    for (const QString &note : std::as_const(plan->notes))
        (*session)->addNote(QStringLiteral("[carton] warning: ") + note);
    (*session)->setForced(plan->forced);
    (*session)->setRunner(plan->runner);
    if (warnings)
        *warnings << plan->notes;
    return std::unique_ptr<RunnerSession>(std::move(*session));
}

Result<ModelInspection> inspectModel(const Carton &carton, const RunnerChoice &choice, const RunOptions &options,
                                     QStringList *warnings, QString *log, Progress *progress)
{
    Result<HostPlan> plan = planHost(carton, choice, options);
    if (!plan)
        return plan.error();
    if (warnings)
        *warnings << plan->notes;
    return HostSession::inspect(plan->params, log, progress);
}

} // namespace carton
