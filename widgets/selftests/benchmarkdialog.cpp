// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "benchmarkdialog.h"

#include "common/viewutils.h"
#include "latencyhistogram.h"
#include "selftest/benchmark.h"
#include "selftesttext.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

namespace studio {

BenchmarkDialog::BenchmarkDialog(QWidget *parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("benchmarkDialog"));
    setWindowTitle(tr("Benchmark"));
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_table = new QTableWidget(0, 9);
    m_table->setObjectName(QStringLiteral("benchmarkTable"));
    m_table->setHorizontalHeaderLabels({tr("Self-test"), tr("p50"), tr("p95"), tr("p99"), tr("Mean"), tr("Min"),
                                        tr("Max"), tr("Per second"), tr("Transfer")});
    m_table->horizontalHeaderItem(8)->setToolTip(
        tr("Mean time of moving the tensors between the app and the runner host, not part of the latency"));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_testChoice = new QComboBox;
    m_testChoice->setObjectName(QStringLiteral("benchmarkTest"));
    m_histogram = new LatencyHistogram;
    connect(m_testChoice, &QComboBox::currentIndexChanged, this, &BenchmarkDialog::showHistogram);
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) { m_testChoice->setCurrentIndex(row); });
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_table);
    layout->addWidget(new QLabel(tr("Latency histogram:")));
    layout->addWidget(m_testChoice);
    layout->addWidget(m_histogram, 1);
    layout->addWidget(buttons);
    resize(760, 520);
}

void BenchmarkDialog::setResult(const carton::BenchmarkResult &result)
{
    m_result = result;
    QString summary = tr("%1 warm-up and %2 timed inferences per self-test. Model load %3")
                          .arg(result.options.warmup)
                          .arg(result.options.iterations)
                          .arg(SelfTestText::latency(double(result.loadTime.count())));
    if (result.firstInference)
        summary += tr(", first inference %1").arg(SelfTestText::latency(double(result.firstInference->count())));
    if (result.peakRssBytes)
        summary += tr(", runner host peak memory %1").arg(humanSize(*result.peakRssBytes));
    m_summary->setText(summary + u'.');
    const QSignalBlocker blocker(m_testChoice);
    m_testChoice->clear();
    m_table->setRowCount(int(result.tests.size()));
    for (int row = 0; row < result.tests.size(); ++row) {
        const carton::TestBenchmark &t = result.tests.at(row);
        m_testChoice->addItem(t.name);
        m_table->setItem(row, 0, new QTableWidgetItem(t.name));
        if (!t.error.isEmpty()) {
            auto *error = new QTableWidgetItem(t.error);
            m_table->setItem(row, 1, error);
            m_table->setSpan(row, 1, 1, 8);
            continue;
        }
        const double figures[] = {t.model.p50, t.model.p95, t.model.p99, t.model.mean, t.model.min, t.model.max};
        for (int c = 0; c < 6; ++c)
            m_table->setItem(row, c + 1, new QTableWidgetItem(SelfTestText::latency(figures[c])));
        // Whole inferences from 100 a second on ("1,260,303", not "1,260,303.0"); "12.5" below.
        m_table->setItem(row, 7,
                         new QTableWidgetItem(t.throughput >= 100 ? QLocale().toString(t.throughput, 'f', 0)
                                                                  : SelfTestText::figure(t.throughput)));
        m_table->setItem(row, 8, new QTableWidgetItem(SelfTestText::latency(t.transfer.mean)));
        for (int c = 1; c < 9; ++c)
            m_table->item(row, c)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    m_testChoice->setCurrentIndex(result.tests.isEmpty() ? -1 : 0);
    showHistogram(m_testChoice->currentIndex());
}

void BenchmarkDialog::showHistogram(int row)
{
    if (row < 0 || row >= m_result.tests.size()) {
        m_histogram->setSamples({}, 0, 0, 0);
        return;
    }
    const carton::TestBenchmark &t = m_result.tests.at(row);
    m_histogram->setSamples(t.modelNs, t.model.p50, t.model.p95, t.model.p99);
}

} // namespace studio
