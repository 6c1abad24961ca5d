// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "validate/symbolbindings.h"

#include "base/coretext.h"

using namespace Qt::StringLiterals;

namespace carton {

QString SymbolBindings::bind(const Shape &spec, const QList<qint64> &concrete, const QString &owner)
{
    const QList<Conflict> conflicts = bindAll(spec, concrete, owner);
    if (conflicts.isEmpty())
        return {};
    const Conflict &c = conflicts.constFirst();
    if (c.dim < 0)
        return ValidationText::tr("shape symbol '%1' is %2 here but %3 in %4")
            .arg(c.symbol, shapeText(c.value), shapeText(c.earlier), c.earlierOwner);
    return ValidationText::tr("symbol '%1' is %2 here (dim %3) but %4 in %5")
        .arg(c.symbol, QString::number(c.value.constFirst()), QString::number(c.dim),
             QString::number(c.earlier.constFirst()), c.earlierOwner);
}

QList<SymbolBindings::Conflict> SymbolBindings::bindAll(const Shape &spec, const QList<qint64> &concrete,
                                                        const QString &owner)
{
    QList<Conflict> conflicts;
    if (spec.isSymbol()) {
        const QString name = spec.symbolName();
        if (name.isEmpty() || name == u"*"_s)
            return {};
        auto it = m_shapes.constFind(name);
        if (it == m_shapes.cend())
            m_shapes.insert(name, {concrete, owner});
        else if (it->value != concrete)
            conflicts.append({name, -1, concrete, it->value, it->owner});
        return conflicts;
    }
    if (!spec.isDims())
        return {};
    const QList<Dim> &dims = spec.dimList();
    if (dims.size() != concrete.size())
        return {};
    for (qsizetype i = 0; i < dims.size(); ++i) {
        if (!dims.at(i).isSymbol())
            continue;
        const QString name = dims.at(i).symbolName();
        if (name.isEmpty() || name == u"*"_s)
            continue;
        auto it = m_dims.constFind(name);
        if (it == m_dims.cend())
            m_dims.insert(name, {concrete.at(i), owner});
        else if (it->value != concrete.at(i))
            conflicts.append({name, i, {concrete.at(i)}, {it->value}, it->owner});
    }
    return conflicts;
}

std::optional<qint64> SymbolBindings::dimValue(const QString &symbol) const
{
    auto it = m_dims.constFind(symbol);
    if (it == m_dims.cend())
        return std::nullopt;
    return it->value;
}

std::optional<QList<qint64>> SymbolBindings::shapeValue(const QString &symbol) const
{
    auto it = m_shapes.constFind(symbol);
    if (it == m_shapes.cend())
        return std::nullopt;
    return it->value;
}

QString SymbolBindings::text() const
{
    QStringList parts;
    for (auto it = m_dims.cbegin(); it != m_dims.cend(); ++it)
        parts << QStringLiteral("%1=%2").arg(it.key()).arg(it.value().value);
    for (auto it = m_shapes.cbegin(); it != m_shapes.cend(); ++it) {
        QStringList dims;
        for (qint64 d : it.value().value)
            dims << QString::number(d);
        parts << QStringLiteral("%1=[%2]").arg(it.key(), dims.join(u", "));
    }
    parts.sort();
    return parts.join(u", ");
}

void SymbolBindings::clear()
{
    m_dims.clear();
    m_shapes.clear();
}

} // namespace carton
