// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runclock.h"

#include <QTimer>

namespace studio {

using std::chrono::milliseconds;

RunClock::RunClock(QObject *parent) : QObject(parent), m_timer(new QTimer(this))
{
    m_timer->setInterval(500);
    connect(m_timer, &QTimer::timeout, this, &RunClock::ticked);
}

void RunClock::start(milliseconds loadTimeout, milliseconds inferTimeout)
{
    m_loadTimeout = loadTimeout;
    m_inferTimeout = inferTimeout;
    m_done = -1;
    m_total = 0;
    m_cancelling = false;
    m_run.start();
    m_step.start();
    m_timer->start();
}

void RunClock::setStep(qint64 done, qint64 total)
{
    if (total <= 0 || (done == m_done && total == m_total))
        return;
    m_done = done;
    m_total = total;
    m_step.start();
}

void RunClock::setCancelling()
{
    m_cancelling = true;
}

void RunClock::stop()
{
    m_timer->stop();
    m_run.invalidate();
}

bool RunClock::isRunning() const
{
    return m_run.isValid();
}

QString RunClock::duration(milliseconds t)
{
    const qint64 s = std::max<qint64>(0, t.count() / 1000);
    if (s < 60)
        return tr("%1 s").arg(s);
    if (s < 3600)
        return s % 60 ? tr("%1 min %2 s").arg(s / 60).arg(s % 60) : tr("%1 min").arg(s / 60);
    return (s / 60) % 60 ? tr("%1 h %2 min").arg(s / 3600).arg((s / 60) % 60) : tr("%1 h").arg(s / 3600);
}

QString RunClock::text() const
{
    if (!m_run.isValid())
        return {};
    const QString all = duration(milliseconds(m_run.elapsed()));
    if (m_cancelling)
        return tr("Cancelling… %1 in all").arg(all);
    const QString step = duration(milliseconds(m_step.elapsed()));
    if (m_total <= 0)
        return tr("Starting the runner and loading the model… %1 (gives up after %2)")
            .arg(step, duration(m_loadTimeout));
    if (m_done >= m_total)
        return tr("Judging the outputs… %1 in all").arg(all);
    return tr("Running %1 of %2 · this one %3 of its %4 limit · %5 in all")
        .arg(m_done + 1)
        .arg(m_total)
        .arg(step, duration(m_inferTimeout), all);
}

} // namespace studio
