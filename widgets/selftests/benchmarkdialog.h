// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "selftest/benchmark.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QTableWidget;

namespace studio {

class LatencyHistogram;

// A benchmark's figures (SelfTestsPage ▸ Benchmark): model load, first inference,
// the runner host's peak RSS; per self-test p50/p95/p99/mean/min/max latency (the
// model's own time, measured in the host), throughput and the transfer apart; the
// chosen self-test's latency histogram.
class BenchmarkDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BenchmarkDialog)

public:
    explicit BenchmarkDialog(QWidget *parent = nullptr);
    void setResult(const carton::BenchmarkResult &result);

    QLabel *summary() const { return m_summary; }
    QTableWidget *table() const { return m_table; }
    QComboBox *testChoice() const { return m_testChoice; }
    LatencyHistogram *histogram() const { return m_histogram; }

private:
    void showHistogram(int row);

    carton::BenchmarkResult m_result;
    QLabel *m_summary = nullptr;
    QTableWidget *m_table = nullptr;
    QComboBox *m_testChoice = nullptr;
    LatencyHistogram *m_histogram = nullptr;
};

} // namespace studio
