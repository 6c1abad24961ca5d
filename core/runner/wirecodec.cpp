// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "wirecodec.h"

#include "tensor/tensorregion.h"

#include <QFloat16>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QStringDecoder>
#include <QtEndian>
#include <QtNumeric>
#include <array>
#include <cmath>
#include <cstring>
#include <utility>

namespace carton::wire {

namespace {

constexpr std::array<std::pair<DType, const char *>, 14> kNames{{
    {DType::Bool, "BOOL"},
    {DType::Uint8, "UINT8"},
    {DType::Uint16, "UINT16"},
    {DType::Uint32, "UINT32"},
    {DType::Uint64, "UINT64"},
    {DType::Int8, "INT8"},
    {DType::Int16, "INT16"},
    {DType::Int32, "INT32"},
    {DType::Int64, "INT64"},
    {DType::Float16, "FP16"},
    {DType::Float32, "FP32"},
    {DType::Float64, "FP64"},
    {DType::BFloat16, "BF16"},
    {DType::String, "BYTES"},
}};

Error formatError(const QString &where, const QString &message)
{
    return makeError(ErrorCode::Format, message, where);
}

template <typename T>
void append(QByteArray &out, T value)
{
    const T le = qToLittleEndian(value);
    out.append(reinterpret_cast<const char *>(&le), sizeof le);
}

template <typename T>
T load(const QByteArray &data, qint64 i)
{
    return qFromLittleEndian<T>(data.constData() + i * qint64(sizeof(T)));
}

quint16 floatToBFloat16(float f)
{
    quint32 bits = 0;
    std::memcpy(&bits, &f, 4);
    if (qIsNaN(f))
        return quint16((bits >> 16) | 0x40);
    bits += 0x7fff + ((bits >> 16) & 1); // round to nearest even
    return quint16(bits >> 16);
}

// Row-major elements of a (possibly nested) JSON "data" array, at most `max`
// values and `maxDepth` levels; false when it holds more, or is too deep.
bool flattenJson(const QJsonArray &array, int maxDepth, qint64 max, QList<QJsonValue> *out)
{
    for (const QJsonValue &v : array) {
        if (v.isArray()) {
            if (maxDepth <= 1 || !flattenJson(v.toArray(), maxDepth - 1, max, out))
                return false;
        } else {
            if (out->size() >= max)
                return false;
            out->append(v);
        }
    }
    return true;
}

// One JSON element as `dtype`, appended little-endian to `out`; false when it is
// not a value of that type (a fraction for an integer, out of range, not a number).
bool appendJsonElement(const QJsonValue &v, DType dtype, QByteArray &out)
{
    if (dtype == DType::Bool) {
        if (!v.isBool())
            return false;
        out.append(char(v.toBool() ? 1 : 0));
        return true;
    }
    if (!v.isDouble())
        return false;
    const double x = v.toDouble();
    const auto integral = [&](double lo, double hi) { return x == std::floor(x) && x >= lo && x <= hi; };
    constexpr double k2to63 = 9223372036854775808.0; // 2^63, exact as a double
    // The parser keeps integers that fit qint64 exactly; toInteger() gives them
    // (and integral doubles in range), whatever default is passed.
    const bool exactInteger = v.toInteger(0) == v.toInteger(1);
    switch (dtype) {
    case DType::Float32:
        append(out, float(x));
        return true;
    case DType::Float64:
        append(out, x);
        return true;
    case DType::Float16: {
        const qfloat16 h{float(x)};
        quint16 bits = 0;
        std::memcpy(&bits, &h, 2);
        append(out, bits);
        return true;
    }
    case DType::BFloat16:
        append(out, floatToBFloat16(float(x)));
        return true;
    case DType::Int8:
        return integral(-128, 127) && (append(out, qint8(x)), true);
    case DType::Int16:
        return integral(-32768, 32767) && (append(out, qint16(x)), true);
    case DType::Int32:
        return integral(-2147483648.0, 2147483647.0) && (append(out, qint32(x)), true);
    case DType::Uint8:
        return integral(0, 255) && (append(out, quint8(x)), true);
    case DType::Uint16:
        return integral(0, 65535) && (append(out, quint16(x)), true);
    case DType::Uint32:
        return integral(0, 4294967295.0) && (append(out, quint32(x)), true);
    case DType::Int64:
        if (!exactInteger)
            return false;
        append(out, v.toInteger());
        return true;
    case DType::Uint64:
        if (exactInteger && v.toInteger() >= 0) {
            append(out, quint64(v.toInteger()));
            return true;
        }
        if (!integral(k2to63, 2 * k2to63) || x == 2 * k2to63) // beyond int64: a double
            return false;
        append(out, quint64(x));
        return true;
    default:
        return false;
    }
}

Result<Tensor> decodeJsonTensor(const QString &name, DType dtype, const QList<qint64> &shape, qint64 count,
                                const QJsonValue &data, const QString &where, const WireLimits &limits)
{
    const QString tf = QStringLiteral("tensor \"%1\"").arg(name);
    if (!data.isArray())
        return formatError(
            where, QStringLiteral("%1 has neither \"parameters.binary_data_size\" nor a \"data\" array").arg(tf));
    QList<QJsonValue> values;
    if (!flattenJson(data.toArray(), int(qMax<qint64>(limits.maxRank, 1)), count, &values) || values.size() != count)
        return formatError(where, QStringLiteral("%1: \"data\" must hold exactly %2 elements for shape %3")
                                      .arg(tf)
                                      .arg(count)
                                      .arg(shapeText(shape)));
    const QString type = kserveDatatype(dtype);
    if (dtype == DType::String) {
        QStringList strings;
        for (qsizetype i = 0; i < values.size(); ++i) {
            if (!values.at(i).isString())
                return formatError(where,
                                   QStringLiteral("%1: \"data\" element %2 is not a string (BYTES)").arg(tf).arg(i));
            strings.append(values.at(i).toString());
        }
        return Tensor::strings(name, shape, strings);
    }
    QByteArray bytes;
    bytes.reserve(values.size() * dtypeSize(dtype)); // the values are already in memory
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (!appendJsonElement(values.at(i), dtype, bytes))
            return formatError(
                where,
                QStringLiteral("%1: \"data\" element %2 is not a %3 value (got %4)")
                    .arg(tf)
                    .arg(i)
                    .arg(type, QString::fromUtf8(QJsonDocument(QJsonArray{values.at(i)}).toJson(QJsonDocument::Compact))
                                   .mid(1)
                                   .chopped(1)));
    }
    return Tensor::numeric(name, dtype, shape, std::move(bytes));
}

} // namespace

