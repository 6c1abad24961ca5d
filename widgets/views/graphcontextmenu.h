// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QCoreApplication>
#include <QPoint>

namespace studio {

class ModelGraphView;

// The graph view's context menu: expand the collapsed scope under the mouse,
// collapse the scope of the node under it (or its parent scope), expand or
// collapse every scope.
class GraphContextMenu final {
    Q_DECLARE_TR_FUNCTIONS(studio::GraphContextMenu)

public:
    // Shows it for the item at `viewportPos` (of the view's viewport) at `globalPos`;
    // nothing when there is nothing to offer.
    static void exec(ModelGraphView &view, const QPoint &viewportPos, const QPoint &globalPos);
};

} // namespace studio
