// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// PyTorch files: TorchScript archives and torch.save zip checkpoints (a zip whose
// entries lie under one folder: data.pkl, data/KEY, code/, constants.pkl, version,
// byteorder) and legacy torch.save files (serialization.py's _legacy_save: the magic
// number, the protocol version and the system info as three pickles, the object
// pickle, the pickled list of storage keys, then per storage an 8-byte little-endian
// element count and its bytes). The pickles are evaluated by TorchPickle, never
// unpickled.
#include "model/modelfile.h"
#include "model/sourcecursor.h"
#include "model/torchpickle.h"
#include "model/torchscriptgraph.h"
#include "zip/zipreader.h"

#include <QHash>
#include <QtEndian>

namespace carton {

namespace {

// The pickled magic number 0x1950a86a20f9469cfc6c, as LONG1 (protocols 2+).
constexpr char kMagicLong1[] = "\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19";
constexpr qsizetype kMagicLong1Size = 12;
// ... as LONG text (protocols 0 and 1).
constexpr char kMagicText[] = "L119547037146038801333356";
constexpr qint64 kLegacyProtocolVersion = 1001;
constexpr qint64 kMaxPickleBytes = 1ll << 30; // a data.pkl read whole (metadata only: tensors are elsewhere)

struct StorageKind {
    const char *storage;
    std::optional<DType> dtype;
    int elementSize;
};

// torch's storage classes (torch/storage.py), by name.
const StorageKind *storageKind(const QString &type)
{
    static const StorageKind kinds[] = {
        {"FloatStorage", DType::Float32, 4},      {"DoubleStorage", DType::Float64, 8},
        {"HalfStorage", DType::Float16, 2},       {"BFloat16Storage", DType::BFloat16, 2},
        {"ByteStorage", DType::Uint8, 1},         {"CharStorage", DType::Int8, 1},
        {"ShortStorage", DType::Int16, 2},        {"IntStorage", DType::Int32, 4},
        {"LongStorage", DType::Int64, 8},         {"BoolStorage", DType::Bool, 1},
        {"ComplexFloatStorage", std::nullopt, 8}, {"ComplexDoubleStorage", std::nullopt, 16},
        {"QInt8Storage", std::nullopt, 1},        {"QUInt8Storage", std::nullopt, 1},
        {"QInt32Storage", std::nullopt, 4},       {"QUInt4x2Storage", std::nullopt, 1},
        {"QUInt2x4Storage", std::nullopt, 1},
    };
    for (const StorageKind &k : kinds)
        if (type == QLatin1StringView(k.storage))
            return &k;
    return nullptr;
}

QString joinNumbers(const QList<qint64> &values)
{
    QStringList parts;
    for (qint64 v : values)
        parts.append(QString::number(v));
    return parts.join(QStringLiteral(", "));
}

QString shortKey(const QString &key)
{
    return key.left(64);
}

// Turns the named tensors of a pickle into weights; `storageStart(storage)` gives
// where a storage's bytes start in the file and how many bytes are there (or an error).
struct StorageBytes {
    qint64 offset = -1;
    qint64 size = 0;
    QString note; // why its values cannot be shown (a compressed entry)
};

Result<QList<ModelWeight>>
makeWeights(const TorchPickle &pickle, const QString &location, const Limits &limits,
            const std::function<Result<StorageBytes>(const TorchValue &storage)> &storageBytes)
{
    Result<QList<TorchPickle::NamedTensor>> named = pickle.tensors(location);
    if (!named)
        return named.error();
    if (named->size() > limits.maxModelTensors)
        return makeError(
            ErrorCode::Limit,
            QStringLiteral("%1 tensors, more than the limit of %2").arg(named->size()).arg(limits.maxModelTensors),
            location);
    QList<ModelWeight> weights;
    QHash<const TorchValue *, StorageBytes> cache;
    for (const TorchPickle::NamedTensor &n : std::as_const(*named)) {
        const TorchValue &t = *n.tensor;
        const TorchValue &storage = *t.storage;
        ModelWeight w;
        w.name = n.name.isEmpty() ? QStringLiteral("tensor") : n.name;
        w.typeName = storage.storageType;
        const StorageKind *kind = storageKind(storage.storageType);
        if (!kind)
            return makeError(
                ErrorCode::Format,
                QStringLiteral("weight \"%1\": unknown storage type torch.%2").arg(w.name, storage.storageType),
                location);
        w.dtype = kind->dtype;
        w.shape = t.shape;
        const std::optional<qint64> count = checkedElementCount(t.shape, limits.maxTensorElements);
        if (!count)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("weight \"%1\": its shape has more elements than the limit of %2")
                                 .arg(w.name)
                                 .arg(limits.maxTensorElements),
                             location);
        w.elementCount = *count;
        const qint64 es = kind->elementSize;
        if (storage.numel > limits.maxTensorElements || storage.numel > (qint64(1) << 62) / es)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("weight \"%1\": storage \"%2\" declares %3 elements")
                                 .arg(w.name, shortKey(storage.text))
                                 .arg(storage.numel),
                             location);
        // The last element the view reaches must lie inside its storage.
        if (*count > 0) {
            bool past = t.storageOffset >= storage.numel;
            qint64 last = t.storageOffset;
            for (qsizetype k = 0; k < t.shape.size() && !past; ++k) {
                if (t.shape[k] <= 1 || t.strides[k] == 0)
                    continue;
                if (t.shape[k] - 1 > (storage.numel - 1 - last) / t.strides[k])
                    past = true;
                else
                    last += (t.shape[k] - 1) * t.strides[k];
            }
            if (past)
                return makeError(
                    ErrorCode::Format,
                    QStringLiteral("weight \"%1\": the view (offset %2, shape [%3], strides [%4]) reaches past "
                                   "the end of its storage \"%5\" of %6 elements")
                        .arg(w.name)
                        .arg(t.storageOffset)
                        .arg(joinNumbers(t.shape), joinNumbers(t.strides), shortKey(storage.text))
                        .arg(storage.numel),
                    location);
        }
        auto it = cache.constFind(&storage);
        if (it == cache.cend()) {
            Result<StorageBytes> bytes = storageBytes(storage);
            if (!bytes)
                return bytes.error();
            if (bytes->note.isEmpty() && bytes->size < storage.numel * es)
                return makeError(ErrorCode::Format,
                                 QStringLiteral("weight \"%1\": storage \"%2\" declares %3 elements (%4 bytes) but "
                                                "holds %5 bytes")
                                     .arg(w.name, shortKey(storage.text))
                                     .arg(storage.numel)
                                     .arg(storage.numel * es)
                                     .arg(bytes->size),
                                 location);
            it = cache.insert(&storage, *bytes);
        }
        w.byteSize = *count * es;
        if (!it->note.isEmpty()) {
            w.note = it->note;
        } else {
            w.offset = it->offset + t.storageOffset * es;
            // Contiguous in C order (dimensions of size 1 have any stride): zero copy.
            qint64 expected = 1;
            bool contiguous = true;
            for (qsizetype k = t.shape.size() - 1; k >= 0; --k) {
                if (t.shape[k] != 1 && t.strides[k] != expected)
                    contiguous = false;
                expected *= t.shape[k];
            }
            if (!contiguous && *count > 1) {
                w.encoding = WeightEncoding::Strided;
                w.strides = t.strides;
            }
        }
        if (!kind->dtype && w.note.isEmpty())
            w.note = QStringLiteral("%1 values cannot be shown").arg(storage.storageType);
        weights.append(std::move(w));
    }
    return weights;
}

} // namespace

