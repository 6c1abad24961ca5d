// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>

class QAction;
class QLineEdit;
class QPushButton;

namespace studio {

// The graph view's bar: search, Fit (Ctrl+0), Zoom to Selection (Ctrl+Shift+0),
// Left to Right, Show Weights as Nodes, Shapes on Edges, and the PNG / SVG
// exports. It only holds the controls; the view connects them.
class GraphToolBar final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GraphToolBar)

public:
    explicit GraphToolBar(QWidget *parent = nullptr);

    QLineEdit *searchEdit() const { return m_search; }
    QAction *fitAction() const { return m_fit; }
    QAction *zoomAction() const { return m_zoom; }
    QAction *horizontalAction() const { return m_horizontal; }
    QAction *weightsAction() const { return m_weights; }
    QAction *shapesAction() const { return m_shapes; }
    QPushButton *pngButton() const { return m_png; }
    QPushButton *svgButton() const { return m_svg; }

private:
    QLineEdit *m_search;
    QAction *m_fit;
    QAction *m_zoom;
    QAction *m_horizontal;
    QAction *m_weights;
    QAction *m_shapes;
    QPushButton *m_png;
    QPushButton *m_svg;
};

} // namespace studio
