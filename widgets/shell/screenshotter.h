// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>

class QWidget;

namespace studio {

class MainWindow;

// For `--screenshot FILE`: waits until the window is shown and no tab is busy
// (or `timeoutMs` passed), waits `delayMs` more for painting, saves
// window->grab() to `file` and emits done(ok).
class Screenshotter final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Screenshotter)
public:
    Screenshotter(MainWindow *window, const QString &file, int delayMs, int timeoutMs = 60000,
                  QObject *parent = nullptr);

    void start();

signals:
    void done(bool ok, const QString &message);

private:
    void poll();
    void take();

    QPointer<MainWindow> m_window;
    QString m_file;
    int m_delayMs;
    int m_timeoutMs;
    int m_waitedMs = 0;
    QTimer m_timer;
};

} // namespace studio
