// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "slicespec.h"

#include <QStringList>

namespace studio {

SliceSpec SliceSpec::defaultFor(const QList<qint64> &shape)
{
    SliceSpec spec;
    spec.shape = shape;
    spec.index = QList<qint64>(shape.size(), 0);
    if (shape.size() == 1) {
        spec.rowDim = 0;
    } else if (shape.size() >= 2) {
        spec.rowDim = int(shape.size()) - 2;
        spec.colDim = int(shape.size()) - 1;
    }
    return spec;
}

bool SliceSpec::isValid() const
{
    const int n = rank();
    if (index.size() != n)
        return false;
    if (n == 0)
        return rowDim == -1 && colDim == -1;
    if (rowDim < 0 || rowDim >= n || colDim >= n || colDim == rowDim || (n >= 2 && colDim < 0))
        return false;
    for (int d = 0; d < n; ++d) {
        if (d == rowDim || d == colDim)
            continue;
        if (index[d] < 0 || index[d] >= shape[d])
            return false;
    }
    return true;
}

carton::TensorRegion SliceSpec::block(qint64 r0, qint64 nr, qint64 c0, qint64 nc) const
{
    carton::TensorRegion region;
    region.start = index;
    region.count = QList<qint64>(shape.size(), 1);
    if (rowDim >= 0) {
        region.start[rowDim] = r0;
        region.count[rowDim] = nr;
    }
    if (colDim >= 0) {
        region.start[colDim] = c0;
        region.count[colDim] = nc;
    }
    return region;
}

QList<qint64> SliceSpec::elementIndex(qint64 r, qint64 c) const
{
    QList<qint64> result = index;
    if (rowDim >= 0)
        result[rowDim] = r;
    if (colDim >= 0)
        result[colDim] = c;
    return result;
}

QString SliceSpec::text() const
{
    QStringList items;
    for (int d = 0; d < rank(); ++d)
        items.append(d == rowDim || d == colDim ? QStringLiteral(":") : QString::number(index[d]));
    return u'[' + items.join(QStringLiteral(", ")) + u']';
}

carton::Result<carton::Tensor> readSliceTile(const carton::TensorReader &reader, const SliceSpec &slice, qint64 r0,
                                             qint64 nr, qint64 c0, qint64 nc, QByteArray &buffer,
                                             carton::Progress *progress)
{
    buffer.resize(nr * nc * reader.elementSize());
    if (const carton::Status status = reader.read(slice.block(r0, nr, c0, nc), buffer.data(), buffer.size(), progress);
        !status.ok())
        return status.error();
    return carton::Tensor::numeric(reader.name(), reader.dtype(), {nr * nc}, buffer);
}

} // namespace studio