QString kserveDatatype(DType dtype)
{
    for (const auto &[d, name] : kNames) {
        if (d == dtype)
            return QString::fromLatin1(name);
    }
    return {};
}

std::optional<DType> parseKserveDatatype(QStringView name)
{
    for (const auto &[d, n] : kNames) {
        if (name == QLatin1StringView(n))
            return d;
    }
    return std::nullopt;
}

Result<EncodedTensors> encodeTensors(const QList<Tensor> &tensors, const Externalizer &externalize)
{
    EncodedTensors out;
    for (const Tensor &t : tensors) {
        const QString type = kserveDatatype(t.dtype());
        if (type.isEmpty())
            return makeError(
                ErrorCode::Unsupported,
                QStringLiteral("tensor \"%1\" is nested; nested tensors cannot be sent to a runner").arg(t.name()));
        const std::optional<qint64> count = checkedElementCount(t.shape(), std::numeric_limits<qint64>::max());
        if (!count)
            return makeError(
                ErrorCode::Format,
                QStringLiteral("tensor \"%1\" has an invalid shape %2").arg(t.name(), shapeText(t.shape())));
        QByteArray bytes;
        if (t.dtype() == DType::String) {
            if (t.stringValues().size() != *count)
                return makeError(ErrorCode::Format,
                                 QStringLiteral("tensor \"%1\" has shape %2 (%3 elements) but %4 strings")
                                     .arg(t.name(), shapeText(t.shape()))
                                     .arg(*count)
                                     .arg(t.stringValues().size()));
            for (const QString &s : t.stringValues()) {
                const QByteArray utf8 = s.toUtf8();
                if (utf8.size() > qsizetype(0xffffffffu))
                    return makeError(ErrorCode::Limit,
                                     QStringLiteral("tensor \"%1\" has a string longer than 4 GiB").arg(t.name()));
                char len[4];
                qToLittleEndian(quint32(utf8.size()), len);
                bytes.append(len, 4);
                bytes.append(utf8);
            }
        } else {
            qint64 expected = 0;
            if (qMulOverflow(*count, qint64(dtypeSize(t.dtype())), &expected) || expected != t.data().size())
                return makeError(ErrorCode::Format,
                                 QStringLiteral("tensor \"%1\" has shape %2 (%3 %4 elements) but %5 bytes of data")
                                     .arg(t.name(), shapeText(t.shape()))
                                     .arg(*count)
                                     .arg(dtypeName(t.dtype()))
                                     .arg(t.data().size()));
            bytes = t.data();
        }
        QJsonArray shape;
        for (qint64 d : t.shape())
            shape.append(d);
        if (externalize && t.dtype() != DType::String) {
            Result<std::optional<QJsonObject>> where = externalize(t);
            if (!where)
                return where.error();
            if (*where) {
                out.descriptors.append(QJsonObject{{QStringLiteral("name"), t.name()},
                                                   {QStringLiteral("datatype"), type},
                                                   {QStringLiteral("shape"), shape},
                                                   {QStringLiteral("parameters"), **where}});
                continue;
            }
        }
        out.descriptors.append(QJsonObject{
            {QStringLiteral("name"), t.name()},
            {QStringLiteral("datatype"), type},
            {QStringLiteral("shape"), shape},
            {QStringLiteral("parameters"), QJsonObject{{QStringLiteral("binary_data_size"), qint64(bytes.size())}}},
        });
        out.binarySize += bytes.size();
        out.chunks.append(std::move(bytes));
    }
    return out;
}

