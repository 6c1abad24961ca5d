// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "document/cartonfilereader.h"
#include "runner/runnersessionfactory.h"
#include "selftest/benchmark.h"
#include "selftest/selftestresult.h"
#include "selftestmediapane.h"
#include "selftestrunner.h"

#include <QPointer>
#include <QWidget>
#include <functional>
#include <memory>
#include <optional>

class QAction;
class QCheckBox;
class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QTreeView;

class QSettings;
namespace carton {
class Carton;
}

namespace studio {

class DescriptionBrowser;
class BenchmarkDialog;
class CartonDocument;
class CompareBackendsDialog;
class ErrorMapPane;
class KeepToleranceButton;
class MediaPreview;
class OutputResultsModel;
class RunClock;
class RunnerChoiceBox;
class RunConsent;
class SelfTestOutputsPane;
class SelfTestRunner;
class SelfTestsModel;
class SummaryLine;
class ToleranceBar;

// The Self-tests & examples tab: the tree of tests/examples with their
// references and, after a run, their results; Run all / Run selected / Cancel
// through a runner plugin in a separate host process; tolerance controls that
// re-judge the kept outputs live; per-output figures, worst elements and error
// histograms; the runner's log; "Copy as command" and "Export report".
class SelfTestsPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SelfTestsPage)

public:
    enum DetailTab { DetailsTab, OutputsTab, ErrorMapTab, LogTab };

    // `settings` (may be null: nothing is remembered) keep the report folder and the
    // KServe server's URL for the next carton. `model` (not owned; may be null: one
    // of the page's own over `carton`) is what the tree shows: a CartonView's is
    // its document's, the same one its editing pane uses.
    SelfTestsPage(std::shared_ptr<const carton::Carton> carton, QSettings *settings, SelfTestsModel *model = nullptr,
                  QWidget *parent = nullptr);
    ~SelfTestsPage() override;

    // Editing in place: `editor` (not owned: takeEditor() gives it back before the
    // page goes) becomes the last of the detail tabs, shown while setEditing(true)
    // and made current then; it edits the item current in tree().
    void setEditor(QWidget *editor);
    QWidget *takeEditor();
    void setEditing(bool editing);

    // The details (rendered references, images) read the misc files of `document`
    // (not owned; may be null: the page's carton) as they are now, saved or not,
    // also over the temporary copy a run of the edited state makes.
    void setDocument(CartonDocument *document);

    std::shared_ptr<const carton::Carton> carton() const { return m_carton; }
    SelfTestsModel *model() const { return m_model; }
    QTreeView *tree() const { return m_tree; }
    DescriptionBrowser *details() const { return m_details; }
    // Under the details: the player for the selected item's audio/video misc files
    // (inputs and sample outputs), one at a time, chosen in mediaChoice().
    MediaPreview *mediaPreview() const { return m_mediaPane->preview(); }
    QComboBox *mediaChoice() const { return m_mediaPane->choice(); }
    OutputResultsModel *outputsModel() const { return m_outputsModel; }
    SelfTestOutputsPane *outputsPane() const { return m_outputsPane; }
    QTableView *outputsView() const;
    QTextBrowser *outputDetails() const;
    QPlainTextEdit *log() const { return m_log; }
    ErrorMapPane *errorMap() const { return m_errorMap; }
    QTabWidget *detailTabs() const { return m_detailTabs; }
    // The run's one-line summary; a failure's whole message unfolds under Details.
    SummaryLine *summary() const { return m_summary; }
    RunClock *runClock() const { return m_clock; }
    QAction *runAllAction() const { return m_runAll; }
    QAction *runSelectedAction() const { return m_runSelected; }
    QAction *cancelAction() const { return m_cancel; }
    // Runs the self-tests, then times 100 inferences of each after 10 warm-up ones
    // on the same host; the figures and a latency histogram open in benchmarkDialog().
    QAction *benchmarkAction() const { return m_benchmark; }
    BenchmarkDialog *benchmarkDialog() const { return m_benchmarkDialog; }
    // Runs the self-tests on this runner (A) and on another runner or a server
    // (B) and shows B against A: compareDialog() (created on first use).
    QAction *compareBackendsAction() const { return m_compareBackends; }
    CompareBackendsDialog *compareDialog() const { return m_compareDialog; }
    // The runs kept for this model (RunHistoryDialog); each finished run is kept.
    QAction *historyAction() const { return m_history; }
    QAction *copyCommandAction() const { return m_copyCommand; }
    QAction *exportReportAction() const { return m_exportReport; }
    ToleranceBar *toleranceBar() const { return m_tolerances; }
    QComboBox *presetBox() const;
    QLineEdit *rtolEdit() const;
    QCheckBox *ignoreSpecMismatchBox() const;
    QLineEdit *atolEdit() const;
    QComboBox *runnerBox() const;
    // Shown after a failed run, with what can fix it: "Run with torchscript
    // 1.13.1 Anyway" (no installed runner matches the carton: reruns forced),
    // "Change Server…" (a KServe server failed: asks for its URL again, reruns).
    QPushButton *nextStepButton() const { return m_nextStepButton; }
    SelfTestRunner *runner() const { return m_runner; }
    // Over the outputs: keeps the shown self-test's minimum passing tolerance
    // (keepToleranceRequested; the owner of the document applies it, then calls
    // applyKeptTolerance so that the results are judged with it at once).
    KeepToleranceButton *keepToleranceButton() const;
    void applyKeptTolerance(int selfTestIndex, const carton::CartonTolerance &tolerance);

    // The last finished run (re-judged with the current tolerances), if any.
    const std::optional<carton::SelfTestRun> &lastRun() const { return m_run; }
    // Where runs find the runner host and plugins (tests; the app uses the defaults).
    void setRunOptions(const carton::RunOptions &options);
    // Asked before each run: false when this page's carton is not the state to
    // run (the owner then runs the current state of its document).
    void setBeforeRun(std::function<bool(const QList<int> &tests)> check) { m_beforeRun = std::move(check); }
    // Asked before each run (RunConsent: the first run of the session shows what will run).
    void setConsent(RunConsent *consent) { m_consent = consent; }
    // Runs go to a Triton / KServe v2 server (whatever runner the carton names)
    // instead of a local runner; an empty url goes back to the local runners.
    // The runner box's "Triton / KServe server…" item asks for these.
    void setKserveServer(const QString &url, const QString &model = {});
    QString kserveUrl() const;

    // The tolerances the controls describe, or the error of the first bad field.
    carton::Result<carton::ToleranceSettings> toleranceSettings() const;
    // The `carton selftest` command line that reproduces a run with the current settings.
    QString commandLine(const QList<int> &tests = {}) const;
    // Writes the last run as JSON (".json") or self-contained HTML (anything else).
    carton::Status exportReport(const QString &path) const;

    // Selects self_test[number] (or example[number]); with `key`, its row for
    // that input/output ("b" of self_test[0].inputs.b) when there is one.
    bool revealItem(bool example, int number, const QString &key = {});

