// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "importhfdialog.h"

#include "common/progressrow.h"
#include "hub/hfimport.h"
#include "jobs/latestjob.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace studio {

namespace {
const QString importKey = QStringLiteral("import-hf");

struct ImportOutcome {
    QString path;
    QString error;
    bool cancelled = false;
};
} // namespace

ImportHfDialog::ImportHfDialog(QWidget *parent)
    : QDialog(parent), m_jobs(new LatestJob(this)), m_repo(new QLineEdit(this)), m_revision(new QLineEdit(this)),
      m_endpoint(new QLineEdit(this)), m_output(new QLineEdit(this)), m_browse(new QPushButton(tr("&Browse…"), this)),
      m_link(new QCheckBox(tr("&Link the weights (LINKS entries to the Hub) instead of downloading them"), this)),
      m_progress(new ProgressRow(QStringLiteral("hf"), this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this)),
      m_import(m_buttons->addButton(tr("&Import"), QDialogButtonBox::AcceptRole))
{
    setWindowTitle(tr("Import from Hugging Face"));
    m_repo->setObjectName(QStringLiteral("hfRepo"));
    m_repo->setPlaceholderText(QStringLiteral("owner/name"));
    m_revision->setObjectName(QStringLiteral("hfRevision"));
    m_revision->setText(QStringLiteral("main")); // i18n: not translated (the branch name)
    m_endpoint->setObjectName(QStringLiteral("hfEndpoint"));
    m_endpoint->setText(carton::HfHub::defaultEndpoint().toString());
    m_output->setObjectName(QStringLiteral("hfOutput"));
    m_output->setPlaceholderText(QDir::home().filePath(QStringLiteral("model.carton")));
    m_link->setObjectName(QStringLiteral("hfLink"));
    m_import->setObjectName(QStringLiteral("hfImportButton"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Repository:"), m_repo);
    form->addRow(tr("Re&vision:"), m_revision);
    form->addRow(tr("&Endpoint:"), m_endpoint);
    auto *outputRow = new QHBoxLayout;
    outputRow->addWidget(m_output, 1);
    outputRow->addWidget(m_browse);
    auto *outputLabel = new QLabel(tr("&Save as:"), this);
    outputLabel->setBuddy(m_output); // a row of a layout gets no buddy from addRow
    form->addRow(outputLabel, outputRow);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_link);
    layout->addWidget(m_progress);
    layout->addStretch(1);
    layout->addWidget(m_buttons);
    resize(600, 260);
    connect(m_import, &QPushButton::clicked, this, &ImportHfDialog::startImport);
    connect(m_browse, &QPushButton::clicked, this, &ImportHfDialog::browse);
    m_progress->follow(m_jobs, importKey, this, m_buttons);
    for (QLineEdit *edit : {m_repo, m_output})
        connect(edit, &QLineEdit::textChanged, this, &ImportHfDialog::updateState);
    updateState();
}

ImportHfDialog::~ImportHfDialog() = default;

bool ImportHfDialog::isImporting() const
{
    return m_jobs->isRunning(importKey);
}

void ImportHfDialog::cancelImport()
{
    m_progress->cancel();
}

QString ImportHfDialog::statusText() const
{
    return m_progress->status();
}

void ImportHfDialog::browse()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Import from Hugging Face"), m_output->text(), tr("Cartons (*.carton)"));
    if (!path.isEmpty())
        m_output->setText(path);
}

void ImportHfDialog::startImport()
{
    if (isImporting())
        return;
    carton::HfImportOptions options;
    options.endpoint = QUrl(m_endpoint->text().trimmed(), QUrl::StrictMode);
    if (!options.endpoint.isValid() ||
        (options.endpoint.scheme() != u"https" && options.endpoint.scheme() != u"http") ||
        options.endpoint.host().isEmpty()) {
        finish({}, tr("The endpoint must be an http(s) address, not \"%1\".").arg(m_endpoint->text()), false);
        return;
    }
    QString repo = m_repo->text().trimmed();
    const QString revision = m_revision->text().trimmed();
    if (!revision.isEmpty() && !repo.contains(u'@') && !repo.contains(u':'))
        repo += u'@' + revision;
    carton::Result<carton::HfRepoRef> ref = carton::HfRepoRef::parse(repo, options.endpoint);
    if (!ref) {
        finish({}, ref.error().toString(), false);
        return;
    }
    const QString output = m_output->text().trimmed();
    options.token = carton::HfHub::tokenFromEnvironment();
    options.link = m_link->isChecked();
    m_progress->begin(tr("Importing %1@%2…").arg(ref->repo, ref->revision));
    m_jobs->start(
        importKey,
        [ref = *ref, output, options](carton::Progress &progress) {
            ImportOutcome outcome;
            carton::Result<carton::HfImportResult> result = carton::importHfRepo(ref, output, options, &progress);
            if (result) {
                outcome.path = output;
            } else {
                outcome.cancelled = result.error().code == carton::ErrorCode::Cancelled;
                outcome.error = result.error().toString();
            }
            return outcome;
        },
        [this](const ImportOutcome &outcome) { finish(outcome.path, outcome.error, outcome.cancelled); },
        m_progress->progress(), JobPools::Kind::Files);
    updateState();
}

void ImportHfDialog::finish(const QString &path, const QString &error, bool cancelled)
{
    updateState();
    if (!path.isEmpty()) {
        m_progress->complete(tr("Imported into %1.").arg(path));
        emit imported(path);
        accept();
        return;
    }
    m_progress->setStatus(cancelled ? tr("Import cancelled; the files downloaded so far are kept for the next import.")
                                    : error);
    emit importFailed(cancelled ? tr("Cancelled") : error);
}

void ImportHfDialog::updateState()
{
    const bool importing = isImporting();
    m_import->setEnabled(!importing && !m_repo->text().trimmed().isEmpty() && !m_output->text().trimmed().isEmpty());
    for (QWidget *w : std::initializer_list<QWidget *>{m_repo, m_revision, m_endpoint, m_output, m_browse, m_link})
        w->setEnabled(!importing);
}

} // namespace studio
