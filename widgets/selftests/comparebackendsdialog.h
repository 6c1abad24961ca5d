// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "selftest/backendcompare.h"
#include "selftestrunner.h"

#include <QDialog>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace studio {

class BackendComparisonView;
class ErrorMapPane;
class LatestJob;
class RunConsent;

// Self-tests panel ▸ Compare Backends…: runs the panel's self-tests on backend A
// (the panel's runner, tolerances and run options) and on backend B (an
// installed runner and version, or a KServe v2 / Triton server), one after the
// other off the GUI thread through the runner host, asking consent as a run from
// the panel does; then shows per output A and B against expected_out and B
// against A (carton::compareBackends) with the error map of A vs B.
class CompareBackendsDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CompareBackendsDialog)

public:
    // `commandA`: the panel's `carton selftest` command line for backend A (Copy as Command).
    CompareBackendsDialog(SelfTestRunner::Request requestA, RunConsent *consent, const QString &commandA,
                          QWidget *parent = nullptr);

    // The installed runners ("noop 1.0.0") and, last, "Triton / KServe server".
    QComboBox *backendBox() const { return m_backend; }
    QLineEdit *urlEdit() const { return m_url; } // the server's URL, for the server item
    QPushButton *compareButton() const { return m_compare; }
    QLabel *summary() const { return m_summary; }
    // One row per output: self-test, output, A vs expected, B vs expected, B vs A,
    // max abs, max rel, elements off.
    QTableWidget *table() const;
    ErrorMapPane *errorMap() const;
    const std::optional<carton::BackendComparison> &comparison() const { return m_comparison; }
    // The `carton selftest` command that makes the same comparison: A's command
    // with --compare-with kserve:URL or --compare-runner NAME@VERSION.
    QString commandLine() const;
    QPushButton *copyCommandButton() const { return m_copyCommand; }

    // Starts A then B with the chosen backend (what the Compare button does).
    void compare();

signals:
    void compared();

private:
    void onFinishedA(const carton::SelfTestRun &run);
    void onFinishedB(const carton::SelfTestRun &run);
    void showComparison(const carton::BackendComparison &comparison);
    void onFailed(const QString &side, const QString &message);
    void setRunning(bool running);

    SelfTestRunner::Request m_requestA;
    SelfTestRunner::Request m_requestB;
    RunConsent *m_consent = nullptr;
    SelfTestRunner *m_runnerA;
    SelfTestRunner *m_runnerB;
    LatestJob *m_jobs;
    std::optional<carton::SelfTestRun> m_runA;
    std::optional<carton::SelfTestRun> m_runB;
    std::optional<carton::BackendComparison> m_comparison;
    QComboBox *m_backend;
    QLineEdit *m_url;
    QPushButton *m_compare;
    QPushButton *m_copyCommand;
    QString m_commandA;
    QLabel *m_summary;
    BackendComparisonView *m_view;
};

} // namespace studio