bool looksLikeTorchLegacyHead(QByteArrayView head)
{
    QByteArrayView rest = head;
    if (rest.size() >= 2 && quint8(rest[0]) == 0x80)
        rest = rest.sliced(2); // PROTO n
    if (rest.size() >= 9 && quint8(rest[0]) == 0x95)
        rest = rest.sliced(9); // FRAME length (protocols 4 and 5)
    return rest.startsWith(QByteArrayView(kMagicLong1, kMagicLong1Size)) || rest.startsWith(kMagicText);
}

bool looksLikeTorchZipHead(QByteArrayView head)
{
    // The first local file header's name: "<folder>/data.pkl", "<folder>/data/0" ...
    if (head.size() < 31 || !head.startsWith("PK\x03\x04"))
        return false;
    const qsizetype nameLength = qFromLittleEndian<quint16>(head.data() + 26);
    const QByteArrayView name = head.sliced(30, std::min<qsizetype>(nameLength, head.size() - 30));
    const qsizetype slash = name.indexOf('/');
    if (slash < 0)
        return name.size() < nameLength; // the folder's name goes on past the head: look further
    if (slash == 0)
        return false;
    const QByteArrayView rest = name.sliced(slash + 1);
    for (const char *record : {"data.pkl", "data/", "version", ".data/", "code/", "constants.pkl", "byteorder",
                               ".format_version", ".storage_alignment", "extra/"}) {
        const QByteArrayView r(record);
        if (rest.size() >= r.size() ? rest.startsWith(r) : r.startsWith(rest))
            return true;
    }
    return false;
}

