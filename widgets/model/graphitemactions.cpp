// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphitemactions.h"

#include "graphscopes.h"
#include "model/modelinfo.h"
#include "modelgraphview.h"

#include <QMenu>
#include <algorithm>

namespace studio {

void GraphItemActions::exec(ModelGraphView &view, const QPoint &viewportPos, const QPoint &globalPos)
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

bool GraphItemActions::activate(ModelGraphView &view, const QPoint &viewportPos)
{
    const int index = view.vertexAt(viewportPos);
    if (index < 0)
        return false;
    const int node = view.nodeOfVertex(index);
    const auto hasBody = [](const carton::OnnxAttribute &a) { return !a.graphs.isEmpty(); };
    const QList<carton::OnnxAttribute> *attributes = node >= 0 ? &view.graph()->nodes[node].attributes : nullptr;
    const auto body = attributes ? std::find_if(attributes->cbegin(), attributes->cend(), hasBody)
                                 : QList<carton::OnnxAttribute>::const_iterator();
    if (const QString box = view.collapsedScope(index); !box.isEmpty())
        view.expandScope(box);
    else if (attributes && body != attributes->cend())
        view.openBody({node, int(body - attributes->cbegin()), 0});
    else if (const QString scope = view.scopeOfVertex(index); !scope.isEmpty())
        view.collapseScope(scope);
    return true;
}

} // namespace studio
