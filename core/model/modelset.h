// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "model/modelfile.h"

#include <functional>
#include <optional>

namespace carton {

class CartonSource;

// A file under model/ that is not a model file but whose content says what it is
// (what the Model tab tells when there is no model file).
struct OtherModelFile {
    QString path;
    int pickleProtocol = 0; // a plain Python pickle (ModelFile::plainPickleProtocol)
};

// One model file found by content.
struct ModelEntry {
    QString path; // "model/model.onnx" in a carton; the file's name for a bare file
    ModelFormat format = ModelFormat::Onnx;
    ModelFilePtr model;         // null when reading it failed
    std::optional<Error> error; // why
};

// The model files of a carton (every file under model/, whatever its name or
// compression, recognised by its content) or one bare model file. Weights are named
// `ENTRY:TENSOR` in a carton ("model/model.onnx:conv1.weight") and `TENSOR` for a
// bare file. A broken model file is listed with its error; the others still read.
class CartonEdits;

class CARTONCORE_EXPORT ModelSet final {
public:
    // `source` must outlive the set (external data files are opened through it).
    static ModelSet fromCarton(const CartonSource &source);
    // Files given by carton path ("model/net.onnx") and opened by `open` (a carton
    // being edited: the original's entries and files added from disk). Only
    // paths under model/ are looked at.
    // Each file under model/ is opened for random access: prefer fromCarton() for
    // a carton's own entries (it reads compressed entries' first bytes only).
    using OpenFile = std::function<Result<ByteSourcePtr>(const QString &path)>;
    static ModelSet fromFiles(const QStringList &paths, const OpenFile &open, const Limits &limits = {});
    // The model files of a carton being edited: the original's own entries
    // (fromCarton) while model/ is as it was, else fromFiles over the edits. Empty
    // for a carton on a server: its model files would cost range requests.
    static ModelSet fromEdits(const CartonEdits &edits);
    // True when a file starting with `head` may be a bare model file (ONNX, GGUF,
    // safetensors, PyTorch) rather than a carton: a zip is a carton unless its
    // entries make it a PyTorch archive.
    static bool maybeBareModel(QByteArrayView head, qint64 fileSize);
    // A bare model file on disk; its external data is looked for beside it.
    // ErrorCode::Unsupported when the content is no model format known here.
    static Result<ModelSet> fromFile(const QString &path, const Limits &limits = {});
    // A Hugging Face model folder's weights (hfmodelinfo.h): model.safetensors, or the
    // shards of model.safetensors.index.json as one list (headers only), named TENSOR.
    static Result<ModelSet> fromHfFolder(const QString &dir, const Limits &limits = {});

    const QList<ModelEntry> &entries() const { return m_entries; }
    // Files under model/ that are no model file but recognisably something else.
    const QList<OtherModelFile> &otherFiles() const { return m_others; }
    bool isBareFile() const { return m_bare; }
    // The name `carton tensors` lists for a weight of `entry`.
    QString weightName(const ModelEntry &entry, const ModelWeight &weight) const;
    // The entry and weight a name refers to; nullopt when no entry matches (then the
    // name may be a tensor_data tensor).
    struct WeightRef {
        const ModelEntry *entry = nullptr;
        QString weight;
    };
    std::optional<WeightRef> resolve(const QString &name) const;
    // Opens a weight by its listed name (ErrorCode::NotFound when nothing matches).
    Result<TensorReaderPtr> openWeight(const QString &name) const;

private:
    QList<ModelEntry> m_entries;
    QList<OtherModelFile> m_others;
    bool m_bare = false;
    // Notes `path` in m_others when `head` says what it is.
    void noteOther(const QString &path, QByteArrayView head);
};

} // namespace carton
