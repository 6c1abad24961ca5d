// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "progress.h"

#include <QDateTime>

namespace carton {

void Progress::setTotal(qint64 total)
{
    const qint64 old = m_total.exchange(total);
    if (m_parent)
        m_parent->addTotal(total - old, m_what);
    notify({}, true);
}

void Progress::addTotal(qint64 delta, const QString &what)
{
    m_total.fetch_add(delta);
    if (m_parent)
        m_parent->addTotal(delta, m_what);
    notify(what, true);
}

void Progress::advance(qint64 delta, const QString &what)
{
    if (m_parent)
        m_parent->advance(delta, m_what);
    const qint64 done = m_done.fetch_add(delta) + delta;
    // The step that reaches the total is always reported; steps after it (empty
    // files of a carton whose files are all empty: total 0) are throttled like any.
    const qint64 total = m_total.load();
    notify(what, done >= total && done - delta < total);
}

void Progress::notify(const QString &what, bool force)
{
    if (!m_callback)
        return;
    std::lock_guard lock(m_mutex);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (!force && m_lastNotifyMs >= 0 && now - m_lastNotifyMs < 50) {
        m_held = true;
        if (!what.isEmpty())
            m_heldWhat = what;
        return;
    }
    m_lastNotifyMs = now;
    m_held = false;
    m_heldWhat.clear();
    if (!what.isEmpty())
        m_lastWhat = what;
    m_callback(m_done.load(), m_total.load(), what);
}

void Progress::flush(const QString &what)
{
    if (m_parent)
        m_parent->flush(m_what);
    if (!m_callback)
        return;
    QString name;
    {
        std::lock_guard lock(m_mutex);
        const bool renamed = !what.isEmpty() && what != m_lastWhat;
        if ((!m_held && !renamed) || QDateTime::currentMSecsSinceEpoch() - m_lastNotifyMs < 50)
            return;
        name = what.isEmpty() ? m_heldWhat : what;
    }
    notify(name, true); // delivers as any step does (a step in between makes this one a repeat, which is harmless)
}

} // namespace carton
