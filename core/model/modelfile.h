// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "base/limits.h"
#include "model/modelinfo.h"
#include "tensor/narrowfloat.h"
#include "tensor/tensorreader.h"

#include <QHash>
#include <functional>
#include <memory>
#include <optional>

namespace carton {

enum class ModelFormat {
    Onnx,
    Gguf,
    Safetensors,
    TorchZip,    // a TorchScript archive (torch.jit.save) or a torch.save zip checkpoint
    TorchLegacy, // torch.save before PyTorch 1.6 (_use_new_zipfile_serialization=False)
};

// "onnx", "gguf", "safetensors", "torch-zip", "torch-legacy".
CARTONCORE_EXPORT QString modelFormatName(ModelFormat format);

// How a weight's stored bytes become values.
enum class WeightEncoding {
    Plain,      // little-endian elements of `dtype` at `offset` (zero copy)
    OnnxFields, // an ONNX TensorProto's typed fields (int32_data, float_data...), decoded when opened
    Narrow,     // 8- or 4-bit elements of `narrow` (tensor/narrowfloat.h) at `offset`, read as float32
    Ggml,       // blocks of the quantised ggml type `ggmlType` (ggmltypes.h), dequantised to float32 when read
    Strided,    // a view of a storage (PyTorch): element (i0, i1...) at offset + elementSize × Σ ik × strides[k]
};

// One weight of a model file, as listed (nothing of its values is read).
struct ModelWeight {
    QString name;
    QString typeName;           // the format's own spelling: "FLOAT", "Q4_K", "F8_E4M3"
    std::optional<DType> dtype; // what its values read as; nullopt: listed, but "cannot show values"
    QList<qint64> shape;        // C order (GGUF's ne[] reversed, as gguf-py and PyTorch show it)
    qint64 elementCount = 0;
    qint64 byteSize = 0; // bytes stored (OnnxFields: the values' bytes once decoded; the file holds varints)
    qint64 offset = -1;  // where the stored bytes start in their file; -1 when not one range
    QString file;        // external data file relative to the model's folder; empty: the model file itself
    WeightEncoding encoding = WeightEncoding::Plain;
    qint64 messageOffset = 0; // OnnxFields: the TensorProto's bytes
    qint64 messageLength = 0;
    QString note;                     // why values cannot be shown ("FLOAT8E4M3FN cannot be decoded")
    QList<qint64> strides;            // Strided: per dimension, in elements
    int ggmlType = -1;                // Ggml: the ggml type id (GGUF's tensor type)
    std::optional<NarrowType> narrow; // Narrow: the stored element type
};

// Files beside a model file (ONNX external data), by a path relative to the model's
// folder that has already passed checkArchivePath(). Both fail (or return nullopt)
// for anything outside the folder the model lies in.
struct SiblingFiles {
    std::function<std::optional<qint64>(const QString &relative)> size;
    std::function<Result<ByteSourcePtr>(const QString &relative)> open;
    // Files in the folder `dir` on disk; symlinks leading out of it are refused.
    CARTONCORE_EXPORT static SiblingFiles inFolder(const QString &dir);
};

// A model file recognised by its content (never its name) and read lazily:
// ONNX (ModelProto through a bounded protobuf wire reader; raw_data and external
// data stay byte ranges), GGUF v2/v3 (metadata, tensor infos), safetensors and PyTorch
// files (zip archives and legacy torch.save, through a bounded pickle evaluator).
// Reading lists the weights and the model's signature; opening a weight gives a
// TensorReader (the one tensor-reading path) that reads only that weight's bytes.
// Every count, size, offset and nesting depth is bounded; errors name the file and
// the field. Immutable after read(); openWeight() is thread-safe.
class CARTONCORE_EXPORT ModelFile final {
public:
    // The format of `bytes` from its content, or nullopt (reads the first bytes; for
    // ONNX, the top-level fields of the ModelProto without entering the graph).
    static std::optional<ModelFormat> detect(const ByteSource &bytes, const Limits &limits = {});
    // What the first kHeadBytes of a file of `fileSize` bytes may be: GGUF and
    // safetensors for sure; ONNX only as a candidate (detect() looks further). Lets
    // callers skip files without opening them for random access.
    static constexpr qint64 kHeadBytes = 64;
    static std::optional<ModelFormat> detectHead(QByteArrayView head, qint64 fileSize, const Limits &limits = {});
    // True when a file starts as every ONNX writer starts a ModelProto (ir_version,
    // field 1, a small varint): one that then does not read as ONNX is reported as a
    // broken ONNX file rather than skipped as "not a model".
    static bool claimsOnnx(QByteArrayView head);
    // The protocol (2 to 5) of a file that starts as a plain Python pickle does
    // (PROTO n) and is not a legacy torch.save file (whose first pickle is its magic
    // number); 0 otherwise. Such a file is Python objects, never unpickled here: it
    // has no weights to list (torch.save writes zip archives or legacy files).
    static int plainPickleProtocol(QByteArrayView head);
    // Reads a model file of any recognised format (or claiming ONNX, see claimsOnnx);
    // ErrorCode::Unsupported when the content is none of them.
    static Result<std::shared_ptr<const ModelFile>> read(ByteSourcePtr bytes, SiblingFiles siblings = {},
                                                         const Limits &limits = {});

