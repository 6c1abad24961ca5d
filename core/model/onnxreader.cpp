// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// ONNX ModelProto through the protobuf wire reader: the signature, the main graph's
// nodes, and every initializer as a weight whose bytes stay in the file.
#include "base/archivepath.h"
#include "model/modelfile.h"
#include "model/onnxtypes.h"
#include "model/wirereader.h"
#include "tensor/tensor.h"
#include "tensor/tensorregion.h"

#include <QSet>
#include <QtEndian>
#include <cstring>
#include <limits>

namespace carton {

namespace {

using Field = WireReader::Field;
constexpr qint64 kMaxName = 64 << 10;     // a name, op type, key or dim_param
constexpr qint64 kMaxShownString = 1024;  // an attribute's string value, as shown
constexpr int kMaxDims = 1024;            // dims of one tensor or one value's shape
constexpr qint64 kMaxListed = 100'000;    // graph inputs, outputs, a node's inputs/outputs/attributes
constexpr qint64 kMaxTopFields = 100'000; // ModelProto fields looked at when detecting

const char *wireTypeName(int type)
{
    switch (type) {
    case WireReader::Varint:
        return "a varint";
    case WireReader::Fixed64:
        return "64-bit";
    case WireReader::Length:
        return "length-delimited";
    default:
        return "32-bit";
    }
}

QString quoteName(const QString &name)
{
    return QStringLiteral("\"%1\"").arg(name.size() > 80 ? name.left(80) + QStringLiteral("…") : name);
}

class OnnxParser {
public:
    OnnxParser(const ByteSource &bytes, const SiblingFiles &siblings, const Limits &limits)
        : m_wire(bytes), m_file(bytes.name()), m_siblings(siblings), m_limits(limits)
    {
    }

    // Only the ModelProto's own fields (the graph is skipped): enough to tell ONNX
    // from other bytes. True when ir_version and a graph were seen, every field was a
    // ModelProto field with its wire type and nothing was truncated.
    bool sniff()
    {
        bool sawIr = false, sawGraph = false;
        Field f;
        for (qint64 n = 0; n < kMaxTopFields; ++n) {
            Result<bool> more = m_wire.next(f);
            if (!more)
                return false;
            if (!*more)
                return sawIr && sawGraph;
            const int expected = modelWireType(f.number);
            if (expected < 0 || expected != f.type)
                return false;
            if (f.number == onnx::ModelIrVersion)
                sawIr = f.value > 0 && f.value < 1000;
            sawGraph |= f.number == onnx::ModelGraph;
        }
        return false;
    }

    Result<ModelFile::Contents> parse()
    {
        ModelFile::Contents out;
        out.format = ModelFormat::Onnx;
        OnnxInfo info;
        bool sawGraph = false;
        Field f;
        while (true) {
            Result<bool> more = next(QStringLiteral("ModelProto"), f);
            if (!more)
                return more.error();
            if (!*more)
                break;
            const QString where = QStringLiteral("ModelProto.") + modelFieldName(f.number);
            if (const int expected = modelWireType(f.number); expected >= 0 && expected != f.type)
                return wrongType(where, f, expected);
            switch (f.number) {
            case onnx::ModelIrVersion:
                info.irVersion = qint64(f.value);
                break;
            case onnx::ModelProducerName:
                if (Status s = text(where, f, info.producerName); !s)
                    return s.error();
                break;
            case onnx::ModelProducerVersion:
                if (Status s = text(where, f, info.producerVersion); !s)
                    return s.error();
                break;
            case onnx::ModelDomain:
                if (Status s = text(where, f, info.domain); !s)
                    return s.error();
                break;
            case onnx::ModelVersion:
                info.modelVersion = qint64(f.value);
                break;
            case onnx::ModelOpset: {
                std::pair<QString, qint64> opset;
                if (Status s = parsePair(where, f, &opset.first, nullptr, &opset.second); !s)
                    return s.error();
                info.opsets.append(opset);
                break;
            }
            case onnx::ModelMetadata: {
                std::pair<QString, QString> kv;
                if (Status s = parsePair(where, f, &kv.first, &kv.second, nullptr); !s)
                    return s.error();
                info.metadata.append(kv);
                break;
            }
            case onnx::ModelGraph:
                if (sawGraph)
                    return fail(where, QStringLiteral("the model has more than one graph"));
                sawGraph = true;
                if (Status s = parseGraph(f, info, out.weights); !s)
                    return s.error();
                break;
            default:
                break; // doc_string, training_info, functions, unknown fields
            }
        }
        if (!sawGraph)
            return fail(QStringLiteral("ModelProto"), QStringLiteral("has no graph (field 7)"));
        QSet<QString> initializers;
        for (const ModelWeight &w : std::as_const(out.weights))
            initializers.insert(w.name);
        QList<OnnxValueInfo> inputs;
        for (OnnxValueInfo &v : info.inputs)
            if (!initializers.contains(v.name)) // IR < 4 lists initializers among the inputs
                inputs.append(std::move(v));
        info.inputs = std::move(inputs);
        out.onnx = std::move(info);
        return out;
    }

