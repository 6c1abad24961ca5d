// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "diff/outputdiff.h"
#include "runner/runnersessionfactory.h"

#include <QWidget>
#include <memory>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSettings;

namespace studio {

class BackendComparisonView;
class LatestJob;
class RunConsent;
class ToleranceBar;

// The Compare tab's Outputs: A's and B's models run on the self-test inputs of A, B
// or both (each model loaded once, in its runner host under the sandbox), B's
// outputs compared with A's output by output (carton::runOutputsDiff, the code of
// `carton diff --run`), shown by the Compare Backends table and error map
// (BackendComparisonView). Before a carton's code runs its RunConsent asks, with
// the carton's own safety scan and signature (the rules of Run Self-tests). The
// run is a LatestJob on the run pool, with progress and Cancel (the host is
// killed); a change of tolerance judges the kept outputs again without running.
class CompareOutputsPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CompareOutputsPane)

public:
    enum class Inputs { A, B, Both };

    explicit CompareOutputsPane(QWidget *parent = nullptr);
    ~CompareOutputsPane() override;

    // The cartons whose models run (null: a bare model file, which has no runner or
    // self-tests). Forgets the outputs of the sides before.
    void setSides(std::shared_ptr<const carton::Carton> a, const QString &pathA,
                  std::shared_ptr<const carton::Carton> b, const QString &pathB);
    // Remembered consent and the sandbox's scratch limit (null: nothing remembered).
    void setSettings(QSettings *settings);
    // Where the runner host and plugins are (tests: this build's); default: installed.
    void setRunOptions(const carton::RunOptions &options);

    // Asks consent for both cartons, then runs (the Run button).
    void run();
    // Stops the run: the host is killed, nothing is shown (the Cancel button).
    void cancel();
    bool isRunning() const;

    QComboBox *inputsBox() const { return m_inputs; }
    ToleranceBar *toleranceBar() const { return m_tolerances; }
    QPushButton *runButton() const { return m_run; }
    QPushButton *cancelButton() const { return m_cancel; }
    QProgressBar *progressBar() const { return m_progress; }
    QLabel *summaryLabel() const { return m_summary; }
    BackendComparisonView *view() const { return m_view; }
    // The last run's comparisons, one per side whose inputs ran ("a" first).
    const QList<carton::OutputsDiff> &outputs() const { return m_outputs; }

signals:
    // A run ended: shown, failed or cancelled.
    void finished();

private:
    void finishedRun(carton::Result<QList<carton::OutputsDiff>> outputs);
    void judgeAgain();
    void show(const QList<carton::OutputsDiff> &outputs);
    void setRunning(bool running);
    void updateRunnable();

    struct Side {
        std::shared_ptr<const carton::Carton> carton;
        QString path;
        RunConsent *consent = nullptr;
        QWidget *trust = nullptr; // the hidden SafetyPage and SignatureRow the consent reads
    };
    void setSide(Side &side, std::shared_ptr<const carton::Carton> carton, const QString &path);

    Side m_a, m_b;
    QSettings *m_settings = nullptr;
    carton::RunOptions m_runOptions;
    LatestJob *m_jobs;
    QList<carton::OutputsDiff> m_outputs;
    QComboBox *m_inputs;
    ToleranceBar *m_tolerances;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QLabel *m_summary;
    BackendComparisonView *m_view;
};

} // namespace studio
