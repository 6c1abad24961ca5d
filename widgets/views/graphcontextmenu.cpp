// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphcontextmenu.h"

#include "graphscopes.h"
#include "modelgraphview.h"

#include <QMenu>

namespace studio {

void GraphContextMenu::exec(ModelGraphView &view, const QPoint &viewportPos, const QPoint &globalPos)
{
    if (!view.isLaidOut())
        return;
    QMenu menu(&view);
    const int index = view.vertexAt(viewportPos);
    if (index >= 0) {
        const QString box = view.collapsedScope(index);
        const QString scope = box.isEmpty() ? view.scopeOfVertex(index) : box;
        if (!box.isEmpty())
            menu.addAction(tr("Expand %1").arg(scope), &view, [&view, scope] { view.expandScope(scope); });
        else if (!scope.isEmpty())
            menu.addAction(tr("Collapse %1").arg(scope), &view, [&view, scope] { view.collapseScope(scope); });
        if (!scope.isEmpty() && !GraphScopes::parentScope(scope).isEmpty()) {
            const QString parent = GraphScopes::parentScope(scope);
            menu.addAction(tr("Collapse %1").arg(parent), &view, [&view, parent] { view.collapseScope(parent); });
        }
    }
    if (view.scopes().hasScopes()) {
        if (!menu.isEmpty())
            menu.addSeparator();
        menu.addAction(tr("Expand All Scopes"), &view, &ModelGraphView::expandAll);
        menu.addAction(tr("Collapse All Scopes"), &view, &ModelGraphView::collapseAll);
    }
    if (!menu.isEmpty())
        menu.exec(globalPos);
}

} // namespace studio
