// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphminimap.h"

#include <QEvent>
#include <QGraphicsView>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>

namespace studio {

namespace {
constexpr int kSide = 180;  // the longer side of the minimap, in pixels
constexpr int kMargin = 12; // from the view's corner
} // namespace

GraphMinimap::GraphMinimap(QGraphicsView *view) : QWidget(view->viewport()), m_view(view)
{
    setObjectName(QStringLiteral("graphMinimap"));
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Overview: click or drag to move the view"));
    view->viewport()->installEventFilter(this);
    for (QScrollBar *bar : {view->horizontalScrollBar(), view->verticalScrollBar()}) {
        // Moved, zoomed, fitted: the frame follows.
        connect(bar, &QScrollBar::valueChanged, this, qOverload<>(&QWidget::update));
        connect(bar, &QScrollBar::rangeChanged, this, qOverload<>(&QWidget::update));
    }
    hide();
}

void GraphMinimap::setNodes(const QList<QRectF> &nodes, const QList<QColor> &colors, const QRectF &bounds)
{
    m_bounds = bounds;
    if (bounds.isEmpty()) {
        clear();
        return;
    }
    const qreal scale = kSide / std::max(bounds.width(), bounds.height());
    m_image = QImage(std::max(8, int(bounds.width() * scale)), std::max(8, int(bounds.height() * scale)),
                     QImage::Format_ARGB32_Premultiplied);
    m_image.fill(Qt::transparent);
    QPainter painter(&m_image);
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const QRectF &r = nodes[i];
        const QRectF at((r.left() - bounds.left()) * scale, (r.top() - bounds.top()) * scale,
                        std::max(1.0, r.width() * scale), std::max(1.0, r.height() * scale));
        painter.fillRect(at, i < colors.size() ? colors[i] : QColor(Qt::gray));
    }
    painter.end();
    resize(m_image.size() + QSize(2, 2));
    place();
    show();
    update();
}

void GraphMinimap::clear()
{
    m_image = QImage();
    hide();
}

void GraphMinimap::place()
{
    if (!parentWidget())
        return;
    move(parentWidget()->width() - width() - kMargin, parentWidget()->height() - height() - kMargin);
}

QRectF GraphMinimap::imageRect() const
{
    return QRectF(1, 1, m_image.width(), m_image.height());
}

QPointF GraphMinimap::toScene(const QPointF &point) const
{
    const QRectF image = imageRect();
    if (image.isEmpty() || m_bounds.isEmpty())
        return {};
    return QPointF(m_bounds.left() + (point.x() - image.left()) / image.width() * m_bounds.width(),
                   m_bounds.top() + (point.y() - image.top()) / image.height() * m_bounds.height());
}

QRectF GraphMinimap::viewFrame() const
{
    if (!m_view || m_bounds.isEmpty())
        return {};
    const QRectF shown = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    const QRectF image = imageRect();
    const qreal sx = image.width() / m_bounds.width(), sy = image.height() / m_bounds.height();
    return QRectF(image.left() + (shown.left() - m_bounds.left()) * sx,
                  image.top() + (shown.top() - m_bounds.top()) * sy, shown.width() * sx, shown.height() * sy)
        .intersected(image);
}

void GraphMinimap::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    QColor back = palette().color(QPalette::Base);
    back.setAlpha(225);
    painter.fillRect(rect(), back);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(rect().adjusted(0, 0, -1, -1));
    painter.drawImage(imageRect().topLeft(), m_image);
    QColor frame = palette().color(QPalette::Highlight);
    painter.setPen(QPen(frame, 1.5));
    frame.setAlpha(40);
    painter.setBrush(frame);
    painter.drawRect(viewFrame());
}

void GraphMinimap::mousePressEvent(QMouseEvent *event)
{
    if (m_view && event->button() == Qt::LeftButton)
        m_view->centerOn(toScene(event->position()));
}

void GraphMinimap::mouseMoveEvent(QMouseEvent *event)
{
    if (m_view && (event->buttons() & Qt::LeftButton))
        m_view->centerOn(toScene(event->position()));
}

bool GraphMinimap::eventFilter(QObject *watched, QEvent *event)
{
    if (m_view && watched == m_view->viewport() && event->type() == QEvent::Resize)
        place();
    return QWidget::eventFilter(watched, event);
}

} // namespace studio