    // Values of a TensorProto's typed field (int32_data...) as little-endian elements.
    Result<QByteArray> decodeTypedField(const ModelWeight &w, qint64 code)
    {
        const onnx::ElemType *type = onnx::elemType(code);
        const int size = w.dtype ? dtypeSize(*w.dtype) : 0;
        const QString where = QStringLiteral("tensor %1").arg(quoteName(w.name));
        if (!type || size == 0)
            return fail(where, QStringLiteral("cannot show values of type %1").arg(onnx::elemTypeText(code)));
        if (w.elementCount > m_limits.maxModelInlineBytes / size)
            return makeError(ErrorCode::Limit,
                             QStringLiteral("%1: %2 elements in typed fields need more than the limit of %3 bytes")
                                 .arg(where)
                                 .arg(w.elementCount)
                                 .arg(m_limits.maxModelInlineBytes),
                             m_file);
        const onnx::TypedField typed = onnx::typedFieldFor(code);
        const QString fieldName = QString::fromLatin1(tensorFieldName(typed.number));
        QByteArray out(w.elementCount * size, Qt::Uninitialized);
        qint64 n = 0;
        Field message;
        message.type = WireReader::Length;
        message.offset = w.messageOffset;
        message.length = w.messageLength;
        const auto scope = m_wire.enter(message);
        Status status;
        Field f;
        while (status) {
            Result<bool> more = next(where, f);
            if (!more) {
                status = more.error();
                break;
            }
            if (!*more)
                break;
            if (int(f.number) != typed.number)
                continue;
            status = m_wire.forEachScalar(f, typed.width, [&](quint64 bits) -> Status {
                if (n >= w.elementCount)
                    return fail(where + QLatin1Char('.') + fieldName,
                                QStringLiteral("holds more than the %1 values its dims need").arg(w.elementCount));
                const quint64 le = qToLittleEndian(bits);
                std::memcpy(out.data() + n * size, &le,
                            std::size_t(size)); // the low bytes: int32_data holds narrower types
                ++n;
                return {};
            });
            if (!status)
                status = Status(prefixed(where + QLatin1Char('.') + fieldName, status.error()));
        }
        m_wire.leave(scope);
        if (!status)
            return status.error();
        if (n != w.elementCount)
            return fail(where + QLatin1Char('.') + fieldName, QStringLiteral("holds %1 values, but dims %2 need %3")
                                                                  .arg(n)
                                                                  .arg(shapeText(w.shape))
                                                                  .arg(w.elementCount));
        return out;
    }

private:
    static int modelWireType(quint32 number)
    {
        switch (number) {
        case onnx::ModelIrVersion:
        case onnx::ModelVersion:
            return WireReader::Varint;
        case onnx::ModelProducerName:
        case onnx::ModelProducerVersion:
        case onnx::ModelDomain:
        case onnx::ModelDoc:
        case onnx::ModelGraph:
        case onnx::ModelOpset:
        case onnx::ModelMetadata:
        case onnx::ModelTraining:
        case onnx::ModelFunctions:
            return WireReader::Length;
        default:
            return -1;
        }
    }

    static QString modelFieldName(quint32 number)
    {
        switch (number) {
        case onnx::ModelIrVersion:
            return QStringLiteral("ir_version");
        case onnx::ModelProducerName:
            return QStringLiteral("producer_name");
        case onnx::ModelProducerVersion:
            return QStringLiteral("producer_version");
        case onnx::ModelDomain:
            return QStringLiteral("domain");
        case onnx::ModelVersion:
            return QStringLiteral("model_version");
        case onnx::ModelGraph:
            return QStringLiteral("graph");
        case onnx::ModelOpset:
            return QStringLiteral("opset_import");
        case onnx::ModelMetadata:
            return QStringLiteral("metadata_props");
        default:
            return QStringLiteral("field %1").arg(number);
        }
    }

