// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// GGUF v2/v3 (https://github.com/ggml-org/ggml/blob/master/docs/gguf.md): the header,
// metadata key/values and tensor infos; tensor bytes are never read here.
#include "model/ggmltypes.h"
#include "model/modelfile.h"
#include "model/sourcecursor.h"
#include "tensor/tensor.h"
#include "tensor/tensorregion.h"

#include <QSet>
#include <QtEndian>
#include <algorithm>
#include <array>
#include <cstring>
#include <limits>

namespace carton {

namespace {

constexpr qint64 kMaxKey = 64 << 10;     // a key or tensor name
constexpr qint64 kMaxShownString = 4096; // a string value, as kept
// A chat template (tokenizer.chat_template, tokenizer.chat_template.NAME), kept
// whole up to this size: the safety scan reads all of it (runtimes render it as
// Jinja). Real ones are under 20 KiB.
constexpr qint64 kMaxChatTemplate = 1 << 20;
constexpr qint64 kMaxShownElement = 64; // a string in an array, as shown
constexpr int kMaxArrayDepth = 4;       // arrays of arrays of...
constexpr quint32 kMaxDims = 4;         // GGML_MAX_DIMS

enum ValueType : quint32 { U8, I8, U16, I16, U32, I32, F32, Bool, String, Array, U64, I64, F64 };

const char *valueTypeName(quint32 type)
{
    static const char *const names[] = {"uint8", "int8",   "uint16", "int16",  "uint32", "int32",  "float32",
                                        "bool",  "string", "array",  "uint64", "int64",  "float64"};
    return type < std::size(names) ? names[type] : nullptr;
}

int valueSize(quint32 type)
{
    switch (type) {
    case U8:
    case I8:
    case Bool:
        return 1;
    case U16:
    case I16:
        return 2;
    case U32:
    case I32:
    case F32:
        return 4;
    case U64:
    case I64:
    case F64:
        return 8;
    default:
        return 0;
    }
}

class GgufParser {
public:
    GgufParser(const ByteSource &bytes, const Limits &limits) : m_cursor(bytes), m_file(bytes.name()), m_limits(limits)
    {
    }

    Result<ModelFile::Contents> parse()
    {
        ModelFile::Contents out;
        out.format = ModelFormat::Gguf;
        GgufInfo info;
        char magic[4];
        if (Status s = m_cursor.read(magic, 4); !s || std::memcmp(magic, "GGUF", 4) != 0)
            return fail(QStringLiteral("magic"), QStringLiteral("the file does not start with \"GGUF\""));
        Result<quint32> version = m_cursor.u32le();
        if (!version)
            return fail(QStringLiteral("version"), version.error().message);
        if (*version == 1)
            return fail(QStringLiteral("version"),
                        QStringLiteral("GGUF version 1 (32-bit counts) is not supported; convert it to version 3"),
                        ErrorCode::Unsupported);
        if (*version == 0x02000000 || *version == 0x03000000)
            return fail(QStringLiteral("version"), QStringLiteral("big-endian GGUF files are not supported"),
                        ErrorCode::Unsupported);
        if (*version != 2 && *version != 3)
            return fail(QStringLiteral("version"),
                        QStringLiteral("version %1 is not one this reader knows (2 or 3)").arg(*version),
                        ErrorCode::Unsupported);
        info.version = *version;
        Result<quint64> tensorCount = m_cursor.u64le();
        Result<quint64> kvCount = tensorCount ? m_cursor.u64le() : tensorCount;
        if (!kvCount)
            return fail(QStringLiteral("header"), kvCount.error().message);
        // Each key/value needs at least 13 bytes, each tensor info 24: counts beyond
        // what the file can hold are lies.
        if (*tensorCount > quint64(m_limits.maxModelTensors) || *tensorCount > quint64(m_cursor.remaining() / 24))
            return fail(QStringLiteral("tensor_count"),
                        QStringLiteral("%1 tensors: more than the file can hold or the limit of %2")
                            .arg(*tensorCount)
                            .arg(m_limits.maxModelTensors),
                        ErrorCode::Limit);
        if (*kvCount > quint64(m_limits.maxModelNodes) || *kvCount > quint64(m_cursor.remaining() / 13))
            return fail(QStringLiteral("metadata_kv_count"),
                        QStringLiteral("%1 key/values: more than the file can hold or the limit of %2")
                            .arg(*kvCount)
                            .arg(m_limits.maxModelNodes),
                        ErrorCode::Limit);
        QSet<QString> keys;
        for (quint64 i = 0; i < *kvCount; ++i) {
            GgufValue v;
            if (Status s = readKeyValue(i, v, &info.alignment); !s)
                return s.error();
            if (keys.contains(v.key))
                return fail(QStringLiteral("metadata[%1]").arg(i), QStringLiteral("duplicate key \"%1\"").arg(v.key));
            keys.insert(v.key);
            info.metadata.append(std::move(v));
        }
        QSet<QString> names;
        for (quint64 i = 0; i < *tensorCount; ++i) {
            ModelWeight w;
            if (Status s = readTensorInfo(i, w); !s)
                return s.error();
            if (names.contains(w.name))
                return fail(QStringLiteral("tensor_infos[%1]").arg(i),
                            QStringLiteral("duplicate tensor name \"%1\"").arg(w.name));
            names.insert(w.name);
            out.weights.append(std::move(w));
        }
        const qint64 end = m_cursor.position();
        info.dataOffset = (end + info.alignment - 1) / info.alignment * info.alignment;
        if (Status s = placeTensors(out.weights, info); !s)
            return s.error();
        out.gguf = std::move(info);
        return out;
    }

private:
    Error fail(const QString &where, const QString &message, ErrorCode code = ErrorCode::Format) const
    {
        return makeError(code, where + QStringLiteral(": ") + message, m_file);
    }