namespace {

// The archive's folder when every entry lies in one folder that has data.pkl.
QString torchArchiveFolder(const ZipReader &zip)
{
    QString folder;
    for (const ZipEntry &e : zip.entries()) {
        const qsizetype slash = e.name.indexOf(u'/');
        if (slash <= 0)
            return {};
        const QString top = e.name.left(slash);
        if (folder.isEmpty())
            folder = top;
        else if (top != folder)
            return {};
    }
    return !folder.isEmpty() && zip.find(folder + QStringLiteral("/data.pkl")) ? folder : QString();
}

// The tensors of one pickle of a torch archive: `name`.pkl, its storages in `name`/
// ("data.pkl" and data/, TorchScript's "constants.pkl" and constants/).
Result<QList<ModelWeight>> readArchivePickle(const ZipReader &zip, const QString &prefix, const QString &name,
                                             const Limits &limits, TorchInfo *info)
{
    const QString location = zip.source()->name() + QStringLiteral(": ") + prefix + name + QStringLiteral(".pkl");
    Result<QByteArray> data = zip.readEntry(*zip.find(prefix + name + QStringLiteral(".pkl")),
                                            std::min(kMaxPickleBytes, limits.maxModelMetadataBytes));
    if (!data)
        return data.error();
    if (data->size() >= 2 && quint8(data->at(0)) == 0x80)
        info->pickleProtocol = quint8(data->at(1));
    MemorySource pickleBytes(*data, location);
    SourceCursor cursor(pickleBytes);
    Result<TorchPickle> pickle = TorchPickle::evaluate(cursor, location);
    if (!pickle)
        return pickle.error();
    info->opaque = pickle->opaque();
    auto storageBytes = [&](const TorchValue &storage) -> Result<StorageBytes> {
        const QString entryName = prefix + name + u'/' + storage.text;
        const ZipEntry *e = storage.text.contains(u'/') ? nullptr : zip.find(entryName);
        if (!e)
            return makeError(ErrorCode::Format,
                             QStringLiteral("storage \"%1\" has no entry %2 in the archive")
                                 .arg(shortKey(storage.text), entryName.left(200)),
                             location);
        StorageBytes out;
        out.size = qint64(e->uncompressedSize);
        if (e->method != quint16(ZipMethod::Stored)) {
            out.note = QStringLiteral("its storage %1 is compressed (%2) in the archive: values cannot be shown")
                           .arg(entryName, zipMethodName(e->method));
            return out;
        }
        Result<qint64> offset = zip.dataOffset(*e);
        if (!offset)
            return offset.error();
        out.offset = *offset;
        return out;
    };
    return makeWeights(*pickle, location, limits, storageBytes);
}

ByteSourcePtr borrowed(const ByteSource &bytes)
{
    return ByteSourcePtr(ByteSourcePtr(), &bytes); // does not own: lives as long as the call
}

} // namespace

bool looksLikeTorchZip(const ByteSourcePtr &bytes, const Limits &limits)
{
    Result<std::unique_ptr<ZipReader>> zip = ZipReader::open(bytes, bytes->name(), limits);
    return zip && !torchArchiveFolder(**zip).isEmpty();
}

bool looksLikeTorchZip(const ByteSource &bytes, const Limits &limits)
{
    return looksLikeTorchZip(borrowed(bytes), limits);
}

namespace {

// The archive and its folder ("resnet/"), or why it is no PyTorch archive.
struct OpenArchive {
    std::unique_ptr<ZipReader> zip;
    QString folder;
};
Result<OpenArchive> openTorchArchive(const ByteSourcePtr &bytes, const Limits &limits)
{
    Result<std::unique_ptr<ZipReader>> opened = ZipReader::open(bytes, bytes->name(), limits);
    if (!opened)
        return opened.error();
    OpenArchive out{std::move(*opened), {}};
    out.folder = torchArchiveFolder(*out.zip);
    if (out.folder.isEmpty())
        return makeError(ErrorCode::Format,
                         QStringLiteral("not a PyTorch archive: its entries do not lie in one folder with a data.pkl"),
                         bytes->name());
    return out;
}

} // namespace

