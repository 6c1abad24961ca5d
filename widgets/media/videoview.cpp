// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "videoview.h"

#include <QPainter>
#include <QVideoSink>

namespace studio {

VideoView::VideoView(QWidget *parent) : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QVideoSink *VideoView::videoSink()
{
    if (m_sink)
        return m_sink;
    m_sink = new QVideoSink(this);
    connect(m_sink, &QVideoSink::videoFrameChanged, this, [this](const QVideoFrame &frame) {
        if (!frame.isValid())
            return;
        m_frame = frame;
        ++m_frames;
        update();
        emit frameReceived(frame.size());
    });
    return m_sink;
}

void VideoView::clear()
{
    m_frame = QVideoFrame();
    m_frames = 0;
    update();
}

void VideoView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), Qt::black);
    if (!m_frame.isValid())
        return;
    const QImage image = m_frame.toImage();
    if (image.isNull())
        return;
    QRect target(QPoint(), image.size().scaled(size(), Qt::KeepAspectRatio));
    target.moveCenter(rect().center());
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    painter.drawImage(target, image);
}

} // namespace studio
