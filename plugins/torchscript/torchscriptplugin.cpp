// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "torchscriptplugin.h"

#include "torchconvert.h"

#include <QDir>
#include <QFileInfo>
#include <cstdio>
#include <sstream>
#include <torch/csrc/jit/passes/inliner.h>
#include <torch/script.h>
#include <torch/torch.h>

using namespace carton;

namespace {

Error torchError(const QString &what, const std::exception &e)
{
    QString message = QString::fromLocal8Bit(e.what());
    // libtorch appends a long C++ backtrace; the first lines say what happened.
    const QStringList lines = message.split(u'\n');
    if (lines.size() > 12)
        message = lines.mid(0, 12).join(u'\n') + QStringLiteral("\n...");
    return makeError(ErrorCode::Format, QStringLiteral("%1: %2").arg(what, message));
}

class TorchScriptModel final : public RunnerModel {
public:
    explicit TorchScriptModel(torch::jit::Module module) : m_module(std::move(module))
    {
        const c10::FunctionSchema &schema = m_module.get_method("forward").function().getSchema();
        if (schema.arguments().size() == 2 && schema.arguments()[1].type()->kind() == c10::TypeKind::DictType)
            m_valueType = schema.arguments()[1].type()->expectRef<c10::DictType>().getValueType();
        else
            m_valueType = c10::AnyType::get();
    }

