// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QString>
#include <QWidget>
#include <functional>

class QDialog;
class QDialogButtonBox;
class QLabel;
class QProgressBar;

namespace studio {

class LatestJob;

// The progress of one transfer a dialog runs as a LatestJob job (Import from
// Hugging Face, Push to Registry): a bar over a status line that progress()
// keeps at "12 MB of 40 MB — NAME" (bytes done of total in the UI's locale, and
// what the job works on now), and the dialog's Close button, which reads Cancel
// while the job runs and then asks it to stop (LatestJob::interrupt: the job
// still delivers its cancelled result) instead of closing the dialog.
class ProgressRow final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProgressRow)

public:
    // The bar and the status line are named NAMEProgress and NAMEStatus.
    explicit ProgressRow(const QString &name, QWidget *parent = nullptr);
    ~ProgressRow() override;

    // Follows the job `key` of `jobs`: Close of `buttons` is Cancel while it runs;
    // when nothing runs, it rejects `dialog`.
    void follow(LatestJob *jobs, const QString &key, QDialog *dialog, QDialogButtonBox *buttons);
    bool isRunning() const;

    // A job starts: the bar at 0, `text` in the status line.
    void begin(const QString &text);
    // What LatestJob::start takes as the job's progress (done, total, what); it
    // does nothing once this row is gone, or while the total is unknown.
    std::function<void(qint64 done, qint64 total, const QString &what)> progress();
    // Asks the job to stop; the status says so until the job ends.
    void cancel();
    // The job succeeded: the bar full, `text` in the status line.
    void complete(const QString &text);

    void setStatus(const QString &text);
    QString status() const;
    QProgressBar *bar() const { return m_bar; }

private:
    void updateClose();

    QProgressBar *m_bar;
    QLabel *m_status;
    LatestJob *m_jobs = nullptr;
    QString m_key;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace studio
