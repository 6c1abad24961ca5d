// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "heatmapdata.h"

#include <QWidget>
#include <memory>
#include <optional>

namespace studio {

// Paints a HeatmapData: the slice fitted to the widget, zoomed with the wheel
// (around the cursor) and panned by dragging; a legend with the colour scale, its
// range and the NaN/±Inf colours; the hovered cell's index and value as a tooltip.
class HeatmapView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HeatmapView)

public:
    explicit HeatmapView(QWidget *parent = nullptr);

    void setData(std::shared_ptr<const HeatmapData> data);
    void clear();
    void setScale(HeatmapData::Scale scale);
    HeatmapData::Scale scale() const { return m_scale; }
    // Shows `text` instead of a heatmap ("Reading…", an error).
    void setMessage(const QString &text);
    // Marks slice cell (row, col) (nullopt: no mark).
    void setMarker(std::optional<std::pair<qint64, qint64>> cell);

    const HeatmapData *data() const { return m_data.get(); }
    // The rendered bins, one pixel each (what "Export as PNG" writes).
    const QImage &image() const { return m_image; }
    double zoom() const { return m_zoom; }
    void resetView();

    // Row and column indexes labelled along the left and top edges: multiples of a
    // step of 1, 2 or 5 × 10^k chosen so labels never overlap at the current zoom,
    // only those of cells in view.
    QList<qint64> rowTicks() const { return ticks(true); }
    QList<qint64> columnTicks() const { return ticks(false); }
    // The smallest 1, 2, 5 × 10^k step whose cells are at least `minSpacing` pixels apart.
    static qint64 tickStep(double pixelsPerCell, double minSpacing);

    // The slice cell under a widget position, and the text the tooltip shows there.
    std::optional<std::pair<qint64, qint64>> cellAt(QPointF pos) const;
    QString describe(QPointF pos) const;

    // The legend's value labels where they are painted: the top and bottom of the
    // colour bar, 0 in the middle of a diverging one, each only where it overlaps no
    // other; one "all V" label when every value is V (A = B in Compare Backends).
    struct LegendLabel {
        QRect rect;
        QString text;
    };
    QList<LegendLabel> legendLabels() const;
    // The NaN, +Inf and -Inf swatches with their names, where they are painted (each:
    // the colour box and the name beside it). The widget's minimum size keeps them
    // all inside it.
    QList<LegendLabel> legendSwatches() const;

    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    QRectF imageRect() const;
    QRect plotArea() const;
    void paintLegend(QPainter &painter, const QRect &area);
    QRect legendArea() const;
    QRect legendBar(const QRect &legendArea) const;
    // The legend's height besides its colour bar.
    int legendFixedHeight() const;
    void paintTicks(QPainter &painter, const QRect &area);
    QList<qint64> ticks(bool rows) const;
    int rowLabelWidth() const;
    void rerender();

    std::shared_ptr<const HeatmapData> m_data;
    QImage m_image;
    QString m_message;
    HeatmapData::Scale m_scale = HeatmapData::Scale::Linear;
    double m_zoom = 1.0;
    QPointF m_offset; // of the image's top left from the fitted position, in pixels
    std::optional<QPoint> m_dragFrom;
    std::optional<std::pair<qint64, qint64>> m_marker;
};

} // namespace studio
