// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QImage>
#include <QWidget>
#include <memory>

class QBuffer;
class QLabel;
class QMovie;
class QScrollArea;
class QToolButton;

namespace studio {

// Shows an image with "Fit" (scaled down to the view, never up; the default) or
// "100 %" (one image pixel per screen pixel, scroll bars when larger). An
// animated image (GIF, WebP when Qt's image plugins read it) plays its frames
// with QMovie from the file's bytes (already capped by the caller). EXIF
// orientation is applied by the decoder (QImageReader::setAutoTransform).
class ImageView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImageView)

public:
    explicit ImageView(QWidget *parent = nullptr);
    ~ImageView() override;

    void setImage(const QImage &image);
    // Plays `bytes` as an animation; false (and nothing changes) when QMovie cannot read them.
    bool setAnimation(const QByteArray &bytes);
    void clear();

    void setFit(bool fit);
    bool fits() const { return m_fit; }
    bool isAnimated() const { return m_movie != nullptr; }
    int frameCount() const;
    // The label showing the picture (its pixmap is what is on screen).
    QLabel *label() const { return m_label; }
    QToolButton *fitButton() const { return m_fitButton; }
    QToolButton *actualSizeButton() const { return m_actualButton; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void relayout();
    QSize naturalSize() const;

    QScrollArea *m_area = nullptr;
    QLabel *m_label = nullptr;
    QLabel *m_zoom = nullptr;
    QToolButton *m_fitButton = nullptr;
    QToolButton *m_actualButton = nullptr;
    QImage m_image;
    QByteArray m_bytes;
    QBuffer *m_buffer = nullptr;
    QMovie *m_movie = nullptr;
    bool m_fit = true;
};

} // namespace studio
