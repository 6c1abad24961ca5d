// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "histogramwidget.h"

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace studio {

HistogramWidget::HistogramWidget(QWidget *parent) : QWidget(parent)
{
    setMinimumHeight(90);
    setMouseTracking(true);
}

void HistogramWidget::setHistogram(QList<qint64> counts, double min, double max)
{
    m_counts = std::move(counts);
    m_min = min;
    m_max = max;
    update();
}

void HistogramWidget::setLogCount(bool log)
{
    m_logCount = log;
    update();
}

double HistogramWidget::barFraction(qsizetype bin) const
{
    if (bin < 0 || bin >= m_counts.size() || m_counts[bin] <= 0)
        return 0;
    const qint64 top = *std::max_element(m_counts.cbegin(), m_counts.cend());
    if (m_logCount)
        return std::log10(1.0 + double(m_counts[bin])) / std::log10(1.0 + double(top));
    return double(m_counts[bin]) / double(top);
}

QString HistogramWidget::countLabel() const
{
    const qint64 top = m_counts.isEmpty() ? 0 : *std::max_element(m_counts.cbegin(), m_counts.cend());
    return m_logCount ? tr("log10(1 + count), max count %1").arg(top) : tr("max count %1").arg(top);
}

QRect HistogramWidget::plotRect() const
{
    const int line = fontMetrics().height();
    return rect().adjusted(4, line + 2, -4, -line - 4);
}

void HistogramWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    painter.setPen(palette().color(QPalette::Mid));
    const QRect plot = plotRect();
    painter.drawRect(plot.adjusted(0, 0, -1, -1));
    if (m_counts.isEmpty())
        return;
    const qint64 top = *std::max_element(m_counts.cbegin(), m_counts.cend());
    const double barWidth = double(plot.width()) / m_counts.size();
    const QColor bar = palette().color(QPalette::Highlight);
    for (qsizetype i = 0; i < m_counts.size(); ++i) {
        if (m_counts[i] == 0 || top == 0)
            continue;
        // At least one pixel for a non-empty bin, so rare values stay visible.
        const int h = qMax(1, int(barFraction(i) * (plot.height() - 2)));
        painter.fillRect(QRectF(plot.left() + i * barWidth, plot.bottom() - h, qMax(1.0, barWidth - 1), h), bar);
    }
    painter.setPen(palette().color(QPalette::Text));
    const QFontMetrics fm = fontMetrics();
    painter.drawText(QPoint(plot.left(), plot.top() - 4), countLabel());
    painter.drawText(QPoint(plot.left(), plot.bottom() + fm.ascent() + 2), QString::number(m_min, 'g', 6));
    const QString hi = QString::number(m_max, 'g', 6);
    painter.drawText(QPoint(plot.right() - fm.horizontalAdvance(hi), plot.bottom() + fm.ascent() + 2), hi);
}

void HistogramWidget::mouseMoveEvent(QMouseEvent *event)
{
    const QRect plot = plotRect();
    if (m_counts.isEmpty() || !plot.contains(event->position().toPoint())) {
        QToolTip::hideText();
        return;
    }
    const int bin = qBound(0, int((event->position().x() - plot.left()) * m_counts.size() / plot.width()),
                           int(m_counts.size()) - 1);
    const double width = (m_max - m_min) / m_counts.size();
    QToolTip::showText(event->globalPosition().toPoint(),
                       tr("[%1, %2%3: %4")
                           .arg(QString::number(m_min + bin * width, 'g', 6),
                                QString::number(m_min + (bin + 1) * width, 'g', 6),
                                bin + 1 == m_counts.size() ? QStringLiteral("]") : QStringLiteral(")"))
                           .arg(m_counts[bin]),
                       this);
}

} // namespace studio
