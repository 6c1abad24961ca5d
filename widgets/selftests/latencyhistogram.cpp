// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "latencyhistogram.h"

#include "selftesttext.h"
#include "style/tone.h"

#include <QPainter>
#include <algorithm>

namespace studio {

namespace {

QString markName(int mark)
{
    switch (mark) {
    case 0:
        return LatencyHistogram::tr("p50");
    case 1:
        return LatencyHistogram::tr("p95");
    default:
        return LatencyHistogram::tr("p99");
    }
}

} // namespace

LatencyHistogram::LatencyHistogram(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("latencyHistogram"));
    setMinimumSize(320, 160);
}

void LatencyHistogram::setSamples(const QList<qint64> &samplesNs, double p50, double p95, double p99)
{
    m_bins = QList<qsizetype>(kBins, 0);
    m_outliers = 0;
    if (samplesNs.isEmpty()) {
        m_bins.clear();
        update();
        return;
    }
    QList<qint64> sorted = samplesNs;
    std::sort(sorted.begin(), sorted.end());
    m_min = double(sorted.first());
    m_max = double(sorted.last());
    m_axisMax = m_max;
    // A long tail: the axis ends at the slowest sample not above the p99.
    const auto notAbove = std::upper_bound(sorted.cbegin(), sorted.cend(), qint64(p99));
    if (notAbove != sorted.cbegin()) {
        const double top = double(*(notAbove - 1));
        if (top > m_min && m_max - m_min > 2 * (top - m_min))
            m_axisMax = top;
    }
    const double width = (m_axisMax - m_min) / kBins;
    for (qint64 v : sorted) {
        if (double(v) > m_axisMax)
            ++m_outliers;
        else
            ++m_bins[width > 0 ? std::min(kBins - 1, int((double(v) - m_min) / width)) : 0];
    }
    m_marks[0] = p50;
    m_marks[1] = p95;
    m_marks[2] = p99;
    update();
}

QRect LatencyHistogram::plotArea() const
{
    const QFontMetrics fm(font());
    const QRect all = rect().adjusted(8, fm.height() + 6, -8, -(fm.height() + 8));
    if (m_outliers == 0)
        return all;
    // Room for a gap and one bar as wide as a bin at the right.
    const int bar = std::max(8, all.width() / (kBins + 2));
    return all.adjusted(0, 0, -(bar + bar / 2), 0);
}

QRect LatencyHistogram::outlierBar() const
{
    if (m_outliers == 0)
        return {};
    const QRect plot = plotArea();
    const QFontMetrics fm(font());
    const QRect all = rect().adjusted(8, fm.height() + 6, -8, -(fm.height() + 8));
    const int bar = std::max(8, all.width() / (kBins + 2));
    return QRect(all.right() - bar + 1, plot.top(), bar, plot.height());
}

double LatencyHistogram::markX(int mark) const
{
    const QRect plot = plotArea();
    const double value = m_marks[mark];
    if (value > m_axisMax && m_outliers > 0)
        return outlierBar().center().x(); // beyond the axis: in the outlier bar
    if (m_axisMax <= m_min)
        return plot.left();
    return plot.left() + std::clamp((value - m_min) / (m_axisMax - m_min), 0.0, 1.0) * plot.width();
}

QList<QRect> LatencyHistogram::markLabelRects() const
{
    QList<QRect> rects(3);
    if (m_bins.isEmpty())
        return {};
    const QFontMetrics fm(font());
    const QRect plot = plotArea();
    const int right = rect().right() - 2;
    // Left to right; each on the first row where it overlaps none placed before.
    int order[3] = {0, 1, 2};
    std::stable_sort(std::begin(order), std::end(order), [this](int a, int b) { return markX(a) < markX(b); });
    QList<QRect> placed;
    for (int mark : order) {
        const double x = markX(mark);
        const int width = fm.horizontalAdvance(markName(mark)) + 4;
        int left = int(x) + 3;
        if (left + width > right)
            left = int(x) - 3 - width; // no room right of the line: on its left
        QRect r(left, plot.top(), width, fm.height());
        for (int row = 0; row < 4; ++row) {
            r.moveTop(plot.top() + row * fm.height());
            if (std::none_of(placed.cbegin(), placed.cend(), [&r](const QRect &p) { return p.intersects(r); }))
                break;
        }
        placed.append(r);
        rects[mark] = r;
    }
    return rects;
}

void LatencyHistogram::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (m_bins.isEmpty())
        return;
    const QFontMetrics fm(font());
    const QRect plot = plotArea();
    const QRect outliers = outlierBar();
    qsizetype peak = std::max<qsizetype>(1, *std::max_element(m_bins.cbegin(), m_bins.cend()));
    peak = std::max(peak, m_outliers);
    const double barWidth = double(plot.width()) / kBins;
    const QColor bar = toneFrame(Tone::Info);
    for (int b = 0; b < kBins; ++b) {
        const int h = int(double(plot.height()) * double(m_bins[b]) / double(peak));
        p.fillRect(QRectF(plot.left() + b * barWidth + 1, plot.bottom() - h, barWidth - 2, h), bar);
    }
    p.setPen(palette().text().color());
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    const QRect axis(plot.left(), plot.bottom() + 4, plot.width(), fm.height());
    p.drawText(axis, Qt::AlignLeft, SelfTestText::latency(m_min));
    if (outliers.isEmpty()) {
        p.drawText(axis, Qt::AlignRight, SelfTestText::latency(m_axisMax));
    } else {
        const int h = std::max(1, int(double(outliers.height()) * double(m_outliers) / double(peak)));
        p.fillRect(QRect(outliers.left(), outliers.bottom() - h + 1, outliers.width(), h), toneFrame(Tone::Warning));
        p.drawLine(outliers.bottomLeft(), outliers.bottomRight());
        // One label where the axis ends: "> 1.98 ms" under the outlier bar, ending at
        // the widget's right (the axis' own end label would be the same figure on top of it).
        p.drawText(QRect(plot.left(), outliers.bottom() + 4, outliers.right() - plot.left(), fm.height()),
                   Qt::AlignRight, tr("> %1").arg(SelfTestText::latency(m_axisMax)));
    }
    const QString peakText = tr("%n inference(s) in the fullest bin", nullptr, int(peak));
    const QString outlierText =
        m_outliers > 0
            ? tr("%n slower, up to %1 (right bar)", nullptr, int(m_outliers)).arg(SelfTestText::latency(m_max))
            : QString();
    p.drawText(QRect(plot.left(), 2, rect().width() - 16, fm.height()), Qt::AlignRight,
               outlierText.isEmpty() ? peakText : peakText + QStringLiteral(" · ") + outlierText);
    QPen markPen(toneFrame(Tone::Bad));
    markPen.setStyle(Qt::DashLine);
    const QList<QRect> labels = markLabelRects();
    for (int i = 0; i < 3; ++i) {
        const double x = markX(i);
        p.setPen(markPen);
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(palette().text().color());
        p.drawText(labels.at(i), Qt::AlignCenter, markName(i));
    }
}

} // namespace studio