    // A sharded safetensors checkpoint from its index (model.safetensors.index.json):
    // the shards named in weight_map are opened through `siblings` (headers only) and
    // their weights listed as one model, each weight's `file` its shard.
    static Result<std::shared_ptr<const ModelFile>> readShards(ByteSourcePtr index, SiblingFiles siblings,
                                                               const Limits &limits = {});

    ModelFormat format() const { return m_format; }
    QString fileName() const { return m_bytes->name(); }
    const QList<ModelWeight> &weights() const { return m_weights; }
    const ModelWeight *findWeight(const QString &name) const;
    // Elements and stored bytes of all weights.
    qint64 parameterCount() const;
    qint64 parameterBytes() const;
    const std::optional<OnnxInfo> &onnx() const { return m_onnx; }
    const std::optional<GgufInfo> &gguf() const { return m_gguf; }
    const std::optional<TorchInfo> &torch() const { return m_torch; }

    // A TorchScript archive's code/ file (one of TorchInfo::codeFiles, relative to
    // the archive's folder): its first `maxBytes` bytes and its size, uncompressed.
    // ErrorCode::NotFound for a name not listed; Unsupported when this is no zip archive.
    struct CodeFile {
        QByteArray head;
        qint64 size = 0;
    };
    Result<CodeFile> readCodeFile(const QString &codeFile, qint64 maxBytes) const;
    // A TorchScript archive's forward graph, read from its code/ files and data.pkl
    // without running anything (torchscriptgraph.h); Unsupported for other files.
    // Computed on each call (a resnet50 takes milliseconds): callers keep it.
    Result<OnnxInfo> torchScriptGraph() const;

    // A reader over one weight's values, named `readerName` (default: the weight's
    // name). ErrorCode::NotFound for an unknown name, Unsupported for a weight whose
    // values cannot be shown.
    Result<TensorReaderPtr> openWeight(const QString &name, const QString &readerName = {}) const;

    // Used by the format readers.
    struct Contents {
        ModelFormat format = ModelFormat::Onnx;
        QList<ModelWeight> weights;
        std::optional<OnnxInfo> onnx;
        std::optional<GgufInfo> gguf;
        std::optional<TorchInfo> torch;
    };

private:
    ModelFile() = default;
    static std::shared_ptr<const ModelFile> make(Contents contents, ByteSourcePtr bytes, SiblingFiles siblings,
                                                 const Limits &limits);
    ModelFormat m_format = ModelFormat::Onnx;
    ByteSourcePtr m_bytes;
    SiblingFiles m_siblings;
    Limits m_limits;
    QList<ModelWeight> m_weights;
    QHash<QString, qsizetype> m_index;
    std::optional<OnnxInfo> m_onnx;
    std::optional<GgufInfo> m_gguf;
    std::optional<TorchInfo> m_torch;
};

using ModelFilePtr = std::shared_ptr<const ModelFile>;

// The format readers (onnxreader.cpp, ggufreader.cpp), for ModelFile::read and the tests.
CARTONCORE_EXPORT Result<ModelFile::Contents> readOnnxModel(const ByteSource &bytes, const SiblingFiles &siblings,
                                                            const Limits &limits);
CARTONCORE_EXPORT bool looksLikeOnnx(const ByteSource &bytes, const Limits &limits);
CARTONCORE_EXPORT Result<ModelFile::Contents> readGgufModel(const ByteSource &bytes, const Limits &limits);
// torchreader.cpp: PyTorch files, read through a bounded pickle evaluator (never unpickled).
CARTONCORE_EXPORT bool looksLikeTorchZipHead(QByteArrayView head);
CARTONCORE_EXPORT bool looksLikeTorchLegacyHead(QByteArrayView head);
CARTONCORE_EXPORT bool looksLikeTorchZip(const ByteSourcePtr &bytes, const Limits &limits);
CARTONCORE_EXPORT bool looksLikeTorchZip(const ByteSource &bytes, const Limits &limits);
CARTONCORE_EXPORT Result<ModelFile::Contents> readTorchZipModel(const ByteSourcePtr &bytes, const Limits &limits);
CARTONCORE_EXPORT Result<OnnxInfo> readTorchScriptGraph(const ByteSourcePtr &bytes, const Limits &limits);
CARTONCORE_EXPORT Result<ModelFile::Contents> readTorchLegacyModel(const ByteSource &bytes, const Limits &limits);

} // namespace carton
