// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "validate/symbolbindings.h"

using namespace Qt::StringLiterals;

namespace carton {

QString concreteShapeToString(const QList<qint64> &shape)
{
    QStringList parts;
    parts.reserve(shape.size());
    for (qint64 d : shape)
        parts.append(QString::number(d));
    return u'[' + parts.join(u", "_s) + u']';
}

QString SymbolBindings::bind(const Shape &spec, const QList<qint64> &concrete, const QString &owner)
{
    QString conflict;
    auto note = [&conflict](const QString &message) {
        if (conflict.isEmpty())
            conflict = message;
    };

    if (spec.isSymbol()) {
        const QString name = spec.symbolName();
        if (name.isEmpty() || name == u"*"_s)
            return {};
        auto it = m_shapes.constFind(name);
        if (it == m_shapes.cend()) {
            m_shapes.insert(name, {concrete, owner});
        } else if (it->value != concrete) {
            note(u"shape symbol '%1' is %2 here but %3 in %4"_s.arg(name, concreteShapeToString(concrete),
                                                                    concreteShapeToString(it->value), it->owner));
        }
        return conflict;
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
        if (it == m_dims.cend()) {
            m_dims.insert(name, {concrete.at(i), owner});
        } else if (it->value != concrete.at(i)) {
            note(u"symbol '%1' is %2 here (dim %3) but %4 in %5"_s.arg(
                name, QString::number(concrete.at(i)), QString::number(i), QString::number(it->value), it->owner));
        }
    }
    return conflict;
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

void SymbolBindings::clear()
{
    m_dims.clear();
    m_shapes.clear();
}

} // namespace carton
