// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// ONNX ModelProto through the protobuf wire reader: the signature, the main graph's
// nodes, and every initializer as a weight whose bytes stay in the file.
#include "model/onnxparser_p.h"

#include <QSet>

namespace carton {

namespace onnx {

Status OnnxParser::forEachField(const QString &where, const Field &message,
                                const std::function<Status(const Field &)> &each)
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
        status = each(f);
    }
    m_wire.leave(scope);
    return status;
}

bool OnnxParser::sniff()
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

Result<ModelFile::Contents> OnnxParser::parse()
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

Status OnnxParser::parsePair(const QString &where, const Field &message, QString *first, QString *second,
                             qint64 *number)
{
    Status status = forEachField(where, message, [&](const Field &f) -> Status {
        Status status;
        if (f.number == 1)
            status = text(where + (number ? QStringLiteral(".domain") : QStringLiteral(".key")), f, *first);
        else if (f.number == 2 && number)
            *number = qint64(f.value);
        else if (f.number == 2)
            status = text(where + QStringLiteral(".value"), f, *second, 1 << 20);
        return status;
    });
    return status;
}

Status OnnxParser::parseGraph(const Field &graph, OnnxInfo &info, QList<ModelWeight> &weights)
{
    return forEachField(QStringLiteral("graph"), graph,
                        [&](const Field &f) { return parseGraphField(f, info, weights); });
}

Status OnnxParser::parseGraphField(const Field &f, OnnxInfo &info, QList<ModelWeight> &weights)
{
    switch (f.number) {
    case onnx::GraphNode: {
        const QString where = QStringLiteral("graph.node[%1]").arg(info.nodes.size());
        if (Status s = count(where, ++m_nodes, m_limits.maxModelNodes, "nodes"); !s)
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
    case onnx::GraphOutput:
    case onnx::GraphValueInfo: {
        QList<OnnxValueInfo> &list = f.number == onnx::GraphInput    ? info.inputs
                                     : f.number == onnx::GraphOutput ? info.outputs
                                                                     : info.valueInfo;
        const QString where = QStringLiteral("graph.%1[%2]")
                                  .arg(f.number == onnx::GraphInput    ? QStringLiteral("input")
                                       : f.number == onnx::GraphOutput ? QStringLiteral("output")
                                                                       : QStringLiteral("value_info"))
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
        break; // doc_string, quantization_annotation
    }
    return {};
}

Status OnnxParser::parseNode(const QString &where, const Field &message, OnnxNode &node)
{
    if (message.type != WireReader::Length)
        return wrongType(where, message, WireReader::Length);
    Status status = forEachField(where, message, [&](const Field &f) -> Status {
        Status status;
        switch (f.number) {
        case onnx::NodeInput:
        case onnx::NodeOutput: {
            QStringList &list = f.number == onnx::NodeInput ? node.inputs : node.outputs;
            QString name;
            status = count(where, list.size() + 1, kMaxListed, "inputs or outputs");
            if (status)
                status =
                    text(where + (f.number == onnx::NodeInput ? QStringLiteral(".input") : QStringLiteral(".output")),
                         f, name);
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
        return status;
    });
    return status;
}

} // namespace onnx

bool looksLikeOnnx(const ByteSource &bytes, const Limits &limits)
{
    static const SiblingFiles none;
    return onnx::OnnxParser(bytes, none, limits).sniff();
}

Result<ModelFile::Contents> readOnnxModel(const ByteSource &bytes, const SiblingFiles &siblings, const Limits &limits)
{
    return onnx::OnnxParser(bytes, siblings, limits).parse();
}

} // namespace carton
