// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// ONNX attributes, value types (the signature) and sparse initializers.
#include "model/onnxparser_p.h"
#include "tensor/tensor.h"
#include "tensor/tensorregion.h"

#include <cstring>

namespace carton::onnx {

QString OnnxParser::smallTensorValues(const ModelWeight &t)
{
    constexpr qint64 kMaxShown = 8;
    if (!t.dtype || !isNumeric(*t.dtype) || t.shape.size() > 1 || t.elementCount < 1 || t.elementCount > kMaxShown ||
        t.encoding != WeightEncoding::Plain || !t.file.isEmpty() || t.offset < 0 ||
        t.byteSize != t.elementCount * dtypeSize(*t.dtype))
        return {};
    Field raw;
    raw.type = WireReader::Length;
    raw.offset = t.offset;
    raw.length = t.byteSize;
    Result<QByteArray> bytes = m_wire.bytes(raw, kMaxShown * 8);
    if (!bytes)
        return {};
    const Tensor values = Tensor::numeric({}, *t.dtype, t.shape, *bytes);
    QStringList texts;
    for (qint64 i = 0; i < t.elementCount; ++i)
        texts.append(values.valueAsText(i));
    return QStringLiteral(" = ") + (t.shape.isEmpty() ? texts.first() : u'[' + texts.join(QStringLiteral(", ")) + u']');
}

Status OnnxParser::parseAttribute(const QString &where, const Field &message, OnnxAttribute &a)
{
    if (message.type != WireReader::Length)
        return wrongType(where, message, WireReader::Length);
    QString inferred;
    qint64 declared = -1;
    QStringList shown; // the first values, as text
    auto listed = [&](const QString &value) {
        if (a.count < OnnxAttribute::kMaxValues)
            shown.append(value);
        ++a.count;
    };
    Status status = forEachField(where, message, [&](const Field &f) -> Status {
        Status status;
        switch (f.number) {
        case onnx::AttrName:
            status = text(where + QStringLiteral(".name"), f, a.name);
            break;
        case onnx::AttrType:
            declared = qint64(f.value);
            break;
        case onnx::AttrF:
        case onnx::AttrFloats:
            inferred = f.number == onnx::AttrF ? QStringLiteral("FLOAT") : QStringLiteral("FLOATS");
            status = m_wire.forEachScalar(f, 4, [&](quint64 bits) -> Status {
                const quint32 b32 = quint32(bits);
                float v;
                std::memcpy(&v, &b32, 4);
                if (a.floats.size() < OnnxAttribute::kMaxValues)
                    a.floats.append(v);
                listed(QString::number(v));
                return {};
            });
            break;
        case onnx::AttrI:
        case onnx::AttrInts:
            inferred = f.number == onnx::AttrI ? QStringLiteral("INT") : QStringLiteral("INTS");
            status = m_wire.forEachScalar(f, 0, [&](quint64 bits) -> Status {
                if (a.ints.size() < OnnxAttribute::kMaxValues)
                    a.ints.append(qint64(bits));
                listed(QString::number(qint64(bits)));
                return {};
            });
            break;
        case onnx::AttrS:
        case onnx::AttrStrings: {
            inferred = f.number == onnx::AttrS ? QStringLiteral("STRING") : QStringLiteral("STRINGS");
            if (f.type != WireReader::Length) {
                status = wrongType(where, f, WireReader::Length);
                break;
            }
            Field shownPart = f;
            shownPart.length = std::min(f.length, kMaxShownString);
            QString value;
            status = text(where + QStringLiteral(".s"), shownPart, value);
            if (f.length > kMaxShownString)
                value += QStringLiteral("…");
            if (a.strings.size() < OnnxAttribute::kMaxValues)
                a.strings.append(value);
            listed(QStringLiteral("\"%1\"").arg(value));
            break;
        }
        case onnx::AttrT:
        case onnx::AttrTensors: {
            inferred = f.number == onnx::AttrT ? QStringLiteral("TENSOR") : QStringLiteral("TENSORS");
            ModelWeight t;
            status = parseTensor(where + QStringLiteral(".t"), f, t, false);
            listed(QStringLiteral("tensor %1%2%3")
                       .arg(t.dtype ? dtypeName(*t.dtype) : t.typeName.toLower(), shapeText(t.shape),
                            status ? smallTensorValues(t) : QString()));
            break;
        }
        case onnx::AttrG:
        case onnx::AttrGraphs: {
            inferred = f.number == onnx::AttrG ? QStringLiteral("GRAPH") : QStringLiteral("GRAPHS");
            Result<std::shared_ptr<const OnnxInfo>> body = parseBody(where + QStringLiteral(".g"), f);
            if (!body) {
                status = body.error();
                break;
            }
            listed(QStringLiteral("graph (%1 nodes)").arg((*body)->nodes.size()));
            a.graphs.append(std::move(*body));
            break;
        }
        case onnx::AttrSparseTensor:
        case onnx::AttrSparseTensors:
            inferred =
                f.number == onnx::AttrSparseTensor ? QStringLiteral("SPARSE_TENSOR") : QStringLiteral("SPARSE_TENSORS");
            listed(QStringLiteral("sparse tensor"));
            break;
        case onnx::AttrTp:
        case onnx::AttrTypeProtos:
            inferred = f.number == onnx::AttrTp ? QStringLiteral("TYPE_PROTO") : QStringLiteral("TYPE_PROTOS");
            listed(QStringLiteral("type"));
            break;
        case onnx::AttrRefName: {
            QString ref;
            status = text(where + QStringLiteral(".ref_attr_name"), f, ref);
            inferred = QStringLiteral("REF");
            listed(QStringLiteral("@") + ref);
            break;
        }
        default:
            break;
        }
        return status;
    });
    if (!status)
        return status;
    a.type = declared > 0 ? attributeTypeName(declared) : inferred;
    const bool list = a.type.endsWith(u'S') && a.type != u"SPARSE_TENSOR";
    QString joined = shown.join(QStringLiteral(", "));
    if (a.count > shown.size())
        joined += QStringLiteral(", … (%1 values)").arg(a.count);
    a.text = list ? QLatin1Char('[') + joined + QLatin1Char(']') : joined;
    return keep(where, a.text.size() * 2);
}

Result<std::shared_ptr<const OnnxInfo>> OnnxParser::parseBody(const QString &where, const Field &message)
{
    if (message.type != WireReader::Length)
        return wrongType(where, message, WireReader::Length);
    if (m_bodyDepth >= kMaxBodyDepth)
        return fail(where, QStringLiteral("subgraphs are nested more than %1 deep").arg(kMaxBodyDepth),
                    ErrorCode::Limit);
    ++m_bodyDepth;
    auto body = std::make_shared<OnnxInfo>();
    QList<ModelWeight> initializers; // a body's own constants: names its nodes use, not weights of the file
    const Status status =
        forEachField(where, message, [&](const Field &f) { return parseGraphField(f, *body, initializers); });
    --m_bodyDepth;
    if (!status)
        return status.error();
    for (const ModelWeight &w : std::as_const(initializers))
        body->initializers.append(
            {w.name, (w.dtype ? dtypeName(*w.dtype) : w.typeName.toLower()) + shapeText(w.shape)});
    return std::shared_ptr<const OnnxInfo>(std::move(body));
}

Status OnnxParser::parseValueInfo(const QString &where, const Field &message, OnnxValueInfo &v)
{
    if (message.type != WireReader::Length)
        return wrongType(where, message, WireReader::Length);
    v.kind = QStringLiteral("unknown");
    Status status = forEachField(where, message, [&](const Field &f) -> Status {
        Status status;
        if (f.number == 1)
            status = text(where + QStringLiteral(".name"), f, v.name);
        else if (f.number == 2 && f.type == WireReader::Length)
            status = parseType(where + QStringLiteral(".type"), f, v);
        return status;
    });
    return status;
}

Status OnnxParser::parseType(const QString &where, const Field &message, OnnxValueInfo &v)
{
    Status status = forEachField(where, message, [&](const Field &f) -> Status {
        Status status;
        switch (f.number) {
        case 1: // tensor_type
        case 8: // sparse_tensor_type
            v.kind = f.number == 1 ? QStringLiteral("tensor") : QStringLiteral("sparse_tensor");
            if (f.type == WireReader::Length)
                status = parseTensorType(where + QStringLiteral(".tensor_type"), f, v);
            break;
        case 4:
            v.kind = QStringLiteral("sequence");
            break;
        case 5:
            v.kind = QStringLiteral("map");
            break;
        case 9:
            v.kind = QStringLiteral("optional");
            break;
        default:
            break;
        }
        return status;
    });
    return status;
}

Status OnnxParser::parseTensorType(const QString &where, const Field &message, OnnxValueInfo &v)
{
    Status status = forEachField(where, message, [&](const Field &f) -> Status {
        Status status;
        if (f.number == 1 && f.type == WireReader::Varint) {
            v.elemType = int(std::min<quint64>(f.value, 1 << 20));
            v.dtype = onnx::elemTypeText(v.elemType);
        } else if (f.number == 2 && f.type == WireReader::Length) {
            v.shape = QList<OnnxDim>();
            status = parseShape(where + QStringLiteral(".shape"), f, *v.shape);
        }
        return status;
    });
    return status;
}

Status OnnxParser::parseShape(const QString &where, const Field &message, QList<OnnxDim> &dims)
{
    return forEachField(where, message, [&](const Field &f) -> Status {
        if (f.number != 1 || f.type != WireReader::Length)
            return {};
        const QString at = where + QStringLiteral(".dim[%1]").arg(dims.size());
        if (Status s = count(at, dims.size() + 1, kMaxDims, "dims"); !s)
            return s;
        OnnxDim dim;
        const Status status = forEachField(at, f, [&](const Field &d) -> Status {
            if (d.number == 1 && d.type == WireReader::Varint)
                dim.value = qint64(d.value);
            else if (d.number == 2)
                return text(at + QStringLiteral(".dim_param"), d, dim.param);
            return {};
        });
        dims.append(dim);
        return status;
    });
}

Status OnnxParser::parseSparse(const QString &where, const Field &message, ModelWeight &w)
{
    if (message.type != WireReader::Length)
        return wrongType(where, message, WireReader::Length);
    QList<qint64> dims;
    Status status = forEachField(where, message, [&](const Field &f) -> Status {
        Status status;
        if (f.number == 1) { // values: a TensorProto naming the sparse tensor
            ModelWeight values;
            status = parseTensor(where + QStringLiteral(".values"), f, values, false);
            w.name = values.name;
            w.typeName = QStringLiteral("sparse ") + values.typeName;
        } else if (f.number == 3) {
            status = m_wire.forEachScalar(f, 0, [&](quint64 d) -> Status {
                if (dims.size() >= kMaxDims)
                    return fail(where + QStringLiteral(".dims"), QStringLiteral("more than %1 dims").arg(kMaxDims));
                dims.append(qint64(d));
                return {};
            });
        }
        return status;
    });
    w.shape = dims;
    w.elementCount = checkedElementCount(dims, m_limits.maxTensorElements).value_or(0);
    w.note = QStringLiteral("sparse tensors cannot be shown");
    return status;
}

QString OnnxParser::attributeTypeName(qint64 type)
{
    static const char *const names[] = {
        "UNDEFINED", "FLOAT",   "INT",    "STRING",        "TENSOR",         "GRAPH",      "FLOATS",     "INTS",
        "STRINGS",   "TENSORS", "GRAPHS", "SPARSE_TENSOR", "SPARSE_TENSORS", "TYPE_PROTO", "TYPE_PROTOS"};
    return type >= 0 && type < qint64(std::size(names)) ? QString::fromLatin1(names[type])
                                                        : QStringLiteral("type %1").arg(type);
}

} // namespace carton::onnx