    static const char *tensorFieldName(int number)
    {
        switch (number) {
        case onnx::TensorDims:
            return "dims";
        case onnx::TensorDataType:
            return "data_type";
        case onnx::TensorFloatData:
            return "float_data";
        case onnx::TensorInt32Data:
            return "int32_data";
        case onnx::TensorStringData:
            return "string_data";
        case onnx::TensorInt64Data:
            return "int64_data";
        case onnx::TensorName:
            return "name";
        case onnx::TensorRawData:
            return "raw_data";
        case onnx::TensorDoubleData:
            return "double_data";
        case onnx::TensorUint64Data:
            return "uint64_data";
        case onnx::TensorExternalData:
            return "external_data";
        case onnx::TensorDataLocation:
            return "data_location";
        default:
            return "field";
        }
    }

    Error prefixed(const QString &where, Error e) const
    {
        e.message = where + QStringLiteral(": ") + e.message;
        e.location = m_file;
        return e;
    }
    Error fail(const QString &where, const QString &message, ErrorCode code = ErrorCode::Format) const
    {
        return makeError(code, where + QStringLiteral(": ") + message, m_file);
    }
    Error wrongType(const QString &where, const Field &f, int expected) const
    {
        return fail(where, QStringLiteral("field %1 is %2, expected %3")
                               .arg(f.number)
                               .arg(QLatin1String(wireTypeName(f.type)), QLatin1String(wireTypeName(expected))));
    }
    Result<bool> next(const QString &where, Field &f)
    {
        Result<bool> more = m_wire.next(f);
        if (!more)
            return prefixed(where, more.error());
        return more;
    }
    // Counts text kept in memory against Limits::maxModelMetadataBytes.
    Status keep(const QString &where, qint64 bytes)
    {
        m_kept += bytes + 32;
        if (m_kept > m_limits.maxModelMetadataBytes)
            return fail(where,
                        QStringLiteral("the names and attributes of this model need more than the limit of %1 bytes")
                            .arg(m_limits.maxModelMetadataBytes),
                        ErrorCode::Limit);
        return {};
    }
    Status text(const QString &where, const Field &f, QString &out, qint64 max = kMaxName)
    {
        if (f.type != WireReader::Length)
            return wrongType(where, f, WireReader::Length);
        if (f.length > max)
            return fail(where, QStringLiteral("is %1 bytes long, more than the limit of %2").arg(f.length).arg(max),
                        ErrorCode::Limit);
        if (Status s = keep(where, f.length); !s)
            return s;
        Result<QString> s = m_wire.string(f, max);
        if (!s)
            return prefixed(where, s.error());
        out = *s;
        return {};
    }
    Status count(const QString &where, qint64 n, qint64 max, const char *what)
    {
        if (n > max)
            return fail(where, QStringLiteral("more than %1 %2").arg(max).arg(QLatin1String(what)), ErrorCode::Limit);
        return {};
    }

    // OperatorSetIdProto (domain = 1, version = 2) or StringStringEntryProto (key = 1, value = 2).
    Status parsePair(const QString &where, const Field &message, QString *first, QString *second, qint64 *number)
    {
        const auto scope = m_wire.enter(message);
        Field f;
        Status status;
        while (status) {
            Result<bool> more = next(where, f);
            if (!more) {
                status = more.error();
                break;
            }
            if (!*more)
                break;
            if (f.number == 1)
                status = text(where + (number ? QStringLiteral(".domain") : QStringLiteral(".key")), f, *first);
            else if (f.number == 2 && number)
                *number = qint64(f.value);
            else if (f.number == 2)
                status = text(where + QStringLiteral(".value"), f, *second, 1 << 20);
        }
        m_wire.leave(scope);
        return status;
    }

    Status parseGraph(const Field &graph, OnnxInfo &info, QList<ModelWeight> &weights)
    {
        const auto scope = m_wire.enter(graph);
        Status status = parseGraphFields(info, weights);
        m_wire.leave(scope);
        return status;
    }

