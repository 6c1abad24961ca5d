// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestspage.h"

#include "benchmarkdialog.h"
#include "common/roles.h"
#include "common/summaryline.h"
#include "comparebackendsdialog.h"
#include "description/descriptionbrowser.h"
#include "document/cartondocument.h"
#include "errormappane.h"
#include "format/mediatype.h"
#include "keeptolerancebutton.h"
#include "markdown/markdownrenderer.h"
#include "outputresultsmodel.h"
#include "package/carton.h"
#include "runclock.h"
#include "runconsent.h"
#include "runhistorydialog.h"
#include "runnerchoicebox.h"
#include "selftest/selftestreport.h"
#include "selftestcommand.h"
#include "selftestdetailshtml.h"
#include "selftestmediapane.h"
#include "selftestoutputspane.h"
#include "selftestrunner.h"
#include "selftestsmodel.h"
#include "selftesttext.h"
#include "style/tone.h"
#include "tolerancebar.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>

namespace studio {

using namespace Qt::StringLiterals;

namespace {

QString ms(std::chrono::nanoseconds t)
{
    return SelfTestText::latency(double(t.count()));
}

} // namespace

SelfTestsPage::SelfTestsPage(std::shared_ptr<const carton::Carton> carton, QSettings *settings, SelfTestsModel *model,
                             QWidget *parent)
    : QWidget(parent), m_carton(std::move(carton)), m_files(m_carton), m_settings(settings), m_model(model),
      m_outputsModel(new OutputResultsModel(this)), m_runner(new SelfTestRunner(this)), m_clock(new RunClock(this))
{
    if (!m_model) {
        m_model = new SelfTestsModel(this);
        m_model->setCarton(m_carton);
    }
    m_tree = new QTreeView;
    m_tree->setObjectName(QStringLiteral("selfTestsTree"));
    m_tree->setModel(m_model);
    m_tree->setAlternatingRowColors(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->expandAll();
    for (int c = 0; c < SelfTestsModel::ColumnCount; ++c)
        m_tree->resizeColumnToContents(c);
    // Room for the icon, its spacing and margins, and the longest verdict in the UI
    // language ("fehlgeschlagen"); no more, so Kind stays in view at 1024 px.
    const int decoration = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, m_tree) + 12;
    int resultWidth = m_tree->columnWidth(SelfTestsModel::ResultColumn);
    for (const carton::SelfTestStatus status :
         {carton::SelfTestStatus::Passed, carton::SelfTestStatus::Failed, carton::SelfTestStatus::CannotRun,
          carton::SelfTestStatus::Error, carton::SelfTestStatus::NotRun})
        resultWidth =
            std::max(resultWidth, m_tree->fontMetrics().horizontalAdvance(SelfTestText::status(status)) + decoration);
    resultWidth = std::max(resultWidth,
                           m_tree->fontMetrics().horizontalAdvance(SelfTestText::status(carton::ExampleStatus::Ran)) +
                               decoration);
    m_tree->setColumnWidth(SelfTestsModel::ResultColumn, resultWidth);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, &SelfTestsPage::showDetails);
    connect(m_tree->selectionModel(), &QItemSelectionModel::selectionChanged, this, &SelfTestsPage::updateActions);
    connect(m_tree, &QTreeView::doubleClicked, this, [this](const QModelIndex &index) {
        const QString name = index.data(Roles::TensorNameRole).toString();
        if (!name.isEmpty())
            emit tensorActivated(name);
    });

    m_details = new DescriptionBrowser;
    m_details->setObjectName(QStringLiteral("selfTestDetails"));
    m_details->setCarton(m_carton);

    m_log = new QPlainTextEdit;
    m_log->setObjectName(QStringLiteral("selfTestLog"));
    m_log->setReadOnly(true);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setPlaceholderText(tr("The runner's log (its standard error) appears here after a run."));

