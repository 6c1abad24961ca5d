// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "base/limits.h"
#include "base/result.h"
#include "tensor/tensorreader.h"

#include <QByteArrayView>
#include <QStringList>
#include <memory>
#include <optional>

namespace carton {

class NpyFile;
class SafetensorsFile;

// A .npy or .safetensors file on its own (not a carton's tensor_data entry),
// recognised by its content, never its name: NumPy's "\x93NUMPY" magic, or
// safetensors' 8-byte header length that fits the file followed by '{'. The one
// way the CLI, the self-tests editor's import and the Files tab open such files.
class CARTONCORE_EXPORT TensorFile final {
public:
    enum class Kind { Npy, Safetensors };

    // What a file of `fileSize` bytes whose first bytes are `head` (64 are
    // enough) is, if it is either.
    static std::optional<Kind> detect(QByteArrayView head, qint64 fileSize, const Limits &limits = {});
    // What `name` ends in (".npy", ".safetensors", any case) claims the file is. The
    // name never makes bytes a tensor file: it only picks whose error to report
    // for bytes that are neither (a truncated .npy gets NumPy's "no magic", not
    // "neither").
    static std::optional<Kind> claimedByName(const QString &name);
    // Opens the file at `path` (Unsupported, naming the file, when it is neither).
    static Result<TensorFile> open(const QString &path, const Limits &limits = {});
    // The same over bytes already opened; `name` is the file's name or path (a
    // .npy's one tensor is named after it).
    static Result<TensorFile> read(ByteSourcePtr bytes, const QString &name, const Limits &limits = {});

    Kind kind() const { return m_npy ? Kind::Npy : Kind::Safetensors; }
    // The tensors' names: a .npy's one tensor is the file's base name ("x.npy": "x").
    QStringList tensorNames() const;
    // A tensor by name; an empty name picks the only tensor (Usage error, naming
    // the count, when the file has several). A .npy's tensor is named `name` if given.
    Result<TensorReaderPtr> openTensor(const QString &name = {}) const;
    // The parsed file of this kind, else null.
    const NpyFile *npy() const { return m_npy.get(); }
    const SafetensorsFile *safetensors() const { return m_safetensors.get(); }
    // The bytes read (for sizes: a .npy's data is size() - dataOffset()).
    const ByteSourcePtr &bytes() const { return m_bytes; }

private:
    QString m_name;
    ByteSourcePtr m_bytes;
    std::shared_ptr<const NpyFile> m_npy;
    std::shared_ptr<const SafetensorsFile> m_safetensors;
};

} // namespace carton
