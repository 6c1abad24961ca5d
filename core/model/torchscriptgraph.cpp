// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The TorchScript graph builder (torchscriptgraph.h): the root module's forward,
// its statements and control flow; torchscriptcalls.cpp evaluates expressions.
#include "model/torchscriptbuilder_p.h"

#include <QSet>

namespace carton {

using SK = TsStmt::Kind;
using EK = TsExpr::Kind;
using VK = TsVal::Kind;
using PK = TorchValue::Kind;

// Ops kept although nothing uses their outputs.
bool tsHasSideEffect(const OnnxNode &node)
{
    const QString &k = node.opType;
    if (k == u"prim::RaiseException" || k == u"prim::Print" || k == u"aten::warn" || k == u"prim::SetAttr" ||
        k == u"aten::_set_item" || k == u"aten::append" || k == u"aten::insert")
        return true;
    if (k.endsWith(u'_') && !k.endsWith(QStringLiteral("__")))
        return true; // in place: changes its input
    for (const OnnxAttribute &a : node.attributes)
        for (const auto &body : a.graphs)
            for (const OnnxNode &inner : body->nodes)
                if (tsHasSideEffect(inner))
                    return true;
    return false;
}

namespace {

// Drops the nodes whose outputs nothing uses (and that change nothing), bodies too.
void dropUnused(OnnxInfo &graph)
{
    QSet<QString> used;
    for (const OnnxValueInfo &v : graph.outputs)
        used.insert(v.name);
    std::vector<bool> keep(graph.nodes.size(), false);
    for (qsizetype n = graph.nodes.size(); n-- > 0;) {
        OnnxNode &node = graph.nodes[n];
        bool needed = tsHasSideEffect(node);
        for (const QString &out : node.outputs)
            needed = needed || used.contains(out);
        if (!needed)
            continue;
        keep[n] = true;
        for (OnnxAttribute &a : node.attributes)
            for (auto &body : a.graphs) {
                auto copy = std::make_shared<OnnxInfo>(*body);
                dropUnused(*copy);
                for (const OnnxNode &inner : copy->nodes)
                    for (const QString &in : inner.inputs)
                        used.insert(in); // values of the outer graph a body takes
                for (const OnnxValueInfo &out : copy->outputs)
                    used.insert(out.name);
                body = copy;
            }
        for (const QString &in : node.inputs)
            used.insert(in);
    }
    QList<OnnxNode> kept;
    kept.reserve(graph.nodes.size());
    for (qsizetype n = 0; n < graph.nodes.size(); ++n)
        if (keep[n])
            kept.append(std::move(graph.nodes[n]));
    graph.nodes = std::move(kept);
}

} // namespace

void tsCountOps(OnnxInfo &graph)
{
    graph.opCounts.clear();
    for (const OnnxNode &n : graph.nodes)
        ++graph.opCounts[n.opType];
}

Result<const TsFile *> TsBuilder::codeFile(const QString &module)
{
    if (auto it = m_files.find(module); it != m_files.end())
        return it->second.get();
    const QString path = QStringLiteral("code/") + QString(module).replace(u'.', u'/') + QStringLiteral(".py");
    if (module.contains(QStringLiteral("..")) || module.contains(u'/') || module.startsWith(u'.'))
        return makeError(ErrorCode::Format, QStringLiteral("\"%1\" names no code file").arg(module.left(200)),
                         m_archive.location);
    Result<QByteArray> bytes = m_archive.readCode(path, m_limits.maxFileBytes + 1);
    if (!bytes)
        return bytes.error();
    m_codeBytes += bytes->size();
    if (m_codeBytes > m_limits.maxCodeBytes)
        return makeError(ErrorCode::Limit, QStringLiteral("more than %1 bytes of code read").arg(m_limits.maxCodeBytes),
                         path);
    Result<TsFile> parsed = parseTorchScript(*bytes, path, m_limits);
    if (!parsed)
        return parsed.error();
    auto file = std::make_unique<TsFile>(std::move(*parsed));
    const TsFile *out = file.get();
    m_files.emplace(module, std::move(file));
    return out;
}

Result<TsBuilder::ClassRef> TsBuilder::classOf(const QString &qualified, const QString &where)
{
    if (auto it = m_classes.constFind(qualified); it != m_classes.cend())
        return *it;
    const qsizetype dot = qualified.lastIndexOf(u'.');
    if (!qualified.startsWith(QStringLiteral("__torch__.")) || dot < 0)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("class \"%1\" is not one of the archive's code").arg(qualified.left(200)),
                         where);
    Result<const TsFile *> file = codeFile(qualified.left(dot));
    if (!file)
        return file.error();
    const auto cls = (*file)->classes.constFind(qualified.mid(dot + 1));
    if (cls == (*file)->classes.cend())
        return makeError(ErrorCode::Format,
                         QStringLiteral("%1 has no class %2").arg((*file)->name, qualified.mid(dot + 1)), where);
    const ClassRef ref{*file, &*cls};
    m_classes.insert(qualified, ref);
    return ref;
}

