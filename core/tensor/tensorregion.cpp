// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/tensorregion.h"

#include "tensor/tensor.h"

#include <QStringList>
#include <limits>

namespace carton {

TensorRegion TensorRegion::whole(const QList<qint64> &shape)
{
    TensorRegion region;
    region.start = QList<qint64>(shape.size(), 0);
    region.count = shape;
    return region;
}

Result<qint64> TensorRegion::check(const QList<qint64> &shape) const
{
    if (start.size() != shape.size() || count.size() != shape.size())
        return makeError(ErrorCode::Usage, QStringLiteral("the region has %1 start and %2 count values for a tensor "
                                                          "of %3 dimensions")
                                               .arg(start.size())
                                               .arg(count.size())
                                               .arg(shape.size()));
    for (qsizetype i = 0; i < shape.size(); ++i) {
        if (start[i] < 0 || count[i] < 0 || start[i] > shape[i] || count[i] > shape[i] - start[i])
            return makeError(ErrorCode::Usage, QStringLiteral("dimension %1: indices %2..%3 are outside 0..%4")
                                                   .arg(i)
                                                   .arg(start[i])
                                                   .arg(start[i] + count[i])
                                                   .arg(shape[i]));
    }
    const std::optional<qint64> n = checkedElementCount(count, std::numeric_limits<qint64>::max());
    if (!n)
        return makeError(ErrorCode::Limit, QStringLiteral("the region's element count overflows"));
    return *n;
}

namespace {

Result<qint64> parseIndex(QStringView text, const QString &item)
{
    bool ok = false;
    const qint64 value = text.trimmed().toLongLong(&ok);
    if (!ok)
        return makeError(ErrorCode::Usage,
                         QStringLiteral("slice item \"%1\": \"%2\" is not an integer").arg(item, text.toString()));
    return value;
}

} // namespace

Result<TensorSlice> TensorSlice::parse(QStringView spec, const QList<qint64> &shape)
{
    TensorSlice slice;
    slice.region = TensorRegion::whole(shape);
    const QString trimmed = spec.trimmed().toString();
    const QStringList items = trimmed.isEmpty() ? QStringList() : trimmed.split(u',');
    if (items.size() > shape.size())
        return makeError(ErrorCode::Usage, QStringLiteral("the slice \"%1\" has %2 items for a tensor of %3 dimensions")
                                               .arg(trimmed)
                                               .arg(items.size())
                                               .arg(shape.size()));
    for (qsizetype dim = 0; dim < shape.size(); ++dim) {
        const qint64 size = shape[dim];
        const QString item = dim < items.size() ? items[dim].trimmed() : QStringLiteral(":");
        if (item.isEmpty() || item == u"...")
            return makeError(
                ErrorCode::Usage,
                QStringLiteral("slice item %1 (\"%2\"): expected an index or start:stop").arg(dim).arg(item));
        const QStringList parts = item.split(u':');
        if (parts.size() == 1) {
            Result<qint64> index = parseIndex(parts[0], item);
            if (!index)
                return index.error();
            const qint64 i = *index < 0 ? *index + size : *index;
            if (i < 0 || i >= size)
                return makeError(ErrorCode::Usage, QStringLiteral("slice item %1: index %2 is out of bounds for a "
                                                                  "dimension of size %3")
                                                       .arg(dim)
                                                       .arg(*index)
                                                       .arg(size));
            slice.region.start[dim] = i;
            slice.region.count[dim] = 1;
            continue;
        }
        if (parts.size() > 2)
            return makeError(ErrorCode::Usage,
                             QStringLiteral("slice item %1 (\"%2\"): steps are not supported").arg(dim).arg(item));
        qint64 begin = 0;
        qint64 stop = size;
        if (!parts[0].trimmed().isEmpty()) {
            Result<qint64> v = parseIndex(parts[0], item);
            if (!v)
                return v.error();
            begin = *v < 0 ? std::max<qint64>(*v + size, 0) : std::min(*v, size);
        }
        if (!parts[1].trimmed().isEmpty()) {
            Result<qint64> v = parseIndex(parts[1], item);
            if (!v)
                return v.error();
            stop = *v < 0 ? std::max<qint64>(*v + size, 0) : std::min(*v, size);
        }
        slice.region.start[dim] = begin;
        slice.region.count[dim] = std::max<qint64>(stop - begin, 0);
        slice.shape.append(slice.region.count[dim]);
    }
    return slice;
}

QString shapeText(const QList<qint64> &shape)
{
    QStringList dims;
    for (qint64 d : shape)
        dims.append(QString::number(d));
    return u'[' + dims.join(QStringLiteral(", ")) + u']';
}

} // namespace carton
