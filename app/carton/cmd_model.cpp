// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton model FILE [--json] [--graph] [--inspect]
#include "base/jsonutil.h"
#include "commands.h"
#include "hfmodeltext.h"
#include "jsonexport.h"
#include "model/classifypath.h"
#include "output.h"
#include "runner/fileinspection.h"
#include "runner/runnersessionfactory.h"
#include "tensorfile.h"
#include "validate/modelsignature.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

namespace cli {

using namespace carton;

namespace {

QJsonValue dimJson(const OnnxDim &d)
{
    if (d.value)
        return *d.value;
    if (!d.param.isEmpty())
        return d.param;
    return QJsonValue::Null;
}

QString dimText(const OnnxDim &d)
{
    return d.value ? QString::number(*d.value) : d.param.isEmpty() ? QStringLiteral("?") : d.param;
}

QJsonArray valuesJson(const QList<OnnxValueInfo> &values)
{
    QJsonArray out;
    for (const OnnxValueInfo &v : values) {
        QJsonObject o{{QStringLiteral("name"), v.name},
                      {QStringLiteral("kind"), v.kind},
                      {QStringLiteral("dtype"), v.dtype.isEmpty() ? QJsonValue(QJsonValue::Null) : v.dtype}};
        if (v.shape) {
            QJsonArray shape;
            for (const OnnxDim &d : *v.shape)
                shape.append(dimJson(d));
            o.insert(QStringLiteral("shape"), shape);
        } else {
            o.insert(QStringLiteral("shape"), QJsonValue::Null);
        }
        out.append(o);
    }
    return out;
}

QString valuesText(const QList<OnnxValueInfo> &values)
{
    QString out;
    for (const OnnxValueInfo &v : values) {
        QString shape = QStringLiteral("(rank unknown)");
        if (v.shape) {
            QStringList dims;
            for (const OnnxDim &d : *v.shape)
                dims.append(dimText(d));
            shape = QLatin1Char('[') + dims.join(QStringLiteral(", ")) + QLatin1Char(']');
        }
        out += QStringLiteral("    %1  %2  %3\n")
                   .arg(v.name, v.kind == u"tensor" ? v.dtype : v.kind + QLatin1Char(' ') + v.dtype, shape);
    }
    return out;
}

// A node's step in a path: its name, or "op_type#index" when it has none.
QString pathStep(const OnnxNode &node, qsizetype index)
{
    return node.name.isEmpty() ? QStringLiteral("%1#%2").arg(node.opType).arg(index) : node.name;
}

// The body `g` of attribute `attribute` ("then_branch", "branches[1]") of the node at `path`.
QString bodyPath(const QString &path, const OnnxAttribute &a, qsizetype g)
{
    return path + u'/' +
           (a.graphs.size() > 1 || a.type == u"GRAPHS" ? QStringLiteral("%1[%2]").arg(a.name).arg(g) : a.name);
}

QJsonObject nodeJson(const OnnxNode &node, const QString &path)
{
    QJsonArray attributes;
    for (const OnnxAttribute &a : node.attributes) {
        QJsonObject o{{QStringLiteral("name"), a.name}, {QStringLiteral("type"), a.type}};
        if (a.type == u"INT" && !a.ints.isEmpty())
            o.insert(QStringLiteral("value"), a.ints.first());
        else if (a.type == u"FLOAT" && !a.floats.isEmpty())
            o.insert(QStringLiteral("value"), a.floats.first());
        else if (a.type == u"STRING" && !a.strings.isEmpty())
            o.insert(QStringLiteral("value"), a.strings.first());
        else if (a.type == u"INTS" && a.count == a.ints.size())
            o.insert(QStringLiteral("value"), toJsonArray(a.ints));
        else if (a.type == u"FLOATS" && a.count == a.floats.size()) {
            QJsonArray values;
            for (double v : a.floats)
                values.append(v);
            o.insert(QStringLiteral("value"), values);
        } else if (a.type == u"STRINGS" && a.count == a.strings.size())
            o.insert(QStringLiteral("value"), QJsonArray::fromStringList(a.strings));
        o.insert(QStringLiteral("text"), a.text);
        // A body (If, Loop, Scan): its nodes, nested, each with its path from the main graph.
        QJsonArray graphs;
        for (qsizetype g = 0; g < a.graphs.size(); ++g) {
            const OnnxInfo &body = *a.graphs[g];
            const QString at = bodyPath(path, a, g);
            QJsonArray nodes;
            for (qsizetype i = 0; i < body.nodes.size(); ++i)
                nodes.append(nodeJson(body.nodes[i], at + u'/' + pathStep(body.nodes[i], i)));
            graphs.append(QJsonObject{{QStringLiteral("path"), at},
                                      {QStringLiteral("name"), body.graphName},
                                      {QStringLiteral("inputs"), valuesJson(body.inputs)},
                                      {QStringLiteral("outputs"), valuesJson(body.outputs)},
                                      {QStringLiteral("node_count"), body.nodes.size()},
                                      {QStringLiteral("nodes"), nodes}});
        }
        if (!graphs.isEmpty())
            o.insert(QStringLiteral("graphs"), graphs);
        attributes.append(o);
    }
    QJsonObject o{{QStringLiteral("op_type"), node.opType},
                  {QStringLiteral("name"), node.name},
                  {QStringLiteral("path"), path},
                  {QStringLiteral("inputs"), QJsonArray::fromStringList(node.inputs)},
                  {QStringLiteral("outputs"), QJsonArray::fromStringList(node.outputs)},
                  {QStringLiteral("attributes"), attributes}};
    if (!node.domain.isEmpty())
        o.insert(QStringLiteral("domain"), node.domain);
    return o;
}

QString nodeText(const OnnxNode &node, const QString &indent = QStringLiteral("    "))
{
    QStringList attributes;
    for (const OnnxAttribute &a : node.attributes)
        attributes.append(a.name + QLatin1Char('=') + a.text);
    QString op = node.domain.isEmpty() ? node.opType : node.domain + QLatin1Char(':') + node.opType;
    QString out = QStringLiteral("%1%2%3(%4) -> (%5)")
                      .arg(indent, op, node.name.isEmpty() ? QString() : QStringLiteral(" \"%1\"").arg(node.name),
                           node.inputs.join(QStringLiteral(", ")), node.outputs.join(QStringLiteral(", ")));
    if (!attributes.isEmpty())
        out += QStringLiteral("  ") + attributes.join(QStringLiteral("  "));
    out += QLatin1Char('\n');
    for (const OnnxAttribute &a : node.attributes)
        for (qsizetype g = 0; g < a.graphs.size(); ++g) {
            out += QStringLiteral("%1  %2:\n")
                       .arg(indent, a.graphs.size() > 1 ? QStringLiteral("%1[%2]").arg(a.name).arg(g) : a.name);
            for (const OnnxNode &inner : a.graphs[g]->nodes)
                out += nodeText(inner, indent + QStringLiteral("    "));
        }
    return out;
}

// A graph's inputs, outputs and op counts (and its nodes when `nodes`).
void addGraphJson(QJsonObject &o, const OnnxInfo &g, bool nodes)
{
    o.insert(QStringLiteral("inputs"), valuesJson(g.inputs));
    o.insert(QStringLiteral("outputs"), valuesJson(g.outputs));
    QJsonObject ops;
    for (auto it = g.opCounts.cbegin(); it != g.opCounts.cend(); ++it)
        ops.insert(it.key(), it.value());
    o.insert(QStringLiteral("op_counts"), ops);
    o.insert(QStringLiteral("node_count"), g.nodes.size());
    if (nodes) {
        QJsonArray list;
        for (qsizetype i = 0; i < g.nodes.size(); ++i)
            list.append(nodeJson(g.nodes[i], pathStep(g.nodes[i], i)));
        o.insert(QStringLiteral("nodes"), list);
    }
}

QJsonObject modelJson(const ModelEntry &entry, bool graph)
{
    QJsonObject o{{QStringLiteral("entry"), entry.path}, {QStringLiteral("format"), modelFormatName(entry.format)}};
    if (!entry.model) {
        o.insert(QStringLiteral("error"), entry.error->toString());
        return o;
    }
    const ModelFile &m = *entry.model;
    o.insert(QStringLiteral("parameters"), m.parameterCount());
    o.insert(QStringLiteral("parameter_bytes"), m.parameterBytes());
    o.insert(QStringLiteral("weights"), m.weights().size());
    if (const std::optional<OnnxInfo> &onnx = m.onnx()) {
        o.insert(QStringLiteral("ir_version"), onnx->irVersion);
        o.insert(QStringLiteral("producer"), QJsonObject{{QStringLiteral("name"), onnx->producerName},
                                                         {QStringLiteral("version"), onnx->producerVersion}});
        if (!onnx->domain.isEmpty())
            o.insert(QStringLiteral("domain"), onnx->domain);
        o.insert(QStringLiteral("model_version"), onnx->modelVersion);
        o.insert(QStringLiteral("graph_name"), onnx->graphName);
        QJsonArray opsets;
        for (const auto &[domain, version] : onnx->opsets)
            opsets.append(QJsonObject{{QStringLiteral("domain"), domain}, {QStringLiteral("version"), version}});
        o.insert(QStringLiteral("opset"), opsets);
        QJsonObject metadata;
        for (const auto &[key, value] : onnx->metadata)
            metadata.insert(key, value);
        o.insert(QStringLiteral("metadata"), metadata);
        addGraphJson(o, *onnx, graph);
    }
    if (const std::optional<GgufInfo> &gguf = m.gguf()) {
        o.insert(QStringLiteral("version"), qint64(gguf->version));
        o.insert(QStringLiteral("alignment"), gguf->alignment);
        QJsonArray metadata;
        for (const GgufValue &v : gguf->metadata) {
            QJsonObject kv{
                {QStringLiteral("key"), v.key}, {QStringLiteral("type"), v.type}, {QStringLiteral("value"), v.text}};
            if (v.type.startsWith(u"array"))
                kv.insert(QStringLiteral("count"), v.count);
            metadata.append(kv);
        }
        o.insert(QStringLiteral("metadata"), metadata);
    }
    if (const std::optional<TorchInfo> &torch = m.torch()) {
        o.insert(QStringLiteral("torchscript"), torch->torchScript);
        if (!torch->archiveName.isEmpty())
            o.insert(QStringLiteral("archive"), torch->archiveName);
        o.insert(QStringLiteral("version"), torch->version);
        o.insert(QStringLiteral("pickle_protocol"), torch->pickleProtocol);
        if (!torch->byteOrder.isEmpty())
            o.insert(QStringLiteral("byteorder"), torch->byteOrder);
        o.insert(QStringLiteral("code"), QJsonArray::fromStringList(torch->codeFiles));
        o.insert(QStringLiteral("opaque"), QJsonArray::fromStringList(torch->opaque));
        if (torch->torchScript) {
            // forward's graph read from code/ (nothing run): "graph_source": "code".
            const Result<OnnxInfo> g = m.torchScriptGraph();
            if (g) {
                o.insert(QStringLiteral("graph_source"), QStringLiteral("code"));
                for (const auto &[key, value] : g->metadata)
                    if (key == u"checks_left_out")
                        o.insert(QStringLiteral("checks_left_out"), value.toInt());
                addGraphJson(o, *g, graph);
            } else {
                o.insert(QStringLiteral("graph_error"), g.error().toString());
            }
        }
    }
    return o;
}

QString modelText(const ModelEntry &entry, bool graph)
{
    if (!entry.model)
        return QString();
    const ModelFile &m = *entry.model;
    QString out = QStringLiteral("%1: %2").arg(entry.path, modelFormatName(entry.format));
    if (const std::optional<OnnxInfo> &onnx = m.onnx()) {
        out += QStringLiteral(" (IR version %1)\n").arg(onnx->irVersion);
        out += QStringLiteral("  producer: %1\n")
                   .arg(QStringLiteral("%1 %2").arg(onnx->producerName, onnx->producerVersion).trimmed());
        QStringList opsets;
        for (const auto &[domain, version] : onnx->opsets)
            opsets.append(
                QStringLiteral("%1 %2").arg(domain.isEmpty() ? QStringLiteral("ai.onnx") : domain).arg(version));
        out += QStringLiteral("  opset: %1\n").arg(opsets.join(QStringLiteral(", ")));
    } else if (const std::optional<GgufInfo> &gguf = m.gguf()) {
        out += QStringLiteral(" (version %1)\n").arg(gguf->version);
        for (const char *key : {"general.architecture", "general.name"})
            if (const QString v = gguf->value(QLatin1String(key)); !v.isEmpty())
                out += QStringLiteral("  %1: %2\n").arg(QLatin1String(key), v);
    } else if (const std::optional<TorchInfo> &torch = m.torch()) {
        out += QStringLiteral(" (%1, version %2)\n")
                   .arg(torch->torchScript ? QStringLiteral("TorchScript") : QStringLiteral("torch.save"),
                        torch->version.isEmpty() ? QStringLiteral("?") : torch->version);
    } else {
        out += QLatin1Char('\n');
    }
    out += QStringLiteral("  parameters: %1 (%2) in %3 weights\n")
               .arg(m.parameterCount())
               .arg(humanSize(m.parameterBytes()))
               .arg(m.weights().size());
    if (const std::optional<OnnxInfo> &onnx = m.onnx()) {
        out += QStringLiteral("  inputs:\n") + valuesText(onnx->inputs);
        out += QStringLiteral("  outputs:\n") + valuesText(onnx->outputs);
        QStringList ops;
        for (auto it = onnx->opCounts.cbegin(); it != onnx->opCounts.cend(); ++it)
            ops.append(QStringLiteral("%1 %2").arg(it.key()).arg(it.value()));
        out += QStringLiteral("  ops (%1 nodes): %2\n").arg(onnx->nodes.size()).arg(ops.join(QStringLiteral(", ")));
        if (graph) {
            out += QStringLiteral("  nodes:\n");
            for (const OnnxNode &n : onnx->nodes)
                out += nodeText(n);
        }
    }
    if (const std::optional<TorchInfo> &torch = m.torch()) {
        if (!torch->codeFiles.isEmpty())
            out += QStringLiteral("  code (%1 files):\n    %2\n")
                       .arg(torch->codeFiles.size())
                       .arg(torch->codeFiles.join(QStringLiteral("\n    ")));
        if (!torch->opaque.isEmpty())
            out += QStringLiteral("  not evaluated: %1\n").arg(torch->opaque.join(QStringLiteral(", ")));
        if (torch->torchScript) {
            const Result<OnnxInfo> g = m.torchScriptGraph();
            if (!g) {
                out += QStringLiteral("  graph: %1\n").arg(g.error().toString());
            } else {
                out += QStringLiteral("  graph of forward (read from code/, nothing run):\n");
                out += QStringLiteral("  inputs:\n") + valuesText(g->inputs);
                out += QStringLiteral("  outputs:\n") + valuesText(g->outputs);
                QStringList ops;
                for (auto it = g->opCounts.cbegin(); it != g->opCounts.cend(); ++it)
                    ops.append(QStringLiteral("%1 %2").arg(it.key()).arg(it.value()));
                out +=
                    QStringLiteral("  ops (%1 nodes): %2\n").arg(g->nodes.size()).arg(ops.join(QStringLiteral(", ")));
                if (graph) {
                    out += QStringLiteral("  nodes:\n");
                    for (const OnnxNode &n : g->nodes)
                        out += nodeText(n);
                }
            }
        }
    }
    if (const std::optional<GgufInfo> &gguf = m.gguf(); gguf && graph) {
        out += QStringLiteral("  metadata:\n");
        for (const GgufValue &v : gguf->metadata)
            out += QStringLiteral("    %1 (%2) = %3\n").arg(v.key, v.type, v.text);
    }
    return out;
}

// What `--inspect` adds to the JSON of the model file it inspected.
void addInspectionJson(QJsonObject &o, const ModelInspection &inspection, const Diagnostics *comparison, bool graph)
{
    if (comparison)
        o.insert(QStringLiteral("signature_check"), diagnosticsToJson(*comparison));
    const InspectedMethod *forward = inspection.method(u"forward");
    if (forward) {
        o.insert(QStringLiteral("signature"),
                 QJsonObject{{QStringLiteral("method"), forward->signature()},
                             {QStringLiteral("inputs"), inspectedValuesJson(forward->arguments)},
                             {QStringLiteral("outputs"), inspectedValuesJson(forward->returns)}});
        QJsonObject ops;
        const QMap<QString, int> counts = forward->opCounts();
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            ops.insert(it.key(), it.value());
        o.insert(QStringLiteral("op_counts"), ops);
        o.insert(QStringLiteral("node_count"), forward->nodes.size());
    }
    QJsonArray methods;
    for (const InspectedMethod &m : inspection.methods)
        methods.append(m.signature());
    o.insert(QStringLiteral("methods"), methods);
    if (graph && forward) {
        QJsonArray nodes;
        for (const InspectedNode &n : forward->nodes)
            nodes.append(inspectedNodeJson(n));
        o.insert(QStringLiteral("nodes"), nodes);
        o.insert(QStringLiteral("graph"), forward->graph);
    }
}

QString inspectionText(const ModelInspection &inspection, const Diagnostics *comparison, bool graph)
{
    QString out =
        QStringLiteral("%1: %2 (inspected by the runner in its sandbox)\n").arg(inspection.file, inspection.format);
    for (const InspectedMethod &m : inspection.methods)
        out += QStringLiteral("  %1\n").arg(m.signature());
    if (const InspectedMethod *forward = inspection.method(u"forward")) {
        QStringList ops;
        const QMap<QString, int> counts = forward->opCounts();
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            ops.append(QStringLiteral("%1 %2").arg(it.key()).arg(it.value()));
        out += QStringLiteral("  ops (%1 nodes): %2\n").arg(forward->nodes.size()).arg(ops.join(QStringLiteral(", ")));
        if (comparison) {
            out += QStringLiteral("  compared with carton.toml: %1\n")
                       .arg(comparison->isEmpty()
                                ? QStringLiteral("nothing in [[input]] or [[output]] contradicts forward")
                                : QStringLiteral("%1 finding(s)").arg(comparison->size()));
            for (const Diagnostic &d : *comparison)
                out += QStringLiteral("    %1: %2\n").arg(severityName(d.severity), d.toString());
        }
        if (graph)
            out += QStringLiteral("  graph:\n") + forward->graph;
    }
    return out;
}

bool runsTorchScript(const TensorFile &file)
{
    return file.carton && file.carton->info() && file.carton->info()->runner.runnerName == u"torchscript";
}

} // namespace

int runModel(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Show the model files of a carton (files under model/ recognised by content: ONNX, GGUF, "
        "safetensors, PyTorch) or a bare model file: format, producer, opset, parameters, signature, ops, "
        "TorchScript code files."));
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("A .carton file, an unpacked carton folder or a model file."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption graph(QStringLiteral("graph"),
                                   QStringLiteral("Also print the graph's nodes (ONNX) or all metadata (GGUF)."));
    const QCommandLineOption inspect(
        QStringLiteral("inspect"),
        QStringLiteral("Load the model in its runner (in the sandbox, as a self-test would, without running it) and "
                       "print what the runner reads: TorchScript's forward signature and ops."));
    parser.addOptions({json, graph, inspect});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("model"), args, 1, &exit))
        return exit;
    const QString path = parser.positionalArguments().at(0);
    if (const Result<OpenKind> kind = classifyPath(path); kind && *kind == OpenKind::Unknown) {
        printError(QStringLiteral("model: %1 is neither a carton nor a model file this reader knows (ONNX, GGUF, "
                                  "safetensors, PyTorch)")
                       .arg(path));
        return UsageOrInput;
    }
    auto file = TensorFile::open(path, &exit);
    if (!file)
        return exit;
    if (file->kind == TensorFile::Kind::Npy) {
        printError(QStringLiteral("model: %1 is a .npy array, not a model file").arg(path));
        return UsageOrInput;
    }
    std::optional<HfModelInfo> hf;
    if (file->hfFolder) {
        Result<HfModelInfo> read = readHfModelInfo(path);
        if (!read) {
            printError(read.error());
            return exitCodeFor(read.error());
        }
        hf = std::move(read).value();
    }
    std::optional<ModelSet> single;
    if (file->kind == TensorFile::Kind::Safetensors) {
        Result<ModelSet> set = ModelSet::fromFile(path);
        if (!set) {
            printError(set.error());
            return exitCodeFor(set.error());
        }
        single = std::move(set).value();
    }
    const ModelSet &models = single ? *single : file->models();
    bool ok = true;
    for (const ModelEntry &entry : models.entries())
        if (!entry.model) {
            printError(*entry.error);
            ok = false;
        }
    // Running plugin code is opt-in (--inspect) and sandboxed like a self-test.
    std::optional<ModelInspection> inspection;
    std::optional<Diagnostics> comparison; // forward against carton.toml
    if (parser.isSet(inspect)) {
        // The runner follows the file's content (a TorchScript archive: torchscript),
        // forced when the carton names another; a bare file is inspected through a
        // scratch folder carton (the runner host opens cartons only).
        const ModelEntry *target = inspectableEntry(models);
        const QString runner = target ? inspectingRunner(*target) : QString();
        if (!file->carton && !target) {
            printError(QStringLiteral("model: --inspect: %1 is no model file a runner here can inspect (a TorchScript "
                                      "archive)")
                           .arg(path));
            return UsageOrInput;
        }
        QTemporaryDir scratch;
        const Carton *carton = file->carton.get();
        std::shared_ptr<const Carton> scratchCarton;
        RunnerChoice choice;
        if (!runner.isEmpty()) {
            choice.runnerName = runner;
            choice.force = carton && (!carton->info() || carton->info()->runner.runnerName != runner);
        }
        if (!carton) {
            const QString dir = QDir(scratch.path()).filePath(QFileInfo(path).fileName());
            Result<std::shared_ptr<const Carton>> made =
                scratch.isValid() ? makeInspectionCarton(dir, runner)
                                  : Result<std::shared_ptr<const Carton>>(
                                        makeError(ErrorCode::Io, QStringLiteral("cannot create a scratch folder")));
            Result<void> placed = made ? placeModelFile(path, dir) : Result<void>(made.error());
            if (!placed) {
                printError(QStringLiteral("model: --inspect: %1").arg(placed.error().toString()));
                return exitCodeFor(placed.error());
            }
            scratchCarton = *made;
            carton = scratchCarton.get();
        }
        QStringList warnings;
        QString log;
        Result<ModelInspection> r = inspectModel(*carton, choice, {}, &warnings, &log);
        for (const QString &w : std::as_const(warnings))
            printWarning(w);
        if (!r) {
            printError(QStringLiteral("model: --inspect: %1").arg(r.error().toString()));
            return exitCodeFor(r.error());
        }
        if (!file->carton)
            r->file = target->path; // named as the listing names the bare file
        inspection = std::move(*r);
        if (file->carton && file->carton->info())
            comparison = checkInspectedSignature(*file->carton->info(), *inspection);
    } else if (runsTorchScript(*file) && !parser.isSet(json)) {
        printWarning(QStringLiteral("the TorchScript signature needs --inspect (loads the model in the torchscript "
                                    "runner, in the sandbox, without running it)"));
    }
    if (parser.isSet(json)) {
        QJsonArray list;
        bool merged = false;
        for (const ModelEntry &entry : models.entries()) {
            QJsonObject o = modelJson(entry, parser.isSet(graph));
            if (inspection && entry.path == inspection->file) {
                addInspectionJson(o, *inspection, comparison ? &*comparison : nullptr, parser.isSet(graph));
                merged = true;
            }
            list.append(o);
        }
        if (inspection && !merged) {
            QJsonObject o{{QStringLiteral("entry"), inspection->file}, {QStringLiteral("format"), inspection->format}};
            addInspectionJson(o, *inspection, comparison ? &*comparison : nullptr, parser.isSet(graph));
            list.append(o);
        }
        QJsonObject doc{{QStringLiteral("file"), path}, {QStringLiteral("models"), list}};
        if (hf)
            doc.insert(QStringLiteral("hf"), hfModelJson(*hf));
        if (runsTorchScript(*file) && !inspection)
            doc.insert(QStringLiteral("signature_needs"), QStringLiteral("--inspect"));
        printJson(QJsonDocument(doc));
    } else {
        QString out = hf ? hfModelText(*hf) : QString();
        for (const ModelEntry &entry : models.entries())
            out += modelText(entry, parser.isSet(graph));
        if (models.entries().isEmpty() && !inspection)
            out =
                QStringLiteral("%1: no model file this reader knows (ONNX, GGUF, safetensors, PyTorch) under model/\n")
                    .arg(path);
        if (inspection)
            out += inspectionText(*inspection, comparison ? &*comparison : nullptr, parser.isSet(graph));
        printOut(out);
    }
    return ok ? Success : CartonErrors;
}

} // namespace cli