    Status parseGraphFields(OnnxInfo &info, QList<ModelWeight> &weights)
    {
        Field f;
        while (true) {
            Result<bool> more = next(QStringLiteral("graph"), f);
            if (!more)
                return more.error();
            if (!*more)
                return {};
            switch (f.number) {
            case onnx::GraphNode: {
                const QString where = QStringLiteral("graph.node[%1]").arg(info.nodes.size());
                if (Status s = count(where, info.nodes.size() + 1, m_limits.maxModelNodes, "nodes"); !s)
                    return s;
                OnnxNode node;
                if (Status s = parseNode(where, f, node); !s)
                    return s;
                ++info.opCounts[node.domain.isEmpty() || node.domain == u"ai.onnx"
                                    ? node.opType
                                    : node.domain + QLatin1Char(':') + node.opType];
                info.nodes.append(std::move(node));
                break;
            }
            case onnx::GraphName:
                if (Status s = text(QStringLiteral("graph.name"), f, info.graphName); !s)
                    return s;
                break;
            case onnx::GraphInitializer: {
                const QString where = QStringLiteral("graph.initializer[%1]").arg(weights.size());
                if (Status s = count(where, weights.size() + 1, m_limits.maxModelTensors, "initializers"); !s)
                    return s;
                ModelWeight w;
                if (Status s = parseTensor(where, f, w, true); !s)
                    return s;
                weights.append(std::move(w));
                break;
            }
            case onnx::GraphSparseInitializer: {
                const QString where = QStringLiteral("graph.sparse_initializer[%1]").arg(weights.size());
                if (Status s = count(where, weights.size() + 1, m_limits.maxModelTensors, "initializers"); !s)
                    return s;
                ModelWeight w;
                if (Status s = parseSparse(where, f, w); !s)
                    return s;
                weights.append(std::move(w));
                break;
            }
            case onnx::GraphInput:
            case onnx::GraphOutput: {
                QList<OnnxValueInfo> &list = f.number == onnx::GraphInput ? info.inputs : info.outputs;
                const QString where =
                    QStringLiteral("graph.%1[%2]")
                        .arg(f.number == onnx::GraphInput ? QStringLiteral("input") : QStringLiteral("output"))
                        .arg(list.size());
                if (Status s = count(where, list.size() + 1, kMaxListed, "values"); !s)
                    return s;
                OnnxValueInfo v;
                if (Status s = parseValueInfo(where, f, v); !s)
                    return s;
                list.append(std::move(v));
                break;
            }
            default:
                break; // doc_string, value_info, quantization_annotation
            }
        }
    }

    Status parseNode(const QString &where, const Field &message, OnnxNode &node)
    {
        if (message.type != WireReader::Length)
            return wrongType(where, message, WireReader::Length);
        const auto scope = m_wire.enter(message);
        Field f;
        Status status;
        while (status) {
            Result<bool> more = next(where, f);
            if (!more) {
                status = more.error();
                break;
            }
            if (!*more)
                break;
            switch (f.number) {
            case onnx::NodeInput:
            case onnx::NodeOutput: {
                QStringList &list = f.number == onnx::NodeInput ? node.inputs : node.outputs;
                QString name;
                status = count(where, list.size() + 1, kMaxListed, "inputs or outputs");
                if (status)
                    status = text(
                        where + (f.number == onnx::NodeInput ? QStringLiteral(".input") : QStringLiteral(".output")), f,
                        name);
                list.append(name);
                break;
            }
            case onnx::NodeName:
                status = text(where + QStringLiteral(".name"), f, node.name);
                break;
            case onnx::NodeOpType:
                status = text(where + QStringLiteral(".op_type"), f, node.opType);
                break;
            case onnx::NodeDomain:
                status = text(where + QStringLiteral(".domain"), f, node.domain);
                break;
            case onnx::NodeAttribute: {
                const QString at = where + QStringLiteral(".attribute[%1]").arg(node.attributes.size());
                status = count(at, node.attributes.size() + 1, kMaxListed, "attributes");
                OnnxAttribute a;
                if (status)
                    status = parseAttribute(at, f, a);
                node.attributes.append(std::move(a));
                break;
            }
            default:
                break;
            }
        }
        m_wire.leave(scope);
        return status;
    }

    static QString attributeTypeName(qint64 type)
    {
        static const char *const names[] = {
            "UNDEFINED", "FLOAT",   "INT",    "STRING",        "TENSOR",         "GRAPH",      "FLOATS",     "INTS",
            "STRINGS",   "TENSORS", "GRAPHS", "SPARSE_TENSOR", "SPARSE_TENSORS", "TYPE_PROTO", "TYPE_PROTOS"};
        return type >= 0 && type < qint64(std::size(names)) ? QString::fromLatin1(names[type])
                                                            : QStringLiteral("type %1").arg(type);
    }

