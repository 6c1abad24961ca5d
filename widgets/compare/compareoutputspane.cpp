// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "compareoutputspane.h"

#include "base/progresssteps.h"
#include "jobs/latestjob.h"
#include "package/carton.h"
#include "selftests/backendcomparisonview.h"
#include "selftests/runconsent.h"
#include "selftests/tolerancebar.h"
#include "style/tone.h"
#include "trust/safetypage.h"
#include "trust/signaturerow.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace studio {

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

const QString kRun = QStringLiteral("run");
const QString kJudge = QStringLiteral("judge");

QStringList sidesOf(CompareOutputsPane::Inputs inputs)
{
    switch (inputs) {
    case CompareOutputsPane::Inputs::A:
        return {QStringLiteral("a")};
    case CompareOutputsPane::Inputs::B:
        return {QStringLiteral("b")};
    case CompareOutputsPane::Inputs::Both:
        break;
    }
    return {QStringLiteral("a"), QStringLiteral("b")};
}

} // namespace

CompareOutputsPane::CompareOutputsPane(QWidget *parent)
    : QWidget(parent), m_jobs(new LatestJob(this)), m_inputs(new QComboBox), m_tolerances(new ToleranceBar),
      m_run(new QPushButton(tr("&Run Both Models"))), m_cancel(new QPushButton(tr("Cancel"))),
      m_progress(new QProgressBar), m_summary(new QLabel), m_view(new BackendComparisonView)
{
    setObjectName(QStringLiteral("compareOutputs"));
    m_inputs->setObjectName(QStringLiteral("compareOutputsInputs"));
    m_inputs->addItem(tr("A's self-test inputs"), int(Inputs::A));
    m_inputs->addItem(tr("B's self-test inputs"), int(Inputs::B));
    m_inputs->addItem(tr("Both sides' self-test inputs"), int(Inputs::Both));
    m_inputs->setToolTip(tr("Whose [[self_test]] inputs both models run on"));
    m_run->setObjectName(QStringLiteral("compareOutputsRun"));
    m_run->setToolTip(tr("Run A's and B's models (each in its sandboxed runner host, after asking) on the same "
                         "inputs and compare B's outputs with A's"));
    connect(m_run, &QPushButton::clicked, this, &CompareOutputsPane::run);
    m_cancel->setObjectName(QStringLiteral("compareOutputsCancel"));
    connect(m_cancel, &QPushButton::clicked, this, &CompareOutputsPane::cancel);
    m_progress->setObjectName(QStringLiteral("compareOutputsProgress"));
    m_progress->setMaximumWidth(220);
    // Both models run what their carton declares: no "Run despite spec mismatches" here.
    for (QAction *action : m_tolerances->actions())
        if (m_tolerances->widgetForAction(action) == m_tolerances->ignoreSpecMismatchBox())
            action->setVisible(false);
    connect(m_tolerances, &ToleranceBar::changed, this, &CompareOutputsPane::judgeAgain);
    m_summary->setObjectName(QStringLiteral("compareOutputsSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Run on")));
    controls->addWidget(m_inputs);
    controls->addWidget(m_run);
    controls->addWidget(m_progress);
    controls->addWidget(m_cancel);
    controls->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_tolerances);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    setRunning(false);
    updateRunnable();
}

CompareOutputsPane::~CompareOutputsPane() = default; // m_jobs kills a running host

void CompareOutputsPane::setSide(Side &side, std::shared_ptr<const Carton> carton, const QString &path)
{
    delete side.consent;
    side.consent = nullptr;
    delete side.trust;
    side.trust = nullptr;
    side.carton = std::move(carton);
    side.path = path;
    if (!side.carton)
        return;
    // What the consent dialog says about this carton: its own safety scan and signature.
    side.trust = new QWidget(this);
    side.trust->hide();
    auto *safety = new SafetyPage(side.carton, side.trust);
    auto *signature = new SignatureRow(side.carton, m_settings, side.trust);
    safety->rescan();
    side.consent = new RunConsent(side.carton, safety, signature, m_settings, this);
}

void CompareOutputsPane::setSides(std::shared_ptr<const Carton> a, const QString &pathA,
                                  std::shared_ptr<const Carton> b, const QString &pathB)
{
    m_jobs->cancelAll();
    setRunning(false);
    setSide(m_a, std::move(a), pathA);
    setSide(m_b, std::move(b), pathB);
    m_outputs.clear();
    m_view->clear();
    updateRunnable();
}

void CompareOutputsPane::setSettings(QSettings *settings)
{
    m_settings = settings;
    setSide(m_a, m_a.carton, m_a.path);
    setSide(m_b, m_b.carton, m_b.path);
}

void CompareOutputsPane::setRunOptions(const RunOptions &options)
{
    m_runOptions = options;
}

bool CompareOutputsPane::isRunning() const
{
    return m_jobs->isRunning(kRun);
}

void CompareOutputsPane::updateRunnable()
{
    const bool both = m_a.carton && m_b.carton;
    m_run->setEnabled(both && !isRunning());
    if (isRunning())
        return;
    if (!both) {
        m_summary->setText(m_a.path.isEmpty() && m_b.path.isEmpty()
                               ? QString()
                               : tr("Outputs are compared for two cartons: a bare model file has no runner and no "
                                    "self-test inputs."));
        setTextTone(m_summary, Tone::Neutral);
    } else if (m_outputs.isEmpty()) {
        m_summary->setText(tr("Press Run Both Models: A's and B's models run on the chosen self-test inputs, each in "
                              "its own sandboxed runner host (you are asked first), and B's outputs are compared "
                              "with A's under the tolerance below."));
        setTextTone(m_summary, Tone::Neutral);
    }
}