Result<ModelFile::Contents> readTorchZipModel(const ByteSourcePtr &bytes, const Limits &limits)
{
    Result<OpenArchive> opened = openTorchArchive(bytes, limits);
    if (!opened)
        return opened.error();
    const ZipReader &zip = *opened->zip;
    const QString &folder = opened->folder;
    const QString prefix = folder + u'/';
    TorchInfo info;
    info.archiveName = folder;
    for (const ZipEntry &e : zip.entries()) {
        const QString inner = e.name.mid(prefix.size());
        if (inner.startsWith(u"code/") && !e.isDirectory())
            info.codeFiles.append(inner);
    }
    info.torchScript = !info.codeFiles.isEmpty();
    for (const auto &[record, field] : {std::pair{QStringLiteral("version"), &info.version},
                                        std::pair{QStringLiteral("byteorder"), &info.byteOrder}}) {
        if (const ZipEntry *e = zip.find(prefix + record)) {
            Result<QByteArray> text = zip.readEntry(*e, 64);
            if (text)
                *field = QString::fromLatin1(text->trimmed());
        } else if (const ZipEntry *hidden = zip.find(prefix + u'.' + u"data/" + record)) {
            Result<QByteArray> text = zip.readEntry(*hidden, 64);
            if (text)
                *field = QString::fromLatin1(text->trimmed());
        }
    }
    if (!info.byteOrder.isEmpty() && info.byteOrder != u"little")
        return makeError(
            ErrorCode::Unsupported,
            QStringLiteral("byteorder \"%1\": only little-endian archives are read").arg(info.byteOrder.left(20)),
            bytes->name());
    Result<QList<ModelWeight>> weights = readArchivePickle(zip, prefix, QStringLiteral("data"), limits, &info);
    if (!weights)
        return weights.error();
    // TorchScript's tensor constants (constants.pkl, storages in constants/), named as
    // its code names them: CONSTANTS.c0, CONSTANTS.c1...
    if (zip.find(prefix + QStringLiteral("constants.pkl"))) {
        TorchInfo constantsInfo;
        Result<QList<ModelWeight>> constants =
            readArchivePickle(zip, prefix, QStringLiteral("constants"), limits, &constantsInfo);
        if (!constants)
            return constants.error();
        for (ModelWeight &w : *constants) {
            w.name = QStringLiteral("CONSTANTS.c") + w.name;
            weights->append(std::move(w));
        }
        for (const QString &o : std::as_const(constantsInfo.opaque))
            if (!info.opaque.contains(o))
                info.opaque.append(o);
    }
    ModelFile::Contents out;
    out.format = ModelFormat::TorchZip;
    out.weights = std::move(*weights);
    out.torch = std::move(info);
    return out;
}