    Status keep(const QString &where, qint64 bytes)
    {
        m_kept += bytes + 32;
        if (m_kept > m_limits.maxModelMetadataBytes)
            return fail(where,
                        QStringLiteral("the metadata needs more than the limit of %1 bytes")
                            .arg(m_limits.maxModelMetadataBytes),
                        ErrorCode::Limit);
        return {};
    }

    // A gguf_string: u64 length, then UTF-8 bytes; at most `keepBytes` are returned
    // (the rest is skipped), a length over `max` is an error.
    Result<QString> string(const QString &where, qint64 max, qint64 keepBytes, bool *cut = nullptr)
    {
        Result<quint64> length = m_cursor.u64le();
        if (!length)
            return fail(where, length.error().message);
        if (*length > quint64(max) || *length > quint64(m_cursor.remaining()))
            return fail(where, QStringLiteral("string length %1 is more than %2")
                                   .arg(*length)
                                   .arg(*length > quint64(max) ? QStringLiteral("the limit of %1 bytes").arg(max)
                                                               : QStringLiteral("the rest of the file")));
        const qint64 kept = std::min<qint64>(qint64(*length), keepBytes);
        QByteArray bytes(kept, Qt::Uninitialized);
        if (Status s = m_cursor.read(bytes.data(), kept); !s)
            return fail(where, s.error().message);
        if (Status s = m_cursor.skip(qint64(*length) - kept); !s)
            return fail(where, s.error().message);
        if (cut)
            *cut = kept < qint64(*length);
        return QString::fromUtf8(bytes);
    }

    Result<QString> scalarText(const QString &where, quint32 type)
    {
        const int size = valueSize(type);
        uchar b[8] = {};
        if (Status s = m_cursor.read(reinterpret_cast<char *>(b), size); !s)
            return fail(where, s.error().message);
        switch (type) {
        case U8:
            return QString::number(b[0]);
        case I8:
            return QString::number(qint8(b[0]));
        case Bool:
            if (b[0] > 1)
                return fail(where, QStringLiteral("bool value %1 is neither 0 nor 1").arg(b[0]));
            return b[0] ? QStringLiteral("true") : QStringLiteral("false");
        case U16:
            return QString::number(qFromLittleEndian<quint16>(b));
        case I16:
            return QString::number(qFromLittleEndian<qint16>(b));
        case U32:
            return QString::number(qFromLittleEndian<quint32>(b));
        case I32:
            return QString::number(qFromLittleEndian<qint32>(b));
        case U64:
            return QString::number(qFromLittleEndian<quint64>(b));
        case I64:
            return QString::number(qFromLittleEndian<qint64>(b));
        case F32: {
            const quint32 bits = qFromLittleEndian<quint32>(b);
            float f;
            std::memcpy(&f, &bits, 4);
            return QString::number(f);
        }
        default: {
            const quint64 bits = qFromLittleEndian<quint64>(b);
            double d;
            std::memcpy(&d, &bits, 8);
            return QString::number(d);
        }
        }
    }

