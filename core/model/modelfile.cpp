// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/modelfile.h"

#include "base/archivepath.h"
#include "model/ggmlsource.h"
#include "model/stridedsource.h"
#include "tensor/safetensors.h"
#include "tensor/tensorfile.h"
#include "zip/zipreader.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QtEndian>
#include <algorithm>
#include <cstring>

namespace carton {

// onnxtensor.cpp
Result<QByteArray> decodeOnnxTypedField(const ByteSource &bytes, const ModelWeight &weight, const Limits &limits);

namespace {

// The first tag of an ONNX ModelProto: one of its fields with the field's wire type.
bool mayBeOnnx(QByteArrayView head)
{
    quint64 tag = 0;
    for (qsizetype i = 0; i < std::min<qsizetype>(head.size(), 5); ++i) {
        tag |= quint64(quint8(head[i]) & 0x7f) << (7 * i);
        if (!(quint8(head[i]) & 0x80)) {
            switch (tag >> 3) {
            case 1: // ir_version
            case 5: // model_version
                return (tag & 7) == 0;
            case 2:
            case 3:
            case 4:
            case 6:
            case 7:
            case 8:
            case 14:
            case 20:
            case 25:
                return (tag & 7) == 2;
            default:
                return false;
            }
        }
    }
    return false;
}

ModelWeight safetensorsWeight(const SafetensorsTensor &t, qint64 bufferOffset, const Limits &limits)
{
    ModelWeight w;
    w.name = t.name;
    w.typeName = t.dtypeName;
    w.dtype = t.dtype;
    if (t.narrow) {
        w.encoding = WeightEncoding::Narrow;
        w.narrow = t.narrow;
    }
    w.shape = t.shape;
    w.elementCount = checkedElementCount(t.shape, limits.maxTensorElements).value_or(0);
    w.byteSize = t.byteSize();
    w.offset = bufferOffset + t.begin;
    if (!t.dtype)
        w.note = QStringLiteral("%1 values cannot be shown").arg(t.dtypeName);
    return w;
}

Result<ModelFile::Contents> readSafetensorsModel(const ByteSourcePtr &bytes, const Limits &limits)
{
    Result<SafetensorsFile> st = SafetensorsFile::read(bytes, limits);
    if (!st)
        return st.error();
    ModelFile::Contents out;
    out.format = ModelFormat::Safetensors;
    for (const SafetensorsTensor &t : st->tensors())
        out.weights.append(safetensorsWeight(t, st->bufferOffset(), limits));
    return out;
}

// model.safetensors.index.json ({"metadata": {...}, "weight_map": {tensor: shard}}):
// every shard's header is read (never its tensors), the weights listed in the index's
// order of shards, each a range of its shard file. A shard that is missing, unreadable
// or disagrees with the index fails naming it.
Result<ModelFile::Contents> readSafetensorsIndex(const ByteSource &index, const SiblingFiles &siblings,
                                                 const Limits &limits)
{
    const QString file = index.name();
    Result<QByteArray> text = index.readAll(limits.maxSafetensorsHeader);
    if (!text)
        return text.error();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(*text, &parseError);
    if (!doc.isObject())
        return makeError(ErrorCode::Format, QStringLiteral("not a safetensors index: %1").arg(parseError.errorString()),
                         file);
    const QJsonValue map = doc.object().value(u"weight_map");
    if (!map.isObject())
        return makeError(ErrorCode::Format, QStringLiteral("weight_map: expected an object {tensor: shard file}"),
                         file);
    QStringList shards;
    QSet<QString> shardSet;
    QHash<QString, QString> shardOf;
    const QJsonObject weights = map.toObject();
    for (auto it = weights.begin(); it != weights.end(); ++it) {
        if (!it.value().isString())
            return makeError(ErrorCode::Format,
                             QStringLiteral("weight_map.\"%1\": expected a shard file name").arg(it.key()), file);
        const QString shard = it.value().toString();
        if (!checkArchivePath(shard, file))
            return makeError(
                ErrorCode::Unsafe,
                QStringLiteral("weight_map.\"%1\": \"%2\" is not a file beside the index").arg(it.key(), shard), file);
        if (!shardSet.contains(shard)) {
            shardSet.insert(shard);
            shards.append(shard);
        }
        shardOf.insert(it.key(), shard);
    }
    std::sort(shards.begin(), shards.end());
    ModelFile::Contents out;
    out.format = ModelFormat::Safetensors;
    for (const QString &shard : std::as_const(shards)) {
        Result<ByteSourcePtr> bytes =
            siblings.open ? siblings.open(shard) : Result<ByteSourcePtr>(makeError(ErrorCode::NotFound, QString()));
        if (!bytes)
            return makeError(ErrorCode::NotFound,
                             QStringLiteral("shard \"%1\" listed in weight_map is missing").arg(shard), file);
        Result<SafetensorsFile> st = SafetensorsFile::read(*bytes, limits);
        if (!st)
            return makeError(st.error().code, QStringLiteral("shard \"%1\": %2").arg(shard, st.error().message), file);
        for (const SafetensorsTensor &t : st->tensors()) {
            if (shardOf.value(t.name) != shard)
                continue; // the index decides which shard holds a tensor
            ModelWeight w = safetensorsWeight(t, st->bufferOffset(), limits);
            w.file = shard;
            out.weights.append(std::move(w));
        }
    }
    if (out.weights.size() != shardOf.size()) {
        QSet<QString> found;
        for (const ModelWeight &w : std::as_const(out.weights))
            found.insert(w.name);
        for (auto it = shardOf.cbegin(); it != shardOf.cend(); ++it)
            if (!found.contains(it.key()))
                return makeError(
                    ErrorCode::Format,
                    QStringLiteral("weight_map.\"%1\": shard \"%2\" has no such tensor").arg(it.key(), *it), file);
    }
    return out;
}

} // namespace

QString modelFormatName(ModelFormat format)
{
    switch (format) {
    case ModelFormat::Onnx:
        return QStringLiteral("onnx");
    case ModelFormat::Gguf:
        return QStringLiteral("gguf");
    case ModelFormat::TorchZip:
        return QStringLiteral("torch-zip");
    case ModelFormat::TorchLegacy:
        return QStringLiteral("torch-legacy");
    case ModelFormat::Safetensors:
        break;
    }
    return QStringLiteral("safetensors");
}

SiblingFiles SiblingFiles::inFolder(const QString &dir)
{
    // A path that, with symlinks resolved, stays inside `dir`; empty otherwise.
    auto resolve = [dir](const QString &relative) -> QString {
        const QString root = QFileInfo(dir).canonicalFilePath();
        const QString path = QFileInfo(QDir(dir).filePath(relative)).canonicalFilePath();
        if (root.isEmpty() || path.isEmpty() || !path.startsWith(root + QLatin1Char('/')) || !QFileInfo(path).isFile())
            return {};
        return path;
    };
    SiblingFiles files;
    files.size = [resolve](const QString &relative) -> std::optional<qint64> {
        const QString path = resolve(relative);
        if (path.isEmpty())
            return std::nullopt;
        return QFileInfo(path).size();
    };
    files.open = [resolve](const QString &relative) -> Result<ByteSourcePtr> {
        const QString path = resolve(relative);
        if (path.isEmpty())
            return makeError(ErrorCode::NotFound,
                             QStringLiteral("\"%1\" is not a file inside the model's folder").arg(relative));
        auto source = FileRegionSource::open(path);
        if (!source)
            return source.error();
        return ByteSourcePtr(*source);
    };
    return files;
}

std::optional<ModelFormat> ModelFile::detectHead(QByteArrayView head, qint64 fileSize, const Limits &limits)
{
    if (head.startsWith("GGUF"))
        return ModelFormat::Gguf;
    if (TensorFile::detect(head, fileSize, limits) == TensorFile::Kind::Safetensors)
        return ModelFormat::Safetensors;
    if (looksLikeTorchZipHead(head))
        return ModelFormat::TorchZip; // a candidate: detect() checks the zip's entries
    if (looksLikeTorchLegacyHead(head))
        return ModelFormat::TorchLegacy;
    if (fileSize >= 2 && mayBeOnnx(head))
        return ModelFormat::Onnx;
    return std::nullopt;
}

int ModelFile::plainPickleProtocol(QByteArrayView head)
{
    if (head.size() < 3 || quint8(head[0]) != 0x80 || head[1] < 2 || head[1] > 5 || looksLikeTorchLegacyHead(head))
        return 0;
    return head[1];
}

bool ModelFile::claimsOnnx(QByteArrayView head)
{
    return head.size() >= 2 && head[0] == 0x08 && head[1] > 0 && head[1] < 100;
}

std::optional<ModelFormat> ModelFile::detect(const ByteSource &bytes, const Limits &limits)
{
    QByteArray head(std::min<qint64>(bytes.size(), kHeadBytes), Qt::Uninitialized);
    if (!bytes.read(0, head.size(), head.data()))
        return std::nullopt;
    const std::optional<ModelFormat> format = detectHead(head, bytes.size(), limits);
    if (format == ModelFormat::Onnx && !looksLikeOnnx(bytes, limits))
        return std::nullopt;
    if (format == ModelFormat::TorchZip && !looksLikeTorchZip(bytes, limits))
        return std::nullopt;
    return format;
}

Result<std::shared_ptr<const ModelFile>> ModelFile::read(ByteSourcePtr bytes, SiblingFiles siblings,
                                                         const Limits &limits)
{
    std::optional<ModelFormat> format = detect(*bytes, limits);
    if (!format) {
        char head[2] = {};
        if (bytes->size() >= 2 && bytes->read(0, 2, head) && claimsOnnx(QByteArrayView(head, 2)))
            format = ModelFormat::Onnx; // a broken ONNX file: readOnnxModel says why
    }
    if (!format) {
        QByteArray head(std::min<qint64>(bytes->size(), kHeadBytes), Qt::Uninitialized);
        if (bytes->read(0, head.size(), head.data()))
            if (const int protocol = plainPickleProtocol(head))
                return makeError(ErrorCode::Unsupported,
                                 QStringLiteral("a plain Python pickle (protocol %1), not a PyTorch file: torch.save "
                                                "and torch.jit.save write zip archives (before PyTorch 1.6, a pickle "
                                                "that starts with torch.save's magic number). A plain pickle is "
                                                "Python objects, which are never unpickled here, so it has no "
                                                "weights to show")
                                     .arg(protocol),
                                 bytes->name());
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("not a model file this reader knows (ONNX, GGUF, safetensors or PyTorch)"),
                         bytes->name());
    }
    Result<Contents> contents = [&]() -> Result<Contents> {
        switch (*format) {
        case ModelFormat::Onnx:
            return readOnnxModel(*bytes, siblings, limits);
        case ModelFormat::Gguf:
            return readGgufModel(*bytes, limits);
        case ModelFormat::TorchZip:
            return readTorchZipModel(bytes, limits);
        case ModelFormat::TorchLegacy:
            return readTorchLegacyModel(*bytes, limits);
        case ModelFormat::Safetensors:
            break;
        }
        return readSafetensorsModel(bytes, limits);
    }();
    if (!contents)
        return contents.error();
    return make(std::move(*contents), std::move(bytes), std::move(siblings), limits);
}

