// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "graphscopes.h"

namespace studio {

GraphScopes::GraphScopes(const QStringList &names)
{
    m_nodeScopes.reserve(names.size());
    for (const QString &name : names) {
        const QString scope = scopeOfName(name);
        m_nodeScopes.append(scope);
        for (QString s = scope; !s.isEmpty(); s = parentScope(s))
            ++m_counts[s];
    }
    expandAll();
}

QString GraphScopes::scopeOfName(const QString &name)
{
    const QStringList parts = name.split(u'/', Qt::SkipEmptyParts);
    return parts.size() < 2 ? QString() : parts.mid(0, parts.size() - 1).join(u'/');
}

QString GraphScopes::parentScope(const QString &scope)
{
    const qsizetype slash = scope.lastIndexOf(u'/');
    return slash < 0 ? QString() : scope.left(slash);
}

void GraphScopes::expandAll()
{
    m_expanded.clear();
    for (auto it = m_counts.cbegin(); it != m_counts.cend(); ++it)
        m_expanded.insert(it.key());
}

void GraphScopes::collapseAll()
{
    m_expanded.clear();
    // Opened while all there is shows as one box.
    for (int guard = 0; guard < 64; ++guard) {
        const Visible shown = visible();
        if (shown.items.size() != 1 || shown.items.first().node >= 0)
            return;
        m_expanded.insert(shown.items.first().scope);
    }
}

bool GraphScopes::expand(const QString &scope)
{
    if (!m_counts.contains(scope))
        return false;
    // Its parents too: an expanded scope inside a collapsed one would not show.
    for (QString s = scope; !s.isEmpty(); s = parentScope(s))
        m_expanded.insert(s);
    return true;
}

bool GraphScopes::collapse(const QString &scope)
{
    if (!m_counts.contains(scope))
        return false;
    m_expanded.remove(scope);
    return true;
}

GraphScopes::Visible GraphScopes::visible() const
{
    Visible out;
    out.itemOfNode.reserve(m_nodeScopes.size());
    QHash<QString, int> groups;
    for (qsizetype node = 0; node < m_nodeScopes.size(); ++node) {
        const QString &scope = m_nodeScopes[node];
        // The outermost collapsed scope holding the node, if any.
        QString group;
        for (QString s = scope; !s.isEmpty(); s = parentScope(s))
            if (!m_expanded.contains(s))
                group = s;
        if (group.isEmpty() || m_counts.value(group) < 2) {
            out.itemOfNode.append(int(out.items.size()));
            out.items.append({int(node), scope, 1});
            continue;
        }
        auto it = groups.find(group);
        if (it == groups.end()) {
            it = groups.insert(group, int(out.items.size()));
            out.items.append({-1, group, m_counts.value(group)});
        }
        out.itemOfNode.append(it.value());
    }
    return out;
}

} // namespace studio
