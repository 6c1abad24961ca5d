// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensor/tensorfile.h"

#include "tensor/npyfile.h"
#include "tensor/safetensors.h"

#include <QFileInfo>
#include <QtEndian>

namespace carton {

namespace {

constexpr qint64 kHeadBytes = 64;

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// An 8-byte header length that fits the file, then '{' after any JSON whitespace (a
// header with leading whitespace is still recognised, so that its reader names the fault).
bool looksLikeSafetensors(QByteArrayView head, qint64 fileSize, const Limits &limits)
{
    if (head.size() < 10)
        return false;
    const quint64 length = qFromLittleEndian<quint64>(head.data());
    if (length < 2 || length > quint64(limits.maxSafetensorsHeader) || length > quint64(fileSize - 8))
        return false;
    for (qint64 i = 8; i < head.size() && i < qint64(8 + length); ++i) {
        if (head[i] == '{')
            return true;
        if (!isJsonSpace(head[i]))
            return false;
    }
    return false;
}

} // namespace

std::optional<TensorFile::Kind> TensorFile::detect(QByteArrayView head, qint64 fileSize, const Limits &limits)
{
    if (head.startsWith("\x93NUMPY"))
        return Kind::Npy;
    if (looksLikeSafetensors(head, fileSize, limits))
        return Kind::Safetensors;
    return std::nullopt;
}

std::optional<TensorFile::Kind> TensorFile::claimedByName(const QString &name)
{
    if (name.endsWith(u".npy", Qt::CaseInsensitive))
        return Kind::Npy;
    if (name.endsWith(u".safetensors", Qt::CaseInsensitive))
        return Kind::Safetensors;
    return std::nullopt;
}

Result<TensorFile> TensorFile::open(const QString &path, const Limits &limits)
{
    Result<std::shared_ptr<FileRegionSource>> source = FileRegionSource::open(path);
    if (!source)
        return source.error();
    return read(*source, path, limits);
}

Result<TensorFile> TensorFile::read(ByteSourcePtr bytes, const QString &name, const Limits &limits)
{
    QByteArray head(std::min(bytes->size(), kHeadBytes), Qt::Uninitialized);
    if (Status s = bytes->read(0, head.size(), head.data()); !s)
        return s.error();
    // Bytes that are neither but named as one get that format's own error below.
    std::optional<Kind> kind = detect(head, bytes->size(), limits);
    if (!kind)
        kind = claimedByName(name);
    if (!kind)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("neither a NumPy .npy nor a .safetensors file (by its first bytes)"), name);
    TensorFile file;
    file.m_name = name;
    file.m_bytes = bytes;
    if (*kind == Kind::Npy) {
        Result<NpyFile> npy = NpyFile::read(bytes, limits);
        if (!npy)
            return npy.error();
        file.m_npy = std::make_shared<const NpyFile>(std::move(npy).value());
    } else {
        Result<SafetensorsFile> st = SafetensorsFile::read(bytes, limits);
        if (!st)
            return st.error();
        file.m_safetensors = std::make_shared<const SafetensorsFile>(std::move(st).value());
    }
    return file;
}

QStringList TensorFile::tensorNames() const
{
    if (m_npy)
        return {QFileInfo(m_name).completeBaseName()};
    QStringList names;
    for (const SafetensorsTensor &t : m_safetensors->tensors())
        names.append(t.name);
    return names;
}

Result<TensorReaderPtr> TensorFile::openTensor(const QString &name) const
{
    if (m_npy)
        return m_npy->openTensor(name.isEmpty() ? QFileInfo(m_name).completeBaseName() : name);
    if (!name.isEmpty())
        return m_safetensors->openTensor(name);
    if (m_safetensors->tensors().size() != 1)
        return makeError(ErrorCode::Usage,
                         QStringLiteral("holds %1 tensors: choose one").arg(m_safetensors->tensors().size()), m_name);
    return m_safetensors->openTensor(m_safetensors->tensors().first().name);
}

} // namespace carton