const QHash<QString, const TorchValue *> &TsBuilder::stateOf(const TorchValue *object)
{
    auto it = m_states.find(object);
    if (it != m_states.end())
        return *it;
    QHash<QString, const TorchValue *> state;
    const TorchValue *dict = object && !object->items.empty() ? object->items.front() : nullptr;
    if (dict && dict->kind == PK::Dict)
        for (size_t i = 0; i + 1 < dict->items.size(); i += 2)
            if (dict->items[i]->kind == PK::String)
                state.insert(dict->items[i]->text, dict->items[i + 1]);
    return *m_states.insert(object, state);
}

Result<TsVal> TsBuilder::fromPickle(const TorchValue *v, const QString &path, int depth)
{
    if (depth > m_limits.maxNesting)
        return makeError(ErrorCode::Limit,
                         QStringLiteral("\"%1\": values nested deeper than %2").arg(path).arg(m_limits.maxNesting),
                         m_archive.location);
    switch (v->kind) {
    case PK::None:
        return TsVal::none();
    case PK::Bool:
        return TsVal::boolean(v->integer != 0);
    case PK::Int:
        return TsVal::integer(v->integer);
    case PK::Float:
        return TsVal::real(v->real);
    case PK::String:
        return TsVal::str(v->text);
    case PK::Tensor:
        return TsVal::tensor(path);
    case PK::Object:
        return TsVal::module(v, path);
    case PK::List:
    case PK::Tuple:
    case PK::Dict: {
        std::vector<TsVal> items;
        for (size_t i = 0; i < v->items.size(); ++i) {
            const QString inner =
                v->kind == PK::Dict ? path + u'.' + v->items[i & ~size_t(1)]->text : path + u'.' + QString::number(i);
            Result<TsVal> item = fromPickle(v->items[i], inner, depth + 1);
            if (!item)
                return item;
            items.push_back(std::move(*item));
        }
        return TsVal::sequence(v->kind == PK::List    ? VK::List
                               : v->kind == PK::Tuple ? VK::Tuple
                                                      : VK::Dict,
                               std::move(items));
    }
    default:
        return TsVal::dynamic(path); // not plain data: known only when the model runs
    }
}

