// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "base/result.h"
#include "slicespec.h"
#include "tensor/tensorreader.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace studio {

// What Find looks for in a slice: NaN, Inf (either sign), +Inf, -Inf, or a
// comparison with a number ("> 0.5", "<= -1", "== 3", "!= 0"; a bare number is
// "== x"). find() walks a slice in row-major order in bounded tiles (cancellable
// through its Progress) and keeps the first `limit` matching cells.
class ValueQuery {
    Q_DECLARE_TR_FUNCTIONS(studio::ValueQuery)

public:
    enum class Op { NaN, AnyInf, PosInf, NegInf, Greater, GreaterEq, Less, LessEq, Equal, NotEqual };
    static constexpr qint64 defaultLimit = 100000;

    struct Matches {
        QList<qint64> cells; // row * cols + col, row-major, at most `limit`
        bool capped = false; // more matches than `limit` exist
    };

    // The query `text` ("" or an unknown spelling is an error naming what is accepted).
    static carton::Result<ValueQuery> parse(const QString &text);
    bool matches(double v) const;
    static carton::Result<Matches> find(const carton::TensorReader &reader, const SliceSpec &slice,
                                        const ValueQuery &query, qint64 limit = defaultLimit,
                                        carton::Progress *progress = nullptr);

    Op op = Op::NaN;
    double x = 0;
};

} // namespace studio