    m_detailTabs = new QTabWidget;
    m_detailTabs->setObjectName(QStringLiteral("selfTestDetailTabs"));
    m_detailTabs->setDocumentMode(true);
    m_mediaPane = new SelfTestMediaPane;
    auto *detailsSplit = new QSplitter(Qt::Vertical);
    detailsSplit->addWidget(m_details);
    detailsSplit->addWidget(m_mediaPane);
    detailsSplit->setStretchFactor(0, 1);
    detailsSplit->setStretchFactor(1, 1);
    m_detailTabs->addTab(detailsSplit, tr("Details"));
    m_outputsPane = new SelfTestOutputsPane(m_outputsModel);
    connect(m_outputsPane, &SelfTestOutputsPane::currentOutputChanged, this, &SelfTestsPage::showOutputDetails);
    connect(m_outputsPane->keepButton(), &KeepToleranceButton::keep, this, &SelfTestsPage::keepToleranceRequested);
    m_detailTabs->addTab(m_outputsPane, tr("Outputs"));
    m_errorMap = new ErrorMapPane;
    m_errorMap->setObjectName(QStringLiteral("selfTestErrorMap"));
    m_detailTabs->addTab(m_errorMap, tr("Error Map"));
    m_detailTabs->addTab(m_log, tr("Runner log"));
    connect(m_detailTabs, &QTabWidget::currentChanged, this, [this] {
        if (m_errorMapStale && m_detailTabs->currentWidget() == m_errorMap) {
            m_errorMapStale = false;
            m_errorMap->setOutput(m_outputsPane->currentRow());
        }
    });

    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(m_tree);
    splitter->addWidget(m_detailTabs);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    // 44% of the width (as far as the details' minimum allows): the tree shows Name,
    // Result (German verdicts too) and Kind at 1024 px.
    splitter->setSizes({2200, 2800});

    m_summary = new SummaryLine;
    m_summary->setObjectName(QStringLiteral("selfTestSummary"));
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("selfTestProgress"));
    m_progress->setMaximumWidth(260);
    m_progress->setVisible(false);
    auto *statusRow = new QHBoxLayout;
    m_nextStepButton = new QPushButton;
    m_nextStepButton->setObjectName(QStringLiteral("nextStepButton"));
    m_nextStepButton->setVisible(false);
    connect(m_nextStepButton, &QPushButton::clicked, this, [this] {
        if (m_runnerBox->choose(m_nextStep)) // the server item asks again, showing the URL that failed
            startRun(m_lastTests);
    });
    statusRow->addWidget(m_progress);
    statusRow->addWidget(m_summary, 1);
    statusRow->addWidget(m_nextStepButton);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(createToolBar());
    layout->addLayout(statusRow);
    layout->addWidget(splitter, 1);

    connect(m_runner, &SelfTestRunner::progressChanged, this, &SelfTestsPage::onProgress);
    connect(m_runner, &SelfTestRunner::finished, this, &SelfTestsPage::onFinished);
    connect(m_runner, &SelfTestRunner::failed, this, &SelfTestsPage::onFailed);
    connect(m_clock, &RunClock::ticked, this, [this] { m_summary->setText(m_clock->text()); });
    connect(m_runner, &SelfTestRunner::judged, this, &SelfTestsPage::onJudged);
    connect(m_runner, &SelfTestRunner::benchmarked, this, [this](const carton::BenchmarkResult &result) {
        if (!m_benchmarkDialog)
            m_benchmarkDialog = new BenchmarkDialog(this);
        m_benchmarkDialog->setResult(result);
        m_benchmarkDialog->show();
        m_benchmarkDialog->raise();
    });

    if (m_model->rowCount() > 0)
        m_tree->setCurrentIndex(m_model->index(0, 0));
    else
        m_details->showSafeHtml(
            QStringLiteral("<p><i>%1</i></p>").arg(tr("This carton has no self-tests or examples.").toHtmlEscaped()));
    updateActions();
    updateSummary();
}

SelfTestsPage::~SelfTestsPage() = default;

