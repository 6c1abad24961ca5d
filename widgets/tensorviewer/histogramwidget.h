// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QList>
#include <QWidget>

namespace studio {

// Bars of a histogram over [min, max], with the range and the largest count as
// labels; the bin under the mouse is described in a tooltip. With a log count the
// bars scale with log10(1 + count), so rare bins next to a huge one stay visible,
// and the label says so.
class HistogramWidget final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistogramWidget)

public:
    explicit HistogramWidget(QWidget *parent = nullptr);

    void setHistogram(QList<qint64> counts, double min, double max);
    void clear() { setHistogram({}, 0, 0); }
    const QList<qint64> &counts() const { return m_counts; }
    void setLogCount(bool log);
    bool logCount() const { return m_logCount; }
    // A bar's height as a fraction of the tallest (0 for an empty bin).
    double barFraction(qsizetype bin) const;
    // The label above the bars ("max count 120", "log10(1 + count), max count 120").
    QString countLabel() const;

    QSize sizeHint() const override { return {320, 120}; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;

private:
    QRect plotRect() const;

    QList<qint64> m_counts;
    double m_min = 0;
    double m_max = 0;
    bool m_logCount = false;
};

} // namespace studio
