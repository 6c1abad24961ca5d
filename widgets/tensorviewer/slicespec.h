// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/progress.h"
#include "tensor/tensor.h"
#include "tensor/tensorreader.h"
#include "tensor/tensorregion.h"

#include <QList>

namespace studio {

// Which 2-D slice of a tensor the viewer shows: the dimension laid out as rows, the
// one laid out as columns, and an index for every other dimension. A scalar has
// neither (one cell); a 1-D tensor has rows only (one column). rowDim may be
// greater than colDim (a transposed view): blocks are then read in the file's
// order and addressed through offsetInBlock().
struct SliceSpec {
    QList<qint64> shape;
    int rowDim = -1;
    int colDim = -1;
    QList<qint64> index; // one per dimension; only the non row/col ones matter

    // Rows = last-but-one dimension, columns = last, index 0 elsewhere.
    static SliceSpec defaultFor(const QList<qint64> &shape);

    int rank() const { return int(shape.size()); }
    qint64 rows() const { return rowDim >= 0 ? shape[rowDim] : (rank() == 0 ? 1 : 0); }
    qint64 cols() const { return colDim >= 0 ? shape[colDim] : 1; }
    bool transposed() const { return colDim >= 0 && rowDim > colDim; }
    // True when row/col dims and indices are valid for the shape.
    bool isValid() const;

    // The region of rows [r0, r0+nr) × columns [c0, c0+nc) of the slice.
    carton::TensorRegion block(qint64 r0, qint64 nr, qint64 c0, qint64 nc) const;
    carton::TensorRegion whole() const { return block(0, rows(), 0, cols()); }
    // Where cell (r, c) of a block of nr × nc cells read with block() lies in it.
    qint64 offsetInBlock(qint64 r, qint64 c, qint64 nr, qint64 nc) const
    {
        return transposed() ? c * nr + r : r * nc + c;
    }
    // The tensor index of slice cell (r, c).
    QList<qint64> elementIndex(qint64 r, qint64 c) const;
    // "[2, :, 0, :]" (rows/cols as ':'), "[:, :]"; "[]" for a scalar.
    QString text() const;

    bool operator==(const SliceSpec &) const = default;
};

// Reads rows [r0, r0+nr) × columns [c0, c0+nc) of `slice` into `buffer` (reused
// between calls) and returns them as a flat tensor of nr × nc values, addressed
// through SliceSpec::offsetInBlock().
carton::Result<carton::Tensor> readSliceTile(const carton::TensorReader &reader, const SliceSpec &slice, qint64 r0,
                                             qint64 nr, qint64 c0, qint64 nc, QByteArray &buffer,
                                             carton::Progress *progress);

} // namespace studio
