// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"
#include "format/cartoninfo.h"
#include "runner/runnerpluginmeta.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace carton {

// A plugin file that could not be used, and why.
struct RunnerLoadProblem {
    QString path;
    QString message;
};

// How the user picks a runner for a run.
struct RunnerChoice {
    QString runnerName; // empty: the carton's [runner] runner_name
    // Run with the chosen runner even when its name, framework version or compat
    // version does not match the carton (CLI --runner NAME --force).
    bool force = false;
    // Run the self-tests on this KServe v2 / Triton HTTP server instead
    // ("http://host:8000"), whatever the carton's runner_name: the `kserve`
    // plugin is used, the carton's [runner.opts] are not (they belong to its
    // own runner), and runnerName/force are ignored.
    QString kserveUrl;
    QString kserveModel; // the served model's name; empty: the carton's model_name
    // Only the plugin of this exact framework_version ("2.1.0") of the runner
    // (CLI --compare-runner NAME@VERSION); empty: any. Ignored with kserveUrl.
    QString frameworkVersion;
};

// The runner plugins found on this machine, read from their metadata without
// loading them. Search order (earlier wins when two plugins would both match):
// folders in CARTON_RUNNER_PATH (QDir::listSeparator-separated), the per-user
// folder (GenericDataLocation/carton-studio/runners, shared by the CLI and the
// app), then the folder next to the executables (../lib/carton-studio/runners
// relative to the executable, the same in the build tree and when installed).
// Within a folder, files are taken in name order, so the order is deterministic.
class CARTONCORE_EXPORT RunnerRegistry {
public:
    static QStringList defaultSearchPaths();
    // Scans `folders` (missing folders are skipped silently; unreadable plugin
    // files and bad metadata become problems()).
    static RunnerRegistry scan(const QStringList &folders = defaultSearchPaths());
    // A registry of the given plugins, in this order (built-ins, tests).
    static RunnerRegistry fromPlugins(QList<RunnerPluginInfo> plugins);

    const QStringList &searchPaths() const { return m_searchPaths; }
    const QList<RunnerPluginInfo> &plugins() const { return m_plugins; }
    const QList<RunnerLoadProblem> &problems() const { return m_problems; }

    // The plugin to run a carton whose [runner] is `runner`: equal runner_name,
    // framework_version matching required_framework_version (Rust semver rules),
    // runner_compat_version among its compat versions. When none matches the
    // error (ErrorCode::NotFound) says exactly why, e.g. "runner torchscript
    // 1.13.1 is installed; the carton requires torchscript >=2.0.0". With
    // choice.force the chosen name is taken whatever the versions say (the
    // highest framework version of that name).
    Result<RunnerPluginInfo> select(const RunnerInfo &runner, const RunnerChoice &choice = {}) const;
    // When select() refuses `choice` (not forced) for a mismatch that forcing
    // would overcome: the plugin a forced run would use (the CLI then names
    // --force, the app offers "Run with ... Anyway"). Empty when select()
    // accepts, or when no runner of that name is installed.
    std::optional<RunnerPluginInfo> forceCandidate(const RunnerInfo &runner, const RunnerChoice &choice = {}) const;

private:
    QStringList m_searchPaths;
    QList<RunnerPluginInfo> m_plugins;
    QList<RunnerLoadProblem> m_problems;
};

} // namespace carton
