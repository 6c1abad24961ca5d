// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "runner/runnerregistry.h"
#include "selftest/backendcompare.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <optional>

namespace cli {

// `carton selftest`'s second backend: --compare-with kserve:URL or
// --compare-runner NAME[@VERSION], read into the RunnerChoice of backend B.
class CompareCli final {
public:
    CompareCli();
    void addTo(QCommandLineParser &parser) const;
    // Reads the options (`a`: backend A's choice, whose --force B shares); false
    // (after printing why) on a usage error.
    bool read(const QCommandLineParser &parser, const carton::RunnerChoice &a);
    // Backend B, when one of the options was given.
    const std::optional<carton::RunnerChoice> &backendB() const { return m_b; }

private:
    QCommandLineOption m_with, m_runner;
    std::optional<carton::RunnerChoice> m_b;
};

// One line of figures for a comparison: "within tolerance (max abs 0, max rel 0,
// 0 of 3 elements off)"; shared by the self-test and the A vs B reports.
QString comparisonLine(const carton::TensorComparison &comparison);

// A vs B as a terminal shows it: per self-test whether the backends agree, then
// per output B against A.
QString backendComparisonText(const carton::BackendComparison &comparison);

} // namespace cli