    // A value of `type` as text; arrays show their first GgufValue::kMaxValues values.
    Status value(const QString &where, quint32 type, GgufValue &v, int depth)
    {
        if (type == String) {
            bool cut = false;
            const qint64 keep =
                depth == 0 && v.key.startsWith(u"tokenizer.chat_template") ? kMaxChatTemplate : kMaxShownString;
            Result<QString> s = string(where, m_cursor.remaining(), keep, &cut);
            if (!s)
                return s.error();
            v.text = cut ? *s + QStringLiteral("…") : *s;
            return {};
        }
        if (type != Array) {
            Result<QString> s = scalarText(where, type);
            if (!s)
                return s.error();
            v.text = *s;
            return {};
        }
        if (depth >= kMaxArrayDepth)
            return fail(where, QStringLiteral("arrays nested more than %1 deep").arg(kMaxArrayDepth), ErrorCode::Limit);
        Result<quint32> elementType = m_cursor.u32le();
        Result<quint64> count = elementType ? m_cursor.u64le() : Result<quint64>(elementType.error());
        if (!count)
            return fail(where, count.error().message);
        if (!valueTypeName(*elementType))
            return fail(where, QStringLiteral("array element type %1 is not a GGUF value type").arg(*elementType));
        const int size = valueSize(*elementType);
        // Strings need at least their 8-byte length, arrays their 12-byte header.
        const qint64 least = size > 0 ? size : (*elementType == String ? 8 : 12);
        if (*count > quint64(m_cursor.remaining() / least))
            return fail(where, QStringLiteral("%1 elements of %2 do not fit in the rest of the file")
                                   .arg(*count)
                                   .arg(QLatin1String(valueTypeName(*elementType))));
        v.type = QStringLiteral("array[%1]").arg(QLatin1String(valueTypeName(*elementType)));
        v.count = qint64(*count);
        QStringList shown;
        for (quint64 i = 0; i < *count; ++i) {
            const bool show = i < quint64(GgufValue::kMaxValues);
            if (!show && size > 0) { // the rest of a numeric array, skipped in one go
                if (Status s = m_cursor.skip(qint64(*count - i) * size); !s)
                    return fail(where, s.error().message);
                break;
            }
            GgufValue element;
            if (*elementType == String) {
                bool cut = false;
                Result<QString> s = string(where + QStringLiteral("[%1]").arg(i), m_cursor.remaining(),
                                           show ? kMaxShownElement : 0, &cut);
                if (!s)
                    return s.error();
                element.text = QStringLiteral("\"%1%2\"").arg(*s, cut ? QStringLiteral("…") : QString());
            } else if (Status s = value(where + QStringLiteral("[%1]").arg(i), *elementType, element, depth + 1); !s) {
                return s;
            }
            if (show)
                shown.append(element.type.startsWith(u"array") ? QStringLiteral("[%1]").arg(element.text)
                                                               : element.text);
        }
        v.text = shown.join(QStringLiteral(", "));
        if (v.count > shown.size())
            v.text += QStringLiteral(", … (%1 values)").arg(v.count);
        return {};
    }

    Status readKeyValue(quint64 index, GgufValue &v, qint64 *alignment)
    {
        const QString where = QStringLiteral("metadata[%1]").arg(index);
        Result<QString> key = string(where + QStringLiteral(".key"), kMaxKey, kMaxKey);
        if (!key)
            return key.error();
        v.key = *key;
        const QString at = QStringLiteral("metadata \"%1\"").arg(v.key);
        Result<quint32> type = m_cursor.u32le();
        if (!type)
            return fail(at, type.error().message);
        if (!valueTypeName(*type))
            return fail(at, QStringLiteral("value type %1 is not a GGUF value type").arg(*type));
        v.type = QLatin1String(valueTypeName(*type));
        if (Status s = value(at, *type, v, 0); !s)
            return s;
        if (v.key == u"general.alignment") {
            const qint64 a = v.text.toLongLong();
            if (*type != U32 || a <= 0 || (a & (a - 1)) != 0)
                return fail(at, QStringLiteral("must be a uint32 power of two, found %1 %2").arg(v.type, v.text));
            *alignment = a;
        }
        return keep(at, (v.key.size() + v.text.size()) * 2);
    }

