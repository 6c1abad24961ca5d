// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"
#include "format/shape.h"
#include "tensor/tensorregion.h" // shapeText

#include <QHash>
#include <QList>
#include <QString>
#include <optional>

namespace carton {

// Values of shape symbols, bound while concrete tensors are matched against their
// specs (one self-test, one run). A whole-shape symbol (shape = "s") binds to a
// full shape; a dim symbol (shape = ["n", 3]) binds to one size. The two kinds
// live in separate namespaces: upstream's own files use one name both ways
// ("some_symbol" in fixtures/upstream/test.carton), and a shape cannot be equal
// to a size. "*" never binds.
class CARTONCORE_EXPORT SymbolBindings final {
public:
    // Binds the symbols of `spec` to `concrete`, on behalf of `owner` (a name used
    // in messages, e.g. "input 'x'"). Returns an empty string when consistent with
    // the bindings so far, else a message naming the symbol, both values and the
    // owner that bound it first. Dims are bound only when `concrete` has as many
    // dims as `spec` (check Shape::accepts first). On a conflict the earlier
    // binding is kept; the other symbols of `spec` are still bound.
    QString bind(const Shape &spec, const QList<qint64> &concrete, const QString &owner);

    // One symbol of `spec` whose value here differs from its earlier binding.
    struct Conflict {
        QString symbol;
        qsizetype dim = -1;    // the dim of `spec` (-1: a whole-shape symbol)
        QList<qint64> value;   // here: a whole shape, or one size
        QList<qint64> earlier; // what it was bound to first
        QString earlierOwner;  // who bound it first
    };
    // As bind(), but every conflict, structured (validation marks each dim).
    QList<Conflict> bindAll(const Shape &spec, const QList<qint64> &concrete, const QString &owner);

    std::optional<qint64> dimValue(const QString &symbol) const;
    std::optional<QList<qint64>> shapeValue(const QString &symbol) const;
    bool isEmpty() const { return m_dims.isEmpty() && m_shapes.isEmpty(); }
    // Every bound symbol, sorted: "batch=2, seq=128, S=[2, 3]" ("" when none).
    QString text() const;
    void clear();

private:
    template <typename T>
    struct Binding {
        T value;
        QString owner;
    };
    QHash<QString, Binding<qint64>> m_dims;
    QHash<QString, Binding<QList<qint64>>> m_shapes;
};

} // namespace carton
