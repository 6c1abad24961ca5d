// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "classifypath.h"

#include "base/bytesource.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace carton {

namespace {

OpenKind kindOfFormat(ModelFormat format)
{
    switch (format) {
    case ModelFormat::Onnx:
        return OpenKind::OnnxModel;
    case ModelFormat::Gguf:
        return OpenKind::GgufModel;
    case ModelFormat::Safetensors:
        return OpenKind::Safetensors;
    case ModelFormat::TorchZip:
        return OpenKind::TorchZipModel;
    case ModelFormat::TorchLegacy:
        return OpenKind::TorchLegacyModel;
    }
    return OpenKind::Unknown;
}

OpenKind kindOfTensorFile(TensorFile::Kind kind)
{
    return kind == TensorFile::Kind::Npy ? OpenKind::Npy : OpenKind::Safetensors;
}

} // namespace

Result<OpenKind> classifyPath(const QString &path, const Limits &limits)
{
    const QFileInfo info(path);
    if (!info.exists())
        return makeError(ErrorCode::NotFound, QStringLiteral("no such file or folder"), path);
    if (info.isDir())
        return QFileInfo(QDir(path).filePath(QStringLiteral("carton.toml"))).isFile() ? OpenKind::CartonFolder
                                                                                      : OpenKind::ModelFolder;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot be read: %1").arg(file.errorString()), path);
    const QByteArray head = file.read(ModelFile::kHeadBytes);
    const qint64 size = file.size();
    file.close();
    if (const std::optional<TensorFile::Kind> tensors = TensorFile::detect(head, size, limits))
        return kindOfTensorFile(*tensors);
    const std::optional<ModelFormat> candidate = ModelFile::detectHead(head, size, limits);
    const bool zip = head.startsWith("PK");
    if (zip && candidate != ModelFormat::TorchZip)
        return OpenKind::CartonFile;
    if (candidate == ModelFormat::Onnx || candidate == ModelFormat::TorchZip) {
        // The head is not enough: ONNX's top-level fields, a zip's entries.
        Result<std::shared_ptr<FileRegionSource>> bytes = FileRegionSource::open(path);
        if (!bytes)
            return bytes.error();
        if (const std::optional<ModelFormat> format = ModelFile::detect(**bytes, limits))
            return kindOfFormat(*format);
        if (zip)
            return OpenKind::CartonFile; // a zip without PyTorch's entries
    } else if (candidate) {
        return kindOfFormat(*candidate);
    }
    if (const std::optional<TensorFile::Kind> claimed = TensorFile::claimedByName(path))
        return kindOfTensorFile(*claimed);
    // Starts as every ONNX writer starts a ModelProto but does not read as one: a
    // broken ONNX file (the ONNX reader says why), not "not a zip".
    if (ModelFile::claimsOnnx(head))
        return OpenKind::OnnxModel;
    return OpenKind::Unknown;
}

std::optional<ModelFormat> modelFormatOf(OpenKind kind)
{
    switch (kind) {
    case OpenKind::OnnxModel:
        return ModelFormat::Onnx;
    case OpenKind::GgufModel:
        return ModelFormat::Gguf;
    case OpenKind::TorchZipModel:
        return ModelFormat::TorchZip;
    case OpenKind::TorchLegacyModel:
        return ModelFormat::TorchLegacy;
    default:
        return std::nullopt;
    }
}

std::optional<TensorFile::Kind> tensorFileKindOf(OpenKind kind)
{
    switch (kind) {
    case OpenKind::Npy:
        return TensorFile::Kind::Npy;
    case OpenKind::Safetensors:
        return TensorFile::Kind::Safetensors;
    default:
        return std::nullopt;
    }
}

} // namespace carton
