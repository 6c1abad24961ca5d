// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "comparebackendsdialog.h"

#include "backendcomparisonview.h"
#include "errormappane.h"
#include "jobs/latestjob.h"
#include "package/carton.h"
#include "runconsent.h"
#include "runner/runnerregistry.h"
#include "selftestcommand.h"

#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace studio {

namespace {

constexpr auto kServerItem = "kserve";

} // namespace

CompareBackendsDialog::CompareBackendsDialog(SelfTestRunner::Request requestA, RunConsent *consent,
                                             const QString &commandA, QWidget *parent)
    : QDialog(parent), m_requestA(std::move(requestA)), m_consent(consent), m_runnerA(new SelfTestRunner(this)),
      m_runnerB(new SelfTestRunner(this)), m_jobs(new LatestJob(this)), m_commandA(commandA)
{
    setObjectName(u"compareBackendsDialog"_s);
    setWindowTitle(tr("Compare Backends"));
    m_requestA.benchmark.reset();
    m_requestA.options.runExamples = false; // examples have no verdict to compare

    m_backend = new QComboBox;
    m_backend->setObjectName(u"backendB"_s);
    const carton::RunnerRegistry registry = carton::RunnerRegistry::scan(
        m_requestA.runOptions.pluginSearchPaths.isEmpty() ? carton::RunnerRegistry::defaultSearchPaths()
                                                          : m_requestA.runOptions.pluginSearchPaths);
    bool server = false;
    for (const carton::RunnerPluginInfo &p : registry.plugins()) {
        if (p.runnerName == u"kserve") {
            server = true;
            continue;
        }
        const QString label = p.runnerName + u' ' + p.frameworkVersion;
        if (m_backend->findText(label) < 0)
            m_backend->addItem(label, QStringList{p.runnerName, p.frameworkVersion});
    }
    if (server)
        m_backend->addItem(tr("Triton / KServe server"), QString::fromLatin1(kServerItem));
    m_url = new QLineEdit;
    m_url->setObjectName(u"backendBUrl"_s);
    m_url->setPlaceholderText(u"http://localhost:8000"_s);
    m_compare = new QPushButton(tr("Compare"));
    m_compare->setObjectName(u"compareBackends"_s);
    m_compare->setDefault(true);
    const auto updateUrl = [this] {
        m_url->setEnabled(m_backend->currentData().toString() == QLatin1StringView(kServerItem));
    };
    connect(m_backend, &QComboBox::currentIndexChanged, this, updateUrl);
    updateUrl();
    connect(m_compare, &QPushButton::clicked, this, &CompareBackendsDialog::compare);

    const QString a =
        !m_requestA.choice.kserveUrl.isEmpty() ? m_requestA.choice.kserveUrl
        : !m_requestA.choice.runnerName.isEmpty()
            ? m_requestA.choice.runnerName
            : tr("the carton's runner (%1)")
                  .arg(m_requestA.carton && m_requestA.carton->info() ? m_requestA.carton->info()->runner.runnerName
                                                                      : QString());
    auto *choose = new QHBoxLayout;
    choose->addWidget(new QLabel(tr("A: %1   B:").arg(a)));
    choose->addWidget(m_backend);
    choose->addWidget(m_url, 1);
    choose->addWidget(m_compare);

    m_summary = new QLabel(tr("Choose backend B and press Compare: the self-tests run on A, then on B, and B's "
                              "outputs are compared with A's under the panel's tolerances."));
    m_summary->setObjectName(u"compareSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_view = new BackendComparisonView;

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_copyCommand = buttons->addButton(tr("Copy as Command"), QDialogButtonBox::ActionRole);
    m_copyCommand->setObjectName(u"copyCompareCommand"_s);
    m_copyCommand->setToolTip(tr("Copy the carton selftest command line that makes this comparison"));
    connect(m_copyCommand, &QPushButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(commandLine()); });
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(choose);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
    resize(1000, 640);

    connect(m_runnerA, &SelfTestRunner::finished, this, &CompareBackendsDialog::onFinishedA);
    connect(m_runnerB, &SelfTestRunner::finished, this, &CompareBackendsDialog::onFinishedB);
    connect(m_runnerA, &SelfTestRunner::failed, this,
            [this](const QString &message) { onFailed(tr("Backend A"), message); });
    connect(m_runnerB, &SelfTestRunner::failed, this,
            [this](const QString &message) { onFailed(tr("Backend B"), message); });
}