void SelfTestsPage::setEditor(QWidget *editor)
{
    if (m_editor == editor)
        return;
    takeEditor();
    m_editor = editor;
    if (!m_editor)
        return;
    // The last tab: the others keep their numbers (DetailTab).
    m_detailTabs->setTabVisible(m_detailTabs->addTab(m_editor, tr("Edit")), false);
}

QWidget *SelfTestsPage::takeEditor()
{
    QWidget *editor = std::exchange(m_editor, nullptr);
    if (editor) {
        m_detailTabs->removeTab(m_detailTabs->indexOf(editor));
        editor->hide();
        editor->setParent(nullptr);
    }
    return editor;
}

void SelfTestsPage::setEditing(bool editing)
{
    if (!m_editor)
        return;
    const int tab = m_detailTabs->indexOf(m_editor);
    const bool shown = m_detailTabs->isTabVisible(tab);
    m_detailTabs->setTabVisible(tab, editing);
    if (editing && !shown)
        m_detailTabs->setCurrentIndex(tab);
}

QTableView *SelfTestsPage::outputsView() const
{
    return m_outputsPane->table();
}

QTextBrowser *SelfTestsPage::outputDetails() const
{
    return m_outputsPane->details();
}

KeepToleranceButton *SelfTestsPage::keepToleranceButton() const
{
    return m_outputsPane->keepButton();
}

QComboBox *SelfTestsPage::runnerBox() const
{
    return m_runnerBox;
}

QComboBox *SelfTestsPage::presetBox() const
{
    return m_tolerances->presetBox();
}

QLineEdit *SelfTestsPage::rtolEdit() const
{
    return m_tolerances->rtolEdit();
}

QLineEdit *SelfTestsPage::atolEdit() const
{
    return m_tolerances->atolEdit();
}

QCheckBox *SelfTestsPage::ignoreSpecMismatchBox() const
{
    return m_tolerances->ignoreSpecMismatchBox();
}

