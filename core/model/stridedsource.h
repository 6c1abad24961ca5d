// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"

#include <QList>

namespace carton {

// The elements of a strided view (a PyTorch tensor saved as a view of its storage:
// a transpose, a slice) in logical C order, as a ByteSource of count × elementSize
// bytes: a TensorReader over it reads any region. Element (i0, i1, ...) lies at
// `offset` + elementSize × Σ ik × strides[k] of `base`; the caller has checked that
// every element lies inside `base`. Reads gather from the smallest span of `base`
// that holds a run of elements (one read per run when the span is not much larger
// than the run, else one read per stretch of neighbouring elements in the storage).
// Thread-safe like its base.
class StridedSource final : public ByteSource {
public:
    StridedSource(ByteSourcePtr base, qint64 offset, QList<qint64> shape, QList<qint64> strides, int elementSize);

    qint64 size() const override { return m_count * m_elementSize; }
    QString name() const override { return m_base->name(); }
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override;

private:
    // Gathers elements [first, first + count) into out.
    Status gather(qint64 first, qint64 count, char *out) const;
    ByteSourcePtr m_base;
    qint64 m_offset;
    QList<qint64> m_shape;
    QList<qint64> m_strides;
    int m_elementSize;
    qint64 m_count = 1;
};

} // namespace carton
