// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "shapedelegate.h"

#include "common/roles.h"
#include "style/tone.h"
#include "symbolpalette.h"

#include <QApplication>
#include <QPainter>

namespace studio {

namespace {
constexpr int chipPadding = 4;
constexpr int cellPadding = 4;
} // namespace

void ShapeDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QVariant partsValue = index.data(Roles::ShapePartsRole);
    if (!partsValue.canConvert<QList<ShapePart>>()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const auto parts = partsValue.value<QList<ShapePart>>();

    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const bool selected = opt.state & QStyle::State_Selected;
    const QColor textColor = opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    QColor dimColor = textColor;
    dimColor.setAlphaF(0.55f);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(opt.font);
    const QFontMetrics fm(opt.font);
    const QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget);
    int x = textRect.left() + cellPadding / 2;
    const int chipHeight = qMin(textRect.height() - 2, fm.height() + 2);
    const int chipTop = textRect.top() + (textRect.height() - chipHeight) / 2;
    painter->setClipRect(textRect);
    for (const ShapePart &part : parts) {
        const int width = fm.horizontalAdvance(part.text);
        if (part.kind == ShapePart::Symbol) {
            const QRectF chip(x, chipTop, width + 2 * chipPadding, chipHeight);
            const QColor fill = SymbolPalette::chipColor(part.colorIndex, opt.palette);
            painter->setPen(Qt::NoPen);
            painter->setBrush(fill);
            painter->drawRoundedRect(chip, 4, 4);
            // Chips keep their own background, so use the palette's normal text color on them.
            painter->setPen(opt.palette.color(QPalette::Text));
            painter->drawText(chip, Qt::AlignCenter, part.text);
            x += width + 2 * chipPadding;
        } else if (part.wrong) {
            // The dimension an error points at: bold, underlined, in the error's colour.
            QFont font = opt.font;
            font.setBold(true);
            font.setUnderline(true);
            const int bold = QFontMetrics(font).horizontalAdvance(part.text);
            painter->setFont(font);
            painter->setPen(toneColor(Tone::Bad, opt.palette));
            painter->drawText(QRect(x, textRect.top(), bold + 1, textRect.height()), Qt::AlignVCenter | Qt::AlignLeft,
                              part.text);
            painter->setFont(opt.font);
            x += bold;
        } else {
            painter->setPen(part.kind == ShapePart::Any ? dimColor : textColor);
            painter->drawText(QRect(x, textRect.top(), width + 1, textRect.height()), Qt::AlignVCenter | Qt::AlignLeft,
                              part.text);
            x += width;
        }
    }
    painter->restore();
}

QSize ShapeDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    const QVariant partsValue = index.data(Roles::ShapePartsRole);
    if (!partsValue.canConvert<QList<ShapePart>>())
        return size;
    const QFontMetrics fm(option.font);
    int width = 2 * cellPadding + 8;
    for (const ShapePart &part : partsValue.value<QList<ShapePart>>())
        width += fm.horizontalAdvance(part.text) + (part.kind == ShapePart::Symbol ? 2 * chipPadding : 0) +
                 (part.wrong ? fm.averageCharWidth() : 0); // bold
    size.setWidth(qMax(size.width(), width));
    size.setHeight(qMax(size.height(), fm.height() + 6));
    return size;
}

} // namespace studio
