// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "runner/runnersession.h"
#include "runner/runnersessionfactory.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QJsonObject>
#include <memory>

namespace carton {
class Carton;
class Progress;
} // namespace carton

namespace cli {

// The options that say how a carton's model runs (--runner, --force,
// --kserve-url, --kserve-model, --opt, --timeout, --no-sandbox,
// --allow-findings), shared by the commands that run a model (selftest,
// record), with the checks and the session opening they share.
class RunnerCli final {
public:
    RunnerCli();
    void addTo(QCommandLineParser &parser) const;
    // Reads the options; false (after printing why) on a usage error.
    bool read(const QCommandLineParser &parser);
    // Checks the safety scan (unless --allow-findings or a server runs the model)
    // and opens the session with choice() (or `other`, the same run options: a
    // second backend to compare with); nullptr (after printing why) when it cannot.
    // *failure then says why and whether the runner host ran sandboxed.
    struct Failure {
        carton::Error error;
        carton::SandboxInfo sandbox;
        QJsonObject toJson(const QString &cartonPath) const;
    };
    std::unique_ptr<carton::RunnerSession> open(const carton::Carton &carton, carton::Progress *progress,
                                                const carton::RunnerChoice *other = nullptr,
                                                Failure *failure = nullptr) const;

    const carton::RunOptions &runOptions() const { return m_runOptions; }
    const carton::RunnerChoice &choice() const { return m_choice; }

private:
    QCommandLineOption m_runner, m_force, m_kserveUrl, m_kserveModel, m_opt, m_timeout, m_noSandbox, m_scratchLimit,
        m_allowFindings;
    carton::RunOptions m_runOptions;
    carton::RunnerChoice m_choice;
    bool m_allowFindingsSet = false;
};

} // namespace cli
