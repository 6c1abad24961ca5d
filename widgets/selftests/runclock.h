// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <chrono>

class QTimer;

namespace studio {

// The live line of a self-test run: what runs, for how long, and the timeout it
// will hit ("Running 2 of 5 · this one 12 s of its 2 min limit · 40 s in all").
// ticked() fires twice a second while a run goes, so a long inference does not
// look frozen.
class RunClock final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunClock)
public:
    explicit RunClock(QObject *parent = nullptr);

    // A run starts: loading the model may take `loadTimeout`, each inference `inferTimeout`.
    void start(std::chrono::milliseconds loadTimeout, std::chrono::milliseconds inferTimeout);
    // Item `done` (0-based) of `total` is running now (total <= 0: still loading).
    void setStep(qint64 done, qint64 total);
    void setCancelling();
    void stop();
    bool isRunning() const;

    QString text() const;

    // "45 s", "2 min 5 s", "1 h 3 min": how long, for people.
    static QString duration(std::chrono::milliseconds t);

signals:
    void ticked();

private:
    QTimer *m_timer;
    QElapsedTimer m_run;
    QElapsedTimer m_step;
    std::chrono::milliseconds m_loadTimeout{0};
    std::chrono::milliseconds m_inferTimeout{0};
    qint64 m_done = -1;
    qint64 m_total = 0;
    bool m_cancelling = false;
};

} // namespace studio
