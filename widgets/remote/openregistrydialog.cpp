// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "openregistrydialog.h"

#include "jobs/latestjob.h"
#include "oci/ociregistry.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace studio {

namespace {
const QString listKey = QStringLiteral("tags");

struct Listing {
    QStringList tags;
    QString error;
};

// The reference without "oci://" and without a tag or digest: the repository.
carton::Result<carton::OciReference> repositoryOf(const QString &text)
{
    QString ref = text.trimmed();
    if (ref.startsWith(QLatin1StringView("oci://")))
        ref = ref.mid(6);
    return carton::OciReference::parse(ref);
}
} // namespace

OpenRegistryDialog::OpenRegistryDialog(QWidget *parent)
    : QDialog(parent), m_jobs(new LatestJob(this)), m_reference(new QLineEdit(this)), m_tags(new QListWidget(this)),
      m_status(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Open from Registry"));
    auto *layout = new QVBoxLayout(this);
    auto *label = new QLabel(tr("&Repository in an OCI registry (host[:port]/repository):"), this);
    label->setBuddy(m_reference);
    m_reference->setObjectName(QStringLiteral("registryReference"));
    m_reference->setPlaceholderText(QStringLiteral("registry.example.org/team/model"));
    auto *list = new QPushButton(tr("&List Tags"), this);
    list->setObjectName(QStringLiteral("listTags"));
    auto *row = new QHBoxLayout;
    row->addWidget(m_reference, 1);
    row->addWidget(list);
    m_tags->setObjectName(QStringLiteral("registryTags"));
    m_status->setObjectName(QStringLiteral("registryStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(label);
    layout->addLayout(row);
    layout->addWidget(new QLabel(tr("Tags:"), this));
    layout->addWidget(m_tags, 1);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);
    resize(560, 380);
    connect(list, &QPushButton::clicked, this, &OpenRegistryDialog::listTags);
    connect(m_reference, &QLineEdit::returnPressed, this, &OpenRegistryDialog::listTags);
    connect(m_tags, &QListWidget::currentRowChanged, this, &OpenRegistryDialog::updateState);
    connect(m_tags, &QListWidget::itemDoubleClicked, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateState();
}

OpenRegistryDialog::~OpenRegistryDialog() = default;

void OpenRegistryDialog::setReference(const QString &reference)
{
    m_reference->setText(reference);
}

bool OpenRegistryDialog::isListing() const
{
    return m_jobs->isRunning(listKey);
}

void OpenRegistryDialog::listTags()
{
    m_tags->clear();
    m_repository.clear();
    auto ref = repositoryOf(m_reference->text());
    if (!ref) {
        m_status->setText(ref.error().toString());
        updateState();
        emit tagsListed(m_status->text());
        return;
    }
    const QString repository = ref->registry + u'/' + ref->repository;
    m_status->setText(tr("Asking %1 for its tags…").arg(repository));
    m_jobs->start(
        listKey,
        [ref = *ref](carton::Progress &) {
            Listing listing;
            carton::OciRegistry registry(ref);
            auto tags = registry.listTags();
            if (tags)
                listing.tags = *tags;
            else
                listing.error = tags.error().toString();
            return listing;
        },
        [this, repository, wanted = ref->tag](Listing listing) {
            if (!listing.error.isEmpty()) {
                m_status->setText(listing.error);
            } else {
                m_repository = repository;
                m_tags->addItems(listing.tags);
                const auto match = m_tags->findItems(wanted, Qt::MatchExactly);
                m_tags->setCurrentRow(match.isEmpty() ? 0 : m_tags->row(match.first()));
                m_status->setText(listing.tags.isEmpty()
                                      ? tr("%1 has no tags.").arg(repository)
                                      : tr("%n tag(s) in %1.", nullptr, int(listing.tags.size())).arg(repository));
            }
            updateState();
            emit tagsListed(listing.error);
        });
}

QString OpenRegistryDialog::selectedUrl() const
{
    const QListWidgetItem *item = m_tags->currentItem();
    if (!item || m_repository.isEmpty())
        return {};
    return QStringLiteral("oci://") + m_repository + u':' + item->text();
}

void OpenRegistryDialog::updateState()
{
    m_buttons->button(QDialogButtonBox::Open)->setEnabled(!selectedUrl().isEmpty());
}

} // namespace studio
