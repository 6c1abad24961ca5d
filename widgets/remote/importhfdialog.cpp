// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "importhfdialog.h"

#include "base/progresssteps.h"
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
#include <QLocale>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace studio {

namespace {
const QString importKey = QStringLiteral("import-hf");
const QString previewKey = QStringLiteral("preview-hf");

struct PreviewOutcome {
    std::shared_ptr<const carton::HfPreview> preview;
    QString error;
};

QString escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

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
      m_preview(new QTextBrowser(this)), m_previewButton(new QPushButton(tr("&Preview"), this)),
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
    m_preview->setObjectName(QStringLiteral("hfPreview"));
    m_preview->setOpenLinks(false);
    m_preview->setPlaceholderText(tr("Preview lists the repository's files, the architecture, the license and the "
                                     "parameters of each weights file, read before anything large is downloaded."));
    m_previewButton->setObjectName(QStringLiteral("hfPreviewButton"));
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
    auto *linkRow = new QHBoxLayout;
    linkRow->addWidget(m_link, 1);
    linkRow->addWidget(m_previewButton);
    layout->addLayout(linkRow);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_progress);
    layout->addWidget(m_buttons);
    resize(760, 520);
    connect(m_import, &QPushButton::clicked, this, &ImportHfDialog::startImport);
    connect(m_browse, &QPushButton::clicked, this, &ImportHfDialog::browse);
    m_progress->follow(m_jobs, importKey, this, m_buttons);
    connect(m_previewButton, &QPushButton::clicked, this, &ImportHfDialog::startPreview);
    for (QLineEdit *edit : {m_repo, m_revision, m_endpoint})
        connect(edit, &QLineEdit::editingFinished, this, [this] {
            if (!m_repo->text().trimmed().isEmpty() && !isImporting())
                startPreview();
        });
    connect(m_link, &QCheckBox::toggled, this, [this] {
        if (!m_repo->text().trimmed().isEmpty() && !isImporting())
            startPreview();
    });
    for (QLineEdit *edit : {m_repo, m_output})
        connect(edit, &QLineEdit::textChanged, this, &ImportHfDialog::updateState);
    updateState();
}

ImportHfDialog::~ImportHfDialog()
{
    // QDialog's destructor hides the dialog, which takes the focus from a line edit:
    // its editingFinished must not reach this half-destroyed dialog (UBSan caught it).
    for (QWidget *field : std::initializer_list<QWidget *>{m_repo, m_revision, m_endpoint, m_link})
        field->disconnect(this);
}

bool ImportHfDialog::isImporting() const
{
    return m_jobs->isRunning(importKey);
}

bool ImportHfDialog::isPreviewing() const
{
    return m_jobs->isRunning(previewKey);
}

QString ImportHfDialog::previewText() const
{
    return m_preview->toPlainText();
}

bool ImportHfDialog::readInputs(carton::HfImportOptions &options, carton::HfRepoRef &ref)
{
    options.endpoint = QUrl(m_endpoint->text().trimmed(), QUrl::StrictMode);
    if (!options.endpoint.isValid() ||
        (options.endpoint.scheme() != u"https" && options.endpoint.scheme() != u"http") ||
        options.endpoint.host().isEmpty()) {
        finish({}, tr("The endpoint must be an http(s) address, not \"%1\".").arg(m_endpoint->text()), false);
        return false;
    }
    QString repo = m_repo->text().trimmed();
    const QString revision = m_revision->text().trimmed();
    if (!revision.isEmpty() && !repo.contains(u'@') && !repo.contains(u':'))
        repo += u'@' + revision;
    carton::Result<carton::HfRepoRef> parsed = carton::HfRepoRef::parse(repo, options.endpoint);
    if (!parsed) {
        finish({}, parsed.error().toString(), false);
        return false;
    }
    ref = *parsed;
    options.token = carton::HfHub::tokenFromEnvironment();
    options.link = m_link->isChecked();
    return true;
}

void ImportHfDialog::startPreview()
{
    carton::HfImportOptions options;
    carton::HfRepoRef ref;
    if (isImporting() || !readInputs(options, ref))
        return;
    m_preview->setHtml(u"<p>"_s + escaped(tr("Reading %1@%2…").arg(ref.repo, ref.revision)) + u"</p>"_s);
    m_jobs->start(
        previewKey,
        [ref, options](carton::Progress &progress) {
            PreviewOutcome outcome;
            const carton::HfHub hub(options.endpoint, options.token, options.idleTimeoutMs);
            carton::Result<carton::HfPreview> preview =
                carton::previewHfRepo(hub, ref, options.include, options.link, {}, &progress);
            if (preview)
                outcome.preview = std::make_shared<const carton::HfPreview>(std::move(preview).value());
            else
                outcome.error = preview.error().toString();
            return outcome;
        },
        [this](const PreviewOutcome &outcome) {
            if (outcome.preview)
                showPreview(*outcome.preview);
            else
                m_preview->setHtml(u"<p>"_s + escaped(outcome.error) + u"</p>"_s);
            emit previewed();
        },
        {}, JobPools::Kind::Files);
}