std::shared_ptr<const ModelFile> ModelFile::make(Contents contents, ByteSourcePtr bytes, SiblingFiles siblings,
                                                 const Limits &limits)
{
    std::shared_ptr<ModelFile> model(new ModelFile);
    model->m_format = contents.format;
    model->m_bytes = std::move(bytes);
    model->m_siblings = std::move(siblings);
    model->m_limits = limits;
    model->m_weights = std::move(contents.weights);
    model->m_onnx = std::move(contents.onnx);
    model->m_gguf = std::move(contents.gguf);
    model->m_torch = std::move(contents.torch);
    for (qsizetype i = model->m_weights.size() - 1; i >= 0; --i)
        model->m_index.insert(model->m_weights[i].name, i); // a repeated name: the first wins
    return model;
}

Result<std::shared_ptr<const ModelFile>> ModelFile::readShards(ByteSourcePtr index, SiblingFiles siblings,
                                                               const Limits &limits)
{
    Result<Contents> contents = readSafetensorsIndex(*index, siblings, limits);
    if (!contents)
        return contents.error();
    return make(std::move(*contents), std::move(index), std::move(siblings), limits);
}

const ModelWeight *ModelFile::findWeight(const QString &name) const
{
    const auto it = m_index.constFind(name);
    return it == m_index.cend() ? nullptr : &m_weights[*it];
}

