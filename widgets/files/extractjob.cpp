// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "extractjob.h"

#include "base/progresssteps.h"
#include "jobs/latestjob.h"
#include "pack/unpacker.h"
#include "package/carton.h"

#include <QProgressDialog>

namespace studio {

namespace {
const QString kExtract = QStringLiteral("extract");
}

ExtractJob::ExtractJob(QString folder, QWidget *dialogParent) : m_folder(std::move(folder)), m_jobs(new LatestJob(this))
{
    if (dialogParent) {
        m_dialog = new QProgressDialog(tr("Extracting…"), tr("Cancel"), 0, carton::kProgressSteps, dialogParent);
        m_dialog->setWindowTitle(tr("Extract"));
        m_dialog->setMinimumDuration(300);
        m_dialog->setAutoClose(false);
        m_dialog->setAutoReset(false);
        m_dialog->setValue(0);
        connect(m_dialog, &QProgressDialog::canceled, this, &ExtractJob::cancel);
    }
}

ExtractJob *ExtractJob::start(std::shared_ptr<const carton::Carton> carton, const QStringList &paths,
                              const QString &folder, bool overwrite, QWidget *dialogParent)
{
    auto *job = new ExtractJob(folder, dialogParent);
    job->m_jobs->start(
        kExtract,
        [carton, paths, folder, overwrite](carton::Progress &progress) {
            Outcome outcome;
            carton::UnpackOptions options;
            options.only = paths;
            options.overwrite = overwrite;
            auto result = carton::unpackCarton(*carton, folder, options, &progress);
            if (result.ok()) {
                outcome.ok = true;
                outcome.filesWritten = result->filesWritten;
                outcome.bytesWritten = result->bytesWritten;
                outcome.skippedLinked = result->skippedLinked;
            } else {
                outcome.cancelled = result.error().code == carton::ErrorCode::Cancelled;
                outcome.error = result.error().toString();
            }
            return outcome;
        },
        [job](Outcome outcome) { job->onFinished(outcome); },
        [job](qint64 done, qint64 total, const QString &what) { job->onProgress(done, total, what); });
    return job;
}

void ExtractJob::cancel()
{
    m_cancelled = true;
    m_jobs->interrupt(kExtract); // the outcome (cancelled, files so far) still comes
    if (m_dialog)
        m_dialog->setLabelText(tr("Cancelling…"));
}

void ExtractJob::onProgress(qint64 done, qint64 total, const QString &what)
{
    if (!m_dialog)
        return;
    m_dialog->setValue(carton::progressSteps(done, total));
    if (!what.isEmpty() && !m_cancelled)
        m_dialog->setLabelText(tr("Extracting %1…").arg(what));
}

void ExtractJob::onFinished(const Outcome &outcome)
{
    if (m_dialog)
        m_dialog->deleteLater();
    emit finished(outcome);
    deleteLater();
}

} // namespace studio