    Result<TensorMap> infer(const TensorMap &inputs) override
    {
        try {
            c10::impl::GenericDict dict(c10::StringType::get(), m_valueType);
            for (auto it = inputs.cbegin(); it != inputs.cend(); ++it) {
                Result<c10::IValue> v = torchconvert::toIValue(it.value(), m_valueType);
                if (!v)
                    return v.error();
                dict.insert(it.key().toStdString(), std::move(*v));
            }
            torch::NoGradGuard noGrad;
            const c10::IValue result = m_module.forward({c10::IValue(dict)});
            if (!result.isGenericDict())
                return makeError(ErrorCode::Format, QStringLiteral("forward() returned a %1; the torchscript runner "
                                                                   "expects a Dict[str, ...]")
                                                        .arg(QString::fromStdString(result.tagKind())));
            TensorMap out;
            for (const auto &entry : result.toGenericDict()) {
                if (!entry.key().isString())
                    return makeError(ErrorCode::Format,
                                     QStringLiteral("forward() returned a dict whose keys are not str"));
                const QString name = QString::fromStdString(entry.key().toStringRef());
                Result<Tensor> t = torchconvert::fromIValue(name, entry.value());
                if (!t)
                    return t.error();
                out.insert(name, std::move(*t));
            }
            return out;
        } catch (const std::exception &e) {
            return torchError(QStringLiteral("forward() failed"), e);
        }
    }

private:
    torch::jit::Module m_module;
    c10::TypePtr m_valueType;
};

// model/model.pt of the carton, which must exist.
Result<QString> modelPath(const RunnerLoadContext &context)
{
    const QString path = QDir(context.modelDir).filePath(QStringLiteral("model.pt"));
    if (!QFileInfo::exists(path))
        return makeError(ErrorCode::NotFound, QStringLiteral("the torchscript runner needs model/model.pt"),
                         QStringLiteral("model/model.pt"));
    return path;
}

QString typeName(const c10::TypePtr &type)
{
    return QString::fromStdString(type->annotation_str()).left(4096);
}

QString valueName(const torch::jit::Value *value)
{
    return QString::fromStdString(value->debugName()).left(4096);
}

// The module path of a node of an inlined graph ("layer1.0.conv1"), from the
// module instances of its inlined call stack; empty for the top-level module.
QString scopeOf(const torch::jit::Node *node)
{
    const c10::optional<torch::jit::InlinedCallStackPtr> stack = node->callstack();
    if (!stack)
        return {};
    QStringList path;
    for (const torch::jit::InlinedCallStackEntry &entry : (*stack)->vec()) {
        const c10::optional<torch::jit::ModuleInstanceInfo> &module = std::get<2>(entry);
        if (module && !module->instance_name().empty())
            path.append(QString::fromStdString(module->instance_name()));
    }
    return path.join(u'.').left(4096);
}

template <typename T>
QString listText(const std::vector<T> &values)
{
    QStringList parts;
    for (size_t i = 0; i < values.size() && i < 64; ++i) {
        std::ostringstream out;
        out << values[i];
        parts.append(QString::fromStdString(out.str()));
    }
    if (values.size() > 64)
        parts.append(QStringLiteral("… (%1 values)").arg(values.size()));
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

QString tensorText(const at::Tensor &t)
{
    std::ostringstream sizes;
    sizes << t.sizes();
    QString text = QStringLiteral("tensor %1%2")
                       .arg(QString::fromStdString(std::string(c10::toString(t.scalar_type()))),
                            QString::fromStdString(sizes.str()));
    if (t.numel() == 1 && t.device().is_cpu())
        text += QStringLiteral(" = %1").arg(t.item().toDouble());
    return text;
}

// A node attribute's value as one line.
QString attributeText(const torch::jit::Node *node, c10::Symbol name)
{
    using torch::jit::AttributeKind;
    switch (node->kindOf(name)) {
    case AttributeKind::f:
        return QString::number(node->f(name));
    case AttributeKind::i:
        return QString::number(node->i(name));
    case AttributeKind::s:
        return u'"' + QString::fromStdString(node->s(name)) + u'"';
    case AttributeKind::fs:
        return listText(node->fs(name));
    case AttributeKind::is:
        return listText(node->is(name));
    case AttributeKind::ss:
        return listText(node->ss(name));
    case AttributeKind::t:
        return tensorText(node->t(name));
    case AttributeKind::ty:
        return QString::fromStdString(node->ty(name)->annotation_str());
    case AttributeKind::ival: {
        const c10::IValue &value = node->ival(name);
        if (value.isTensor())
            return tensorText(value.toTensor());
        std::ostringstream out;
        out << value;
        return QString::fromStdString(out.str());
    }
    default:
        return QString::fromLatin1(torch::jit::toString(node->kindOf(name)));
    }
}

InspectedMethod inspectMethod(const torch::jit::Method &method)
{
    InspectedMethod m;
    m.name = QString::fromStdString(method.name());
    const c10::FunctionSchema &schema = method.function().getSchema();
    const auto &arguments = schema.arguments();
    // The first argument is the module (self).
    for (size_t i = 1; i < arguments.size() && m.arguments.size() < kMaxInspectedValues; ++i)
        m.arguments.append({QString::fromStdString(arguments[i].name()), typeName(arguments[i].type())});
    for (const c10::Argument &r : schema.returns()) {
        if (m.returns.size() < kMaxInspectedValues)
            m.returns.append({QString::fromStdString(r.name()), typeName(r.type())});
    }
    // Submodule calls inlined, as a graph is drawn: the nodes' call stacks keep
    // the module each came from.
    const std::shared_ptr<torch::jit::Graph> graph = method.graph()->copy();
    torch::jit::Inline(*graph);
    for (const torch::jit::Value *v : graph->inputs()) {
        if (m.graphInputs.size() < kMaxInspectedValues)
            m.graphInputs.append(valueName(v));
    }
    for (const torch::jit::Value *v : graph->outputs()) {
        if (m.graphOutputs.size() < kMaxInspectedValues)
            m.graphOutputs.append(valueName(v));
    }
    for (const torch::jit::Node *node : graph->nodes()) {
        if (m.nodes.size() >= kMaxInspectedNodes) {
            m.nodesTruncated = true;
            break;
        }
        InspectedNode n;
        n.kind = QString::fromUtf8(node->kind().toQualString());
        for (const torch::jit::Value *v : node->inputs()) {
            if (n.inputs.size() < kMaxInspectedValues)
                n.inputs.append(valueName(v));
        }
        for (const torch::jit::Value *v : node->outputs()) {
            if (n.outputs.size() < kMaxInspectedValues)
                n.outputs.append(valueName(v));
        }
        n.scope = scopeOf(node);
        for (const c10::Symbol &name : node->attributeNames()) {
            if (n.attributes.size() < kMaxInspectedValues)
                n.attributes.append({QString::fromUtf8(name.toUnqualString()), attributeText(node, name).left(4096)});
        }
        m.nodes.append(std::move(n));
    }
    m.graph = QString::fromStdString(graph->toString()).left(kMaxInspectedGraphChars);
    return m;
}

} // namespace

Result<ModelInspection> TorchScriptPlugin::inspect(const RunnerLoadContext &context)
{
    Result<QString> path = modelPath(context);
    if (!path)
        return path.error();
    try {
        torch::jit::Module module = torch::jit::load(QFile::encodeName(*path).toStdString(), torch::kCPU);
        ModelInspection out;
        out.format = QStringLiteral("TorchScript");
        out.file = QStringLiteral("model/model.pt");
        // forward first, then the other methods in the module's order.
        if (module.find_method("forward"))
            out.methods.append(inspectMethod(module.get_method("forward")));
        for (const torch::jit::Method &method : module.get_methods()) {
            if (method.name() != "forward" && out.methods.size() < kMaxInspectedMethods)
                out.methods.append(inspectMethod(method));
        }
        return out;
    } catch (const std::exception &e) {
        return torchError(QStringLiteral("cannot inspect model/model.pt"), e);
    }
}

Result<std::unique_ptr<RunnerModel>> TorchScriptPlugin::load(const RunnerLoadContext &context)
{
    Result<QString> found = modelPath(context);
    if (!found)
        return found.error();
    const QString &path = *found;
    try {
        const int threads = context.options.value(u"num_threads").toInt(0);
        const int interop = context.options.value(u"num_interop_threads").toInt(0);
        if (interop > 0)
            at::set_num_interop_threads(interop);
        if (threads > 0)
            at::set_num_threads(threads);
        std::fprintf(stderr, "[torchscript] %d intra-op threads, %d inter-op threads\n", at::get_num_threads(),
                     at::get_num_interop_threads());
        torch::jit::Module module = torch::jit::load(QFile::encodeName(path).toStdString(), torch::kCPU);
        module.eval();
        return std::unique_ptr<RunnerModel>(std::make_unique<TorchScriptModel>(std::move(module)));
    } catch (const std::exception &e) {
        return torchError(QStringLiteral("cannot load model/model.pt"), e);
    }
}