qint64 ModelFile::parameterCount() const
{
    qint64 n = 0;
    for (const ModelWeight &w : m_weights)
        n += w.elementCount;
    return n;
}

qint64 ModelFile::parameterBytes() const
{
    qint64 n = 0;
    for (const ModelWeight &w : m_weights)
        n += w.byteSize;
    return n;
}

Result<ModelFile::CodeFile> ModelFile::readCodeFile(const QString &codeFile, qint64 maxBytes) const
{
    if (!m_torch || m_format != ModelFormat::TorchZip)
        return makeError(ErrorCode::Unsupported, QStringLiteral("not a PyTorch zip archive: it has no code/ files"),
                         fileName());
    if (!m_torch->codeFiles.contains(codeFile))
        return makeError(ErrorCode::NotFound, QStringLiteral("no code file %1 in the archive").arg(codeFile),
                         fileName());
    Result<std::unique_ptr<ZipReader>> zip = ZipReader::open(m_bytes, m_bytes->name(), m_limits);
    if (!zip)
        return zip.error();
    const ZipEntry *entry = (*zip)->find(m_torch->archiveName + u'/' + codeFile);
    if (!entry)
        return makeError(ErrorCode::NotFound, QStringLiteral("no code file %1 in the archive").arg(codeFile),
                         fileName());
    CodeFile out;
    out.size = qint64(entry->uncompressedSize);
    Result<QByteArray> head = (*zip)->readRange(*entry, 0, std::min(out.size, std::max<qint64>(0, maxBytes)));
    if (!head)
        return head.error();
    out.head = std::move(*head);
    return out;
}

