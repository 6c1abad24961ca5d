// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartonsession.h"

#include "base/errorlocation.h"
#include "cartondocument.h"
#include "diskwatcher.h"
#include "jobs/latestjob.h"
#include "package/carton.h"
#include "validate/validator.h"
#include "verificationrunner.h"

#include <QFileInfo>
#include <exception>
#include <utility>

namespace studio {

namespace {

const QString kOpen = QStringLiteral("open");
const QString kValidate = QStringLiteral("validate");

// What the open job hands back: the carton, or why it could not be opened.
using Opened = carton::Result<std::shared_ptr<const carton::Carton>>;

Opened openCarton(const QString &path, const carton::RemoteOptions &remote)
{
    carton::Limits limits;
    limits.quarantineUnsafeEntries = true; // a hostile entry: look at the rest read-only
    auto result = carton::Carton::open(path, limits, remote);
    if (!result)
        return result.error();
    return std::shared_ptr<const carton::Carton>(std::move(result).value());
}

} // namespace

CartonSession::CartonSession(const QString &path, QObject *parent)
    : QObject(parent), m_path(path), m_verification(new VerificationRunner(this)), m_disk(new DiskWatcher(this)),
      m_jobs(new LatestJob(this))
{
    m_disk->watch(path);
    connect(m_disk, &DiskWatcher::changed, this, [this] {
        if (m_carton)
            m_carton->source().recheckPath(); // regions by path may now name another file
        emit changedOnDisk();
    });
    connect(m_disk, &DiskWatcher::removed, this, &CartonSession::removedFromDisk);
    connect(m_verification, &VerificationRunner::stateChanged, this, &CartonSession::busyChanged);
    connect(m_verification, &VerificationRunner::finished, this, &CartonSession::updateVerificationDiagnostics);
}

CartonSession::~CartonSession()
{
    // Jobs go with their LatestJob (a child): unfinished ones finish on their
    // own and their results are dropped. Verification is cancelled here.
    m_verification->cancel();
}

void CartonSession::setPath(const QString &path)
{
    m_path = path;
    m_disk->watch(path);
}

bool CartonSession::isWatching() const
{
    return m_disk->isWatching();
}

void CartonSession::setNewDocument(std::unique_ptr<CartonDocument> document)
{
    m_document = document.release();
    m_document->setParent(this);
    m_state = State::Open;
}

void CartonSession::rebase(const carton::RemoteOptions &remote, const QString &displayName)
{
    m_keepDocument = m_document != nullptr;
    open(remote, displayName);
}

void CartonSession::open(const carton::RemoteOptions &remote, const QString &displayName)
{
    m_jobs->cancelAll(); // an open or validation still running: its result is dropped
    if (m_document && !std::exchange(m_keepDocument, false)) {
        m_document->discardRecovery();
        m_document->deleteLater();
        m_document = nullptr;
    }
    m_validating = false;
    m_verification->start(nullptr);
    m_carton.reset();
    m_error = {};
    m_fileDiagnostics.clear();
    m_verifyDiagnostics.clear();
    m_state = State::Opening;
    emit stateChanged(m_state);
    emit diagnosticsChanged();
    emit busyChanged();

    // On the pool for files: opening a remote carton may wait on the network,
    // and must not hold a thread that reads tensors.
    m_jobs->start(
        kOpen, [path = m_path, remote](carton::Progress &) { return openCarton(path, remote); },
        [this, displayName](Opened outcome) {
            if (!outcome) {
                m_error = outcome.error();
                m_state = State::Failed;
                m_fileDiagnostics = {carton::diagnosticFromError(m_error, displayName)};
                emit failed();
                emit stateChanged(m_state);
                emit diagnosticsChanged();
                emit busyChanged();
                return;
            }
            m_carton = *outcome;
            m_fileDiagnostics = m_carton->loadDiagnostics();
            m_state = State::Open;
            m_validating = true;
            m_jobs->start(
                kValidate,
                [carton = m_carton](carton::Progress &) -> carton::Result<carton::Diagnostics> {
                    return carton::validateCarton(*carton);
                },
                [this](carton::Result<carton::Diagnostics> diagnostics) {
                    if (diagnostics) {
                        m_fileDiagnostics = std::move(diagnostics).value();
                    } else { // the validation itself failed (out of memory): say so, keep what loading found
                        m_fileDiagnostics = m_carton->loadDiagnostics();
                        m_fileDiagnostics.append(carton::diagnosticFromError(diagnostics.error(), m_path));
                    }
                    m_validating = false;
                    emit diagnosticsChanged();
                    emit busyChanged();
                },
                {}, JobPools::Kind::Files);
            if (!m_document) {
                const bool isFile = QFileInfo(m_path).isFile();
                m_document = new CartonDocument(m_carton, isFile ? m_path : QString(), this);
            }
            emit opened();
            emit stateChanged(m_state);
            emit diagnosticsChanged();
        },
        {}, JobPools::Kind::Files);
}

void CartonSession::verify(const carton::VerifyOptions &options)
{
    if (!m_carton)
        return;
    if (!m_verifyDiagnostics.isEmpty()) {
        m_verifyDiagnostics.clear();
        emit diagnosticsChanged();
    }
    m_verification->start(m_carton, options);
}

carton::Diagnostics CartonSession::diagnostics(const CartonDocument *document) const
{
    if (!document || (m_carton && !document->isModified() && document->unappliedTexts().isEmpty()))
        return m_fileDiagnostics + m_verifyDiagnostics;
    // Edited (or typed text not applied): the document validates the carton as it
    // will be saved (validateEdits: the checks validateCarton makes of the same
    // content). What only the opened file can say stays: how its entries loaded
    // (carton.toml's own load problems are the document's to say).
    carton::Diagnostics list = document->diagnostics();
    if (m_carton)
        for (const carton::Diagnostic &d : m_carton->loadDiagnostics())
            if (d.location.file != u"carton.toml")
                list.append(d);
    return list + m_verifyDiagnostics;
}

void CartonSession::updateVerificationDiagnostics()
{
    // Missing and unlisted files are already reported by validation; add what
    // only hashing can find.
    m_verifyDiagnostics.clear();
    for (const carton::FileCheck &check : m_verification->report().files) {
        if (check.state == carton::FileState::Mismatch) {
            m_verifyDiagnostics.append({carton::Severity::Error, carton::DiagnosticLocation{check.path},
                                        check.message.isEmpty() ? tr("sha256 %1 does not match MANIFEST (%2)")
                                                                      .arg(QString::fromLatin1(check.actualSha256),
                                                                           QString::fromLatin1(check.expectedSha256))
                                                                : check.message});
        } else if (check.state == carton::FileState::Failed) {
            m_verifyDiagnostics.append({carton::Severity::Error, carton::DiagnosticLocation{check.path},
                                        check.message.isEmpty() ? tr("could not be read") : check.message});
        }
    }
    emit diagnosticsChanged();
    emit busyChanged();
}

} // namespace studio
