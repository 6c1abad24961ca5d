// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "progress.h"

#include <QDateTime>

namespace carton {

void Progress::setTotal(qint64 total)
{
    m_total.store(total);
    notify({}, true);
}

void Progress::advance(qint64 delta, const QString &what)
{
    const qint64 done = m_done.fetch_add(delta) + delta;
    notify(what, done >= m_total.load());
}

void Progress::notify(const QString &what, bool force)
{
    if (!m_callback)
        return;
    std::lock_guard lock(m_mutex);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (!force && m_lastNotifyMs >= 0 && now - m_lastNotifyMs < 50)
        return;
    m_lastNotifyMs = now;
    m_callback(m_done.load(), m_total.load(), what);
}

} // namespace carton