void CompareOutputsPane::setRunning(bool running)
{
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
    m_inputs->setEnabled(!running);
    m_run->setEnabled(!running && m_a.carton && m_b.carton);
}

void CompareOutputsPane::run()
{
    if (isRunning() || !m_a.carton || !m_b.carton)
        return;
    const Result<ToleranceSettings> tolerances = m_tolerances->settings();
    if (!tolerances) {
        m_summary->setText(tr("Tolerance: %1").arg(tolerances.error().message));
        setTextTone(m_summary, Tone::Bad);
        return;
    }
    SelfTestRunner::Request requestA, requestB;
    requestA.carton = m_a.carton;
    requestA.runOptions = m_runOptions;
    requestB.carton = m_b.carton;
    requestB.runOptions = m_runOptions;
    if (!m_a.consent->ask(requestA) || !m_b.consent->ask(requestB)) {
        m_summary->setText(tr("Not run: the run was cancelled."));
        setTextTone(m_summary, Tone::Warning);
        emit finished();
        return;
    }
    SelfTestOptions options;
    options.tolerances = *tolerances;
    options.runExamples = false; // examples have no verdict to compare
    const QStringList from = sidesOf(Inputs(m_inputs->currentData().toInt()));
    m_summary->setText(tr("Running A's model, then B's…"));
    setTextTone(m_summary, Tone::Neutral);
    m_progress->setRange(0, 0);
    setRunning(true);
    m_jobs->start(
        kRun,
        [a = m_a.carton, pathA = m_a.path, b = m_b.carton, pathB = m_b.path, requestA, requestB, from,
         options](Progress &progress) -> Result<QList<OutputsDiff>> {
            const OpenSession open = [&](const Carton &carton, Progress *p) -> Result<std::unique_ptr<RunnerSession>> {
                const SelfTestRunner::Request &r = &carton == a.get() ? requestA : requestB;
                return openRunnerSession(carton, r.choice, r.runOptions, nullptr, p);
            };
            return runOutputsDiff(*a, pathA, *b, pathB, from, open, options, &progress);
        },
        [this](Result<QList<OutputsDiff>> outputs) { finishedRun(std::move(outputs)); },
        [this](qint64 done, qint64 total) {
            if (total <= 0) {
                m_progress->setRange(0, 0); // a host starting and loading its model
                return;
            }
            m_progress->setRange(0, kProgressSteps);
            m_progress->setValue(progressSteps(done, total));
        },
        JobPools::Kind::Run); // blocks for as long as the models take
}

void CompareOutputsPane::cancel()
{
    if (!isRunning())
        return;
    m_jobs->cancel(kRun); // the token kills the running host
    setRunning(false);
    m_summary->setText(tr("Outputs not compared: cancelled."));
    setTextTone(m_summary, Tone::Warning);
    emit finished();
}

void CompareOutputsPane::finishedRun(Result<QList<OutputsDiff>> outputs)
{
    setRunning(false);
    if (!outputs) {
        m_summary->setText(tr("Could not run both models: %1").arg(outputs.error().toString()));
        setTextTone(m_summary, Tone::Bad);
        emit finished();
        return;
    }
    show(*outputs);
    emit finished();
}

void CompareOutputsPane::judgeAgain()
{
    const Result<ToleranceSettings> tolerances = m_tolerances->settings();
    if (m_outputs.isEmpty() || isRunning() || !tolerances)
        return;
    m_jobs->start(
        kJudge,
        [outputs = m_outputs, tolerances = *tolerances](Progress &) {
            QList<OutputsDiff> judged = outputs; // tensors are shared, not copied
            for (OutputsDiff &d : judged)
                d.judge(tolerances);
            return judged;
        },
        [this](const QList<OutputsDiff> &judged) { show(judged); });
}

void CompareOutputsPane::show(const QList<OutputsDiff> &outputs)
{
    m_outputs = outputs;
    QList<BackendComparisonView::Part> parts;
    qsizetype tests = 0, off = 0;
    for (const OutputsDiff &d : m_outputs) {
        const QString inputs = m_outputs.size() < 2 ? QString() : d.inputsFrom == u"b" ? tr("B's") : tr("A's");
        parts.append({inputs, d.runA, d.runB, d.comparison});
        tests += d.comparison.tests.size();
        off += d.comparison.disagreements();
    }
    m_view->setParts(parts);
    // The inputs chosen, as the list of choices names them.
    const Inputs inputs = m_outputs.size() > 1                                           ? Inputs::Both
                          : !m_outputs.isEmpty() && m_outputs.first().inputsFrom == u"b" ? Inputs::B
                                                                                         : Inputs::A;
    const QString whose = m_inputs->itemText(m_inputs->findData(int(inputs)));
    // How the hosts ran: "sandboxed (bubblewrap 0.8.0)" in the line, what it allows and denies in the tip.
    const SandboxInfo *sandbox = m_outputs.isEmpty() ? nullptr : &m_outputs.first().runB.sandbox;
    m_summary->setText((off == 0 ? tr("B's outputs agree with A's on all %1 self-tests.").arg(tests)
                                 : tr("B's outputs differ from A's on %1 of %2 self-tests.").arg(off).arg(tests)) +
                       u' ' + tr("Run on: %1.").arg(whose) + u' ' +
                       tr("In the error map A is the expected side and B the actual one.") +
                       (sandbox ? u" ("_s + sandbox->brief() + u')' : QString()));
    m_summary->setToolTip(sandbox ? sandbox->summary() : QString());
    setTextTone(m_summary, off == 0 ? Tone::Good : Tone::Bad);
}

} // namespace studio
