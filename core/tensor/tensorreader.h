// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "base/limits.h"
#include "tensor/tensor.h"
#include "tensor/tensorregion.h"

#include <memory>

namespace carton {

// How a numeric tensor's elements lie in its file.
struct TensorLayout {
    DType dtype = DType::Float32;
    QList<qint64> shape;
    qint64 offset = 0;      // where element 0 starts in the file
    bool bigEndian = false; // .npy files may be big-endian; everything else is little
    bool fortran = false;   // column-major (.npy fortran_order); everything else is C order
};

// The one way to read a numeric tensor's bytes, whatever holds them (tensor_data/,
// a .safetensors, a .npy; inside a carton or not; Stored or compressed): reads any
// hyper-rectangle, in C order and little-endian, into the caller's buffer. Only the
// bytes of the region are read (neighbouring small runs are read in one go).
//
// Thread safety: immutable; read() may run on any number of threads at once.
// Cancellation: read() checks `progress` between runs of bytes and while waiting
// for a compressed file's decoder, and then fails with ErrorCode::Cancelled.
class CARTONCORE_EXPORT TensorReader final {
public:
    // Checks the dtype is numeric, the element count and byte size (overflow,
    // Limits::maxTensorElements) and that the tensor's bytes lie inside the file.
    // With exactSize, the file must hold exactly the tensor's bytes (tensor_data
    // files). Errors name the tensor and the file.
    static Result<std::shared_ptr<const TensorReader>> create(QString name, TensorLayout layout, ByteSourcePtr bytes,
                                                              bool exactSize, const Limits &limits = {});

    const QString &name() const { return m_name; }
    DType dtype() const { return m_layout.dtype; }
    const QList<qint64> &shape() const { return m_layout.shape; }
    const TensorLayout &layout() const { return m_layout; }
    qint64 elementCount() const { return m_count; }
    qint64 byteSize() const { return m_count * m_elementSize; }
    int elementSize() const { return m_elementSize; }
    const ByteSource &bytes() const { return *m_bytes; }

    // Reads `region` into `out` (which must hold region elements × elementSize bytes;
    // ErrorCode::Usage otherwise). Advances `progress` by the bytes read.
    Status read(const TensorRegion &region, char *out, qint64 outSize, Progress *progress = nullptr) const;
    // The first `count` elements of `region` in C order (what `carton tensor --limit`
    // prints): reads only those, in at most rank + 1 region reads.
    Status readPrefix(const TensorRegion &region, qint64 count, char *out, qint64 outSize,
                      Progress *progress = nullptr) const;
    // Elements [first, first+count) of the tensor flattened in C order.
    Status readFlat(qint64 first, qint64 count, char *out, qint64 outSize, Progress *progress = nullptr) const;
    // The region as a Tensor (shape = region.count), failing with ErrorCode::Limit
    // when its bytes exceed Limits::maxEntrySize.
    Result<Tensor> readTensor(const TensorRegion &region, Progress *progress = nullptr) const;

private:
    TensorReader() = default;
    Status checkOut(qint64 elements, qint64 outSize) const;
    QString m_name;
    TensorLayout m_layout;
    ByteSourcePtr m_bytes;
    QList<qint64> m_strides; // in elements, per dimension
    qint64 m_count = 0;
    int m_elementSize = 0;
    qint64 m_maxBytes = 0;
};

using TensorReaderPtr = std::shared_ptr<const TensorReader>;

} // namespace carton
