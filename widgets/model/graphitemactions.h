// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QCoreApplication>
#include <QPoint>

namespace studio {

class ModelGraphView;

// What the mouse does to the graph view's items. The context menu: expand the
// collapsed scope under the mouse, collapse the scope of the node under it (or its
// parent scope), expand or collapse every scope. A double-click: a collapsed scope
// opens; a node with a body (If, Loop) opens its first; a node in a scope closes it.
class GraphItemActions final {
    Q_DECLARE_TR_FUNCTIONS(studio::GraphItemActions)

public:
    // Shows it for the item at `viewportPos` (of the view's viewport) at `globalPos`;
    // nothing when there is nothing to offer.
    static void exec(ModelGraphView &view, const QPoint &viewportPos, const QPoint &globalPos);
    // The double-click at `viewportPos`; false when there is no item there.
    static bool activate(ModelGraphView &view, const QPoint &viewportPos);
};

} // namespace studio
