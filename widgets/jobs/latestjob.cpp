// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "latestjob.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <new>
#include <stdexcept>

namespace studio {

namespace {
Q_LOGGING_CATEGORY(lcJobs, "studio.jobs")
}

LatestJob::LatestJob(QObject *parent) : QObject(parent) {}

LatestJob::~LatestJob()
{
    for (const Running &running : std::as_const(m_running))
        running.token->cancel();
}

void LatestJob::post(std::function<void()> f)
{
    // To the application object (never destroyed under a running job's feet); the
    // receiver is checked through its QPointer on the GUI thread.
    if (QCoreApplication *app = QCoreApplication::instance())
        QMetaObject::invokeMethod(app, std::move(f), Qt::QueuedConnection);
}

carton::Progress::Callback LatestJob::progressCallback(const QString &key, quint64 generation, ProgressFn progress)
{
    if (!progress)
        return {};
    QPointer<LatestJob> self(this);
    return [self, key, generation, progress = std::move(progress)](qint64 done, qint64 total, const QString &what) {
        post([self, key, generation, progress, done, total, what]() {
            if (self && self->isLatest(key, generation))
                progress(done, total, what);
        });
    };
}

LatestJob::Post LatestJob::posterFor(const QString &key, quint64 generation)
{
    QPointer<LatestJob> self(this);
    return [self, key, generation](std::function<void()> f) {
        post([self, key, generation, f = std::move(f)]() {
            if (self && self->isLatest(key, generation))
                f();
        });
    };
}

carton::Error LatestJob::errorOf(std::exception_ptr exception)
{
    try {
        std::rethrow_exception(exception);
    } catch (const std::bad_alloc &) {
        return carton::makeError(carton::ErrorCode::Limit, tr("Out of memory (std::bad_alloc)."));
    } catch (const std::exception &e) {
        return carton::makeError(carton::ErrorCode::Io,
                                 tr("Unexpected failure: %1").arg(QString::fromLocal8Bit(e.what())));
    } catch (...) {
        return carton::makeError(carton::ErrorCode::Io, tr("Unexpected failure (an unknown exception)."));
    }
}

void LatestJob::fail(const QString &key, const carton::Error &error)
{
    qCWarning(lcJobs) << "job" << key << "failed:" << error.toString();
    emit failed(key, error.toString());
}

bool LatestJob::isLatest(const QString &key, quint64 generation) const
{
    auto it = m_running.constFind(key);
    return it != m_running.cend() && it->generation == generation;
}

void LatestJob::begin(const QString &key, quint64 generation, std::shared_ptr<carton::Progress> token)
{
    auto it = m_running.find(key);
    const bool wasRunning = it != m_running.end();
    if (wasRunning)
        it->token->cancel();
    m_running.insert(key, Running{generation, std::move(token)});
    if (!wasRunning)
        emit runningChanged(key, true);
}

bool LatestJob::finish(const QString &key, quint64 generation)
{
    auto it = m_running.find(key);
    if (it == m_running.end() || it->generation != generation)
        return false;
    m_running.erase(it);
    emit runningChanged(key, false);
    return true;
}

void LatestJob::cancel(const QString &key)
{
    auto it = m_running.find(key);
    if (it == m_running.end())
        return;
    it->token->cancel();
    m_running.erase(it);
    emit runningChanged(key, false);
}

void LatestJob::interrupt(const QString &key)
{
    auto it = m_running.find(key);
    if (it != m_running.end())
        it->token->cancel();
}

void LatestJob::cancelAll()
{
    const QStringList keys = m_running.keys();
    for (const QString &key : keys)
        cancel(key);
}

} // namespace studio
