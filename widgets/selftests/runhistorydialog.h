// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "selftest/runhistory.h"

#include <QDialog>

class QLabel;
class QListWidget;
class QPlainTextEdit;

namespace studio {

// Self-tests panel ▸ History…: the runs kept for the carton's model
// (carton::RunHistory), newest first, and what changed between two of them:
// the selected run against the one before it, or the two selected runs.
class RunHistoryDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunHistoryDialog)

public:
    // `historyKey`: runRecordOf(run).modelHash of the carton's runs.
    RunHistoryDialog(const QString &folder, const QString &historyKey, QWidget *parent = nullptr);

    QListWidget *runList() const { return m_list; }
    QPlainTextEdit *changes() const { return m_changes; }
    QLabel *status() const { return m_status; }
    const QList<carton::RunRecord> &runs() const { return m_runs; }

    // Keeps a finished run in its model's history; a history that cannot be
    // written is returned as the reason (shown by the caller), never thrown away.
    static carton::Status keep(const carton::SelfTestRun &run);

private:
    void showChanges();

    QList<carton::RunRecord> m_runs; // oldest first, as loaded
    QListWidget *m_list;
    QPlainTextEdit *m_changes;
    QLabel *m_status;
};

} // namespace studio
