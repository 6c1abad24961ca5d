// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Opening a runner session for a carton: the one call the self-test engine, the
// CLI and the app make.

#include "base/result.h"
#include "cartoncore_export.h"
#include "format/cartoninfo.h"
#include "runner/modelinspection.h"
#include "runner/runnerregistry.h"
#include "runner/runnersession.h"

#include <QStringList>
#include <chrono>
#include <memory>

namespace carton {

class Carton;

// How one run goes.
struct RunOptions {
    std::chrono::milliseconds loadTimeout{std::chrono::minutes(5)};
    std::chrono::milliseconds inferTimeout{std::chrono::minutes(2)}; // per infer() call
    // RLIMIT_AS of the runner host in bytes: -1 = the machine's physical memory,
    // 0 = no limit. An unbounded allocation then fails inside the host (reported
    // as that inference failing) instead of waking the OOM killer.
    qint64 addressSpaceLimit = -1;
    qint64 maxLogBytes = 64 * 1024; // stderr tail kept by log()
    // Tensors of 1 MiB and more go through files in /dev/shm instead of the pipe
    // (Linux; elsewhere, or when false, everything goes through the pipe).
    bool sharedMemory = true;
    // [runner.opts] given for this run; they win over the carton's. Values given
    // as strings are converted to the option's declared type ("4" -> 4).
    RunnerOpts optionOverrides;
    // Where to look for plugins; empty: RunnerRegistry::defaultSearchPaths().
    QStringList pluginSearchPaths;
    // The carton-runner-host executable; empty: findRunnerHost().
    QString hostExecutable;
    // The host runs in the Sandbox (no network but a kserve server's, no view of
    // the user's files or processes, nothing survives the run); where none can
    // be made the run fails and says why. False only when the user opted out
    // (--no-sandbox, the app's Run Without Sandbox): noSandboxReason says how.
    bool sandbox = true;
    QString noSandboxReason = QStringLiteral("the user chose to run without a sandbox");
    int maxProcesses = 256; // processes and threads of the sandbox
    // Bytes the sandboxed model may write to its scratch space (/tmp, a tmpfs);
    // a write past it fails with "No space left on device" and the error names
    // the limit. 0: the tmpfs default (half the memory).
    qint64 scratchLimit = SandboxPolicy::kDefaultScratchLimit;
    QStringList writablePaths; // folders the sandboxed host may write besides its scratch (tests' markers)
    qint64 cpuSeconds = 3600;  // CPU time of each of the host's processes (RLIMIT_CPU); 0: none
};

// The runner host next to the calling executable: $CARTON_RUNNER_HOST if set,
// else carton-runner-host in the application's folder, else in
// ../libexec/carton-studio/. Empty when none exists.
CARTONCORE_EXPORT QString findRunnerHost();

// Picks the plugin for `carton`'s [runner] (RunnerRegistry::select, honouring
// `choice`; with choice.kserveUrl the `kserve` plugin, with url/model set and
// the carton's [runner.opts] left out, its `timeout` defaulting to
// options.inferTimeout), resolves its options (defaults < [runner.opts] < overrides), starts
// a carton-runner-host and loads the model once. Warnings (unknown options, a
// forced runner that does not match) are appended to *warnings and to the
// session's log() as "[carton] warning: ..." lines. Errors: ErrorCode::NotFound when no runner
// matches (the message says exactly why), Usage for a bad option value, and
// the host's own reason when loading fails (crash, timeout, missing package).
// The session must be used from the thread that called this function.
CARTONCORE_EXPORT Result<std::unique_ptr<RunnerSession>>
openRunnerSession(const Carton &carton, const RunnerChoice &choice = {}, const RunOptions &options = {},
                  QStringList *warnings = nullptr, Progress *progress = nullptr, SandboxInfo *sandbox = nullptr);

// The carton's model as its runner plugin sees it, without running it: the plugin
// is chosen and started as by openRunnerSession (same sandbox, limits and
// options), loads the model for the host's "inspect" request and the host ends.
// ErrorCode::Unsupported when the plugin cannot inspect ("the noop runner cannot
// inspect a model"). *log gets the host's stderr.
CARTONCORE_EXPORT Result<ModelInspection> inspectModel(const Carton &carton, const RunnerChoice &choice = {},
                                                       const RunOptions &options = {}, QStringList *warnings = nullptr,
                                                       QString *log = nullptr, Progress *progress = nullptr);

} // namespace carton
