// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QList>
#include <QWidget>

namespace studio {

// A histogram of latency samples (nanoseconds): equal-width bins from the
// fastest to the slowest sample, bars scaled to the fullest bin, the p50/p95/p99
// marked, the axis in milliseconds.
class LatencyHistogram final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LatencyHistogram)

public:
    static constexpr int kBins = 20;
    explicit LatencyHistogram(QWidget *parent = nullptr);

    void setSamples(const QList<qint64> &samplesNs, double p50, double p95, double p99);
    // Samples per bin (kBins of them; empty before setSamples).
    const QList<qsizetype> &bins() const { return m_bins; }
    QSize sizeHint() const override { return {480, 200}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QList<qsizetype> m_bins;
    double m_min = 0, m_max = 0;
    double m_marks[3] = {0, 0, 0};
};

} // namespace studio
