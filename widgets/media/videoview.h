// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QVideoFrame>
#include <QWidget>

class QVideoSink;

namespace studio {

// Paints the frames a QMediaPlayer sends to its QVideoSink, scaled to fit the
// widget with the aspect ratio kept (letterboxed). A plain QWidget rather than
// QVideoWidget: it needs no native window nor GPU, so it draws the same under
// Xvfb, offscreen test runs and remote desktops. Frames are converted to images
// only when painted.
class VideoView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(VideoView)

public:
    explicit VideoView(QWidget *parent = nullptr);

    // The sink a player sends its frames to, made on the first call: a QVideoSink
    // starts Qt Multimedia's backend, which waits until media is previewed.
    QVideoSink *videoSink();
    bool hasVideoSink() const { return m_sink != nullptr; }
    // The size of the last frame received (invalid before the first).
    QSize frameSize() const { return m_frame.size(); }
    int framesReceived() const { return m_frames; }
    void clear();

    QSize sizeHint() const override { return {480, 270}; }
    QSize minimumSizeHint() const override { return {160, 90}; }

signals:
    void frameReceived(QSize size);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QVideoSink *m_sink = nullptr;
    QVideoFrame m_frame;
    int m_frames = 0;
};

} // namespace studio
