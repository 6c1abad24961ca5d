// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QList>
#include <QString>

namespace carton {

// A hyper-rectangle of a tensor: for every dimension, the first index and how many
// indices. Elements are always delivered in C order (last dimension fastest).
struct CARTONCORE_EXPORT TensorRegion {
    QList<qint64> start;
    QList<qint64> count;

    // The whole tensor of this shape (a scalar for an empty shape).
    static TensorRegion whole(const QList<qint64> &shape);
    // Checks the region against `shape` (same rank, every start/count non-negative
    // and inside its dimension) and returns its element count, overflow-checked
    // (ErrorCode::Usage on a bad region, Limit when the count overflows).
    Result<qint64> check(const QList<qint64> &shape) const;
    bool operator==(const TensorRegion &) const = default;
};

// A numpy-style selection: what to read and the shape of the result (dimensions
// chosen by a single index are dropped, as numpy does).
struct CARTONCORE_EXPORT TensorSlice {
    TensorRegion region;
    QList<qint64> shape;

    // Parses a numpy-style spec, one item per dimension separated by commas: `i`
    // (an index; negative counts from the end), `a:b`, `a:`, `:b`, `:` (negative
    // bounds count from the end, out-of-range bounds are clipped like numpy). Missing
    // trailing dimensions mean `:`. Steps and `...` are refused. Errors name the item.
    static Result<TensorSlice> parse(QStringView spec, const QList<qint64> &shape);
};

// "[2, 3, 4]"; "[]" for a scalar.
CARTONCORE_EXPORT QString shapeText(const QList<qint64> &shape);

} // namespace carton
