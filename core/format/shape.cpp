// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "shape.h"

#include <QStringList>

namespace carton {

QString Dim::toString() const
{
    if (isValue())
        return QString::number(size());
    if (isSymbol())
        return symbolName();
    return QStringLiteral("*");
}

Shape Shape::symbol(QString name)
{
    Shape s;
    s.m_kind = Kind::Symbol;
    s.m_symbol = std::move(name);
    return s;
}

Shape Shape::dims(QList<Dim> dims)
{
    Shape s;
    s.m_kind = Kind::Dims;
    s.m_dims = std::move(dims);
    return s;
}

QString Shape::toString() const
{
    switch (m_kind) {
    case Kind::Any:
        return QStringLiteral("*");
    case Kind::Symbol:
        return m_symbol;
    case Kind::Dims:
        break;
    }
    QStringList parts;
    parts.reserve(m_dims.size());
    for (const Dim &d : m_dims)
        parts.append(d.toString());
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

bool Shape::accepts(const QList<qint64> &concrete) const
{
    for (qint64 size : concrete)
        if (size < 0)
            return false;
    if (m_kind != Kind::Dims)
        return true;
    if (concrete.size() != m_dims.size())
        return false;
    for (qsizetype i = 0; i < m_dims.size(); ++i)
        if (m_dims.at(i).isValue() && m_dims.at(i).size() != concrete.at(i))
            return false;
    return true;
}

} // namespace carton
