// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QColor>
#include <QFont>
#include <QList>
#include <QPen>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <optional>

class QGraphicsItem;
class QGraphicsPathItem;
class QGraphicsScene;
class QPalette;

namespace carton {
struct OnnxDim;
struct OnnxInfo;
} // namespace carton

namespace studio {

// How the graph view draws its items: a node (an op's colour behind its title,
// the rows of its folded constants below on the base colour), a graph input or
// output (a pill), a collapsed scope (a box in a box, its label and node count
// readable in either theme), an edge with its arrowhead. Sizes are measured here
// (GUI thread) for the layout made on a worker thread.
class GraphItems final {
public:
    struct Style {
        QFont font;
        QFont rowFont;  // a point smaller
        QColor ioText;  // the palette's text
        QColor ioFill;  // the palette's alternate base
        QColor rowFill; // the palette's base
        QColor rowText; // the palette's text
        QPen edgePen;
        QColor labelText; // edge labels: the palette's text, muted
    };
    // One item to draw.
    struct Node {
        QString title;
        QString tooltip;
        QStringList rows;
        bool io = false; // a graph input or output
        int members = 0; // a collapsed scope: its nodes
        QColor fill;
        QColor titleColor;           // invalid: white (nodes) or the palette's text (inputs, outputs)
        std::optional<QPen> outline; // invalid: the fill, darker
        QString badge;               // a tag on the top-right corner, if any
        qreal opacity = 1;
    };
    static constexpr qreal kRowPadding = 6;

    static Style style(const QFont &font, const QPalette &palette);
    // The fill of a node by what its op does (as Netron colours them); scopes and inputs have their own.
    static QColor opColor(const QString &op);
    static QColor scopeColor();
    // The size a node needs (text widths measured by the caller's cache).
    static QSizeF nodeSize(const Style &style, qreal titleWidth, const QList<qreal> &rowWidths, bool scope);
    // Adds a node at `rect`; its data(0) is `index`, its data(1) its pen when not selected; selectable.
    static QGraphicsPathItem *addNode(QGraphicsScene &scene, const QRectF &rect, const Node &node, int index,
                                      const Style &style);
    // Adds an edge along `line` with an arrowhead at its end.
    static void addEdge(QGraphicsScene &scene, const QList<QPointF> &line, const Style &style);
    // Adds `text` beside the first segment of an edge's `line` (small, muted); returns it.
    // Beside a slanted segment it keeps clear of the line, on the outer side: the side the
    // line goes when it leaves its node with others (`fanOut`), the other side else (where
    // lines meet at a node).
    static QGraphicsItem *addEdgeLabel(QGraphicsScene &scene, const QList<QPointF> &line, const QString &text,
                                       const Style &style, bool fanOut = false);
    // The same items without a scene (the caller owns them; an export draws them off
    // the GUI thread, GraphPicture): scene coordinates, children placed in them.
    static QGraphicsPathItem *makeNode(const QRectF &rect, const Node &node, int index, const Style &style);
    // Null under 2 points; `dashed`: a value a node's bodies take (not one of its inputs).
    static QGraphicsItem *makeEdge(const QList<QPointF> &line, const Style &style, bool dashed = false);
    static QGraphicsItem *makeEdgeLabel(const QList<QPointF> &line, const QString &text, const Style &style,
                                        bool fanOut = false);
    // Per edge: whether another edge starts where it starts (it leaves its node beside others).
    static QList<bool> fanOuts(const QList<QList<QPointF>> &edges);
    // Of the edges leaving one point with the same label (one value taken by several nodes),
    // only the most upright keeps it: side by side, their labels stood on each other.
    static void dropRepeatedLabels(const QList<QList<QPointF>> &edges, QStringList &labels);
    // The label of each edge carrying `values` in `graph` (empty where the file says no
    // type): what the graph's inputs, outputs and value_info say.
    static QStringList edgeLabels(const carton::OnnxInfo &graph, const QStringList &values);
    // "float32 ⟨1×64×56×56⟩", "float32 ⟨batch×3×?×?⟩", "int64" (rank unknown).
    static QString valueLabel(const QString &dtype, const std::optional<QList<carton::OnnxDim>> &shape);
};

} // namespace studio
