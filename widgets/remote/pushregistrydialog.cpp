// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "pushregistrydialog.h"

#include "common/progressrow.h"
#include "jobs/latestjob.h"
#include "oci/ocitransfer.h"
#include "package/carton.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace studio {

namespace {
const QString pushKey = QStringLiteral("push");

struct PushOutcome {
    QString digest;
    QString reference;
    QString error;
    bool cancelled = false;
    qint64 resumed = 0; // bytes an interrupted push had sent already
};

// MANIFEST files the carton holds only as LINKS URLs.
int linkedOnlyFiles(const carton::Carton *carton)
{
    int n = 0;
    if (carton && carton->manifest())
        for (const carton::ManifestEntry &e : carton->manifest()->entries())
            n += carton->source().find(e.path) ? 0 : 1;
    return n;
}
} // namespace

PushRegistryDialog::PushRegistryDialog(std::shared_ptr<const carton::Carton> carton, const QString &name,
                                       QWidget *parent)
    : QDialog(parent), m_carton(std::move(carton)), m_jobs(new LatestJob(this)), m_reference(new QLineEdit(this)),
      m_fetchLinks(new QCheckBox(this)), m_progress(new ProgressRow(QStringLiteral("push"), this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this)),
      m_push(m_buttons->addButton(tr("&Push"), QDialogButtonBox::AcceptRole))
{
    setWindowTitle(tr("Push %1 to a Registry").arg(name));
    auto *layout = new QVBoxLayout(this);
    auto *label = new QLabel(tr("&Reference in an OCI registry (host[:port]/repository[:tag]):"), this);
    label->setBuddy(m_reference);
    m_reference->setObjectName(QStringLiteral("pushReference"));
    m_reference->setPlaceholderText(QStringLiteral("registry.example.org/team/model:v1"));
    // Consent to download what the carton only links to (asked only when there is some).
    const int linked = linkedOnlyFiles(m_carton.get());
    m_fetchLinks->setObjectName(QStringLiteral("pushFetchLinks"));
    m_fetchLinks->setText(
        tr("&Fetch the %n file(s) only reachable through LINKS and push them as layers (else they stay in LINKS)",
           nullptr, linked));
    m_fetchLinks->setVisible(linked > 0);
    m_push->setObjectName(QStringLiteral("pushButton"));
    layout->addWidget(label);
    layout->addWidget(m_reference);
    layout->addWidget(m_fetchLinks);
    layout->addWidget(m_progress);
    layout->addStretch(1);
    layout->addWidget(m_buttons);
    resize(560, 200);
    connect(m_push, &QPushButton::clicked, this, &PushRegistryDialog::push);
    m_progress->follow(m_jobs, pushKey, this, m_buttons);
    connect(m_reference, &QLineEdit::textChanged, this, &PushRegistryDialog::updateState);
    updateState();
}

PushRegistryDialog::~PushRegistryDialog() = default;

void PushRegistryDialog::setReference(const QString &reference)
{
    m_reference->setText(reference);
}

bool PushRegistryDialog::isPushing() const
{
    return m_jobs->isRunning(pushKey);
}

void PushRegistryDialog::cancelPush()
{
    m_progress->cancel();
}

void PushRegistryDialog::push()
{
    if (isPushing() || !m_carton)
        return;
    QString text = m_reference->text().trimmed();
    if (text.startsWith(QLatin1StringView("oci://")))
        text = text.mid(6);
    auto ref = carton::OciReference::parse(text);
    if (!ref) {
        finish({}, text, ref.error().toString(), false);
        return;
    }
    m_progress->begin(tr("Pushing to %1…").arg(ref->toString()));
    m_jobs->start(
        pushKey,
        [carton = m_carton, ref = *ref, fetchLinks = m_fetchLinks->isChecked()](carton::Progress &progress) {
            PushOutcome outcome;
            outcome.reference = ref.toString();
            carton::OciRegistry registry(ref);
            auto pushed = carton::pushCarton(*carton, registry, {}, &progress, fetchLinks);
            if (pushed) {
                outcome.digest = pushed->manifestDigest;
                outcome.resumed = pushed->bytesResumed;
            } else {
                outcome.cancelled = pushed.error().code == carton::ErrorCode::Cancelled;
                outcome.error = pushed.error().toString();
            }
            return outcome;
        },
        [this](PushOutcome outcome) {
            finish(outcome.digest, outcome.reference, outcome.error, outcome.cancelled, outcome.resumed);
        },
        m_progress->progress());
    updateState();
}

void PushRegistryDialog::finish(const QString &digest, const QString &reference, const QString &error, bool cancelled,
                                qint64 resumed)
{
    updateState();
    delete m_outcome;
    if (cancelled) {
        m_progress->setStatus(
            tr("Push cancelled; nothing was tagged in %1. Pushing again goes on where this push stopped.")
                .arg(reference));
    } else if (!error.isEmpty()) {
        m_progress->setStatus(error);
        m_outcome = new QMessageBox(QMessageBox::Critical, tr("Push to Registry"),
                                    tr("Could not push to %1.").arg(reference), QMessageBox::Ok, this);
        m_outcome->setInformativeText(error);
    } else {
        QString text = tr("Pushed to %1 as %2.").arg(reference, digest);
        if (resumed > 0)
            text += u' ' + tr("%1 were in the registry already from an interrupted push.")
                               .arg(QLocale().formattedDataSize(resumed));
        m_progress->complete(text);
        m_outcome = new QMessageBox(QMessageBox::Information, tr("Push to Registry"),
                                    tr("Pushed to %1.").arg(reference), QMessageBox::Ok, this);
        m_outcome->setInformativeText(tr("Manifest digest: %1").arg(digest));
        m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    if (m_outcome) {
        m_outcome->setObjectName(QStringLiteral("pushOutcome"));
        m_outcome->setAttribute(Qt::WA_DeleteOnClose);
        m_outcome->open();
    }
    emit pushFinished(error.isEmpty() && !cancelled ? digest : QString(), cancelled ? tr("Cancelled") : error);
}

void PushRegistryDialog::updateState()
{
    const bool pushing = isPushing();
    m_push->setEnabled(!pushing && !m_reference->text().trimmed().isEmpty() && m_carton);
    m_reference->setEnabled(!pushing);
    m_fetchLinks->setEnabled(!pushing);
}

} // namespace studio