    Status readTensorInfo(quint64 index, ModelWeight &w)
    {
        QString where = QStringLiteral("tensor_infos[%1]").arg(index);
        Result<QString> name = string(where + QStringLiteral(".name"), kMaxKey, kMaxKey);
        if (!name)
            return name.error();
        w.name = *name;
        where += QStringLiteral(" (\"%1\")").arg(w.name);
        Result<quint32> dims = m_cursor.u32le();
        if (!dims)
            return fail(where, dims.error().message);
        if (*dims > kMaxDims)
            return fail(where + QStringLiteral(".n_dimensions"),
                        QStringLiteral("%1 dimensions, more than ggml's %2").arg(*dims).arg(kMaxDims));
        QList<qint64> ne;
        for (quint32 d = 0; d < *dims; ++d) {
            Result<quint64> n = m_cursor.u64le();
            if (!n)
                return fail(where + QStringLiteral(".dimensions"), n.error().message);
            if (*n > quint64(std::numeric_limits<qint64>::max()))
                return fail(where + QStringLiteral(".dimensions"), QStringLiteral("dimension %1 is too large").arg(*n));
            ne.append(qint64(*n));
        }
        Result<quint32> typeId = m_cursor.u32le();
        Result<quint64> offset = typeId ? m_cursor.u64le() : Result<quint64>(typeId.error());
        if (!offset)
            return fail(where, offset.error().message);
        const GgmlType *type = *typeId <= 255 ? ggmlType(int(*typeId)) : nullptr;
        if (!type)
            return fail(where + QStringLiteral(".type"),
                        QStringLiteral("ggml type %1 is not one this reader knows").arg(*typeId),
                        ErrorCode::Unsupported);
        w.typeName = QLatin1String(type->name);
        std::reverse(ne.begin(), ne.end()); // ggml's ne[0] is the fastest-moving dimension: C order reverses it
        w.shape = ne;
        const std::optional<qint64> count = checkedElementCount(w.shape, m_limits.maxTensorElements);
        if (!count)
            return fail(where + QStringLiteral(".dimensions"),
                        QStringLiteral("the element count of %1 overflows or exceeds the limit of %2")
                            .arg(shapeText(w.shape))
                            .arg(m_limits.maxTensorElements),
                        ErrorCode::Limit);
        const qint64 rowLength = w.shape.isEmpty() ? 1 : w.shape.last();
        if (rowLength % type->blockElements != 0)
            return fail(where + QStringLiteral(".dimensions"),
                        QStringLiteral("%1 rows of %2 elements are not whole blocks of %3")
                            .arg(w.typeName)
                            .arg(rowLength)
                            .arg(type->blockElements));
        w.elementCount = *count;
        w.byteSize = *count / type->blockElements * type->blockBytes;
        if (*offset > quint64(std::numeric_limits<qint64>::max() / 2))
            return fail(where + QStringLiteral(".offset"), QStringLiteral("offset %1 is too large").arg(*offset));
        w.offset = qint64(*offset); // relative to the data section until placeTensors()
        if (type->decode) {
            w.dtype = DType::Float32;
            w.encoding = WeightEncoding::Ggml;
            w.ggmlType = type->id;
        } else {
            w.dtype = type->dtype;
        }
        return keep(where, w.name.size() * 2);
    }

    // Tensor offsets: multiples of the alignment, inside the file, not overlapping.
    Status placeTensors(QList<ModelWeight> &weights, const GgufInfo &info) const
    {
        const qint64 size = m_cursor.source().size();
        if (info.dataOffset > size && !weights.isEmpty())
            return fail(QStringLiteral("tensor data"),
                        QStringLiteral("starts at byte %1, past the end of the file (%2 bytes)")
                            .arg(info.dataOffset)
                            .arg(size));
        QList<const ModelWeight *> order;
        for (ModelWeight &w : weights) {
            const QString where = QStringLiteral("tensor \"%1\".offset").arg(w.name);
            if (w.offset % info.alignment != 0)
                return fail(
                    where,
                    QStringLiteral("%1 is not a multiple of the alignment %2").arg(w.offset).arg(info.alignment));
            if (w.offset > size - info.dataOffset || w.byteSize > size - info.dataOffset - w.offset)
                return fail(where, QStringLiteral("bytes %1..%2 of the data section lie past the end of the file "
                                                  "(the data section holds %3 bytes)")
                                       .arg(w.offset)
                                       .arg(w.offset + w.byteSize)
                                       .arg(size - info.dataOffset));
            w.offset += info.dataOffset;
            order.append(&w);
        }
        std::sort(order.begin(), order.end(),
                  [](const ModelWeight *a, const ModelWeight *b) { return a->offset < b->offset; });
        for (qsizetype i = 1; i < order.size(); ++i)
            if (order[i]->offset < order[i - 1]->offset + order[i - 1]->byteSize)
                return fail(QStringLiteral("tensor \"%1\".offset").arg(order[i]->name),
                            QStringLiteral("its bytes overlap tensor \"%1\"").arg(order[i - 1]->name));
        return {};
    }

    SourceCursor m_cursor;
    QString m_file;
    const Limits &m_limits;
    qint64 m_kept = 0;
};

} // namespace

Result<ModelFile::Contents> readGgufModel(const ByteSource &bytes, const Limits &limits)
{
    return GgufParser(bytes, limits).parse();
}

} // namespace carton