Result<QList<Tensor>> decodeTensors(const QJsonArray &descriptors, const QByteArray &binary, const QString &where,
                                    const WireLimits &limits, const ExternalReader &external)
{
    if (descriptors.size() > limits.maxTensors)
        return makeError(
            ErrorCode::Limit,
            QStringLiteral("%1 tensors, more than the limit of %2").arg(descriptors.size()).arg(limits.maxTensors),
            where);
    QList<Tensor> out;
    qint64 offset = 0;
    for (qsizetype i = 0; i < descriptors.size(); ++i) {
        const QString field = QStringLiteral("tensor %1").arg(i);
        if (!descriptors.at(i).isObject())
            return formatError(where, QStringLiteral("%1 is not a JSON object").arg(field));
        const QJsonObject d = descriptors.at(i).toObject();
        const QJsonValue nameValue = d.value(u"name");
        if (!nameValue.isString() || nameValue.toString().isEmpty())
            return formatError(where, QStringLiteral("%1 has no \"name\" string").arg(field));
        const QString name = nameValue.toString();
        const QString tf = QStringLiteral("tensor \"%1\"").arg(name);
        const std::optional<DType> dtype = parseKserveDatatype(d.value(u"datatype").toString());
        if (!dtype)
            return formatError(where,
                               QStringLiteral("%1: \"datatype\" must be one of BOOL, UINT8..UINT64, INT8..INT64, "
                                              "FP16, FP32, FP64, BF16, BYTES (got \"%2\")")
                                   .arg(tf, d.value(u"datatype").toVariant().toString()));
        const QJsonValue shapeValue = d.value(u"shape");
        if (!shapeValue.isArray())
            return formatError(where, QStringLiteral("%1: \"shape\" must be an array of integers").arg(tf));
        const QJsonArray shapeArray = shapeValue.toArray();
        if (shapeArray.size() > limits.maxRank)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("%1 has %2 dims, more than the limit of %3")
                                 .arg(tf)
                                 .arg(shapeArray.size())
                                 .arg(limits.maxRank),
                             where);
        QList<qint64> shape;
        for (const QJsonValue &v : shapeArray) {
            const double x = v.toDouble(-1);
            if (!v.isDouble() || x < 0 || x != std::floor(x) || x > 9.0e15)
                return formatError(where, QStringLiteral("%1: \"shape\" must hold non-negative integers").arg(tf));
            shape.append(qint64(x));
        }
        const std::optional<qint64> count = checkedElementCount(shape, limits.maxTensorElements);
        if (!count)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("%1 has shape %2: more than %3 elements")
                                 .arg(tf, shapeText(shape))
                                 .arg(limits.maxTensorElements),
                             where);
        const QJsonObject parameters = d.value(u"parameters").toObject();
        if (parameters.contains(u"shared_memory_region")) {
            if (!external)
                return formatError(where, QStringLiteral("%1: shared memory is not accepted here").arg(tf));
            qint64 expected = 0;
            if (*dtype == DType::String || qMulOverflow(*count, qint64(dtypeSize(*dtype)), &expected))
                return formatError(where, QStringLiteral("%1: only numeric tensors may be in shared memory").arg(tf));
            if (expected > limits.maxBinaryBytes)
                return makeError(ErrorCode::Limit,
                                 QStringLiteral("%1 is %2 bytes, more than the limit of %3")
                                     .arg(tf)
                                     .arg(expected)
                                     .arg(limits.maxBinaryBytes),
                                 where);
            Result<QByteArray> bytes = external(name, parameters, expected);
            if (!bytes)
                return makeError(bytes.error().code, QStringLiteral("%1: %2").arg(tf, bytes.error().message), where);
            if (bytes->size() != expected)
                return formatError(where, QStringLiteral("%1: %2 bytes in shared memory, %3 expected")
                                              .arg(tf)
                                              .arg(bytes->size())
                                              .arg(expected));
            out.append(Tensor::numeric(name, *dtype, shape, std::move(*bytes)));
            continue;
        }
        const QJsonValue sizeValue = parameters.value(u"binary_data_size");
        if (limits.acceptJsonData && sizeValue.isUndefined()) {
            Result<Tensor> t = decodeJsonTensor(name, *dtype, shape, *count, d.value(u"data"), where, limits);
            if (!t)
                return t.error();
            out.append(std::move(*t));
            continue;
        }
        const double sizeDouble = sizeValue.toDouble(-1);
        if (!sizeValue.isDouble() || sizeDouble < 0 || sizeDouble != std::floor(sizeDouble) || sizeDouble > 9.0e15)
            return formatError(
                where, QStringLiteral("%1: \"parameters.binary_data_size\" must be a non-negative integer").arg(tf));
        const qint64 size = qint64(sizeDouble);
        if (size > binary.size() - offset)
            return formatError(where,
                               QStringLiteral("%1: binary_data_size %2 runs past the end of the data (%3 bytes left)")
                                   .arg(tf)
                                   .arg(size)
                                   .arg(binary.size() - offset));
        if (*dtype == DType::String) {
            QStringList values;
            const char *p = binary.constData() + offset;
            qint64 pos = 0;
            for (qint64 e = 0; e < *count; ++e) {
                if (size - pos < 4)
                    return formatError(where,
                                       QStringLiteral("%1: element %2 of %3 has no length (the tensor's %4 bytes end)")
                                           .arg(tf)
                                           .arg(e)
                                           .arg(*count)
                                           .arg(size));
                const qint64 len = qFromLittleEndian<quint32>(p + pos);
                pos += 4;
                if (len > size - pos)
                    return formatError(
                        where,
                        QStringLiteral("%1: element %2 is %3 bytes, past the tensor's end").arg(tf).arg(e).arg(len));
                QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
                QString s = decoder.decode(QByteArrayView(p + pos, len));
                if (decoder.hasError())
                    return formatError(where, QStringLiteral("%1: element %2 is not valid UTF-8").arg(tf).arg(e));
                values.append(std::move(s));
                pos += len;
            }
            if (pos != size)
                return formatError(
                    where,
                    QStringLiteral("%1: %2 bytes left over after its %3 elements").arg(tf).arg(size - pos).arg(*count));
            out.append(Tensor::strings(name, shape, values));
        } else {
            qint64 expected = 0;
            if (qMulOverflow(*count, qint64(dtypeSize(*dtype)), &expected) || expected != size)
                return formatError(where, QStringLiteral("%1: shape %2 of %3 needs %4 bytes, binary_data_size is %5")
                                              .arg(tf, shapeText(shape), d.value(u"datatype").toString())
                                              .arg(expected)
                                              .arg(size));
            out.append(Tensor::numeric(name, *dtype, shape, binary.mid(offset, size)));
        }
        offset += size;
    }
    if (offset != binary.size())
        return formatError(
            where, QStringLiteral("%1 bytes of tensor data follow the last tensor").arg(binary.size() - offset));
    return out;
}

