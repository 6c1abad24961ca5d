// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QColor>
#include <QHash>
#include <QList>
#include <QMetaType>
#include <QPalette>
#include <QString>
#include <QStringList>

namespace carton {
class Shape;
}

namespace studio {

// One piece of a shape as shown: "[", "batch_size", ", ", "3", "]".
struct ShapePart {
    enum Kind { Plain, Symbol, Any };
    QString text;
    Kind kind = Plain;
    int colorIndex = -1; // for symbols: index into SymbolPalette's colors
    bool wrong = false;  // a dimension an error points at (the model fixes it otherwise)
    bool operator==(const ShapePart &) const = default;
};

// Gives every shape symbol of a carton a stable color: symbols are numbered in
// order of first appearance (inputs, then outputs), and each number maps to a
// hue spread by the golden angle. Colors are chosen for the palette in use, so
// they read on light and dark backgrounds alike.
class SymbolPalette final {
public:
    // `user` names where the shape is used ("input x"), for tooltips.
    void addShape(const carton::Shape &shape, const QString &user = {});
    int indexOf(const QString &symbol) const { return m_indices.value(symbol, -1); }
    // Where a symbol is used, in the order the shapes were added.
    QStringList usersOf(const QString &symbol) const { return m_users.value(symbol); }
    QStringList symbols() const { return m_order; }

    QList<ShapePart> parts(const carton::Shape &shape) const;
    static QStringList symbolsOf(const carton::Shape &shape);

    // Background of a symbol chip for the given palette (light or dark base).
    static QColor chipColor(int index, const QPalette &palette);

private:
    QHash<QString, int> m_indices;
    QStringList m_order;
    QHash<QString, QStringList> m_users;
};

} // namespace studio

Q_DECLARE_METATYPE(studio::ShapePart)