QWidget *SelfTestsPage::createToolBar()
{
    auto *bar = new QToolBar;
    bar->setObjectName(QStringLiteral("selfTestToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setIconSize(QSize(16, 16));

    m_runAll =
        bar->addAction(QIcon(QStringLiteral(":/icons/selftest.svg")), tr("Run All"), this, &SelfTestsPage::runAll);
    m_runAll->setObjectName(QStringLiteral("runAllSelfTests"));
    m_runAll->setToolTip(tr("Run every self-test and example through the runner (Carton ▸ Run Self-tests, Ctrl+R)"));
    m_runSelected = bar->addAction(tr("Run Selected"), this, &SelfTestsPage::runSelected);
    m_runSelected->setObjectName(QStringLiteral("runSelectedSelfTests"));
    m_runSelected->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_runSelected->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_benchmark = bar->addAction(tr("Benchmark"), this, [this] {
        m_benchmarkNext = true;
        startRun({});
        m_benchmarkNext = false;
    });
    m_benchmark->setObjectName(QStringLiteral("benchmarkSelfTests"));
    m_benchmark->setToolTip(tr("Run the self-tests, then time 100 inferences of each after 10 warm-up ones"));
    m_compareBackends = bar->addAction(tr("Compare Backends…"), this, &SelfTestsPage::openCompareDialog);
    m_compareBackends->setObjectName(QStringLiteral("compareBackends"));
    m_compareBackends->setToolTip(tr("Run the self-tests on this runner and on another runner or a server, and "
                                     "compare their outputs"));
    m_history = bar->addAction(tr("History…"), this, [this] {
        auto *dialog = new RunHistoryDialog(
            carton::RunHistory::defaultFolder(),
            carton::historyKey(QString::fromLatin1(m_carton->modelHash()), m_carton->path()), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    m_history->setObjectName(QStringLiteral("selfTestHistory"));
    m_history->setToolTip(tr("The runs kept for this model and what changed between them"));
    m_cancel = bar->addAction(tr("Cancel"), this, &SelfTestsPage::cancelRun);
    m_cancel->setObjectName(QStringLiteral("cancelSelfTests"));
    m_cancel->setToolTip(tr("Stop the run (the runner host is killed)"));
    bar->addSeparator();

    bar->addWidget(new QLabel(tr("Runner:")));
    m_runnerBox = new RunnerChoiceBox(m_carton, m_settings);
    bar->addWidget(m_runnerBox);
    bar->addSeparator();
    m_copyCommand = bar->addAction(QIcon(QStringLiteral(":/icons/copy.svg")), tr("Copy as Command"), this, [this] {
        QGuiApplication::clipboard()->setText(commandLine(m_runningTests));
        emit statusMessage(tr("Command copied to the clipboard."));
    });
    m_copyCommand->setObjectName(QStringLiteral("copySelfTestCommand"));
    m_copyCommand->setToolTip(tr("Copy the carton selftest command line that reproduces this run"));
    m_exportReport = bar->addAction(tr("Export Report…"), this, &SelfTestsPage::exportReportInteractive);
    m_exportReport->setObjectName(QStringLiteral("exportSelfTestReport"));
    m_exportReport->setToolTip(tr("Write the last run as a self-contained HTML report or as JSON"));

    // Second row: the tolerances (they re-judge a finished run at once).
    m_tolerances = new ToleranceBar;
    connect(m_tolerances, &ToleranceBar::changed, this, &SelfTestsPage::toleranceChanged);

    auto *rows = new QWidget;
    auto *rowsLayout = new QVBoxLayout(rows);
    rowsLayout->setContentsMargins(0, 0, 0, 0);
    rowsLayout->setSpacing(0);
    rowsLayout->addWidget(bar);
    rowsLayout->addWidget(m_tolerances);
    return rows;
}

void SelfTestsPage::setRunOptions(const carton::RunOptions &options)
{
    m_runOptions = options;
    m_runnerBox->setPluginSearchPaths(options.pluginSearchPaths);
}

void SelfTestsPage::setKserveServer(const QString &url, const QString &model)
{
    m_runnerBox->setServer(url, model);
}

QString SelfTestsPage::kserveUrl() const
{
    return m_runnerBox->serverUrl();
}

carton::Result<carton::ToleranceSettings> SelfTestsPage::toleranceSettings() const
{
    return m_tolerances->settings();
}

QString SelfTestsPage::commandLine(const QList<int> &tests) const
{
    SelfTestCommand command;
    command.cartonPath = m_carton ? m_carton->path() : QString();
    m_runnerBox->describe(command);
    m_tolerances->describe(command);
    command.noSandbox = m_run && !m_run->sandbox.sandboxed; // as the last run went: the user opted out
    command.tests = tests;
    if (m_runBenchmark) { // as the last run went: it was a benchmark
        command.benchmarkIterations = m_runBenchmark->iterations;
        command.benchmarkWarmup = m_runBenchmark->warmup;
    }
    command.testCount = m_carton && m_carton->info() ? int(m_carton->info()->selfTests.size()) : 0;
    return command.toString(SelfTestCommand::program(QCoreApplication::applicationDirPath()));
}

carton::Status SelfTestsPage::exportReport(const QString &path) const
{
    if (!m_run)
        return carton::makeError(carton::ErrorCode::Usage, tr("there is no run to export yet"));
    const QByteArray bytes = path.endsWith(u".json"_s, Qt::CaseInsensitive)
                                 ? QJsonDocument(carton::selfTestRunToJson(*m_run)).toJson(QJsonDocument::Indented)
                                 : carton::selfTestReportHtml(*m_run);
    return carton::writeReportFile(path, bytes);
}

void SelfTestsPage::exportReportInteractive()
{
    const QString dir =
        m_settings ? m_settings->value(u"selfTests/reportDir"_s, QDir::homePath()).toString() : QDir::homePath();
    const QString base = QFileInfo(m_carton ? m_carton->path() : u"carton"_s).completeBaseName();
    QString selectedFilter;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Self-test Report"),
                                                      QDir(dir).filePath(base + u"-selftest.html"_s),
                                                      tr("HTML report (*.html);;JSON (*.json)"), &selectedFilter);
    if (path.isEmpty())
        return;
    if (m_settings)
        m_settings->setValue(u"selfTests/reportDir"_s, QFileInfo(path).absolutePath());
    const carton::Status written = exportReport(path);
    if (!written)
        QMessageBox::warning(this, tr("Export Report"), written.error().toString());
}

QList<int> SelfTestsPage::selectedTests() const
{
    QList<int> tests;
    for (const QModelIndex &index : m_tree->selectionModel()->selectedRows()) {
        const int row = m_model->itemRow(index);
        if (row < 0)
            continue;
        const QModelIndex item = m_model->index(row, 0);
        if (!m_model->isExample(item) && !tests.contains(m_model->itemNumber(item)))
            tests.append(m_model->itemNumber(item));
    }
    std::sort(tests.begin(), tests.end());
    return tests;
}

void SelfTestsPage::runAll()
{
    startRun({});
}

void SelfTestsPage::runSelected()
{
    const QList<int> tests = selectedTests();
    if (!tests.isEmpty())
        startRun(tests);
}

void SelfTestsPage::cancelRun()
{
    if (!m_runner->isRunning())
        return;
    m_clock->setCancelling();
    m_summary->setText(m_clock->text());
    m_runner->cancel();
}

SelfTestRunner::Request SelfTestsPage::runRequest(const carton::ToleranceSettings &tolerances,
                                                  const QList<int> &tests) const
{
    SelfTestRunner::Request request;
    request.carton = m_carton;
    m_runnerBox->applyTo(request.choice);
    request.runOptions = m_runOptions;
    request.options.tolerances = tolerances;
    request.options.runExamples = tests.isEmpty();
    request.options.runDespiteSpecMismatch = m_tolerances->ignoreSpecMismatchBox()->isChecked();
    for (int t : tests)
        request.options.tests.append(QString::number(t));
    return request;
}

void SelfTestsPage::openCompareDialog()
{
    const auto tolerances = toleranceSettings();
    if (!tolerances) {
        QMessageBox::warning(this, tr("Compare Backends"), tolerances.error().toString());
        return;
    }
    delete m_compareDialog; // a new one with the panel's current settings
    m_compareDialog = new CompareBackendsDialog(runRequest(*tolerances, selectedTests()), m_consent,
                                                commandLine(selectedTests()), this);
    m_compareDialog->show();
}

void SelfTestsPage::startRun(const QList<int> &tests)
{
    if (!m_carton || m_runner->isRunning())
        return;
    if (m_beforeRun && !m_beforeRun(tests))
        return; // the owner runs the document's current state instead
    const auto tolerances = toleranceSettings();
    if (!tolerances) {
        QMessageBox::warning(this, tr("Run Self-tests"), tolerances.error().toString());
        return;
    }
    SelfTestRunner::Request request = runRequest(*tolerances, tests);
    if (m_benchmarkNext) {
        request.benchmark.emplace();
        request.benchmark->iterations = 100;
        request.benchmark->warmup = 10;
        request.benchmark->tests = request.options.tests;
    }
    if (m_consent && !m_consent->ask(request))
        return;

    const int total = m_carton->info() ? int(m_carton->info()->selfTests.size()) : 0;
    m_nextStepButton->hide();
    m_lastTests = tests;
    m_runBenchmark = request.benchmark;
    m_runningTests = tests;
    if (m_runningTests.isEmpty())
        for (int t = 0; t < total; ++t)
            m_runningTests.append(t);
    m_model->clearResults();
    m_run.reset(); // the details show no result of the last run while this one goes
    m_shownRow = -2;
    showDetails();
    m_log->clear();
    m_warnings.clear();
    m_progress->setRange(0, 0);
    m_progress->setVisible(true);
    m_clock->start(m_runOptions.loadTimeout, m_runOptions.inferTimeout);
    m_summary->setText(m_clock->text());
    m_runner->start(request);
    updateActions();
}

void SelfTestsPage::onProgress(qint64 done, qint64 total)
{
    if (total <= 0)
        return; // still starting the host / loading the model
    m_progress->setRange(0, int(total));
    m_progress->setValue(int(done));
    const qsizetype tests = m_runningTests.size();
    if (done < tests)
        m_model->setRunning(SelfTestsModel::ItemKind::SelfTest, m_runningTests[done]);
    else if (done < total)
        m_model->setRunning(SelfTestsModel::ItemKind::Example, int(done - tests));
    m_clock->setStep(done, total);
    m_summary->setText(m_clock->text());
}

void SelfTestsPage::onFinished(const carton::SelfTestRun &run, const QStringList &warnings)
{
    m_run = run;
    m_warnings = warnings;
    m_clock->stop();
    m_progress->setVisible(false);
    m_model->setRun(run);
    QString log;
    for (const QString &w : warnings)
        log += tr("warning: %1").arg(w) + u'\n';
    log += run.runnerLog;
    for (const carton::SelfTestResult &t : run.tests)
        if (!t.runnerLog.isEmpty() && !run.runnerLog.contains(t.runnerLog))
            log += u"\n--- "_s + t.name + u" ---\n"_s + t.runnerLog;
    if (const carton::Status kept = RunHistoryDialog::keep(run); !kept)
        log += u'\n' + tr("warning: the run was not kept in the history: %1").arg(kept.error().toString());
    m_log->setPlainText(log);
    m_shownRow = -2;
    showDetails();
    updateSummary();
    updateActions();
    emit runFinished();
}

void SelfTestsPage::onFailed(const QString &message, const QStringList &warnings, const carton::SandboxInfo &sandbox)
{
    m_clock->stop();
    m_progress->setVisible(false);
    m_model->setRunning(SelfTestsModel::ItemKind::SelfTest, -1);
    QString log;
    for (const QString &w : warnings)
        log += tr("warning: %1").arg(w) + u'\n';
    m_log->setPlainText(log + tr("error: %1").arg(message));
    // No runner matches as the carton asks: a button runs it anyway.
    const QString offer = m_runnerBox->serverUrl().isEmpty() && m_runnerBox->forcedRunner().isEmpty()
                              ? m_runnerBox->forceableRunner(&m_nextStep)
                              : QString();
    if (!offer.isEmpty()) {
        m_nextStepButton->setText(tr("Run with %1 Anyway").arg(offer));
        m_nextStepButton->show();
    } else if (!m_runnerBox->serverUrl().isEmpty()) { // a wrong URL or a server down: correct it here
        m_nextStep = RunnerChoiceBox::serverItem();
        m_nextStepButton->setText(tr("Change Server…"));
        m_nextStepButton->show();
    }
    // A libtorch error is a stack trace: its first line here, the whole under Details.
    // Whether the model's code ran confined, for a failure too.
    const QString confined =
        sandbox.sandboxed ? tr("sandboxed (%1)").arg(sandbox.mechanism) : tr("NOT sandboxed: %1").arg(sandbox.reason);
    m_summary->setText(tr("Could not run the self-tests (%1): %2").arg(confined, message), message);
    m_summary->setToolTip(sandbox.summary());
    updateActions();
    emit runFinished();
}

void SelfTestsPage::onJudged(const carton::SelfTestRun &run)
{
    m_run = run;
    m_model->setRun(run);
    m_shownRow = -2;
    showDetails();
    updateSummary();
}

void SelfTestsPage::toleranceChanged()
{
    const auto settings = toleranceSettings();
    if (settings && m_run && !m_runner->isRunning() && *settings != m_run->tolerances)
        m_runner->rejudge(*m_run, *settings);
}

void SelfTestsPage::updateActions()
{
    const bool running = m_runner->isRunning();
    const bool any = m_model->rowCount() > 0;
    m_runAll->setEnabled(!running && any);
    m_benchmark->setEnabled(!running && m_carton && m_carton->info() && !m_carton->info()->selfTests.isEmpty());
    m_compareBackends->setEnabled(m_benchmark->isEnabled());
    m_history->setEnabled(m_carton != nullptr);
    m_runSelected->setEnabled(!running && !selectedTests().isEmpty());
    m_cancel->setEnabled(running);
    m_exportReport->setEnabled(!running && m_run.has_value());
    m_runnerBox->setEnabled(!running);
}

void SelfTestsPage::updateSummary()
{
    if (!m_run) {
        const int tests = m_carton && m_carton->info() ? int(m_carton->info()->selfTests.size()) : 0;
        m_summary->setText(tests == 0 ? tr("This carton has no self-tests.")
                                      : tr("%n self-test(s), not run yet. Run All runs them through the runner plugin "
                                           "in a separate process.",
                                           nullptr, tests));
        return;
    }
    const carton::SelfTestRun &r = *m_run;
    QString text = tr("%1 passed, %2 failed, %3 cannot run, %4 error")
                       .arg(r.count(carton::SelfTestStatus::Passed))
                       .arg(r.count(carton::SelfTestStatus::Failed))
                       .arg(r.count(carton::SelfTestStatus::CannotRun))
                       .arg(r.count(carton::SelfTestStatus::Error));
    if (!r.examples.isEmpty()) // no verdict, but an example that cannot run is broken
        text += tr(" · examples: %1 ran, %2 cannot run, %3 error")
                    .arg(r.count(carton::ExampleStatus::Ran))
                    .arg(r.count(carton::ExampleStatus::CannotRun))
                    .arg(r.count(carton::ExampleStatus::Error));
    if (r.cancelled)
        text += tr(" (cancelled)");
    text += tr(" · model load %1 · total %2").arg(ms(r.loadTime), ms(r.wallTime));
    // Whether the model's code was confined, in every report; first, where no
    // eliding can hide it, when it was not.
    if (r.sandbox.sandboxed)
        text += tr(" · sandboxed (%1)").arg(r.sandbox.mechanism);
    else
        text = tr("NOT sandboxed: %1").arg(r.sandbox.reason) + u" · "_s + text;
    if (!r.forced.isEmpty()) // first too: these results are not the carton's own runner's
        text = tr("FORCED: run with %1").arg(r.forced) + u" · "_s + text;
    m_summary->setText(text);
    m_summary->setToolTip(r.sandbox.summary());
}

bool SelfTestsPage::revealItem(bool example, int number, const QString &key)
{
    QModelIndex index =
        m_model->itemIndex(example ? SelfTestsModel::ItemKind::Example : SelfTestsModel::ItemKind::SelfTest, number);
    if (!index.isValid())
        return false;
    for (int r = 0; !key.isEmpty() && r < m_model->rowCount(index); ++r) {
        const QModelIndex child = m_model->index(r, SelfTestsModel::NameColumn, index);
        if (child.data().toString() == key) {
            m_tree->expand(index);
            index = child;
            break;
        }
    }
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
    m_tree->setFocus(Qt::OtherFocusReason);
    return true;
}

void SelfTestsPage::showDetails()
{
    const QModelIndex current = m_tree->currentIndex();
    const int row = m_model->itemRow(current);
    if (row == m_shownRow)
        return;
    m_shownRow = row;
    if (row < 0) {
        m_shownTest = -1;
        m_shownHtml.clear();
        m_details->showSafeHtml(QString());
        m_outputsModel->clear();
        showMedia({});
        return;
    }
    const QModelIndex item = m_model->index(row, 0);
    m_shownTest = -1;
    m_outputsModel->clear();
    if (m_run) {
        const int number = m_model->itemNumber(item);
        if (!m_model->isExample(item)) {
            for (const carton::SelfTestResult &t : m_run->tests)
                if (t.index == number) {
                    m_shownTest = number;
                    m_outputsModel->setSelfTest(t);
                }
        } else {
            for (const carton::ExampleResult &e : m_run->examples)
                if (e.index == number)
                    m_outputsModel->setExample(e);
        }
    }
    const QString html = SelfTestDetailsHtml::render(*m_model, item, m_run ? &*m_run : nullptr, m_files);
    if (html != m_shownHtml) { // the same again (a refresh) keeps the scroll position
        m_shownHtml = html;
        m_details->showSafeHtml(html);
    }
    showMedia(item);
}

void SelfTestsPage::setDocument(CartonDocument *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (!m_document) {
        m_files = CartonFileReader(m_carton);
        m_details->setCarton(m_carton);
        refreshDetails();
        return;
    }
    connect(m_document, &CartonDocument::filesChanged, this, &SelfTestsPage::readDocumentFiles);
    connect(m_document, &CartonDocument::infoChanged, this, &SelfTestsPage::refreshDetails);
    readDocumentFiles();
}

void SelfTestsPage::readDocumentFiles()
{
    // A copy of the files for the worker threads that read images.
    m_files = CartonFileReader(m_document->files(), m_document->original());
    m_details->setFileReader(
        [files = m_files](const QString &path, qint64 maxBytes) { return files.read(path, maxBytes); });
    refreshDetails();
}

void SelfTestsPage::refreshDetails()
{
    // After the model has followed the same change (it may hear of it after this page).
    if (m_refreshDue)
        return;
    m_refreshDue = true;
    QTimer::singleShot(0, this, [this] {
        m_refreshDue = false;
        m_shownRow = -2;
        showDetails();
    });
}

void SelfTestsPage::showMedia(const QModelIndex &item)
{
    QList<std::pair<QString, QString>> media; // label, path
    const int listed = item.isValid() ? std::min(m_model->rowCount(item), SelfTestDetailsHtml::kKeys) : 0;
    for (int r = 0; r < listed; ++r) {
        const QString reference = m_model->index(r, SelfTestsModel::ReferenceColumn, item).data().toString();
        const auto path = carton::MarkdownRenderer::miscReferencePath(reference);
        if (!path)
            continue;
        const carton::Result<QString> type = m_files.mediaType(*path);
        if (!type.ok() || (!carton::MediaType::isPlayable(*type) &&
                           !carton::MediaType::isPlayable(carton::MediaType::fromExtension(*path))))
            continue;
        const QString key = m_model->index(r, SelfTestsModel::NameColumn, item).data().toString();
        const QString role = m_model->index(r, SelfTestsModel::KindColumn, item).data().toString();
        media.append({QStringLiteral("%1 (%2) — %3 — %4").arg(key, role, *path, *type), *path});
    }
    m_mediaPane->setMedia(m_carton, media);
}

void SelfTestsPage::applyKeptTolerance(int selfTestIndex, const carton::CartonTolerance &tolerance)
{
    if (!m_run || m_runner->isRunning())
        return;
    for (carton::SelfTestResult &t : m_run->tests)
        if (t.index == selfTestIndex)
            t.cartonTolerance = tolerance;
    m_runner->rejudge(*m_run, m_run->tolerances);
}

void SelfTestsPage::showOutputDetails()
{
    const carton::SelfTestResult *shown = nullptr;
    if (m_run) // a pointer into m_run itself: the result must outlive this function's use of it
        for (const carton::SelfTestResult &t : std::as_const(m_run->tests))
            if (t.index == m_shownTest)
                shown = &t;
    m_outputsPane->showCurrent(shown);
    // The error map's three tensor viewers cost GUI-thread time in proportion to
    // the tensor's length (header sections): they are filled when their tab is shown.
    m_errorMapStale = m_detailTabs->currentWidget() != m_errorMap;
    if (!m_errorMapStale)
        m_errorMap->setOutput(m_outputsPane->currentRow());
}

} // namespace studio