    Status parseAttribute(const QString &where, const Field &message, OnnxAttribute &a)
    {
        if (message.type != WireReader::Length)
            return wrongType(where, message, WireReader::Length);
        const auto scope = m_wire.enter(message);
        Field f;
        Status status;
        QString inferred;
        qint64 declared = -1;
        QStringList shown; // the first values, as text
        auto listed = [&](const QString &value) {
            if (a.count < OnnxAttribute::kMaxValues)
                shown.append(value);
            ++a.count;
        };
        while (status) {
            Result<bool> more = next(where, f);
            if (!more) {
                status = more.error();
                break;
            }
            if (!*more)
                break;
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
                listed(QStringLiteral("tensor %1%2")
                           .arg(t.dtype ? dtypeName(*t.dtype) : t.typeName.toLower(), shapeText(t.shape)));
                break;
            }
            case onnx::AttrG:
            case onnx::AttrGraphs: {
                inferred = f.number == onnx::AttrG ? QStringLiteral("GRAPH") : QStringLiteral("GRAPHS");
                Result<qint64> nodes = countNodes(where + QStringLiteral(".g"), f);
                if (!nodes) {
                    status = nodes.error();
                    break;
                }
                listed(QStringLiteral("graph (%1 nodes)").arg(*nodes));
                break;
            }
            case onnx::AttrSparseTensor:
            case onnx::AttrSparseTensors:
                inferred = f.number == onnx::AttrSparseTensor ? QStringLiteral("SPARSE_TENSOR")
                                                              : QStringLiteral("SPARSE_TENSORS");
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
        }
        m_wire.leave(scope);
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

    // The nodes of a subgraph (If, Loop, Scan), counted without reading them.
    Result<qint64> countNodes(const QString &where, const Field &message)
    {
        if (message.type != WireReader::Length)
            return wrongType(where, message, WireReader::Length);
        const auto scope = m_wire.enter(message);
        qint64 nodes = 0;
        Field f;
        Status status;
        while (status) {
            Result<bool> more = next(where, f);
            if (!more) {
                status = more.error();
                break;
            }
            if (!*more)
                break;
            nodes += f.number == onnx::GraphNode;
        }
        m_wire.leave(scope);
        if (!status)
            return status.error();
        return nodes;
    }

    Status parseValueInfo(const QString &where, const Field &message, OnnxValueInfo &v)
    {
        if (message.type != WireReader::Length)
            return wrongType(where, message, WireReader::Length);
        const auto scope = m_wire.enter(message);
        Field f;
        Status status;
        v.kind = QStringLiteral("unknown");
        while (status) {
            Result<bool> more = next(where, f);
            if (!more) {
                status = more.error();
                break;
            }
            if (!*more)
                break;
            if (f.number == 1)
                status = text(where + QStringLiteral(".name"), f, v.name);
            else if (f.number == 2 && f.type == WireReader::Length)
                status = parseType(where + QStringLiteral(".type"), f, v);
        }
        m_wire.leave(scope);
        return status;
    }

    // TypeProto: a tensor type's elem_type and shape; other kinds are named only.
    Status parseType(const QString &where, const Field &message, OnnxValueInfo &v)
    {
        const auto scope = m_wire.enter(message);
        Field f;
        Status status;
        while (status) {
            Result<bool> more = next(where, f);
            if (!more) {
                status = more.error();
                break;
            }
            if (!*more)
                break;
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
        }
        m_wire.leave(scope);
        return status;
    }

    Status parseTensorType(const QString &where, const Field &message, OnnxValueInfo &v)
    {
        const auto scope = m_wire.enter(message);
        Field f;
        Status status;
        while (status) {
            Result<bool> more = next(where, f);
            if (!more) {
                status = more.error();
                break;
            }
            if (!*more)
                break;
            if (f.number == 1 && f.type == WireReader::Varint) {
                v.elemType = int(std::min<quint64>(f.value, 1 << 20));
                v.dtype = onnx::elemTypeText(v.elemType);
            } else if (f.number == 2 && f.type == WireReader::Length) {
                v.shape = QList<OnnxDim>();
                status = parseShape(where + QStringLiteral(".shape"), f, *v.shape);
            }
        }
        m_wire.leave(scope);
        return status;
    }

