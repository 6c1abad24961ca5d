// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "base/limits.h"
#include "tensor/narrowfloat.h"
#include "tensor/tensorreader.h"

#include <QIODevice>
#include <QList>
#include <QString>
#include <optional>
#include <utility>

namespace carton {

// One tensor of a .safetensors header.
struct SafetensorsTensor {
    QString name;
    QString dtypeName;                // as the file spells it: "F32", "BF16", "BOOL"...
    std::optional<DType> dtype;       // what values read as; nullopt for dtypes we list but cannot show (F6_*, C64)
    std::optional<NarrowType> narrow; // F8_*, F4: stored narrow, read as float32 (dtype Float32)
    QList<qint64> shape;
    qint64 begin = 0; // data_offsets, relative to the byte buffer after the header
    qint64 end = 0;
    qint64 byteSize() const { return end - begin; }
};

using SafetensorsMetadata = QList<std::pair<QString, QString>>;

// A .safetensors file (https://github.com/huggingface/safetensors): an 8-byte
// little-endian header length N, N bytes of JSON header, then the byte buffer.
// read() reads the header only and validates all of it: the length against the
// file and Limits::maxSafetensorsHeader (100 MB); the header is UTF-8, strict JSON,
// an object, led and padded only by JSON whitespace (as the reference's serde_json
// accepts: space, \t, \n, \r); no duplicate keys
// (anywhere); `__metadata__` maps strings to strings only; every tensor has a known
// dtype (every one the reference defines: those without a DType, F4, F6_*, F8_*
// and C64, are listed and cannot be opened), a shape of non-negative integers whose
// element count and byte size (whole bytes for sub-byte dtypes) do not
// overflow, and data_offsets [begin, end] with begin <= end, end - begin equal to
// elements × dtype size; offsets inside the buffer; tensors neither overlap nor leave
// holes, and the buffer has no trailing bytes. Unknown fields in a tensor's object
// are ignored (as the reference implementation does). Each violation is an
// ErrorCode::Format error naming the file, the tensor and the rule.
class CARTONCORE_EXPORT SafetensorsFile final {
public:
    static Result<SafetensorsFile> read(ByteSourcePtr bytes, const Limits &limits = {});

    // Tensors sorted by name (as safetensors' own keys() lists them).
    const QList<SafetensorsTensor> &tensors() const { return m_tensors; }
    const SafetensorsMetadata &metadata() const { return m_metadata; }
    const SafetensorsTensor *find(const QString &name) const;
    // Where the byte buffer starts in the file (8 + N).
    qint64 bufferOffset() const { return m_bufferOffset; }

    // A reader over one tensor's bytes (ErrorCode::NotFound for an unknown name,
    // Unsupported, "cannot show values", for dtypes without a DType).
    Result<TensorReaderPtr> openTensor(const QString &name) const;

    // The safetensors spelling of a dtype ("F32"), and back.
    static QString dtypeName(DType dtype);
    static std::optional<DType> parseDType(QStringView name);

private:
    ByteSourcePtr m_bytes;
    Limits m_limits;
    QList<SafetensorsTensor> m_tensors;
    SafetensorsMetadata m_metadata;
    qint64 m_bufferOffset = 0;
};

// Writes tensors as one .safetensors to `out`: header (keys in the given order, then
// `__metadata__` when not empty; padded with spaces to a multiple of 8 bytes), then
// each tensor's bytes, read in chunks through its reader (nothing is held whole).
// Names must be unique and non-empty and not `__metadata__`; dtypes numeric.
CARTONCORE_EXPORT Status writeSafetensors(QIODevice &out, const QList<TensorReaderPtr> &tensors,
                                          const SafetensorsMetadata &metadata = {}, Progress *progress = nullptr);

// Copies a tensor's bytes (C order, little-endian) to `out` in chunks; from a file on
// disk to a file (QFileDevice) in the kernel (ByteSource::copyToFile) when no byte
// order or axis order conversion is needed.
CARTONCORE_EXPORT Status copyTensorBytes(const TensorReader &tensor, QIODevice &out, Progress *progress = nullptr);

} // namespace carton
