// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "extractjob.h"

#include "pack/unpacker.h"
#include "package/carton.h"

#include <QProgressDialog>
#include <QtConcurrent/QtConcurrentRun>

namespace studio {

ExtractJob::ExtractJob(QString folder, QWidget *dialogParent) : m_folder(std::move(folder))
{
    if (dialogParent) {
        m_dialog = new QProgressDialog(tr("Extracting…"), tr("Cancel"), 0, 1000, dialogParent);
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
    // The callback runs on worker threads: post to the job, which outlives the work.
    job->m_progress = std::make_shared<carton::Progress>([job](qint64 done, qint64 total, const QString &what) {
        QMetaObject::invokeMethod(
            job, [job, done, total, what]() { job->onProgress(done, total, what); }, Qt::QueuedConnection);
    });
    connect(&job->m_watcher, &QFutureWatcher<Outcome>::finished, job, &ExtractJob::onFinished);
    auto progress = job->m_progress;
    job->m_watcher.setFuture(QtConcurrent::run([carton, paths, folder, overwrite, progress]() {
        Outcome outcome;
        carton::UnpackOptions options;
        options.only = paths;
        options.overwrite = overwrite;
        auto result = carton::unpackCarton(*carton, folder, options, progress.get());
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
    }));
    return job;
}

void ExtractJob::cancel()
{
    if (m_progress)
        m_progress->cancel();
    if (m_dialog)
        m_dialog->setLabelText(tr("Cancelling…"));
}

void ExtractJob::onProgress(qint64 done, qint64 total, const QString &what)
{
    if (!m_dialog)
        return;
    m_dialog->setValue(total > 0 ? int(qBound(qint64(0), done * 1000 / total, qint64(1000))) : 0);
    if (!what.isEmpty() && !m_progress->isCancelled())
        m_dialog->setLabelText(tr("Extracting %1…").arg(what));
}

void ExtractJob::onFinished()
{
    const Outcome outcome = m_watcher.result();
    if (m_dialog)
        m_dialog->deleteLater();
    emit finished(outcome);
    deleteLater();
}

} // namespace studio
