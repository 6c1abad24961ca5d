// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "latencyhistogram.h"

#include "selftest/benchmark.h"
#include "style/tone.h"

#include <QPainter>
#include <algorithm>

namespace studio {

LatencyHistogram::LatencyHistogram(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("latencyHistogram"));
    setMinimumSize(320, 160);
}

void LatencyHistogram::setSamples(const QList<qint64> &samplesNs, double p50, double p95, double p99)
{
    m_bins = QList<qsizetype>(kBins, 0);
    if (samplesNs.isEmpty()) {
        m_bins.clear();
        update();
        return;
    }
    const auto [lo, hi] = std::minmax_element(samplesNs.cbegin(), samplesNs.cend());
    m_min = double(*lo);
    m_max = double(*hi);
    const double width = (m_max - m_min) / kBins;
    for (qint64 v : samplesNs)
        ++m_bins[width > 0 ? std::min(kBins - 1, int((double(v) - m_min) / width)) : 0];
    m_marks[0] = p50;
    m_marks[1] = p95;
    m_marks[2] = p99;
    update();
}

void LatencyHistogram::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (m_bins.isEmpty())
        return;
    const QFontMetrics fm(font());
    const QRect plot = rect().adjusted(8, fm.height() + 6, -8, -(fm.height() + 8));
    const qsizetype peak = std::max<qsizetype>(1, *std::max_element(m_bins.cbegin(), m_bins.cend()));
    const double barWidth = double(plot.width()) / kBins;
    const QColor bar = toneFrame(Tone::Info);
    for (int b = 0; b < kBins; ++b) {
        const int h = int(double(plot.height()) * double(m_bins[b]) / double(peak));
        p.fillRect(QRectF(plot.left() + b * barWidth + 1, plot.bottom() - h, barWidth - 2, h), bar);
    }
    p.setPen(palette().text().color());
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawText(QRect(plot.left(), plot.bottom() + 4, plot.width(), fm.height()), Qt::AlignLeft,
               carton::latencyText(m_min));
    p.drawText(QRect(plot.left(), plot.bottom() + 4, plot.width(), fm.height()), Qt::AlignRight,
               carton::latencyText(m_max));
    p.drawText(QRect(plot.left(), 2, plot.width(), fm.height()), Qt::AlignRight,
               tr("%n inference(s) in the fullest bin", nullptr, int(peak)));
    const QString labels[3] = {tr("p50"), tr("p95"), tr("p99")};
    QPen markPen(toneFrame(Tone::Bad));
    markPen.setStyle(Qt::DashLine);
    for (int i = 0; i < 3; ++i) {
        if (m_max <= m_min)
            break;
        const double x = plot.left() + (m_marks[i] - m_min) / (m_max - m_min) * plot.width();
        p.setPen(markPen);
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(palette().text().color());
        p.drawText(QPointF(x + 3, plot.top() + fm.ascent() + i * fm.height()), labels[i]);
    }
}

} // namespace studio
