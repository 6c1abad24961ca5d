// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "waveformview.h"

#include "waveformbuilder.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>

namespace studio {

WaveformView::WaveformView(WaveformBuilder *builder, QWidget *parent) : QWidget(parent), m_builder(builder)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMinimumHeight(72);
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Waveform of the whole file; click to play from there"));
    connect(builder, &WaveformBuilder::updated, this, qOverload<>(&QWidget::update));
    connect(builder, &WaveformBuilder::failed, this, qOverload<>(&QWidget::update));
}

void WaveformView::setDuration(qint64 ms)
{
    m_duration = std::max<qint64>(0, ms);
    update();
}

void WaveformView::setPosition(qint64 ms)
{
    if (ms == m_position)
        return;
    m_position = ms;
    update();
}

qint64 WaveformView::spanUs() const
{
    return m_duration > 0 ? m_duration * 1000 : m_builder->decodedUs();
}

qint64 WaveformView::msAt(int x) const
{
    const qint64 span = spanUs() / 1000;
    if (width() <= 0 || span <= 0)
        return 0;
    return std::clamp<qint64>(qint64(x) * span / width(), 0, span);
}

void WaveformView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        emit seekRequested(msAt(event->position().toPoint().x()));
}

void WaveformView::mouseMoveEvent(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton)
        emit seekRequested(msAt(event->position().toPoint().x()));
}

void WaveformView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const QPalette &pal = palette();
    painter.fillRect(rect(), pal.color(QPalette::Base));
    const int w = width(), h = height();
    const int mid = h / 2;
    painter.setPen(pal.color(QPalette::Mid));
    painter.drawLine(0, mid, w, mid);

    const QList<WaveformBuilder::Bucket> &buckets = m_builder->buckets();
    const qint64 bucketUs = m_builder->bucketDurationUs();
    const qint64 span = spanUs();
    if (buckets.isEmpty() || bucketUs <= 0 || span <= 0 || w <= 0) {
        const QString text = !m_builder->error().isEmpty() ? tr("No waveform: %1").arg(m_builder->error())
                             : m_builder->isRunning()      ? tr("Computing the waveform…")
                                                           : QString();
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(4, 0, -4, 0), Qt::AlignCenter | Qt::TextWordWrap, text);
        return;
    }
    const int playedX = m_duration > 0 ? int(m_position * w / m_duration) : 0;
    const QColor played = pal.color(QPalette::Highlight);
    const QColor rest = pal.color(QPalette::Text);
    const qsizetype n = buckets.size();
    for (int x = 0; x < w; ++x) {
        // The buckets whose time falls in this pixel column.
        const qsizetype first = qsizetype(qint64(x) * span / w / bucketUs);
        const qsizetype last = std::max(first, qsizetype(qint64(x + 1) * span / w / bucketUs) - 1);
        if (first >= n)
            break;
        float lo = buckets[first].min, hi = buckets[first].max;
        for (qsizetype i = first + 1; i <= last && i < n; ++i) {
            lo = std::min(lo, buckets[i].min);
            hi = std::max(hi, buckets[i].max);
        }
        painter.setPen(x < playedX ? played : rest);
        const int top = mid - int(hi * float(mid - 1));
        const int bottom = mid - int(lo * float(mid - 1));
        painter.drawLine(x, top, x, std::max(top, bottom));
    }
    if (m_duration > 0) {
        painter.setPen(QPen(played, 2));
        painter.drawLine(playedX, 0, playedX, h);
    }
}

} // namespace studio
