// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "document/verificationrunner.h"
#include "statetone.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace studio {

// Status bar part showing the current tab's carton: its state's summary
// ("All N files verified" in green, "K files failed verification" in red...)
// and, while its runner hashes, a progress bar and a cancel button. Follows
// the current tab (setRunner, setCartonState).
class VerificationStatus final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(VerificationStatus)
public:
    using Tone = studio::Tone;

    explicit VerificationStatus(QWidget *parent = nullptr);

    void setRunner(VerificationRunner *runner);
    VerificationRunner *runner() const { return m_runner; }
    void setCartonState(const CartonState &state);
    void clearCartonState();

    QString text() const;
    Tone tone() const { return m_hasState ? stateTone(m_state) : Tone::Neutral; }
    QProgressBar *progressBar() const { return m_progress; }
    QToolButton *cancelButton() const { return m_cancel; }
    // "1.2 GiB of 2.0 GiB · 310 MiB/s · 3 s left" while verifying.
    QString progressText() const;
    // The file being checked or fetched, as shown (its name; the path in the tooltip).
    QLabel *fileLabel() const { return m_file; }
    // The progress text for `done` of `total` bytes after `elapsedMs`.
    static QString progressText(qint64 done, qint64 total, qint64 elapsedMs);

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void applyTone();

    QPointer<VerificationRunner> m_runner;
    QList<QMetaObject::Connection> m_connections;
    QLabel *m_icon;
    QLabel *m_label;
    QProgressBar *m_progress;
    QLabel *m_detail;
    QLabel *m_file;
    QToolButton *m_cancel;
    CartonState m_state;
    bool m_hasState = false;
};

} // namespace studio
