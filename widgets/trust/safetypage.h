// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "scan/scanreport.h"

#include <QWidget>
#include <memory>
#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace carton {
class Carton;
}

namespace studio {

class LatestJob;
class SafetyFindingsModel;

// The Safety tab: a scan of everything in the carton that can execute or reach
// out (core SafetyScanner: pickles disassembled against an allow-list, never
// loaded; Python code; native binaries; archive tricks; hosts). Shows the status
// and the verdict (never "no findings" when something could not be read), the
// findings table, and what was read (every pickle import, every Python import,
// every host). The scan runs in the background through LatestJob: when the
// CartonView opens a local carton (its findings are part of the carton's state),
// else the first time the tab is shown, and on "Scan again".
class SafetyPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SafetyPage)

public:
    explicit SafetyPage(std::shared_ptr<const carton::Carton> carton, QWidget *parent = nullptr);
    ~SafetyPage() override;

    // Starts a scan (cancelling a running one).
    void rescan();
    bool isScanning() const;
    const std::optional<carton::ScanReport> &report() const { return m_report; }

    SafetyFindingsModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QLabel *verdictLabel() const { return m_verdict; }
    QLabel *statusLabel() const { return m_status; }
    QTextBrowser *details() const { return m_details; }

signals:
    void scanFinished();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void showReport(const carton::ScanReport &report);
    void showDetails();
    QString readHtml() const;

    std::shared_ptr<const carton::Carton> m_carton;
    LatestJob *m_jobs = nullptr;
    SafetyFindingsModel *m_model = nullptr;
    QLabel *m_verdict = nullptr;
    QLabel *m_status = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_rescan = nullptr;
    QTableView *m_table = nullptr;
    QTextBrowser *m_details = nullptr;
    std::optional<carton::ScanReport> m_report;
    bool m_started = false;
};

} // namespace studio
