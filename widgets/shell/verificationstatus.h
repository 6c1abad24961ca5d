// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace studio {

class VerificationRunner;

// Status bar part showing one runner: a progress bar and a cancel button while
// it runs, then "All N files verified" (green) or "K files failed
// verification" (red). Follows the current tab (setRunner).
class VerificationStatus final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(VerificationStatus)
public:
    enum class Tone { Neutral, Good, Bad };
    Q_ENUM(Tone)

    explicit VerificationStatus(QWidget *parent = nullptr);

    void setRunner(VerificationRunner *runner);
    VerificationRunner *runner() const { return m_runner; }

    QString text() const;
    Tone tone() const { return m_tone; }
    QProgressBar *progressBar() const { return m_progress; }
    QToolButton *cancelButton() const { return m_cancel; }

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
    QToolButton *m_cancel;
    Tone m_tone = Tone::Neutral;
};

} // namespace studio
