// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// ONNX TensorProto: where an initializer's values lie (raw_data, a packed typed
// field, external data) and, for values in varint fields, their decoding.
#include "base/archivepath.h"
#include "model/onnxparser_p.h"
#include "tensor/tensor.h"
#include "tensor/tensorregion.h"

#include <QtEndian>
#include <cstring>
#include <limits>

namespace carton {

namespace onnx {

Status OnnxParser::parseTensor(const QString &whereIn, const Field &message, ModelWeight &w, bool weight)
{
    QString where = whereIn;
    if (message.type != WireReader::Length)
        return wrongType(where, message, WireReader::Length);
    w.messageOffset = message.offset;
    w.messageLength = message.length;
    qint64 code = 0;
    std::optional<Field> raw;
    QList<Field> typed[16]; // by field number
    QList<std::pair<QString, QString>> external;
    bool externalLocation = false;
    const Status status = forEachField(where, message, [&](const Field &f) -> Status {
        Status status;
        const QString field = where + QLatin1Char('.') + QLatin1String(tensorFieldName(int(f.number)));
        switch (f.number) {
        case onnx::TensorDims:
            status = m_wire.forEachScalar(f, 0, [&](quint64 d) -> Status {
                if (w.shape.size() >= kMaxDims)
                    return fail(field, QStringLiteral("more than %1 dims").arg(kMaxDims), ErrorCode::Limit);
                if (qint64(d) < 0)
                    return fail(field, QStringLiteral("negative dimension %1").arg(qint64(d)));
                w.shape.append(qint64(d));
                return {};
            });
            break;
        case onnx::TensorDataType:
            code = qint64(f.value);
            break;
        case onnx::TensorName:
            status = text(field, f, w.name);
            if (status)
                where = whereIn + QStringLiteral(" (%1)").arg(quoteName(w.name));
            break;
        case onnx::TensorRawData:
            if (f.type != WireReader::Length)
                status = wrongType(field, f, WireReader::Length);
            raw = f;
            break;
        case onnx::TensorSegment:
            status = fail(field, QStringLiteral("segmented tensors are not supported"), ErrorCode::Unsupported);
            break;
        case onnx::TensorFloatData:
        case onnx::TensorInt32Data:
        case onnx::TensorStringData:
        case onnx::TensorInt64Data:
        case onnx::TensorDoubleData:
        case onnx::TensorUint64Data:
            if (typed[f.number].size() < 2) // one packed field is a range; more means decoding
                typed[f.number].append(f);
            else
                typed[f.number][1] = f;
            break;
        case onnx::TensorExternalData: {
            std::pair<QString, QString> kv;
            if (external.size() >= 64)
                status = fail(field, QStringLiteral("more than 64 entries"), ErrorCode::Limit);
            else
                status = parsePair(field, f, &kv.first, &kv.second, nullptr);
            external.append(kv);
            break;
        }
        case onnx::TensorDataLocation:
            externalLocation = f.value == 1;
            break;
        default:
            break;
        }
        return status;
    });
    if (!status)
        return status;

    const onnx::ElemType *type = onnx::elemType(code);
    w.typeName = type ? QString::fromLatin1(type->name) : QStringLiteral("type %1").arg(code);
    w.dtype = type ? type->dtype : std::nullopt;
    const std::optional<qint64> count = checkedElementCount(w.shape, m_limits.maxTensorElements);
    if (!count)
        return fail(where + QStringLiteral(".dims"),
                    QStringLiteral("the element count of %1 overflows or exceeds the limit of %2")
                        .arg(shapeText(w.shape))
                        .arg(m_limits.maxTensorElements),
                    ErrorCode::Limit);
    w.elementCount = *count;
    if (!weight) {
        if (raw && !externalLocation) { // where an attribute's values lie (small ones are shown)
            w.offset = raw->offset;
            w.byteSize = raw->length;
        }
        return keep(where, w.name.size() * 2);
    }
    if (!type || code == 0)
        return fail(where + QStringLiteral(".data_type"), QStringLiteral("%1 is not an ONNX data type").arg(code));
    if (type->narrow) {
        w.dtype = DType::Float32;
        w.encoding = WeightEncoding::Narrow;
        w.narrow = type->narrow;
    } else if (!type->dtype) {
        w.note = QStringLiteral("%1 values cannot be shown").arg(w.typeName);
    }
    // Stored bytes: sub-byte types pack two elements per byte, rounded up.
    const qint64 bits = type->bits;
    const qint64 need =
        bits == 0 ? -1 : (*count > std::numeric_limits<qint64>::max() / bits ? -2 : (*count * bits + 7) / 8);
    if (need == -2)
        return fail(where, QStringLiteral("the byte size overflows"), ErrorCode::Limit);
    if (externalLocation || !external.isEmpty()) {
        if (!externalLocation)
            return fail(where + QStringLiteral(".data_location"), QStringLiteral("external_data is set, but "
                                                                                 "data_location is not EXTERNAL"));
        QString location;
        qint64 offset = 0, length = -1;
        for (const auto &[key, value] : std::as_const(external)) {
            bool ok = true;
            if (key == u"location")
                location = value;
            else if (key == u"offset")
                offset = value.toLongLong(&ok);
            else if (key == u"length")
                length = value.toLongLong(&ok);
            if (!ok || offset < 0 || (key == u"length" && length < 0))
                return fail(where + QStringLiteral(".external_data"),
                            QStringLiteral("%1 \"%2\" is not a non-negative integer").arg(key, value));
        }
        Result<QString> safe = checkArchivePath(location, m_file);
        if (location.isEmpty() || !safe)
            return fail(where + QStringLiteral(".external_data"),
                        QStringLiteral("location \"%1\" is not a safe relative path beside the model%2")
                            .arg(location, safe ? QString() : QStringLiteral(" (") + safe.error().message + u')'),
                        ErrorCode::Unsafe);
        if (need < 0)
            return fail(where, QStringLiteral("%1 tensors cannot be stored externally").arg(w.typeName));
        if (length >= 0 && length != need)
            return fail(where + QStringLiteral(".external_data"),
                        QStringLiteral("length %1 does not match the %2 bytes %3 %4 needs")
                            .arg(length)
                            .arg(need)
                            .arg(w.typeName, shapeText(w.shape)));
        const std::optional<qint64> size = m_siblings.size ? m_siblings.size(location) : std::nullopt;
        if (!size)
            return fail(where + QStringLiteral(".external_data"),
                        QStringLiteral("the external data file \"%1\" is not beside the model").arg(location),
                        ErrorCode::NotFound);
        if (offset > *size || need > *size - offset)
            return fail(where + QStringLiteral(".external_data"),
                        QStringLiteral("bytes %1..%2 lie outside \"%3\" (%4 bytes)")
                            .arg(offset)
                            .arg(offset + need)
                            .arg(location)
                            .arg(*size));
        w.file = location;
        w.offset = offset;
        w.byteSize = need;
        return keep(where, (w.name.size() + location.size()) * 2);
    }
    if (raw) {
        if (need < 0)
            return fail(where + QStringLiteral(".raw_data"),
                        QStringLiteral("%1 tensors have no raw_data").arg(w.typeName));
        if (raw->length != need)
            return fail(where + QStringLiteral(".raw_data"), QStringLiteral("holds %1 bytes, but %2 %3 needs %4 bytes")
                                                                 .arg(raw->length)
                                                                 .arg(w.typeName, shapeText(w.shape))
                                                                 .arg(need));
        w.offset = raw->offset;
        w.byteSize = raw->length;
        return keep(where, w.name.size() * 2);
    }
    const onnx::TypedField typedField = onnx::typedFieldFor(code);
    const QList<Field> &fields = typed[typedField.number];
    for (int other : {4, 5, 6, 7, 10, 11})
        if (other != typedField.number && !typed[other].isEmpty())
            return fail(where + QLatin1Char('.') + QLatin1String(tensorFieldName(other)),
                        QStringLiteral("does not hold %1 values (expected %2)")
                            .arg(w.typeName, QLatin1String(tensorFieldName(typedField.number))));
    if (fields.isEmpty()) {
        if (*count != 0)
            return fail(where, QStringLiteral("has no data (no raw_data, %1 or external_data) for %2 elements")
                                   .arg(QLatin1String(tensorFieldName(typedField.number)))
                                   .arg(*count));
        w.byteSize = 0;
        return keep(where, w.name.size() * 2);
    }
    if (code == 8) { // STRING
        w.note = QStringLiteral("string tensors cannot be shown");
        return keep(where, w.name.size() * 2);
    }
    // One packed field of fixed-width elements of the tensor's own type: a range.
    const Field &first = fields.first();
    if (fields.size() == 1 && first.type == WireReader::Length && typedField.width > 0 && type->dtype &&
        dtypeSize(*type->dtype) == typedField.width) {
        if (first.length != need)
            return fail(where + QLatin1Char('.') + QLatin1String(tensorFieldName(typedField.number)),
                        QStringLiteral("holds %1 bytes, but %2 %3 needs %4 bytes")
                            .arg(first.length)
                            .arg(w.typeName, shapeText(w.shape))
                            .arg(need));
        w.offset = first.offset;
        w.byteSize = first.length;
        return keep(where, w.name.size() * 2);
    }
    // Narrow codes in int32_data stay `narrow`: decoded to their packed bytes, then read as float32.
    w.encoding = WeightEncoding::OnnxFields;
    w.byteSize = need; // the values' bytes once decoded (the file holds them as varints)
    return keep(where, w.name.size() * 2);
}

Result<QByteArray> OnnxParser::decodeTypedField(const ModelWeight &w, qint64 code)
{
    const onnx::ElemType *type = onnx::elemType(code);
    // Narrow types (FLOAT8*, FLOAT4E2M1, INT4, UINT4) keep one byte of codes per
    // int32_data value: one 8-bit element, or two 4-bit ones (the first in the low
    // nibble), as raw_data packs them.
    const bool narrow = w.narrow.has_value();
    const int size = narrow ? 1 : w.dtype ? dtypeSize(*w.dtype) : 0;
    const qint64 values = narrow && type && type->bits == 4 ? (w.elementCount + 1) / 2 : w.elementCount;
    const QString where = QStringLiteral("tensor %1").arg(quoteName(w.name));
    if (!type || size == 0)
        return fail(where, QStringLiteral("cannot show values of type %1").arg(onnx::elemTypeText(code)));
    if (values > m_limits.maxModelInlineBytes / size)
        return makeError(ErrorCode::Limit,
                         QStringLiteral("%1: %2 elements in typed fields need more than the limit of %3 bytes")
                             .arg(where)
                             .arg(w.elementCount)
                             .arg(m_limits.maxModelInlineBytes),
                         m_file);
    const onnx::TypedField typed = onnx::typedFieldFor(code);
    const QString fieldName = QString::fromLatin1(tensorFieldName(typed.number));
    QByteArray out; // grown as values come: dims that lie cost nothing
    out.reserve(std::min<qint64>(values * size, 1 << 20));
    qint64 n = 0;
    Field message;
    message.type = WireReader::Length;
    message.offset = w.messageOffset;
    message.length = w.messageLength;
    const Status status = forEachField(where, message, [&](const Field &f) -> Status {
        if (int(f.number) != typed.number)
            return {};
        const Status s = m_wire.forEachScalar(f, typed.width, [&](quint64 bits) -> Status {
            if (n >= values)
                return fail(where + QLatin1Char('.') + fieldName,
                            QStringLiteral("holds more than the %1 values its dims need").arg(values));
            if (narrow && bits > 0xff)
                return fail(
                    where + QLatin1Char('.') + fieldName,
                    QStringLiteral("value %1 is not a byte of %2 codes (0 to 255)").arg(qint64(bits)).arg(w.typeName));
            // The low bytes of the value: int32_data holds the narrower types too.
            const quint64 le = qToLittleEndian(bits);
            out.append(reinterpret_cast<const char *>(&le), size);
            ++n;
            return {};
        });
        return s ? s : Status(prefixed(where + QLatin1Char('.') + fieldName, s.error()));
    });
    if (!status)
        return status.error();
    if (n != values)
        return fail(where + QLatin1Char('.') + fieldName,
                    QStringLiteral("holds %1 values, but dims %2 need %3").arg(n).arg(shapeText(w.shape)).arg(values));
    return out;
}

} // namespace onnx

// Used by ModelFile::openWeight for WeightEncoding::OnnxFields.
Result<QByteArray> decodeOnnxTypedField(const ByteSource &bytes, const ModelWeight &w, const Limits &limits)
{
    static const SiblingFiles none;
    qint64 code = -1;
    for (qint64 c = 0; c < 25; ++c)
        if (const onnx::ElemType *t = onnx::elemType(c); t && QLatin1String(t->name) == w.typeName)
            code = c;
    return onnx::OnnxParser(bytes, none, limits).decodeTypedField(w, code);
}

} // namespace carton
