// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "recordoutputsdialog.h"

#include "document/cartondocument.h"
#include "document/statecopy.h"
#include "jobs/latestjob.h"
#include "package/carton.h"
#include "runconsent.h"
#include "runner/runnersessionfactory.h"
#include "selftest/selftestengine.h"
#include "tensor/tensorregion.h"
#include "trust/safetypage.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <exception>

namespace studio {

namespace {

QString firstValues(const carton::Tensor &t)
{
    const qint64 count = t.elementCount().value_or(0);
    QStringList values;
    for (qint64 i = 0; i < std::min<qint64>(count, 6); ++i)
        values.append(t.valueAsText(i));
    return values.join(QStringLiteral(", ")) + (count > 6 ? QStringLiteral(", …") : QString());
}

} // namespace

RecordOutputsDialog::RecordOutputsDialog(CartonDocument *document, int selfTestIndex, QWidget *parent)
    : QDialog(parent), m_document(document), m_index(selfTestIndex), m_jobs(new LatestJob(this))
{
    setObjectName(QStringLiteral("recordOutputsDialog"));
    const carton::SelfTest &test = document->info().selfTests.at(selfTestIndex);
    m_testName = carton::selfTestName(test, selfTestIndex);
    setWindowTitle(tr("Record Outputs of %1").arg(m_testName));
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("recordStatus"));
    m_status->setWordWrap(true);
    m_table = new QTableWidget(0, 5);
    m_table->setObjectName(QStringLiteral("recordedOutputs"));
    m_table->setHorizontalHeaderLabels(
        {tr("Output"), tr("Dtype"), tr("Shape"), tr("First values"), tr("Replaces expected_out")});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Discard);
    m_keep = m_buttons->addButton(tr("&Keep as Expected Outputs"), QDialogButtonBox::AcceptRole);
    m_keep->setObjectName(QStringLiteral("keepRecording"));
    m_keep->setEnabled(false);
    connect(m_keep, &QPushButton::clicked, this, [this] {
        if (const carton::Status kept = keep(); !kept)
            m_status->setText(kept.error().toString());
    });
    connect(m_buttons->button(QDialogButtonBox::Discard), &QPushButton::clicked, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_buttons);
    resize(720, 360);
}

RecordOutputsDialog::~RecordOutputsDialog() = default;

void RecordOutputsDialog::start()
{
    if (!m_document || !m_dir.isValid())
        return fail(tr("no temporary folder for the edited carton: %1").arg(m_dir.errorString()));
    m_status->setText(tr("Writing the carton as edited…"));
    const DocumentState state = m_document->state();
    const QString path = QDir(m_dir.path()).filePath(stateCopyName(m_document->displayName()));
    auto original = m_document->original();
    m_jobs->start(
        QStringLiteral("copy"),
        [state, path, original](carton::Progress &progress) {
            return writeStateCopy(state, original, path, &progress);
        },
        [this](carton::Result<std::shared_ptr<const carton::Carton>> copy) {
            if (!copy)
                return fail(copy.error().toString());
            copied(*copy);
        });
}

void RecordOutputsDialog::copied(std::shared_ptr<const carton::Carton> copy)
{
    m_copy = std::move(copy);
    m_safety = new SafetyPage(m_copy, this); // its findings go into the consent dialog
    m_safety->hide();
    m_safety->rescan();
    m_consent = new RunConsent(m_copy, m_safety, nullptr, nullptr, this);
    SelfTestRunner::Request request;
    request.carton = m_copy;
    if (!m_consent->ask(request))
        return fail(tr("Not run: the run was cancelled."));
    m_status->setText(tr("Running the model on the inputs of %1…").arg(m_testName));
    carton::RecordOptions options;
    options.tests = {QString::number(m_index)};
    options.overwrite = true; // asked for: the review shows what would be replaced
    auto copyCarton = m_copy;
    m_jobs->start(
        QStringLiteral("record"),
        [copyCarton, request, options](carton::Progress &progress) -> carton::Result<carton::Recording> {
            auto session =
                carton::openRunnerSession(*copyCarton, request.choice, request.runOptions, nullptr, &progress);
            if (!session)
                return session.error();
            carton::Result<carton::Recording> recording =
                carton::recordOutputs(*copyCarton, **session, options, &progress);
            session->reset(); // on this thread, as openRunnerSession requires
            return recording;
        },
        [this](carton::Result<carton::Recording> recording) { showRecording(std::move(recording)); }, {},
        JobPools::Kind::Run); // blocks for as long as the model takes
}

void RecordOutputsDialog::showRecording(carton::Result<carton::Recording> recording)
{
    if (!recording)
        return fail(recording.error().toString());
    const carton::TestRecording *test = recording->tests.isEmpty() ? nullptr : &recording->tests.first();
    if (!test || test->outcome != carton::TestRecording::Outcome::Recorded)
        return fail(test ? test->reason : tr("the model returned nothing for it"));
    // What each output's expected_out names now (Keep rewrites or replaces it).
    const carton::SelfTest &now = m_document->info().selfTests.at(m_index);
    m_table->setRowCount(int(test->outputs.size()));
    for (int r = 0; r < test->outputs.size(); ++r) {
        const carton::RecordedOutput &o = test->outputs.at(r);
        QString replaces = tr("— (new)");
        for (const auto &[key, reference] : now.expectedOut.value_or(carton::TensorRefs()))
            if (key == o.name)
                replaces = reference;
        const QString cells[5] = {o.name, carton::dtypeName(o.tensor.dtype()), carton::shapeText(o.tensor.shape()),
                                  firstValues(o.tensor), replaces};
        for (int c = 0; c < 5; ++c)
            m_table->setItem(r, c, new QTableWidgetItem(cells[c]));
    }
    m_table->resizeColumnsToContents();
    const carton::SandboxInfo &sandbox = recording->run.sandbox;
    const QString how =
        sandbox.sandboxed ? tr("sandboxed (%1)").arg(sandbox.mechanism) : tr("NOT sandboxed: %1").arg(sandbox.reason);
    m_status->setText(tr("%n output(s) recorded by %1, %2. Keep them as the expected outputs of %3?", nullptr,
                         int(test->outputs.size()))
                          .arg(recording->run.runnerName, how, m_testName));
    m_status->setToolTip(sandbox.summary());
    m_recording = std::move(recording).value();
    m_keep->setEnabled(true);
    emit recorded();
}

void RecordOutputsDialog::fail(const QString &message)
{
    m_status->setText(tr("Could not record the outputs: %1").arg(message));
    emit failed(message);
}

carton::Status RecordOutputsDialog::keep()
{
    if (!m_recording || !m_document)
        return carton::makeError(carton::ErrorCode::Usage, tr("nothing was recorded"));
    // Into the document as it is now (the self-test found at its index, as run).
    DocumentState next = m_document->state();
    if (m_index >= next.info.selfTests.size())
        return carton::makeError(carton::ErrorCode::NotFound, tr("the self-test was removed since it was recorded"));
    carton::Recording recording = *m_recording;
    if (const carton::Status applied = carton::applyRecording(recording, next.info, next.files); !applied)
        return applied;
    m_document->setState(next, tr("Record Outputs of %1").arg(m_testName));
    accept();
    return {};
}

RecordOutputsDialog *openRecordOutputs(CartonDocument *document, int index, QWidget *parent)
{
    auto *dialog = new RecordOutputsDialog(document, index, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    dialog->start();
    return dialog;
}

} // namespace studio
