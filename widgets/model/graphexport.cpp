// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphexport.h"

#include "base/progress.h"
#include "codec/pngstreamwriter.h"
#include "graphpicture.h"

#include <QFile>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
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

carton::Status cancelled(const QString &path)
{
    return carton::makeError(carton::ErrorCode::Cancelled, studio::GraphExport::tr("export cancelled"), path);
}

// The picture's items with the rectangle each covers, made one step at a time.
struct Items {
    std::vector<std::unique_ptr<QGraphicsItem>> items;
    QList<QRectF> extents;
};

// `progress` counts the items made and then `after` steps (strips, items drawn); nullopt when cancelled.
std::optional<Items> makeItems(const GraphPicture &picture, carton::Progress *progress, qint64 after)
{
    Items out;
    if (progress)
        progress->setTotal(picture.itemCount() + after);
    out.items = picture.makeItems(progress);
    if (progress && progress->isCancelled())
        return std::nullopt;
    out.extents.reserve(qsizetype(out.items.size()));
    for (const auto &item : out.items)
        out.extents.append(GraphPicture::extent(*item));
    return out;
}

} // namespace

QSize GraphExport::pngSize(const QRectF &source)
{
    const qreal scale = pngScale(source);
    return QSize(std::max(1, int(std::floor(source.width() * scale))),
                 std::max(1, int(std::floor(source.height() * scale))));
}

carton::Status GraphExport::writePng(const GraphPicture &picture, const QString &path, carton::Progress *progress)
{
    const QRectF source = picture.bounds;
    if (source.isEmpty())
        return carton::makeError(carton::ErrorCode::Usage, tr("the graph is empty"), path);
    const QSize size = pngSize(source);
    const qreal sx = size.width() / source.width(), sy = size.height() / source.height();
    const int stripRows = int(std::clamp<qint64>(kStripBytes / (qint64(size.width()) * 3), 1, size.height()));
    const qint64 strips = (size.height() + stripRows - 1) / stripRows;
    std::optional<Items> items = makeItems(picture, progress, strips);
    if (!items)
        return cancelled(path);
    auto writer = carton::PngStreamWriter::create(path, quint32(size.width()), quint32(size.height()));
    if (!writer)
        return writer.error();
    QImage strip(size.width(), stripRows, QImage::Format_RGB888);
    for (int top = 0; top < size.height(); top += stripRows) {
        if (progress && progress->isCancelled())
            return cancelled(path); // the writer removes its temporary file
        const int rows = std::min(stripRows, size.height() - top);
        strip.fill(picture.background);
        QPainter painter(&strip);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        const QRectF part(source.left(), source.top() + top / sy, source.width(), rows / sy);
        painter.scale(sx, sy);
        painter.translate(-part.topLeft());
        painter.setClipRect(part);
        for (size_t i = 0; i < items->items.size(); ++i)
            if (items->extents[qsizetype(i)].intersects(part))
                GraphPicture::paint(painter, *items->items[i]);
        painter.end();
        if (carton::Status s = (*writer)->writeRows(strip.constBits(), rows, strip.bytesPerLine()); !s)
            return s;
        if (progress)
            progress->advance(1);
    }
    if (progress && progress->isCancelled()) // cancelled after the last strip: still no file
        return cancelled(path);
    if (carton::Status s = (*writer)->finish(); !s)
        return s;
    if (progress &&
        progress->isCancelled()) { // cancelled while the file was committed: the user was told nothing is written
        QFile::remove(path);
        return cancelled(path);
    }
    return {};
}

carton::Status GraphExport::writeSvg(const GraphPicture &picture, const QString &path, const QString &title,
                                     carton::Progress *progress)
{
    const QRectF source = picture.bounds;
    if (source.isEmpty())
        return carton::makeError(carton::ErrorCode::Usage, tr("the graph is empty"), path);
    std::optional<Items> items = makeItems(picture, progress, picture.itemCount());
    if (!items)
        return cancelled(path);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return carton::makeError(carton::ErrorCode::Io, file.errorString(), path);
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(source.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
    svg.setTitle(title);
    QPainter painter;
    if (!painter.begin(&svg))
        return carton::makeError(carton::ErrorCode::Io, tr("cannot write SVG"), path);
    painter.translate(-source.topLeft());
    for (const auto &item : items->items) {
        if (progress && progress->isCancelled()) {
            painter.end();
            file.cancelWriting();
            return cancelled(path);
        }
        GraphPicture::paint(painter, *item);
        if (progress)
            progress->advance(1);
    }
    if (!painter.end())
        return carton::makeError(carton::ErrorCode::Io, tr("cannot write SVG"), path);
    if (progress && progress->isCancelled()) {
        file.cancelWriting();
        return cancelled(path);
    }
    if (!file.commit())
        return carton::makeError(carton::ErrorCode::Io, file.errorString(), path);
    return {};
}

QString GraphExport::fileName(const QString &modelPath, const QString &suffix)
{
    const QString base = QFileInfo(modelPath).completeBaseName();
    return base.isEmpty() ? QStringLiteral("graph.%1").arg(suffix) : QStringLiteral("%1-graph.%2").arg(base, suffix);
}

} // namespace studio
