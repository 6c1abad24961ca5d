// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "symbolpalette.h"

#include "format/shape.h"

#include <cmath>

namespace studio {

QStringList SymbolPalette::symbolsOf(const carton::Shape &shape)
{
    QStringList result;
    if (shape.isSymbol()) {
        result.append(shape.symbolName());
    } else if (shape.isDims()) {
        for (const carton::Dim &dim : shape.dimList())
            if (dim.isSymbol() && !result.contains(dim.symbolName()))
                result.append(dim.symbolName());
    }
    return result;
}

void SymbolPalette::addShape(const carton::Shape &shape, const QString &user)
{
    const QStringList names = symbolsOf(shape);
    for (const QString &name : names) {
        if (!user.isEmpty() && !m_users[name].contains(user))
            m_users[name].append(user);
        if (m_indices.contains(name))
            continue;
        m_indices.insert(name, int(m_order.size()));
        m_order.append(name);
    }
}

QList<ShapePart> SymbolPalette::parts(const carton::Shape &shape) const
{
    QList<ShapePart> result;
    switch (shape.kind()) {
    case carton::Shape::Kind::Any:
        result.append({QStringLiteral("*"), ShapePart::Any, -1});
        break;
    case carton::Shape::Kind::Symbol:
        result.append({shape.symbolName(), ShapePart::Symbol, indexOf(shape.symbolName())});
        break;
    case carton::Shape::Kind::Dims: {
        result.append({QStringLiteral("["), ShapePart::Plain, -1});
        const QList<carton::Dim> &dims = shape.dimList();
        for (qsizetype i = 0; i < dims.size(); ++i) {
            if (i > 0)
                result.append({QStringLiteral(", "), ShapePart::Plain, -1});
            const carton::Dim &dim = dims[i];
            if (dim.isSymbol())
                result.append({dim.symbolName(), ShapePart::Symbol, indexOf(dim.symbolName())});
            else if (dim.isAny())
                result.append({QStringLiteral("*"), ShapePart::Any, -1});
            else
                result.append({QString::number(dim.size()), ShapePart::Plain, -1});
        }
        result.append({QStringLiteral("]"), ShapePart::Plain, -1});
        break;
    }
    }
    return result;
}

QColor SymbolPalette::chipColor(int index, const QPalette &palette)
{
    if (index < 0)
        return palette.color(QPalette::Mid);
    // Golden-angle hue steps keep neighbouring symbols apart.
    const double hue = std::fmod(25.0 + index * 137.508, 360.0);
    const bool dark = palette.color(QPalette::Base).lightnessF() < 0.5;
    QColor color = QColor::fromHslF(float(hue / 360.0), dark ? 0.45f : 0.75f, dark ? 0.32f : 0.85f);
    return color;
}

} // namespace studio
