// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QList>
#include <QRect>
#include <QWidget>

namespace studio {

// A histogram of latency samples (nanoseconds): equal-width bins from the fastest
// sample to the top of the axis, bars scaled to the fullest bin, the p50/p95/p99
// marked and labelled where the labels do not overlap. When a few slow samples
// would squeeze the rest into one bar (the slowest more than twice as far from the
// fastest as the p99 is), the axis ends at the slowest sample not above the p99 and
// the slower ones are counted in one bar of their own at the right ("> axis").
class LatencyHistogram final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LatencyHistogram)

public:
    static constexpr int kBins = 20;
    explicit LatencyHistogram(QWidget *parent = nullptr);

    void setSamples(const QList<qint64> &samplesNs, double p50, double p95, double p99);
    // Samples per bin (kBins of them; empty before setSamples), outliers not included.
    const QList<qsizetype> &bins() const { return m_bins; }
    // Samples above the axis (counted in the outlier bar), and the axis' ends.
    qsizetype outliers() const { return m_outliers; }
    double axisMin() const { return m_min; }
    double axisMax() const { return m_axisMax; }
    // Where the p50, p95 and p99 labels are painted at the current size (in that order).
    QList<QRect> markLabelRects() const;
    QSize sizeHint() const override { return {480, 200}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QRect plotArea() const;   // the bins (the outlier bar is right of it)
    QRect outlierBar() const; // empty without outliers
    double markX(int mark) const;

    QList<qsizetype> m_bins;
    double m_min = 0, m_axisMax = 0, m_max = 0;
    qsizetype m_outliers = 0;
    double m_marks[3] = {0, 0, 0};
};

} // namespace studio
