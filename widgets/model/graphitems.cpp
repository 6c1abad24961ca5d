// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphitems.h"

#include "model/modelinfo.h"

#include <QFontMetricsF>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QHash>
#include <QLineF>
#include <QPainterPath>
#include <QPalette>
#include <algorithm>
#include <cmath>

namespace studio {

GraphItems::Style GraphItems::style(const QFont &font, const QPalette &palette)
{
    Style s;
    s.font = font;
    s.rowFont = font;
    s.rowFont.setPointSizeF(std::max(6.0, font.pointSizeF() - 1));
    s.ioText = palette.color(QPalette::Text);
    s.ioFill = palette.color(QPalette::AlternateBase);
    s.rowFill = palette.color(QPalette::Base);
    s.rowText = palette.color(QPalette::Text);
    QColor edge = palette.color(QPalette::Text); // readable on light and dark themes
    edge.setAlpha(150);
    s.edgePen = QPen(edge, 1.2);
    s.labelText = palette.color(QPalette::PlaceholderText);
    return s;
}

QColor GraphItems::opColor(const QString &op)
{
    static const QHash<QString, QColor> colors = [] {
        QHash<QString, QColor> c;
        for (const char *o : {"Conv", "ConvTranspose", "Gemm", "MatMul", "QLinearConv", "QLinearMatMul", "Einsum",
                              "aten::_convolution", "aten::conv2d", "aten::linear", "aten::matmul", "aten::addmm"})
            c.insert(QString::fromLatin1(o), QColor(0x33, 0x5f, 0x9e));
        for (const char *o : {"Relu", "LeakyRelu", "Sigmoid", "Tanh", "Softmax", "LogSoftmax", "Gelu", "Elu", "Selu",
                              "PRelu", "HardSigmoid", "HardSwish", "Clip", "Mish", "aten::relu", "aten::relu_",
                              "aten::gelu", "aten::softmax", "aten::sigmoid"})
            c.insert(QString::fromLatin1(o), QColor(0x8e, 0x2f, 0x2a));
        for (const char *o : {"MaxPool", "AveragePool", "GlobalAveragePool", "GlobalMaxPool", "LpPool",
                              "aten::max_pool2d", "aten::adaptive_avg_pool2d"})
            c.insert(QString::fromLatin1(o), QColor(0x2e, 0x6b, 0x3c));
        for (const char *o : {"BatchNormalization", "LayerNormalization", "InstanceNormalization", "GroupNormalization",
                              "LRN", "Dropout", "aten::batch_norm", "aten::layer_norm", "aten::dropout"})
            c.insert(QString::fromLatin1(o), QColor(0x5a, 0x3d, 0x7a));
        for (const char *o :
             {"Reshape",  "Flatten",  "Transpose",     "Concat",     "Split",         "Squeeze",       "Unsqueeze",
              "Gather",   "Slice",    "Shape",         "Expand",     "Tile",          "Pad",           "Resize",
              "Identity", "Constant", "aten::flatten", "aten::view", "aten::reshape", "aten::permute", "aten::cat"})
            c.insert(QString::fromLatin1(o), QColor(0x6b, 0x55, 0x3a));
        return c;
    }();
    return colors.value(op, QColor(0x4a, 0x4a, 0x4a));
}

QColor GraphItems::scopeColor()
{
    return QColor(0x2f, 0x5d, 0x6b);
}

QSizeF GraphItems::nodeSize(const Style &style, qreal titleWidth, const QList<qreal> &rowWidths, bool scope)
{
    const QFontMetricsF title(style.font), rows(style.rowFont);
    qreal width = titleWidth + 24;
    for (qreal w : rowWidths)
        width = std::max(width, w + 2 * kRowPadding);
    const qreal extra = scope ? 14 : 0; // a scope's box is taller, as a folder
    // A padding above the rows and one below the last (it stood on the border before).
    const qreal body = rowWidths.isEmpty() ? 0 : rowWidths.size() * rows.height() + 2 * kRowPadding;
    return QSizeF(std::max(60.0, width), title.height() + 14 + extra + body);
}

QGraphicsPathItem *GraphItems::addNode(QGraphicsScene &scene, const QRectF &rect, const Node &node, int index,
                                       const Style &style)
{
    QGraphicsPathItem *item = makeNode(rect, node, index, style);
    scene.addItem(item);
    return item;
}

QGraphicsPathItem *GraphItems::makeNode(const QRectF &rect, const Node &node, int index, const Style &style)
{
    QPainterPath shape;
    const qreal radius = node.io ? std::min(rect.height(), rect.width()) / 2 : 4;
    shape.addRoundedRect(rect, radius, radius);
    const QPen pen = node.outline ? *node.outline : QPen(node.fill.darker(130));
    auto *item = new QGraphicsPathItem(shape);
    item->setPen(pen);
    item->setBrush(node.fill);
    item->setFlag(QGraphicsItem::ItemIsSelectable);
    item->setData(0, index);
    item->setData(1, pen);
    item->setOpacity(node.opacity);
    item->setToolTip(node.tooltip);
    if (node.members > 0) {
        // A collapsed scope: a second outline inside, as a stack of boxes. Its own
        // item with no brush: in one path with the outer box it would cut a hole,
        // and the white label would stand on the view's (white) background.
        QPainterPath inner;
        inner.addRoundedRect(rect.adjusted(4, 4, -4, -4), 3, 3);
        auto *outline = new QGraphicsPathItem(inner, item);
        outline->setPen(QPen(node.fill.lighter(160)));
    }
    const qreal rowHeight = QFontMetricsF(style.rowFont).height();
    const qreal body = node.rows.isEmpty() ? 0 : node.rows.size() * rowHeight + 2 * kRowPadding;
    const QRectF header(rect.left(), rect.top(), rect.width(), rect.height() - body);
    if (!node.rows.isEmpty()) {
        auto *fill = new QGraphicsRectItem(QRectF(rect.left() + 1, header.bottom(), rect.width() - 2, body - 3), item);
        fill->setPen(Qt::NoPen);
        fill->setBrush(style.rowFill);
        for (qsizetype r = 0; r < node.rows.size(); ++r) {
            auto *row = new QGraphicsSimpleTextItem(node.rows[r], item);
            row->setFont(style.rowFont);
            row->setBrush(style.rowText);
            row->setPos(rect.left() + kRowPadding, header.bottom() + kRowPadding + r * rowHeight);
        }
    }
    auto *text = new QGraphicsSimpleTextItem(node.title, item);
    text->setFont(style.font);
    text->setBrush(node.titleColor.isValid() ? node.titleColor : node.io ? style.ioText : QColor(Qt::white));
    text->setPos(header.center() - text->boundingRect().center());
    if (!node.badge.isEmpty()) {
        // A tag standing on the top-right corner, outside the laid-out size.
        auto *tag = new QGraphicsSimpleTextItem(node.badge, item);
        QFont bold = style.rowFont;
        bold.setBold(true);
        tag->setFont(bold);
        tag->setBrush(QColor(Qt::white));
        const QRectF box = tag->boundingRect().adjusted(-4, -1, 4, 1);
        const QPointF at(rect.right() - box.width() + 6, rect.top() - box.height() / 2);
        QPainterPath pill;
        pill.addRoundedRect(QRectF(at, box.size()), box.height() / 2, box.height() / 2);
        auto *back = new QGraphicsPathItem(pill, item);
        back->setPen(QPen(pen.color().darker(120)));
        back->setBrush(pen.color());
        tag->setParentItem(back);
        tag->setPos(at + QPointF(4, 1));
    }
    return item;
}

void GraphItems::addEdge(QGraphicsScene &scene, const QList<QPointF> &line, const Style &style)
{
    if (QGraphicsItem *edge = makeEdge(line, style))
        scene.addItem(edge);
}

QGraphicsItem *GraphItems::makeEdge(const QList<QPointF> &line, const Style &style, bool dashed)
{
    if (line.size() < 2)
        return nullptr;
    // Corners rounded (Netron draws its edges as curves; ours bent sharply at every routing point).
    QPainterPath path(line.first());
    for (qsizetype i = 1; i + 1 < line.size(); ++i) {
        const QLineF in(line[i], line[i - 1]), out(line[i], line[i + 1]);
        const qreal r = std::min({12.0, in.length() / 2, out.length() / 2});
        if (r < 1) {
            path.lineTo(line[i]);
            continue;
        }
        path.lineTo(in.pointAt(r / in.length()));
        path.quadTo(line[i], out.pointAt(r / out.length()));
    }
    path.lineTo(line.last());
    // The arrowhead along the last segment (down, or right when laid out from left to right).
    const QPointF tip = line.last();
    QLineF back(tip, line[line.size() - 2]);
    back.setLength(7.5);
    for (const qreal turn : {-30.0, 30.0}) {
        QLineF wing = back;
        wing.setAngle(back.angle() + turn);
        path.moveTo(tip);
        path.lineTo(wing.p2());
    }
    auto *edge = new QGraphicsPathItem(path);
    QPen pen = style.edgePen;
    if (dashed)
        pen.setStyle(Qt::DashLine);
    edge->setPen(pen);
    edge->setZValue(-1);
    return edge;
}

QGraphicsItem *GraphItems::addEdgeLabel(QGraphicsScene &scene, const QList<QPointF> &line, const QString &text,
                                        const Style &style, bool fanOut)
{
    QGraphicsItem *label = makeEdgeLabel(line, text, style, fanOut);
    scene.addItem(label);
    return label;
}

QGraphicsItem *GraphItems::makeEdgeLabel(const QList<QPointF> &line, const QString &text, const Style &style,
                                         bool fanOut)
{
    auto *label = new QGraphicsSimpleTextItem(text);
    label->setFont(style.rowFont);
    label->setBrush(style.labelText);
    label->setZValue(-0.5);
    if (line.size() >= 2) {
        // Beside the middle of the first segment: right of a downward edge, above a rightward one.
        const QPointF mid = (line[0] + line[1]) / 2;
        const QRectF box = label->boundingRect();
        const qreal dx = line[1].x() - line[0].x(), dy = line[1].y() - line[0].y();
        if (dy > 0 && dy * 4 >= std::abs(dx)) {
            // Going down, upright or slanted: beside it, as far out as the slope takes
            // the line over the label's height (a label centred on a slanted line was
            // struck through by it).
            const qreal clear = 4 + box.height() / 2 * std::abs(dx) / dy;
            const bool right = std::abs(dx) < 1 || (dx > 0) == fanOut;
            label->setPos(right ? mid.x() + clear : mid.x() - clear - box.width(), mid.y() - box.height() / 2);
        } else {
            label->setPos(mid.x() - box.width() / 2, mid.y() - box.height() - 1);
        }
    }
    return label;
}

QList<bool> GraphItems::fanOuts(const QList<QList<QPointF>> &edges)
{
    QHash<std::pair<qint64, qint64>, int> starts; // by the start rounded to a tenth of a point
    const auto key = [](const QPointF &p) { return std::pair{qRound64(p.x() * 10), qRound64(p.y() * 10)}; };
    for (const QList<QPointF> &line : edges)
        if (!line.isEmpty())
            ++starts[key(line.first())];
    QList<bool> out;
    out.reserve(edges.size());
    for (const QList<QPointF> &line : edges)
        out.append(!line.isEmpty() && starts.value(key(line.first())) > 1);
    return out;
}

void GraphItems::dropRepeatedLabels(const QList<QList<QPointF>> &edges, QStringList &labels)
{
    const auto key = [](const QPointF &p) { return std::pair{qRound64(p.x() * 10), qRound64(p.y() * 10)}; };
    const auto slant = [&edges](qsizetype e) {
        const QPointF d = edges[e].size() >= 2 ? edges[e][1] - edges[e][0] : QPointF();
        return std::abs(d.x()) / std::max(1.0, std::abs(d.y()));
    };
    QHash<std::pair<qint64, qint64>, qsizetype> kept; // by start: the edge keeping the label
    for (qsizetype e = 0; e < edges.size() && e < labels.size(); ++e) {
        if (labels[e].isEmpty() || edges[e].isEmpty())
            continue;
        const auto start = key(edges[e].first());
        const auto other = kept.constFind(start);
        if (other == kept.cend()) {
            kept.insert(start, e);
        } else if (labels[*other] == labels[e]) {
            const qsizetype drop = slant(e) < slant(*other) ? *other : e;
            kept[start] = drop == e ? *other : e;
            labels[drop].clear();
        }
    }
}

QStringList GraphItems::edgeLabels(const carton::OnnxInfo &graph, const QStringList &values)
{
    QHash<QString, const carton::OnnxValueInfo *> typed;
    for (const QList<carton::OnnxValueInfo> *list : {&graph.inputs, &graph.outputs, &graph.valueInfo})
        for (const carton::OnnxValueInfo &v : *list)
            typed.insert(v.name, &v);
    QStringList labels;
    labels.reserve(values.size());
    QHash<const carton::OnnxValueInfo *, QString> texts; // one text per value (a value feeds many edges)
    for (const QString &value : values) {
        const carton::OnnxValueInfo *v = typed.value(value);
        if (!v || v->kind != u"tensor" || (v->dtype.isEmpty() && !v->shape)) {
            labels.append(QString());
            continue;
        }
        auto text = texts.constFind(v);
        if (text == texts.cend())
            text = texts.insert(v, valueLabel(v->dtype, v->shape));
        labels.append(*text);
    }
    return labels;
}

QString GraphItems::valueLabel(const QString &dtype, const std::optional<QList<carton::OnnxDim>> &shape)
{
    if (!shape)
        return dtype;
    QStringList dims;
    for (const carton::OnnxDim &d : *shape)
        dims.append(d.value ? QString::number(*d.value) : d.param.isEmpty() ? QStringLiteral("?") : d.param);
    const QString dimsText = u'⟨' + dims.join(u'×') + u'⟩';
    return dtype.isEmpty() ? dimsText : dtype + u' ' + dimsText;
}

} // namespace studio
