// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "weightchart.h"

#include "style/tone.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <cmath>

namespace studio {

using namespace carton;

namespace {

constexpr double kLowDecade = -7, kHighDecade = 1;
constexpr int kLeft = 44, kTop = 6, kBottom = 18, kRight = 6;

} // namespace

WeightChart::WeightChart(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("weightChart"));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

QSize WeightChart::sizeHint() const
{
    return {600, 150};
}

QSize WeightChart::minimumSizeHint() const
{
    return {200, 100};
}

void WeightChart::setWeights(const QList<WeightDiff> &weights)
{
    m_bars.clear();
    for (const WeightDiff &w : weights) {
        Bar bar;
        bar.kind = w.kind;
        bar.value = w.kind == ChangeKind::Changed && w.compared && w.relL2 ? *w.relL2 : std::nan("");
        QString what;
        switch (w.kind) {
        case ChangeKind::Unchanged:
            what = tr("unchanged");
            break;
        case ChangeKind::Added:
            what = tr("added");
            break;
        case ChangeKind::Removed:
            what = tr("removed");
            break;
        case ChangeKind::Changed:
            what = std::isnan(bar.value) ? tr("changed") : tr("relative change %1").arg(bar.value, 0, 'g', 3);
            break;
        }
        bar.tip = QStringLiteral("%1\n%2").arg(w.name(), what);
        m_bars.append(bar);
    }
    update();
}

QRectF WeightChart::plotArea() const
{
    return QRectF(kLeft, kTop, std::max(10, width() - kLeft - kRight), std::max(10, height() - kTop - kBottom));
}

double WeightChart::yOf(double value, const QRectF &area) const
{
    const double l = std::clamp(std::log10(std::max(value, 1e-12)), kLowDecade, kHighDecade);
    return area.bottom() - area.height() * (l - kLowDecade) / (kHighDecade - kLowDecade);
}

QRectF WeightChart::barRect(int row) const
{
    if (row < 0 || row >= m_bars.size())
        return {};
    const QRectF area = plotArea();
    const double w = area.width() / double(m_bars.size());
    const Bar &bar = m_bars.at(row);
    double top = area.bottom() - 2;
    if (bar.kind == ChangeKind::Added || bar.kind == ChangeKind::Removed ||
        (bar.kind == ChangeKind::Changed && std::isnan(bar.value)))
        top = area.top();
    else if (bar.kind == ChangeKind::Changed)
        top = std::min(yOf(bar.value, area), area.bottom() - 2);
    return QRectF(area.left() + row * w, top, std::max(1.0, w - (w > 4 ? 1 : 0)), area.bottom() - top);
}

int WeightChart::barAt(QPointF pos) const
{
    const QRectF area = plotArea();
    if (m_bars.isEmpty() || !area.contains(pos))
        return -1;
    const int row = int((pos.x() - area.left()) / (area.width() / double(m_bars.size())));
    return row >= 0 && row < m_bars.size() ? row : -1;
}

void WeightChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QRectF area = plotArea();
    p.fillRect(area, palette().base());
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    p.setFont(small);
    QColor grid = palette().mid().color();
    grid.setAlpha(90);
    // Every decade has its line; labels skip decades where they would overlap (a short chart).
    const double decade = area.height() / (kHighDecade - kLowDecade);
    const int step = std::max(1, int(std::ceil(QFontMetricsF(small).height() / std::max(decade, 1.0))));
    for (int e = int(kLowDecade); e <= int(kHighDecade); ++e) {
        const double y = yOf(std::pow(10.0, e), area);
        p.setPen(grid);
        p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
        if ((int(kHighDecade) - e) % step != 0)
            continue;
        p.setPen(palette().text().color());
        p.drawText(QRectF(0, y - 8, kLeft - 4, 16), Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("1e%1").arg(e));
    }
    const QColor colors[] = {palette().mid().color(), toneColor(Tone::Good), toneColor(Tone::Bad),
                             toneColor(Tone::Warning)};
    for (int i = 0; i < m_bars.size(); ++i)
        p.fillRect(barRect(i), colors[int(m_bars.at(i).kind)]);
    p.setPen(palette().text().color());
    p.drawText(QRectF(area.left(), area.bottom() + 2, area.width(), kBottom - 2), Qt::AlignLeft | Qt::AlignTop,
               tr("Relative change of each weight (‖B−A‖/‖A‖, log scale), in model order"));
    p.setPen(palette().mid().color());
    p.drawRect(area);
}

void WeightChart::mousePressEvent(QMouseEvent *event)
{
    const int row = barAt(event->position());
    if (row >= 0 && event->button() == Qt::LeftButton)
        emit weightClicked(row);
    QWidget::mousePressEvent(event);
}

bool WeightChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int row = barAt(help->pos());
        if (row >= 0)
            QToolTip::showText(help->globalPos(), m_bars.at(row).tip, this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace studio