QString CompareBackendsDialog::commandLine() const
{
    if (m_backend->currentData().toString() == QLatin1StringView(kServerItem))
        return m_commandA + u" --compare-with "_s + SelfTestCommand::shellQuote(u"kserve:"_s + m_url->text().trimmed());
    return m_commandA + u" --compare-runner "_s +
           SelfTestCommand::shellQuote(m_backend->currentData().toStringList().join(u'@'));
}

void CompareBackendsDialog::compare()
{
    if (m_runnerA->isRunning() || m_runnerB->isRunning() || m_backend->currentIndex() < 0)
        return;
    m_requestB = m_requestA;
    m_requestB.choice = {};
    if (m_backend->currentData().toString() == QLatin1StringView(kServerItem)) {
        const QString url = m_url->text().trimmed();
        if (!url.startsWith(u"http://") && !url.startsWith(u"https://")) {
            m_summary->setText(tr("Backend B: enter the server's URL (http://HOST:PORT)."));
            return;
        }
        m_requestB.choice.kserveUrl = url;
    } else {
        const QStringList runner = m_backend->currentData().toStringList();
        m_requestB.choice.runnerName = runner.value(0);
        m_requestB.choice.frameworkVersion = runner.value(1);
        m_requestB.choice.force = true; // chosen by the user, as the panel's runner box does
    }
    if (m_consent && (!m_consent->ask(m_requestA) || !m_consent->ask(m_requestB)))
        return;
    m_runA.reset();
    m_runB.reset();
    m_comparison.reset();
    m_view->clear();
    m_summary->setText(tr("Running the self-tests on backend A…"));
    setRunning(true);
    m_runnerA->start(m_requestA);
}

QTableWidget *CompareBackendsDialog::table() const
{
    return m_view->table();
}

ErrorMapPane *CompareBackendsDialog::errorMap() const
{
    return m_view->errorMap();
}

void CompareBackendsDialog::onFinishedA(const carton::SelfTestRun &run)
{
    m_runA = run;
    m_summary->setText(tr("Running the self-tests on backend B…"));
    m_runnerB->start(m_requestB);
}

void CompareBackendsDialog::onFinishedB(const carton::SelfTestRun &run)
{
    m_runB = run;
    m_summary->setText(tr("Comparing B's outputs with A's…"));
    // Large outputs take a while to compare: off the GUI thread (the runs are shared, not copied).
    m_jobs->start(
        u"compare"_s,
        [a = *m_runA, b = *m_runB, tolerances = m_requestA.options.tolerances, options = m_requestA.options.compare](
            carton::Progress &) { return carton::compareBackends(a, b, tolerances, options); },
        [this](const carton::BackendComparison &comparison) { showComparison(comparison); });
}

void CompareBackendsDialog::showComparison(const carton::BackendComparison &comparison)
{
    setRunning(false);
    m_comparison = comparison;
    const qsizetype off = m_comparison->disagreements();
    m_summary->setText((off == 0
                            ? tr("A and B agree on all %1 self-tests.").arg(m_comparison->tests.size())
                            : tr("A and B disagree on %1 of %2 self-tests.").arg(off).arg(m_comparison->tests.size())) +
                       u' ' + tr("A: %1. B: %2.").arg(m_comparison->backendA, m_comparison->backendB) + u' ' +
                       tr("In the error map A is the expected side and B the actual one."));
    m_view->setParts({{QString(), *m_runA, *m_runB, *m_comparison}});
    emit compared();
}

void CompareBackendsDialog::onFailed(const QString &side, const QString &message)
{
    setRunning(false);
    m_summary->setText(tr("%1 could not run: %2").arg(side, message));
    emit compared();
}

void CompareBackendsDialog::setRunning(bool running)
{
    m_compare->setEnabled(!running);
    m_backend->setEnabled(!running);
}

} // namespace studio