void ImportHfDialog::showPreview(const carton::HfPreview &p)
{
    const QLocale locale;
    QString html = u"<p><b>"_s + escaped(p.ref.repo) + u"</b> @ "_s + escaped(p.ref.revision);
    if (!p.commit.isEmpty())
        html += u" "_s + escaped(tr("(commit %1)").arg(p.commit.left(12)));
    html += u"</p>"_s;
    if (p.info) {
        const carton::HfModelInfo &i = *p.info;
        QStringList arch;
        if (!i.modelType.isEmpty())
            arch.append(i.architectures.isEmpty() ? i.modelType
                                                  : tr("%1 (%2)").arg(i.modelType, i.architectures.join(u", ")));
        auto add = [&](const QString &format, const std::optional<qint64> &v) {
            if (v)
                arch.append(format.arg(locale.toString(*v)));
        };
        add(tr("%1 layers"), i.layers);
        add(tr("hidden size %1"), i.hiddenSize);
        add(tr("%1 attention heads"), i.heads);
        add(tr("vocabulary %1"), i.vocabSize);
        add(tr("context %1"), i.contextLength);
        if (!i.dtype.isEmpty())
            arch.append(i.dtype);
        html += u"<p>"_s + escaped(tr("Architecture (config.json): %1").arg(arch.join(u", "))) + u"</p>"_s;
        if (i.hasCard)
            html += u"<p>"_s +
                    escaped(p.license().isEmpty() ? tr("The model card names no license.")
                                                  : tr("License (model card): %1").arg(p.license())) +
                    u"</p>"_s;
    }
    QHash<QString, const carton::HfShardPreview *> shards;
    for (const carton::HfShardPreview &s : p.shards)
        shards.insert(s.path, &s);
    QList<std::pair<bool, carton::HfRepoFile>> files;
    qint64 downloadBytes = 0;
    qint64 linkBytes = 0;
    for (const carton::HfRepoFile &f : p.downloads) {
        files.append({false, f});
        downloadBytes += f.size;
    }
    for (const carton::HfRepoFile &f : p.linked) {
        files.append({true, f});
        linkBytes += f.size;
    }
    std::sort(files.begin(), files.end(), [](const auto &a, const auto &b) { return a.second.path < b.second.path; });
    html += u"<table cellspacing=\"0\" cellpadding=\"3\" style=\"margin-bottom:8px\"><tr>"_s;
    for (const QString &h : {tr("File"), tr("Size"), tr("Taken as"), tr("Tensors"), tr("Parameters"), tr("Types")})
        html += u"<th align=\"left\">"_s + escaped(h) + u"</th>"_s;
    html += u"</tr>"_s;
    for (const auto &[linked, f] : std::as_const(files)) {
        const carton::HfShardPreview *s = shards.value(f.path);
        const QStringList cells{f.path,
                                locale.formattedDataSize(f.size),
                                linked ? tr("link") : tr("download"),
                                s ? locale.toString(s->tensors) : QString(),
                                s ? locale.toString(s->parameters) : QString(),
                                s ? s->dtypeText() : QString()};
        html += u"<tr>"_s;
        for (qsizetype c = 0; c < cells.size(); ++c)
            html +=
                (c == 1 || c == 3 || c == 4 ? u"<td align=\"right\">"_s : u"<td>"_s) + escaped(cells[c]) + u"</td>"_s;
        html += u"</tr>"_s;
    }
    html += u"</table>"_s;
    html += u"<p>"_s + escaped(tr("Files to download: %1 (%2). Files to link: %3 (%4).")
                                   .arg(locale.toString(p.downloads.size()), locale.formattedDataSize(downloadBytes),
                                        locale.toString(p.linked.size()), locale.formattedDataSize(linkBytes)));
    if (!p.shards.isEmpty())
        html += u" "_s + escaped(tr("Parameters: %1.").arg(locale.toString(p.parameters())));
    html += u"</p>"_s;
    for (const carton::HfPreview::IgnoredRange &r : p.rangeIgnored)
        html += u"<p><i>"_s +
                escaped(tr("%1: the server ignored the Range requests and sent the whole file; %2 of its %3 were "
                           "read, then the transfers were stopped.")
                            .arg(r.path, locale.formattedDataSize(r.received), locale.formattedDataSize(r.size))) +
                u"</i></p>"_s;
    html += u"<p>"_s +
            escaped(tr("%1 read for this preview; nothing has been downloaded yet.")
                        .arg(locale.formattedDataSize(p.bytesRead))) +
            u"</p>"_s;
    m_preview->setHtml(html);
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
    carton::HfRepoRef ref;
    if (!readInputs(options, ref))
        return;
    m_jobs->interrupt(previewKey); // the import reads its own preview
    const QString output = m_output->text().trimmed();
    m_progress->begin(tr("Importing %1@%2…").arg(ref.repo, ref.revision));
    m_jobs->start(
        importKey,
        [ref, output, options](carton::Progress &progress) {
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
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_repo, m_revision, m_endpoint, m_output, m_browse, m_link, m_previewButton})
        w->setEnabled(!importing);
}

} // namespace studio
