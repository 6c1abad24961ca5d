// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphexport.h"

#include "codec/pngstreamwriter.h"

#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>

namespace studio {

namespace {

qreal pngScale(const QRectF &source)
{
    if (source.isEmpty())
        return 0;
    const qreal area = source.width() * source.height();
    // Twice the screen's scale while the picture stays small, the screen's for big graphs.
    qreal scale = area * 4 <= 64.0 * 1000 * 1000 ? 2.0 : 1.0;
    scale = std::min({scale, std::sqrt(qreal(GraphExport::kMaxPixels) / area), GraphExport::kMaxSide / source.width(),
                      GraphExport::kMaxSide / source.height()});
    return scale;
}

} // namespace

QSize GraphExport::pngSize(const QRectF &source)
{
    const qreal scale = pngScale(source);
    return QSize(std::max(1, int(std::floor(source.width() * scale))),
                 std::max(1, int(std::floor(source.height() * scale))));
}

bool GraphExport::writePng(QGraphicsScene &scene, const QRectF &source, const QColor &background, const QString &path,
                           QString *error)
{
    if (source.isEmpty())
        return false;
    const QSize size = pngSize(source);
    const qreal sy = size.height() / source.height();
    auto writer = carton::PngStreamWriter::create(path, quint32(size.width()), quint32(size.height()));
    if (!writer) {
        if (error)
            *error = writer.error().toString();
        return false;
    }
    const int stripRows = int(std::clamp<qint64>(kStripBytes / (qint64(size.width()) * 3), 1, size.height()));
    QImage strip(size.width(), stripRows, QImage::Format_RGB888);
    for (int top = 0; top < size.height(); top += stripRows) {
        const int rows = std::min(stripRows, size.height() - top);
        strip.fill(background);
        QPainter painter(&strip);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        const QRectF part(source.left(), source.top() + top / sy, source.width(), rows / sy);
        scene.render(&painter, QRectF(0, 0, size.width(), rows), part, Qt::IgnoreAspectRatio);
        painter.end();
        if (carton::Status s = (*writer)->writeRows(strip.constBits(), rows, strip.bytesPerLine()); !s) {
            if (error)
                *error = s.error().toString();
            return false;
        }
    }
    if (carton::Status s = (*writer)->finish(); !s) {
        if (error)
            *error = s.error().toString();
        return false;
    }
    return true;
}

bool GraphExport::writeSvg(QGraphicsScene &scene, const QRectF &source, const QString &path, const QString &title)
{
    if (source.isEmpty())
        return false;
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(source.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
    svg.setTitle(title);
    QPainter painter;
    if (!painter.begin(&svg))
        return false;
    scene.render(&painter, QRectF(QPointF(0, 0), source.size()), source);
    return painter.end();
}

QString GraphExport::fileName(const QString &modelPath, const QString &suffix)
{
    const QString base = QFileInfo(modelPath).completeBaseName();
    return base.isEmpty() ? QStringLiteral("graph.%1").arg(suffix) : QStringLiteral("%1-graph.%2").arg(base, suffix);
}

} // namespace studio
