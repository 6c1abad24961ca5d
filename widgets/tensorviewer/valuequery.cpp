// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "valuequery.h"

#include "tensor/tensor.h"

#include <QByteArray>
#include <cmath>

namespace studio {

carton::Result<ValueQuery> ValueQuery::parse(const QString &text)
{
    const QString t = text.trimmed();
    const QString lower = t.toLower();
    ValueQuery q;
    if (lower == u"nan") {
        q.op = Op::NaN;
        return q;
    }
    if (lower == u"inf" || lower == u"infinity") {
        q.op = Op::AnyInf;
        return q;
    }
    if (lower == u"+inf" || lower == u"+infinity") {
        q.op = Op::PosInf;
        return q;
    }
    if (lower == u"-inf" || lower == u"-infinity" || lower == u"−inf") {
        q.op = Op::NegInf;
        return q;
    }
    static const struct {
        const char16_t *prefix;
        Op op;
    } ops[] = {{u">=", Op::GreaterEq}, {u"<=", Op::LessEq}, {u"==", Op::Equal}, {u"!=", Op::NotEqual},
               {u">", Op::Greater},    {u"<", Op::Less},    {u"=", Op::Equal}};
    QString number = t;
    q.op = Op::Equal;
    for (const auto &o : ops) {
        if (t.startsWith(QStringView(o.prefix))) {
            q.op = o.op;
            number = t.mid(QStringView(o.prefix).size()).trimmed();
            break;
        }
    }
    bool ok = false;
    q.x = number.toDouble(&ok);
    if (!ok || std::isnan(q.x))
        return carton::makeError(carton::ErrorCode::Usage,
                                 tr("\"%1\" is not a search: use NaN, Inf, -Inf, > x, < x, == x or != x").arg(t));
    return q;
}

bool ValueQuery::matches(double v) const
{
    switch (op) {
    case Op::NaN:
        return std::isnan(v);
    case Op::AnyInf:
        return std::isinf(v);
    case Op::PosInf:
        return std::isinf(v) && v > 0;
    case Op::NegInf:
        return std::isinf(v) && v < 0;
    case Op::Greater:
        return v > x;
    case Op::GreaterEq:
        return v >= x;
    case Op::Less:
        return v < x;
    case Op::LessEq:
        return v <= x;
    case Op::Equal:
        return v == x;
    case Op::NotEqual:
        return !std::isnan(v) && v != x;
    }
    return false;
}

carton::Result<ValueQuery::Matches> ValueQuery::find(const carton::TensorReader &reader, const SliceSpec &slice,
                                                     const ValueQuery &query, qint64 limit, carton::Progress *progress)
{
    Matches found;
    const qint64 rows = slice.rows(), cols = slice.cols();
    if (progress)
        progress->setTotal(rows * cols * reader.elementSize());
    // Tiles of whole rows, or pieces of one row when a row is longer than a tile:
    // either way cells are visited in row-major order.
    constexpr qint64 tileElements = qint64(1) << 18;
    const qint64 tileCols = qMax<qint64>(1, qMin(cols, tileElements));
    const qint64 tileRows = qMax<qint64>(1, tileElements / tileCols);
    QByteArray buffer;
    for (qint64 r0 = 0; r0 < rows; r0 += tileRows) {
        const qint64 nr = qMin(tileRows, rows - r0);
        for (qint64 c0 = 0; c0 < cols; c0 += tileCols) {
            if (progress && progress->isCancelled())
                return carton::makeError(carton::ErrorCode::Cancelled, tr("Search cancelled"));
            const qint64 nc = qMin(tileCols, cols - c0);
            const auto read = readSliceTile(reader, slice, r0, nr, c0, nc, buffer, progress);
            if (!read.ok())
                return read.error();
            const carton::Tensor &tile = *read;
            for (qint64 r = 0; r < nr; ++r) {
                for (qint64 c = 0; c < nc; ++c) {
                    if (!query.matches(tile.valueAsDouble(slice.offsetInBlock(r, c, nr, nc))))
                        continue;
                    if (found.cells.size() >= limit) {
                        found.capped = true;
                        return found;
                    }
                    found.cells.append((r0 + r) * cols + c0 + c);
                }
            }
        }
    }
    return found;
}

} // namespace studio
