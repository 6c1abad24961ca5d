// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "imageview.h"

#include <QBuffer>
#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QMovie>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace studio {

ImageView::ImageView(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    m_fitButton = new QToolButton(this);
    m_fitButton->setObjectName(QStringLiteral("imageFit"));
    m_fitButton->setText(tr("Fit"));
    m_fitButton->setToolTip(tr("Scale large images down to the view"));
    m_actualButton = new QToolButton(this);
    m_actualButton->setObjectName(QStringLiteral("imageActualSize"));
    m_actualButton->setText(tr("100 %"));
    m_actualButton->setToolTip(tr("One image pixel per screen pixel"));
    auto *group = new QButtonGroup(this);
    for (QToolButton *button : {m_fitButton, m_actualButton}) {
        button->setCheckable(true);
        button->setAutoRaise(true);
        group->addButton(button);
        bar->addWidget(button);
    }
    m_fitButton->setChecked(true);
    m_zoom = new QLabel(this);
    m_zoom->setObjectName(QStringLiteral("imageZoom"));
    bar->addWidget(m_zoom);
    bar->addStretch(1);
    layout->addLayout(bar);

    m_area = new QScrollArea(this);
    m_area->setAlignment(Qt::AlignCenter);
    m_area->setWidgetResizable(false);
    m_label = new QLabel;
    m_label->setObjectName(QStringLiteral("fileViewerImage"));
    m_label->setAlignment(Qt::AlignCenter);
    m_area->setWidget(m_label);
    layout->addWidget(m_area, 1);

    connect(m_fitButton, &QToolButton::clicked, this, [this] { setFit(true); });
    connect(m_actualButton, &QToolButton::clicked, this, [this] { setFit(false); });
}

ImageView::~ImageView() = default;

void ImageView::clear()
{
    if (m_movie) {
        m_movie->stop();
        m_label->setMovie(nullptr);
        delete m_movie;
        m_movie = nullptr;
        delete m_buffer;
        m_buffer = nullptr;
    }
    m_bytes.clear();
    m_image = QImage();
    m_label->clear();
    m_zoom->clear();
}

void ImageView::setImage(const QImage &image)
{
    clear();
    m_image = image;
    relayout();
}

bool ImageView::setAnimation(const QByteArray &bytes)
{
    auto buffer = std::make_unique<QBuffer>();
    QByteArray copy = bytes;
    buffer->setData(copy);
    buffer->open(QIODevice::ReadOnly);
    auto movie = std::make_unique<QMovie>(buffer.get());
    if (!movie->isValid())
        return false;
    clear();
    m_bytes = bytes;
    m_buffer = buffer.release();
    m_movie = movie.release();
    m_movie->setParent(this);
    m_buffer->setParent(this);
    m_movie->setCacheMode(QMovie::CacheNone); // frames are decoded as they play: memory stays at one frame
    m_movie->jumpToFrame(0);
    m_image = m_movie->currentImage();
    m_label->setMovie(m_movie);
    m_movie->start();
    relayout();
    return true;
}

int ImageView::frameCount() const
{
    return m_movie ? m_movie->frameCount() : (m_image.isNull() ? 0 : 1);
}

void ImageView::setFit(bool fit)
{
    m_fit = fit;
    (fit ? m_fitButton : m_actualButton)->setChecked(true);
    relayout();
}

QSize ImageView::naturalSize() const
{
    return m_image.size();
}

void ImageView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_fit)
        relayout();
}

void ImageView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    relayout();
}

void ImageView::relayout()
{
    const QSize natural = naturalSize();
    if (natural.isEmpty())
        return;
    QSize shown = natural;
    // Only a visible view knows its size; until then the image is shown at 100 %.
    if (m_fit && isVisible()) {
        const QSize room = m_area->maximumViewportSize() - QSize(2, 2);
        if (room.isValid() && (natural.width() > room.width() || natural.height() > room.height()))
            shown = natural.scaled(room, Qt::KeepAspectRatio).expandedTo(QSize(1, 1));
    }
    if (m_movie) {
        m_movie->setScaledSize(shown);
    } else {
        m_label->setPixmap(QPixmap::fromImage(
            shown == natural ? m_image : m_image.scaled(shown, Qt::KeepAspectRatio, Qt::SmoothTransformation)));
    }
    m_label->resize(shown);
    m_zoom->setText(tr("shown at %1 %").arg(qRound(100.0 * shown.width() / natural.width())));
}

} // namespace studio
