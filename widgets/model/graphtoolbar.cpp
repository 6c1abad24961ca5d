// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphtoolbar.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QToolButton>

namespace studio {

GraphToolBar::GraphToolBar(QWidget *parent)
    : QWidget(parent), m_search(new QLineEdit(this)), m_fit(new QAction(tr("Fit"), this)),
      m_zoom(new QAction(tr("Zoom to Selection"), this)), m_horizontal(new QAction(tr("Left to Right"), this)),
      m_weights(new QAction(tr("Show Weights as Nodes"), this)), m_shapes(new QAction(tr("Shapes on Edges"), this)),
      m_png(new QPushButton(tr("Export PNG…"), this)), m_svg(new QPushButton(tr("Export SVG…"), this))
{
    m_search->setObjectName(QStringLiteral("modelGraphSearch"));
    m_search->setPlaceholderText(tr("Find node, op or tensor (Enter: next)"));
    m_search->setClearButtonEnabled(true);
    m_fit->setObjectName(QStringLiteral("graphFitAction"));
    m_fit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    m_fit->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_fit->setToolTip(tr("Show the whole graph (Ctrl+0)"));
    m_zoom->setObjectName(QStringLiteral("graphZoomSelectionAction"));
    m_zoom->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_0));
    m_zoom->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_zoom->setToolTip(tr("Zoom to the selected node (Ctrl+Shift+0)"));
    m_horizontal->setObjectName(QStringLiteral("graphHorizontalAction"));
    m_horizontal->setCheckable(true);
    m_horizontal->setToolTip(tr("Lay the graph out from left to right instead of top down"));
    m_weights->setObjectName(QStringLiteral("graphWeightsAsNodesAction"));
    m_weights->setCheckable(true);
    m_weights->setToolTip(
        tr("Draw constants and weights as nodes of their own instead of inside the nodes that use them"));
    m_shapes->setObjectName(QStringLiteral("graphEdgeShapesAction"));
    m_shapes->setCheckable(true);
    m_shapes->setChecked(true);
    m_shapes->setToolTip(tr("Label each edge with its tensor's type and shape, where the file says them"));
    auto *bar = new QHBoxLayout(this);
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_search, 1);
    for (QAction *action : {m_fit, m_zoom}) {
        auto *button = new QToolButton(this);
        button->setDefaultAction(action);
        button->setAutoRaise(true);
        bar->addWidget(button);
    }
    // The layout toggles in one menu: as buttons they made the Model tab wider than a
    // laptop's window in German (tst_windowfit) and squeezed the search field.
    auto *view = new QToolButton(this);
    view->setObjectName(QStringLiteral("graphViewOptions"));
    view->setText(tr("View"));
    view->setToolTip(tr("How the graph is laid out and labelled"));
    view->setPopupMode(QToolButton::InstantPopup);
    view->setAutoRaise(true);
    auto *menu = new QMenu(view);
    menu->addActions({m_horizontal, m_weights, m_shapes});
    view->setMenu(menu);
    addActions({m_horizontal, m_weights, m_shapes});
    bar->addWidget(view);
    bar->addWidget(m_png);
    bar->addWidget(m_svg);
}

} // namespace studio
