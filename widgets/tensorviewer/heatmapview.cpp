// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "heatmapview.h"

#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <cmath>

namespace studio {

namespace {

constexpr int legendWidth = 96;
constexpr int minimumBarHeight = 20;

// A legend figure in the UI's locale ("0,5" in German), without group separators.
QString number(double v)
{
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(v, 'g', 6).replace(u'E', u'e');
}

} // namespace

HeatmapView::HeatmapView(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
}

void HeatmapView::setData(std::shared_ptr<const HeatmapData> data)
{
    const bool wasDownsampled = m_data && m_data->downsampled();
    m_data = std::move(data);
    m_message.clear();
    if (wasDownsampled != (m_data && m_data->downsampled()))
        updateGeometry(); // the bins note below the swatches comes or goes
    rerender();
    resetView();
}

QSize HeatmapView::minimumSizeHint() const
{
    // The whole legend (scale name, a short colour bar, the NaN/+Inf/-Inf swatches, the
    // bins note) beside a strip of cells: the viewer shares short windows, but what a
    // colour means is never cut off.
    const int line = fontMetrics().height();
    return QSize(200, line + 6 + legendFixedHeight() + minimumBarHeight + 4);
}

void HeatmapView::clear()
{
    m_data.reset();
    m_image = {};
    m_message.clear();
    update();
}

void HeatmapView::setMessage(const QString &text)
{
    m_message = text;
    update();
}

void HeatmapView::setScale(HeatmapData::Scale scale)
{
    if (scale == m_scale)
        return;
    m_scale = scale;
    rerender();
}

void HeatmapView::setMarker(std::optional<std::pair<qint64, qint64>> cell)
{
    m_marker = cell;
    update();
}

void HeatmapView::rerender()
{
    m_image = m_data ? m_data->render(Colormap(m_data->defaultColormap()), m_scale) : QImage();
    update();
}

void HeatmapView::resetView()
{
    m_zoom = 1.0;
    m_offset = {};
    update();
}

int HeatmapView::rowLabelWidth() const
{
    const qint64 last = m_data ? qMax<qint64>(0, m_data->rows - 1) : 0;
    return fontMetrics().horizontalAdvance(QString::number(last)) + 8;
}

QRect HeatmapView::plotArea() const
{
    return rect().adjusted(4 + rowLabelWidth(), fontMetrics().height() + 6, -legendWidth - 8, -4);
}

qint64 HeatmapView::tickStep(double pixelsPerCell, double minSpacing)
{
    if (pixelsPerCell <= 0)
        return 1;
    for (qint64 magnitude = 1;; magnitude *= 10) {
        for (const qint64 m : {1, 2, 5})
            if (double(m * magnitude) * pixelsPerCell >= minSpacing)
                return m * magnitude;
        if (magnitude > (qint64(1) << 58))
            return magnitude;
    }
}

QList<qint64> HeatmapView::ticks(bool rows) const
{
    QList<qint64> result;
    const QRectF r = imageRect();
    if (!m_data || r.isEmpty())
        return result;
    const QRect area = plotArea();
    const qint64 count = rows ? m_data->rows : m_data->cols;
    const double cell = (rows ? r.height() : r.width()) / double(count);
    const QFontMetrics fm = fontMetrics();
    const double spacing =
        rows ? fm.height() * 1.5 : fm.horizontalAdvance(QString::number(qMax<qint64>(0, count - 1))) + fm.height();
    const qint64 step = tickStep(cell, spacing);
    const double start = rows ? r.top() : r.left();
    const double lo = rows ? area.top() : area.left(), hi = rows ? area.bottom() : area.right();
    const qint64 first = qMax<qint64>(0, qint64(std::floor((lo - start) / cell)));
    const qint64 last = qMin<qint64>(count - 1, qint64(std::ceil((hi - start) / cell)));
    for (qint64 i = (first + step - 1) / step * step; i <= last && result.size() < 1000; i += step) {
        const double centre = start + (double(i) + 0.5) * cell;
        if (centre >= lo && centre <= hi)
            result.append(i);
    }
    return result;
}

void HeatmapView::paintTicks(QPainter &painter, const QRect &area)
{
    const QRectF r = imageRect();
    const QFontMetrics fm = painter.fontMetrics();
    painter.setPen(palette().color(QPalette::Text));
    const double ch = r.height() / double(m_data->rows), cw = r.width() / double(m_data->cols);
    // Next to the picture's edges (it is centred when it does not fill the area).
    const int left = qMax(area.left(), int(r.left())), top = qMax(area.top(), int(r.top()));
    for (const qint64 row : rowTicks()) {
        const int y = int(r.top() + (double(row) + 0.5) * ch);
        painter.drawLine(left - 4, y, left - 1, y);
        const QString text = QString::number(row);
        painter.drawText(QPoint(left - 6 - fm.horizontalAdvance(text), y + fm.ascent() / 2 - 1), text);
    }
    for (const qint64 col : columnTicks()) {
        const int x = int(r.left() + (double(col) + 0.5) * cw);
        painter.drawLine(x, top - 4, x, top - 1);
        const QString text = QString::number(col);
        const int textX = qBound(0, x - fm.horizontalAdvance(text) / 2, qMax(0, width() - fm.horizontalAdvance(text)));
        painter.drawText(QPoint(textX, top - 6), text);
    }
}

QRectF HeatmapView::imageRect() const
{
    if (!m_data || m_data->binRows == 0 || m_data->binCols == 0)
        return {};
    const QRect area = plotArea();
    // Cells keep their aspect (a tall narrow slice stays tall and narrow), but a
    // very elongated slice is stretched to at least a tenth of the other side.
    const double w = double(m_data->cols), h = double(m_data->rows);
    const double fit = qMin(area.width() / w, area.height() / h);
    QSizeF size(w * fit, h * fit);
    size.setWidth(qMax(size.width(), qMin(double(area.width()), size.height() / 10)));
    size.setHeight(qMax(size.height(), qMin(double(area.height()), size.width() / 10)));
    size *= m_zoom;
    const QPointF topLeft(area.left() + (area.width() - size.width()) / 2 + m_offset.x(),
                          area.top() + (area.height() - size.height()) / 2 + m_offset.y());
    return QRectF(topLeft, size);
}

std::optional<std::pair<qint64, qint64>> HeatmapView::cellAt(QPointF pos) const
{
    const QRectF r = imageRect();
    if (!m_data || !r.contains(pos))
        return std::nullopt;
    const qint64 row = qBound<qint64>(0, qint64((pos.y() - r.top()) / r.height() * m_data->rows), m_data->rows - 1);
    const qint64 col = qBound<qint64>(0, qint64((pos.x() - r.left()) / r.width() * m_data->cols), m_data->cols - 1);
    return std::make_pair(row, col);
}

QString HeatmapView::describe(QPointF pos) const
{
    const auto cell = cellAt(pos);
    if (!cell)
        return {};
    const auto [row, col] = *cell;
    const int by = m_data->binRowOf(row), bx = m_data->binColOf(col);
    const qsizetype bin = qsizetype(by) * m_data->binCols + bx;
    const quint8 f = quint8(m_data->flags[bin]);
    QStringList special;
    if (f & HeatmapData::HasNaN)
        special.append(QStringLiteral("NaN"));
    if (f & HeatmapData::HasPosInf)
        special.append(QStringLiteral("+Inf"));
    if (f & HeatmapData::HasNegInf)
        special.append(QStringLiteral("-Inf"));
    const double lo = m_data->binMin[bin], hi = m_data->binMax[bin];
    if (!m_data->downsampled()) {
        const QString value = !special.isEmpty() ? special.first() : number(lo);
        return tr("row %1, column %2: %3").arg(row).arg(col).arg(value);
    }
    const qint64 r1 = (by + 1 < m_data->binRows ? m_data->firstRowOf(by + 1) : m_data->rows) - 1;
    const qint64 c1 = (bx + 1 < m_data->binCols ? m_data->firstColOf(bx + 1) : m_data->cols) - 1;
    QString text =
        tr("rows %1–%2, columns %3–%4").arg(m_data->firstRowOf(by)).arg(r1).arg(m_data->firstColOf(bx)).arg(c1);
    if (!std::isnan(lo))
        text += tr(": min %1, max %2").arg(number(lo), number(hi));
    if (!special.isEmpty())
        text += tr(" (and %1)").arg(special.join(QStringLiteral(", ")));
    return text;
}

void HeatmapView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (!m_message.isEmpty() || !m_data) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, m_message);
        return;
    }
    const QRect area = plotArea();
    painter.save();
    painter.setClipRect(area);
    const QRectF target = imageRect();
    painter.drawImage(target, m_image);
    if (m_marker && m_data->rows > 0 && m_data->cols > 0) {
        const double cw = target.width() / m_data->cols, ch = target.height() / m_data->rows;
        QRectF mark(target.left() + m_marker->second * cw, target.top() + m_marker->first * ch, cw, ch);
        mark = mark.adjusted(-2, -2, 2, 2);
        painter.setPen(QPen(Qt::red, 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(mark);
    }
    painter.restore();
    paintTicks(painter, area);
    paintLegend(painter, legendArea());
}

QRect HeatmapView::legendArea() const
{
    const QRect area = plotArea();
    return QRect(area.right() + 8, area.top(), legendWidth, area.height());
}

int HeatmapView::legendFixedHeight() const
{
    // The scale's name above the bar, a line's gap below it, three swatches a line
    // (+2) apart, and two lines for the bins note of a downsampled map.
    const int line = fontMetrics().height();
    return 2 * line + 3 * (line + 2) + (m_data && m_data->downsampled() ? 2 * line : 0);
}

QRect HeatmapView::legendBar(const QRect &area) const
{
    const int line = fontMetrics().height();
    return QRect(area.left(), area.top() + line, 16, qMax(minimumBarHeight, area.height() - legendFixedHeight()));
}

QList<HeatmapView::LegendLabel> HeatmapView::legendSwatches() const
{
    if (!m_data)
        return {};
    const QRect area = legendArea();
    const QRect bar = legendBar(area);
    const QFontMetrics fm = fontMetrics();
    const int line = fm.height();
    const int textX = bar.right() + 4;
    QList<LegendLabel> swatches;
    int y = bar.bottom() + line;
    for (const QString &name : {QStringLiteral("NaN"), QStringLiteral("+Inf"), QStringLiteral("-Inf")}) {
        // The colour box and the name painted beside it.
        swatches.append({QRect(area.left(), y, textX - area.left() + fm.horizontalAdvance(name), line), name});
        y += line + 2;
    }
    return swatches;
}

QList<HeatmapView::LegendLabel> HeatmapView::legendLabels() const
{
    if (!m_data)
        return {};
    const QRect area = legendArea();
    const QRect bar = legendBar(area);
    const QFontMetrics fm = fontMetrics();
    const int textX = bar.right() + 4;
    const auto at = [&](int top, const QString &text) {
        return LegendLabel{QRect(textX, top, qMax(1, area.right() - textX), fm.height()), text};
    };
    const bool diverging = Colormap(m_data->defaultColormap()).kind() == Colormap::Kind::Diverging;
    double lo = m_data->min, hi = m_data->max;
    if (diverging) {
        hi = qMax(std::fabs(lo), std::fabs(hi));
        lo = -hi;
    }
    if (std::isnan(lo) || std::isnan(hi))
        return {at(bar.top(), QStringLiteral("—"))};
    if (lo == hi) // one value everywhere: one label, not the same figure at both ends
        return {at(bar.center().y() - fm.height() / 2, tr("all %1").arg(number(lo == 0 ? 0.0 : lo)))};
    QList<LegendLabel> labels{at(bar.top(), number(hi))};
    const auto addIfFree = [&labels](const LegendLabel &label) {
        for (const LegendLabel &other : labels)
            if (other.rect.intersects(label.rect))
                return;
        labels.append(label);
    };
    addIfFree(at(bar.bottom() + 1 - fm.height(), number(lo)));
    if (diverging)
        addIfFree(at(bar.center().y() - fm.height() / 2, QStringLiteral("0")));
    return labels;
}

void HeatmapView::paintLegend(QPainter &painter, const QRect &area)
{
    const Colormap colormap(m_data->defaultColormap());
    const QFontMetrics fm = painter.fontMetrics();
    const int line = fm.height();
    const QRect bar = legendBar(area);
    for (int y = 0; y < bar.height(); ++y) {
        const double t = 1.0 - double(y) / qMax(1, bar.height() - 1);
        painter.setPen(QColor::fromRgb(colormap.at(t)));
        painter.drawLine(bar.left(), bar.top() + y, bar.right(), bar.top() + y);
    }
    painter.setPen(palette().color(QPalette::Text));
    painter.drawRect(bar.adjusted(0, 0, -1, -1));
    const int textX = bar.right() + 4;
    const QString scaleName = m_scale == HeatmapData::Scale::Log ? tr("log") : tr("linear");
    painter.drawText(QPoint(area.left(), area.top() + fm.ascent()), scaleName);
    for (const LegendLabel &label : legendLabels())
        painter.drawText(label.rect, Qt::AlignLeft | Qt::AlignVCenter, label.text);
    const QRgb colours[] = {Colormap::nanColor, Colormap::positiveInfColor, Colormap::negativeInfColor};
    const QList<LegendLabel> swatches = legendSwatches();
    int y = bar.bottom() + line;
    for (qsizetype i = 0; i < swatches.size(); ++i) {
        const QRect &row = swatches.at(i).rect;
        const QRect swatch(row.left(), row.top(), 16, line - 2);
        painter.fillRect(swatch, QColor::fromRgb(colours[i]));
        painter.drawRect(swatch.adjusted(0, 0, -1, -1));
        painter.drawText(QPoint(textX, row.top() + fm.ascent() - 1), swatches.at(i).text);
        y = row.bottom() + 3;
    }
    if (m_data->downsampled())
        painter.drawText(QRect(area.left(), y, area.width(), line * 2), Qt::TextWordWrap,
                         tr("%1×%2 bins").arg(m_data->binRows).arg(m_data->binCols));
}

void HeatmapView::wheelEvent(QWheelEvent *event)
{
    if (!m_data)
        return;
    const double factor = std::pow(1.0015, event->angleDelta().y());
    const double newZoom = qBound(1.0, m_zoom * factor, 4096.0);
    // Keep the point under the cursor in place.
    const QRectF before = imageRect();
    const QPointF p = event->position();
    const QPointF rel((p.x() - before.left()) / before.width(), (p.y() - before.top()) / before.height());
    m_zoom = newZoom;
    const QRectF after = imageRect();
    m_offset +=
        QPointF(p.x() - (after.left() + rel.x() * after.width()), p.y() - (after.top() + rel.y() * after.height()));
    if (m_zoom == 1.0)
        m_offset = {};
    update();
    event->accept();
}

void HeatmapView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        m_dragFrom = event->position().toPoint();
}

void HeatmapView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragFrom) {
        m_offset += event->position() - QPointF(*m_dragFrom);
        m_dragFrom = event->position().toPoint();
        update();
        return;
    }
    const QString text = describe(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void HeatmapView::mouseReleaseEvent(QMouseEvent *)
{
    m_dragFrom.reset();
}

} // namespace studio