Result<TsVal> TsBuilder::attribute(const TsVal &object, const QString &name, const Frame &frame, int line)
{
    if (object.kind == VK::Global) {
        if (object.s == u"CONSTANTS")
            return TsVal::tensor(QStringLiteral("CONSTANTS.") + name);
        return TsVal::global(object.s + u'.' + name);
    }
    if (object.kind == VK::Module) {
        const QString path = object.path.isEmpty() ? name : object.path + u'.' + name;
        if (const TorchValue *v = stateOf(object.object).value(name))
            return fromPickle(v, path, 0);
        Result<ClassRef> cls = classOf(object.object->text, frame.file->where(line));
        if (!cls)
            return cls.error();
        if (const auto c = cls->cls->constants.constFind(name); c != cls->cls->constants.cend()) {
            Frame inClass{cls->file, {}, object.path};
            return eval(*c, inClass);
        }
        if (cls->cls->methods.contains(name)) {
            TsVal m = TsVal::module(object.object, object.path);
            m.kind = VK::Method;
            m.s = name;
            return m;
        }
        if (cls->cls->types.contains(name)) // declared, not set: an Optional left None
            return TsVal::none();
        return error(frame, line,
                     QStringLiteral("module \"%1\" (%2) has no attribute \"%3\"")
                         .arg(object.path.isEmpty() ? QStringLiteral("self") : object.path, object.object->text, name));
    }
    if (object.kind == VK::Dynamic || object.kind == VK::Tensor) {
        TsVal m;
        m.kind = VK::Method;
        m.s = name;
        m.items = {object};
        return m;
    }
    return error(frame, line, QStringLiteral("\"%1\" has no attribute \"%2\"").arg(object.text().left(80), name));
}

Result<OnnxInfo> TsBuilder::run()
{
    if (!m_archive.root || m_archive.root->kind != PK::Object)
        return makeError(ErrorCode::Format, QStringLiteral("data.pkl does not hold a TorchScript module"),
                         m_archive.location);
    Result<ClassRef> root = classOf(m_archive.root->text, m_archive.location);
    if (!root)
        return root.error();
    const auto forward = root->cls->methods.constFind(QStringLiteral("forward"));
    if (forward == root->cls->methods.cend())
        return makeError(ErrorCode::NotFound, QStringLiteral("class %1 has no forward method").arg(root->cls->name),
                         root->file->name);
    OnnxInfo graph;
    graph.graphName = root->cls->name;
    graph.producerName = QStringLiteral("TorchScript");
    m_graph = &graph;
    Frame frame{root->file, {}, {}};
    const TsVal self = TsVal::module(m_archive.root, {});
    frame.env.insert(forward->params.value(0).name, self);
    for (qsizetype p = 1; p < forward->params.size(); ++p) {
        const TsParam &param = forward->params[p];
        OnnxValueInfo v;
        v.name = newValue(param.name);
        v.kind = param.type >= 0 ? root->file->text(param.type) : QStringLiteral("Tensor");
        graph.inputs.append(v);
        frame.env.insert(param.name, TsVal::dynamic(v.name, v.kind));
    }
    TsVal returned;
    Result<Flow> flow = exec(forward->body, frame, &returned);
    if (!flow)
        return flow.error();
    QStringList returnTypes;
    if (forward->returnType >= 0) {
        const TsExpr &t = root->file->exprs[forward->returnType];
        if (t.kind == EK::Subscript && root->file->text(t.kids[0]) == u"Tuple" &&
            root->file->exprs[t.kids[1]].kind == EK::Tuple)
            for (int k : root->file->exprs[t.kids[1]].kids)
                returnTypes.append(root->file->text(k));
        else
            returnTypes.append(root->file->text(forward->returnType));
    }
    const std::vector<TsVal> outs = returned.kind == VK::Tuple && returnTypes.size() == qsizetype(returned.items.size())
                                        ? returned.items
                                        : std::vector{returned};
    for (size_t i = 0; i < outs.size(); ++i) {
        Result<QString> name = valueName(outs[i], frame, forward->line);
        if (!name)
            return name.error();
        OnnxValueInfo v;
        v.name = *name;
        v.kind = returnTypes.value(qsizetype(i), QStringLiteral("Tensor"));
        graph.outputs.append(v);
    }
    dropUnused(graph);
    tsCountOps(graph);
    graph.metadata = {{QStringLiteral("source"), QStringLiteral("code")},
                      {QStringLiteral("method"), QStringLiteral("forward")},
                      {QStringLiteral("checks_left_out"), QString::number(m_checks)}};
    return graph;
}

Result<OnnxInfo> buildTorchScriptGraph(const TorchScriptArchive &archive, const TorchScriptLimits &limits)
{
    TsBuilder builder(archive, limits);
    return builder.run();
}

} // namespace carton