Result<ModelFile::Contents> readTorchLegacyModel(const ByteSource &bytes, const Limits &limits)
{
    const QString location = bytes.name();
    SourceCursor cursor(bytes);
    auto next = [&](const char *what) -> Result<TorchPickle> {
        Result<TorchPickle> p = TorchPickle::evaluate(cursor, location);
        if (!p)
            return makeError(p.error().code, QStringLiteral("%1: %2").arg(QLatin1StringView(what), p.error().message),
                             location);
        return p;
    };
    Result<TorchPickle> magic = next("the magic number");
    if (!magic)
        return magic.error();
    Result<TorchPickle> protocol = next("the protocol version");
    if (!protocol)
        return protocol.error();
    if (protocol->root()->kind != TorchValue::Kind::Int || protocol->root()->integer != kLegacyProtocolVersion)
        return makeError(
            ErrorCode::Format,
            QStringLiteral("the protocol version is not %1 (torch.save's legacy format)").arg(kLegacyProtocolVersion),
            location);
    Result<TorchPickle> sysInfo = next("the system info");
    if (!sysInfo)
        return sysInfo.error();
    const TorchValue *sys = sysInfo->root();
    if (sys->kind == TorchValue::Kind::Dict)
        for (size_t i = 0; i + 1 < sys->items.size(); i += 2)
            if (sys->items[i]->text == u"little_endian" && sys->items[i + 1]->kind == TorchValue::Kind::Bool &&
                !sys->items[i + 1]->integer)
                return makeError(ErrorCode::Unsupported,
                                 QStringLiteral("a big-endian file: only little-endian files are read"), location);
    const qint64 objectStart = cursor.position();
    Result<TorchPickle> object = next("the saved object");
    if (!object)
        return object.error();
    TorchInfo info;
    info.version = QString::number(kLegacyProtocolVersion);
    {
        char head[2] = {};
        if (bytes.read(objectStart, 2, head) && quint8(head[0]) == 0x80)
            info.pickleProtocol = quint8(head[1]);
    }
    info.opaque = object->opaque();
    Result<TorchPickle> keys = next("the storage keys");
    if (!keys)
        return keys.error();
    const TorchValue *keyList = keys->root();
    if (keyList->kind != TorchValue::Kind::List)
        return makeError(ErrorCode::Format, QStringLiteral("the storage keys are not a list"), location);
    // The root storages by key, with their element size (from the object's persistent ids).
    QHash<QString, const TorchValue *> roots;
    for (const TorchValue *s : object->storages())
        if (!roots.contains(s->text))
            roots.insert(s->text, s);
    QHash<QString, StorageBytes> found;
    qint64 pos = cursor.position();
    for (const TorchValue *key : keyList->items) {
        const QString k = key->kind == TorchValue::Kind::Int ? QString::number(key->integer) : key->text;
        const TorchValue *storage = roots.value(k);
        if (!storage)
            return makeError(ErrorCode::Format,
                             QStringLiteral("storage key \"%1\" is listed but no tensor uses it").arg(shortKey(k)),
                             location);
        const StorageKind *kind = storageKind(storage->storageType);
        if (!kind)
            return makeError(ErrorCode::Format,
                             QStringLiteral("unknown storage type torch.%1").arg(storage->storageType), location);
        char count[8];
        if (pos > bytes.size() - 8 || !bytes.read(pos, 8, count))
            return makeError(ErrorCode::Format,
                             QStringLiteral("storage \"%1\": the file ends before its element count (byte %2)")
                                 .arg(shortKey(k))
                                 .arg(pos),
                             location);
        const quint64 n = qFromLittleEndian<quint64>(count);
        const qint64 left = bytes.size() - pos - 8;
        if (n > quint64(left) / quint64(kind->elementSize))
            return makeError(ErrorCode::Format,
                             QStringLiteral("storage \"%1\" declares %2 elements (%3 bytes each) but the file has %4 "
                                            "bytes left")
                                 .arg(shortKey(k))
                                 .arg(n)
                                 .arg(kind->elementSize)
                                 .arg(left),
                             location);
        found.insert(k, StorageBytes{pos + 8, qint64(n) * kind->elementSize, {}});
        pos += 8 + qint64(n) * kind->elementSize;
    }
    auto storageBytes = [&](const TorchValue &storage) -> Result<StorageBytes> {
        const auto it = found.constFind(storage.text);
        if (it == found.cend())
            return makeError(
                ErrorCode::Format,
                QStringLiteral("storage \"%1\" is not in the file's list of storages").arg(shortKey(storage.text)),
                location);
        const StorageKind *kind = storageKind(storage.storageType);
        const qint64 es = kind ? kind->elementSize : 1;
        StorageBytes view = *it;
        view.offset += storage.viewOffset * es; // a view of its root storage
        view.size -= storage.viewOffset * es;
        return view;
    };
    Result<QList<ModelWeight>> weights = makeWeights(*object, location, limits, storageBytes);
    if (!weights)
        return weights.error();
    ModelFile::Contents out;
    out.format = ModelFormat::TorchLegacy;
    out.weights = std::move(*weights);
    out.torch = std::move(info);
    return out;
}

Result<OnnxInfo> readTorchScriptGraph(const ByteSourcePtr &bytes, const Limits &limits)
{
    Result<OpenArchive> opened = openTorchArchive(bytes, limits);
    if (!opened)
        return opened.error();
    const ZipReader &zip = *opened->zip;
    const QString prefix = opened->folder + u'/';
    const QString location = bytes->name() + QStringLiteral(": ") + prefix + QStringLiteral("data.pkl");
    Result<QByteArray> data = zip.readEntry(*zip.find(prefix + QStringLiteral("data.pkl")),
                                            std::min(kMaxPickleBytes, limits.maxModelMetadataBytes));
    if (!data)
        return data.error();
    MemorySource pickleBytes(*data, location);
    SourceCursor cursor(pickleBytes);
    Result<TorchPickle> pickle = TorchPickle::evaluate(cursor, location);
    if (!pickle)
        return pickle.error();
    TorchScriptArchive archive;
    archive.location = bytes->name();
    archive.root = pickle->root();
    archive.readCode = [&](const QString &path, qint64 maxBytes) -> Result<QByteArray> {
        const ZipEntry *e = zip.find(prefix + path);
        if (!e || e->isDirectory())
            return makeError(ErrorCode::NotFound, QStringLiteral("the archive has no %1").arg(path.left(300)),
                             bytes->name());
        if (qint64(e->uncompressedSize) > maxBytes)
            return makeError(
                ErrorCode::Limit,
                QStringLiteral("%1 bytes, more than the limit of %2").arg(e->uncompressedSize).arg(maxBytes - 1), path);
        return zip.readEntry(*e, maxBytes);
    };
    return buildTorchScriptGraph(archive);
}

} // namespace carton
