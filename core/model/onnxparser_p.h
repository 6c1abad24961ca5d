// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to carton_model: the ONNX ModelProto parser (onnxreader.cpp: the model,
// graph and nodes; onnxvalues.cpp: attributes, value types, sparse tensors;
// onnxtensor.cpp: tensors and their values).

#include "model/modelfile.h"
#include "model/onnxtypes.h"
#include "model/wirereader.h"

namespace carton::onnx {

using Field = WireReader::Field;
inline constexpr qint64 kMaxName = 64 << 10;                        // a name, op type, key or dim_param
inline constexpr qint64 kMaxShownString = 1024;                     // an attribute's string value, as shown
inline constexpr int kMaxDims = 1024;                               // dims of one tensor or one value's shape
inline constexpr int kMaxBodyDepth = OnnxAttribute::kMaxGraphDepth; // subgraphs in subgraphs
inline constexpr qint64 kMaxListed = 100'000;    // graph inputs, outputs, a node's inputs/outputs/attributes
inline constexpr qint64 kMaxTopFields = 100'000; // ModelProto fields looked at when detecting

inline const char *wireTypeName(int type)
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

inline QString quoteName(const QString &name)
{
    return QStringLiteral("\"%1\"").arg(name.size() > 80 ? name.left(80) + QStringLiteral("…") : name);
}

class OnnxParser final {
public:
    OnnxParser(const ByteSource &bytes, const SiblingFiles &siblings, const Limits &limits)
        : m_wire(bytes), m_file(bytes.name()), m_siblings(siblings), m_limits(limits)
    {
    }

    // Only the ModelProto's own fields (the graph is skipped): enough to tell ONNX
    // from other bytes. True when ir_version and a graph were seen, every field was a
    // ModelProto field with its wire type and nothing was truncated.
    bool sniff();

    Result<ModelFile::Contents> parse();

    // Values of a TensorProto's typed field (int32_data...) as little-endian elements.
    Result<QByteArray> decodeTypedField(const ModelWeight &w, qint64 code);

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
    // Calls `each` for every field of `message` (a Length field holding a message),
    // entering and leaving it; stops at the first error.
    Status forEachField(const QString &where, const Field &message, const std::function<Status(const Field &)> &each);
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
    Status parsePair(const QString &where, const Field &message, QString *first, QString *second, qint64 *number);

    Status parseGraph(const Field &graph, OnnxInfo &info, QList<ModelWeight> &weights);

    Status parseGraphField(const Field &f, OnnxInfo &info, QList<ModelWeight> &weights);

    Status parseNode(const QString &where, const Field &message, OnnxNode &node);

    static QString attributeTypeName(qint64 type);

    Status parseAttribute(const QString &where, const Field &message, OnnxAttribute &a);

    // A subgraph (If's branches, Loop's and Scan's body) read as a graph of its own;
    // at most kMaxBodyDepth deep, its nodes counted with the file's (maxModelNodes).
    Result<std::shared_ptr<const OnnxInfo>> parseBody(const QString &where, const Field &message);

    Status parseValueInfo(const QString &where, const Field &message, OnnxValueInfo &v);

    // TypeProto: a tensor type's elem_type and shape; other kinds are named only.
    Status parseType(const QString &where, const Field &message, OnnxValueInfo &v);

    Status parseTensorType(const QString &where, const Field &message, OnnxValueInfo &v);

    Status parseShape(const QString &where, const Field &message, QList<OnnxDim> &dims);

    Status parseSparse(const QString &where, const Field &message, ModelWeight &w);

    // A TensorProto: for an initializer (`weight`), where its values lie.
    Status parseTensor(const QString &where, const Field &message, ModelWeight &w, bool weight);
    // " = 0", " = [1, 1]": the values of a tensor of at most 8 values stored in the file (raw_data), else empty.
    QString smallTensorValues(const ModelWeight &t);

    WireReader m_wire;
    QString m_file;
    const SiblingFiles &m_siblings;
    const Limits &m_limits;
    qint64 m_kept = 0;
    qint64 m_nodes = 0; // in every graph of the file, bodies included
    int m_bodyDepth = 0;
};

} // namespace carton::onnx
