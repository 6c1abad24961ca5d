// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>

namespace studio {

class WaveformBuilder;

// Draws a WaveformBuilder's buckets as a strip (one min..max line per pixel
// column), the part already played in the highlight colour and the play head;
// a click or drag asks to seek there.
class WaveformView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WaveformView)

public:
    explicit WaveformView(WaveformBuilder *builder, QWidget *parent = nullptr);

    // The media's duration and the play position, in milliseconds.
    void setDuration(qint64 ms);
    void setPosition(qint64 ms);

    QSize sizeHint() const override { return {400, 64}; }
    QSize minimumSizeHint() const override { return {100, 32}; }

signals:
    void seekRequested(qint64 ms);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;

private:
    qint64 msAt(int x) const;
    // The duration drawn across the width: the media's, else what is decoded so far.
    qint64 spanUs() const;

    WaveformBuilder *m_builder = nullptr;
    qint64 m_duration = 0;
    qint64 m_position = 0;
};

} // namespace studio
