// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "screenshotter.h"

#include "mainwindow.h"

#include <QDir>
#include <QFileInfo>
#include <QPixmap>

namespace studio {

namespace {
constexpr int pollMs = 50;
}

Screenshotter::Screenshotter(MainWindow *window, const QString &file, int delayMs, int timeoutMs, QObject *parent)
    : QObject(parent), m_window(window), m_file(file), m_delayMs(delayMs), m_timeoutMs(timeoutMs)
{
    m_timer.setInterval(pollMs);
    connect(&m_timer, &QTimer::timeout, this, &Screenshotter::poll);
}

void Screenshotter::start()
{
    m_waitedMs = 0;
    m_timer.start();
}

void Screenshotter::poll()
{
    m_waitedMs += pollMs;
    if (!m_window) {
        m_timer.stop();
        emit done(false, tr("The window is gone."));
        return;
    }
    const bool ready = m_window->isVisible() && !m_window->isBusy();
    if (!ready && m_waitedMs < m_timeoutMs)
        return;
    m_timer.stop();
    QTimer::singleShot(m_delayMs, this, &Screenshotter::take);
}

void Screenshotter::take()
{
    if (!m_window) {
        emit done(false, tr("The window is gone."));
        return;
    }
    QDir().mkpath(QFileInfo(m_file).absolutePath());
    const QPixmap picture = m_window->grab();
    if (picture.isNull() || !picture.save(m_file)) {
        emit done(false, tr("Could not save the screenshot to %1.").arg(QDir::toNativeSeparators(m_file)));
        return;
    }
    emit done(true, QDir::toNativeSeparators(m_file));
}

} // namespace studio
