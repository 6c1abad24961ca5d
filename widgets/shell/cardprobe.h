// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

namespace studio {

class MainWindow;

// For `--quit-after-card` (startup benchmark): reports when the first tab of
// the window shows its carton (painted), a bare model file's Model page once the
// file was read, a tensor file's page once shown; or failed to open.
class CardProbe final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CardProbe)
public:
    explicit CardProbe(MainWindow *window, QObject *parent = nullptr);

    void start();

signals:
    void cardShown(const QString &path);
    void failed(const QString &message);

private:
    void poll();

    QPointer<MainWindow> m_window;
    QTimer m_timer;
};

} // namespace studio