public slots:
    void runAll();
    void runSelected();
    void cancelRun();

signals:
    // A tensor reference was activated (double-click): show it in the Tensor data tab.
    void tensorActivated(const QString &name);
    void runFinished();
    // "Keep as Tolerance": self_test[selfTestIndex]'s [self_test.tolerance] should become `tolerance`.
    void keepToleranceRequested(const carton::SelfTestResult &asRun, const carton::CartonTolerance &tolerance,
                                const QString &what);
    // A passing note for the status bar ("Command copied to the clipboard.").
    void statusMessage(const QString &text);

private:
    QWidget *createToolBar();
    void startRun(const QList<int> &tests);
    // A run of `tests` (empty: all and the examples) as the controls describe it.
    SelfTestRunner::Request runRequest(const carton::ToleranceSettings &tolerances, const QList<int> &tests) const;
    void openCompareDialog();
    void onProgress(qint64 done, qint64 total);
    void onFinished(const carton::SelfTestRun &run, const QStringList &warnings);
    void onFailed(const QString &message, const QStringList &warnings, const carton::SandboxInfo &sandbox);
    void onJudged(const carton::SelfTestRun &run);
    void toleranceChanged();
    void updateActions();
    void updateSummary();
    void showDetails();
    // Renders the current item again (the document changed); no-op while one is due.
    void refreshDetails();
    void readDocumentFiles();
    void showOutputDetails();
    // Lists the item's audio/video misc references under the details (hidden when none).
    void showMedia(const QModelIndex &item);
    void exportReportInteractive();
    QList<int> selectedTests() const;

    std::shared_ptr<const carton::Carton> m_carton;
    QPointer<CartonDocument> m_document;
    CartonFileReader m_files; // what the details read misc files from: m_carton, or m_document's files
    QSettings *m_settings;
    SelfTestsModel *m_model = nullptr;
    QTreeView *m_tree = nullptr;
    QTabWidget *m_detailTabs = nullptr;
    QWidget *m_editor = nullptr;
    DescriptionBrowser *m_details = nullptr;
    SelfTestMediaPane *m_mediaPane = nullptr;
    OutputResultsModel *m_outputsModel = nullptr;
    SelfTestOutputsPane *m_outputsPane = nullptr;
    QPlainTextEdit *m_log = nullptr;
    ErrorMapPane *m_errorMap = nullptr;
    SummaryLine *m_summary = nullptr;
    QProgressBar *m_progress = nullptr;
    QAction *m_runAll = nullptr;
    QAction *m_runSelected = nullptr;
    QAction *m_cancel = nullptr;
    QAction *m_copyCommand = nullptr;
    QPushButton *m_nextStepButton = nullptr;
    QString m_nextStep;     // the runner m_nextStepButton runs with, or the server item
    QList<int> m_lastTests; // what the last startRun() was asked to run (empty: all and the examples)
    QAction *m_exportReport = nullptr;
    RunnerChoiceBox *m_runnerBox = nullptr;
    ToleranceBar *m_tolerances = nullptr;
    SelfTestRunner *m_runner = nullptr;
    RunClock *m_clock = nullptr;
    carton::RunOptions m_runOptions;
    RunConsent *m_consent = nullptr;
    std::function<bool(const QList<int> &)> m_beforeRun;
    QList<int> m_runningTests; // the self-tests of the run in progress, in order
    std::optional<carton::SelfTestRun> m_run;
    QAction *m_benchmark = nullptr;
    QAction *m_compareBackends = nullptr;
    CompareBackendsDialog *m_compareDialog = nullptr;
    QAction *m_history = nullptr;
    BenchmarkDialog *m_benchmarkDialog = nullptr;           // created on the first benchmark
    bool m_benchmarkNext = false;                           // the next startRun() benchmarks too
    std::optional<carton::BenchmarkOptions> m_runBenchmark; // the last run's benchmark (Copy as Command)
    int m_shownTest = -1;                                   // the self-test whose outputs are shown (its index), or -1
    QStringList m_warnings;
    int m_shownRow = -2;
    QString m_shownHtml;
    bool m_refreshDue = false;
    bool m_errorMapStale = false; // the error map shows an older output; refilled when its tab is shown
};

} // namespace studio