Result<QJsonArray> encodeJsonData(const Tensor &t)
{
    const std::optional<qint64> count = checkedElementCount(t.shape(), std::numeric_limits<qint64>::max());
    if (!count)
        return makeError(ErrorCode::Format,
                         QStringLiteral("tensor \"%1\" has an invalid shape %2").arg(t.name(), shapeText(t.shape())));
    QJsonArray out;
    if (t.dtype() == DType::String) {
        if (t.stringValues().size() != *count)
            return makeError(ErrorCode::Format, QStringLiteral("tensor \"%1\" has shape %2 but %3 strings")
                                                    .arg(t.name(), shapeText(t.shape()))
                                                    .arg(t.stringValues().size()));
        for (const QString &s : t.stringValues())
            out.append(s);
        return out;
    }
    const int size = dtypeSize(t.dtype());
    if (kserveDatatype(t.dtype()).isEmpty() || size <= 0)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("tensor \"%1\" is nested; it has no KServe JSON form").arg(t.name()));
    if (t.data().size() != *count * size)
        return makeError(ErrorCode::Format, QStringLiteral("tensor \"%1\" has shape %2 but %3 bytes of data")
                                                .arg(t.name(), shapeText(t.shape()))
                                                .arg(t.data().size()));
    const QByteArray &d = t.data();
    for (qint64 i = 0; i < *count; ++i) {
        switch (t.dtype()) {
        case DType::Bool:
            out.append(d.at(i) != 0);
            break;
        case DType::Int64:
            out.append(load<qint64>(d, i));
            break;
        case DType::Uint64: {
            const quint64 v = load<quint64>(d, i);
            out.append(v <= quint64(std::numeric_limits<qint64>::max()) ? QJsonValue(qint64(v))
                                                                        : QJsonValue(double(v)));
            break;
        }
        default: {
            const double v = t.valueAsDouble(i);
            if (!qIsFinite(v))
                return makeError(ErrorCode::Unsupported,
                                 QStringLiteral("tensor \"%1\" element %2 is %3, which JSON cannot hold")
                                     .arg(t.name())
                                     .arg(i)
                                     .arg(v));
            out.append(v);
        }
        }
    }
    return out;
}