    Status parseShape(const QString &where, const Field &message, QList<OnnxDim> &dims)
    {
        const auto scope = m_wire.enter(message);
        Field f;
        Status status;
        while (status) {
            Result<bool> more = next(where, f);
            if (!more) {
                status = more.error();
                break;
            }
            if (!*more)
                break;
            if (f.number != 1 || f.type != WireReader::Length)
                continue;
            const QString at = where + QStringLiteral(".dim[%1]").arg(dims.size());
            if (status = count(at, dims.size() + 1, kMaxDims, "dims"); !status)
                break;
            OnnxDim dim;
            const auto dimScope = m_wire.enter(f);
            Field d;
            while (status) {
                Result<bool> dmore = next(at, d);
                if (!dmore) {
                    status = dmore.error();
                    break;
                }
                if (!*dmore)
                    break;
                if (d.number == 1 && d.type == WireReader::Varint)
                    dim.value = qint64(d.value);
                else if (d.number == 2)
                    status = text(at + QStringLiteral(".dim_param"), d, dim.param);
            }
            m_wire.leave(dimScope);
            dims.append(dim);
        }
        m_wire.leave(scope);
        return status;
    }

    Status parseSparse(const QString &where, const Field &message, ModelWeight &w)
    {
        if (message.type != WireReader::Length)
            return wrongType(where, message, WireReader::Length);
        const auto scope = m_wire.enter(message);
        Field f;
        Status status;
        QList<qint64> dims;
        while (status) {
            Result<bool> more = next(where, f);
            if (!more) {
                status = more.error();
                break;
            }
            if (!*more)
                break;
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
        }
        m_wire.leave(scope);
        w.shape = dims;
        w.elementCount = checkedElementCount(dims, m_limits.maxTensorElements).value_or(0);
        w.note = QStringLiteral("sparse tensors cannot be shown");
        return status;
    }

    // A TensorProto: for an initializer (`weight`), where its values lie.
    Status parseTensor(const QString &where, const Field &message, ModelWeight &w, bool weight);

    WireReader m_wire;
    QString m_file;
    const SiblingFiles &m_siblings;
    const Limits &m_limits;
    qint64 m_kept = 0;
};

Status OnnxParser::parseTensor(const QString &whereIn, const Field &message, ModelWeight &w, bool weight)
{
    QString where = whereIn;
    if (message.type != WireReader::Length)
        return wrongType(where, message, WireReader::Length);
    w.messageOffset = message.offset;
    w.messageLength = message.length;
    const auto scope = m_wire.enter(message);
    qint64 code = 0;
    std::optional<Field> raw;
    QList<Field> typed[16]; // by field number
    QList<std::pair<QString, QString>> external;
    bool externalLocation = false;
    Field f;
    Status status;
    while (status) {
        Result<bool> more = next(where, f);
        if (!more) {
            status = more.error();
            break;
        }
        if (!*more)
            break;
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
    }
    m_wire.leave(scope);
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
    if (!weight)
        return keep(where, w.name.size() * 2);
    if (!type || code == 0)
        return fail(where + QStringLiteral(".data_type"), QStringLiteral("%1 is not an ONNX data type").arg(code));
    if (!type->dtype)
        w.note = QStringLiteral("%1 values cannot be shown").arg(w.typeName);
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
    w.encoding = WeightEncoding::OnnxFields;
    w.byteSize = need; // the values' bytes once decoded (the file holds them as varints)
    return keep(where, w.name.size() * 2);
}

} // namespace

bool looksLikeOnnx(const ByteSource &bytes, const Limits &limits)
{
    static const SiblingFiles none;
    return OnnxParser(bytes, none, limits).sniff();
}

Result<ModelFile::Contents> readOnnxModel(const ByteSource &bytes, const SiblingFiles &siblings, const Limits &limits)
{
    return OnnxParser(bytes, siblings, limits).parse();
}

// Used by ModelFile::openWeight for WeightEncoding::OnnxFields.
Result<QByteArray> decodeOnnxTypedField(const ByteSource &bytes, const ModelWeight &w, const Limits &limits)
{
    static const SiblingFiles none;
    qint64 code = -1;
    for (qint64 c = 0; c < 25; ++c)
        if (const onnx::ElemType *t = onnx::elemType(c); t && QLatin1String(t->name) == w.typeName)
            code = c;
    return OnnxParser(bytes, none, limits).decodeTypedField(w, code);
}

} // namespace carton