Result<OnnxInfo> ModelFile::torchScriptGraph() const
{
    if (!m_torch || !m_torch->torchScript || m_format != ModelFormat::TorchZip)
        return makeError(ErrorCode::Unsupported, QStringLiteral("not a TorchScript archive: it has no code/ files"),
                         fileName());
    return readTorchScriptGraph(m_bytes, m_limits);
}

Result<TensorReaderPtr> ModelFile::openWeight(const QString &name, const QString &readerName) const
{
    const ModelWeight *w = findWeight(name);
    if (!w)
        return makeError(ErrorCode::NotFound, QStringLiteral("no weight named \"%1\"").arg(name), fileName());
    const QString shown = readerName.isEmpty() ? name : readerName;
    if (!w->dtype || !w->note.isEmpty())
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("weight \"%1\" is %2: cannot show values").arg(name, w->typeName), fileName());
    TensorLayout layout;
    layout.dtype = *w->dtype;
    layout.shape = w->shape;
    ByteSourcePtr source = m_bytes;
    if (!w->file.isEmpty()) {
        if (!m_siblings.open)
            return makeError(
                ErrorCode::NotFound,
                QStringLiteral("weight \"%1\": its external data \"%2\" cannot be opened here").arg(name, w->file),
                fileName());
        Result<ByteSourcePtr> external = m_siblings.open(w->file);
        if (!external)
            return external.error();
        source = *external;
    }
    switch (w->encoding) {
    case WeightEncoding::Plain:
        layout.offset = w->offset;
        break;
    case WeightEncoding::OnnxFields: {
        Result<QByteArray> values = decodeOnnxTypedField(*m_bytes, *w, m_limits);
        if (!values)
            return values.error();
        source = std::make_shared<MemorySource>(*values, fileName());
        if (w->narrow) // the codes of int32_data, packed as raw_data would hold them
            source = std::make_shared<NarrowFloatSource>(source, 0, w->elementCount, *w->narrow);
        break;
    }
    case WeightEncoding::Narrow:
        source = std::make_shared<NarrowFloatSource>(source, w->offset, w->elementCount, *w->narrow);
        break;
    case WeightEncoding::Ggml: {
        const GgmlType *type = ggmlType(w->ggmlType);
        Q_ASSERT(type && type->decode); // the GGUF reader lists only such weights with this encoding
        source = std::make_shared<GgmlBlockSource>(m_bytes, w->offset, w->elementCount, *type);
        break;
    }
    case WeightEncoding::Strided:
        source = std::make_shared<StridedSource>(m_bytes, w->offset, w->shape, w->strides, dtypeSize(*w->dtype));
        break;
    }
    return TensorReader::create(shown, layout, std::move(source), false, m_limits);
}

} // namespace carton