Result<InferBody> splitInferBody(QByteArray body, const QByteArray &headerLength, const QString &where,
                                 const WireLimits &limits)
{
    qint64 jsonSize = body.size();
    if (!headerLength.isNull()) {
        bool ok = false;
        const QByteArray text = headerLength.trimmed();
        const qint64 n = text.toLongLong(&ok);
        if (!ok || n < 1 || text.startsWith('+') || text.startsWith('-'))
            return formatError(where, QStringLiteral("Inference-Header-Content-Length must be a positive integer "
                                                     "(got \"%1\")")
                                          .arg(QString::fromLatin1(headerLength.left(40))));
        if (n > body.size())
            return formatError(where, QStringLiteral("Inference-Header-Content-Length is %1 but the body has only "
                                                     "%2 bytes")
                                          .arg(n)
                                          .arg(body.size()));
        jsonSize = n;
    }
    if (jsonSize > limits.maxHeaderBytes)
        return makeError(ErrorCode::Limit,
                         QStringLiteral("the JSON part is %1 bytes, more than the limit of %2")
                             .arg(jsonSize)
                             .arg(limits.maxHeaderBytes),
                         where);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body.left(jsonSize), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return formatError(where, QStringLiteral("the JSON part (%1 bytes) is not a JSON object: %2 at offset %3")
                                      .arg(jsonSize)
                                      .arg(error.error != QJsonParseError::NoError ? error.errorString()
                                                                                   : QStringLiteral("not an object"))
                                      .arg(error.offset));
    body.remove(0, jsonSize); // Qt 6 drops a prefix without moving the rest
    return InferBody{doc.object(), std::move(body)};
}

} // namespace carton::wire
