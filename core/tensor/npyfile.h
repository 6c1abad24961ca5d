// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "base/limits.h"
#include "tensor/tensorreader.h"

#include <QIODevice>

namespace carton {

// A NumPy .npy file, format versions 1.0, 2.0 and 3.0: magic "\x93NUMPY", version,
// header length (2 bytes in 1.0, 4 in 2.0/3.0), a Python dict literal
// {'descr': ..., 'fortran_order': ..., 'shape': (...)} (latin-1, UTF-8 in 3.0), then
// the raw data. Reads little- and big-endian data (converted to little-endian when
// read) in C or Fortran order (delivered in C order), for every numeric dtype
// (b1, i1..i8, u1..u8, f2, f4, f8). Object arrays ('O', which need pickle),
// structured, complex, string and datetime dtypes are refused with a clear message;
// nothing is ever unpickled. The data must be exactly elements × itemsize bytes.
class CARTONCORE_EXPORT NpyFile final {
public:
    static Result<NpyFile> read(ByteSourcePtr bytes, const Limits &limits = {});

    int majorVersion() const { return m_major; }
    const QString &descr() const { return m_descr; } // "<f4"
    DType dtype() const { return m_layout.dtype; }
    const QList<qint64> &shape() const { return m_layout.shape; }
    bool isFortranOrder() const { return m_layout.fortran; }
    bool isBigEndian() const { return m_layout.bigEndian; }
    qint64 dataOffset() const { return m_layout.offset; }

    // A reader over the array (named `name` in messages and Tensor values).
    Result<TensorReaderPtr> openTensor(const QString &name) const;

    // The descr numpy uses for a dtype ("<f4", "|b1"); empty for BFloat16 (numpy
    // has none), String and Nested.
    static QString descrFor(DType dtype);

private:
    ByteSourcePtr m_bytes;
    Limits m_limits;
    TensorLayout m_layout;
    QString m_descr;
    int m_major = 1;
};

// Writes a tensor as .npy (version 1.0, or 2.0 when the header needs it), C order,
// little-endian, streaming the bytes through the reader. ErrorCode::Unsupported for
// bfloat16 (numpy has no such dtype).
CARTONCORE_EXPORT Status writeNpy(QIODevice &out, const TensorReader &tensor, Progress *progress = nullptr);

} // namespace carton
