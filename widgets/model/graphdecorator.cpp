// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphdecorator.h"

namespace studio {

QString GraphDecorator::nodeHtml(const carton::OnnxInfo &, int) const
{
    return {};
}

void GraphDecorator::decorate(GraphItems::Node &item, const carton::OnnxInfo &graph, const QList<int> &nodes,
                              bool scope) const
{
    const std::optional<Look> l = look(graph, nodes, scope);
    if (!l)
        return;
    if (l->fill.isValid())
        item.fill = l->fill;
    item.titleColor = l->title;
    item.outline = l->outline;
    item.badge = l->badge;
    item.opacity = l->opacity;
}

} // namespace studio
