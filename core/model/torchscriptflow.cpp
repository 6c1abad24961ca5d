// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The TorchScript graph builder's statements and control flow (torchscriptbuilder_p.h):
// inlined calls, assignments, if/else and loops.
#include "model/torchscriptbuilder_p.h"

#include <QSet>

namespace carton {

using SK = TsStmt::Kind;
using EK = TsExpr::Kind;
using VK = TsVal::Kind;

namespace {

// The graph name of what the code assigns to `variable`: the caller's name for the value the
// function returns, none for the serializer's temporaries ("_0", "_12": named after their
// operator then), else the variable's own.
QString assignedName(const QString &variable, const QString &returnName, const QString &returnedVariable)
{
    if (variable == returnedVariable && !returnName.isEmpty())
        return returnName;
    const bool temporary = variable.size() > 1 && variable.front() == u'_' &&
                           std::all_of(variable.cbegin() + 1, variable.cend(), [](QChar c) { return c.isDigit(); });
    return temporary ? QString() : variable;
}

// Names assigned anywhere in `stmts` (loop-carried candidates).
void assignedNames(const TsFile &file, const std::vector<int> &stmts, QSet<QString> &out)
{
    const auto targets = [&](int expr, const auto &self) -> void {
        const TsExpr &e = file.exprs[expr];
        if (e.kind == EK::Name)
            out.insert(e.text);
        else if (e.kind == EK::Tuple || e.kind == EK::List)
            for (int k : e.kids)
                self(k, self);
    };
    for (int s : stmts) {
        const TsStmt &st = file.stmts[s];
        if (st.kind == SK::Assign)
            for (size_t k = 0; k + 1 < st.kids.size(); ++k)
                targets(st.kids[k], targets);
        else if (st.kind == SK::AugAssign)
            targets(st.kids[0], targets);
        else if (st.kind == SK::Annotated)
            out.insert(st.text);
        else if (st.kind == SK::For)
            targets(st.kids[0], targets);
        assignedNames(file, st.body, out);
        assignedNames(file, st.orElse, out);
    }
}

} // namespace

Result<TsVal> TsBuilder::inlineFunction(const TsFile &file, const TsFunction &function, const TsVal *self, Args args,
                                        const QString &scope, const QString &hint, const QString &where)
{
    if (m_callDepth >= m_limits.maxCallDepth)
        return makeError(
            ErrorCode::Limit,
            QStringLiteral("calls nested deeper than %1 (calling %2)").arg(m_limits.maxCallDepth).arg(function.name),
            where);
    Frame callee{&file, {}, scope, hint};
    if (callee.returnName.isEmpty() && self && !scope.isEmpty())
        callee.returnName = scope + QStringLiteral(".output");
    if (!function.body.empty()) {
        const TsStmt &last = file.stmts[size_t(function.body.back())];
        if (last.kind == SK::Return && !last.kids.empty() && file.exprs[size_t(last.kids[0])].kind == EK::Name)
            callee.returnedVariable = file.exprs[size_t(last.kids[0])].text;
    }
    qsizetype next = 0;
    for (qsizetype p = 0; p < function.params.size(); ++p) {
        const TsParam &param = function.params[p];
        if (p == 0 && self) {
            callee.env.insert(param.name, *self);
            continue;
        }
        const auto keyword = std::find_if(args.keywords.begin(), args.keywords.end(),
                                          [&](const auto &k) { return k.first == param.name; });
        if (next < qsizetype(args.positional.size())) {
            callee.env.insert(param.name, std::move(args.positional[size_t(next++)]));
        } else if (keyword != args.keywords.end()) {
            callee.env.insert(param.name, keyword->second);
        } else if (param.defaultValue >= 0) {
            Result<TsVal> value = eval(param.defaultValue, callee);
            if (!value)
                return value;
            callee.env.insert(param.name, *value);
        } else {
            return makeError(
                ErrorCode::Format,
                QStringLiteral("%1() is called without its argument \"%2\"").arg(function.name, param.name), where);
        }
    }
    if (next < qsizetype(args.positional.size()))
        return makeError(
            ErrorCode::Format,
            QStringLiteral("%1() takes %2 arguments, called with more").arg(function.name).arg(function.params.size()),
            where);
    ++m_callDepth;
    TsVal returned;
    Result<Flow> flow = exec(function.body, callee, &returned);
    --m_callDepth;
    if (!flow)
        return flow.error();
    return *flow == Flow::Returned ? returned : TsVal::none();
}

Result<TsBuilder::Flow> TsBuilder::exec(const std::vector<int> &stmts, Frame &frame, TsVal *returned)
{
    for (int s : stmts) {
        Result<Flow> flow = execStmt(s, frame, returned);
        if (!flow || *flow != Flow::Normal)
            return flow;
    }
    return Flow::Normal;
}

Status TsBuilder::bind(int target, const TsVal &value, Frame &frame, int line)
{
    const TsExpr &t = frame.file->exprs[target];
    if (t.kind == EK::Name) {
        frame.env.insert(t.text, value);
        return {};
    }
    if (t.kind == EK::Tuple || t.kind == EK::List) {
        TsVal items = value;
        if (items.kind == VK::Dynamic) { // unpacked when the model runs
            Result<QString> name = valueName(value, frame, line);
            if (!name)
                return name.error();
            Result<OnnxNode *> node =
                addNode(QStringLiteral("prim::TupleUnpack"), frame.scope, frame.file->where(line));
            if (!node)
                return node.error();
            (*node)->inputs = {*name};
            items = TsVal::sequence(VK::Tuple, {});
            for (int k : t.kids) {
                const TsExpr &part = frame.file->exprs[k];
                const QString out =
                    newValue(part.kind == EK::Name ? part.text : QString(), QStringLiteral("prim::TupleUnpack"));
                (*node)->outputs.append(out);
                items.items.push_back(TsVal::dynamic(out));
            }
        }
        if ((items.kind != VK::Tuple && items.kind != VK::List) || items.items.size() != t.kids.size())
            return error(
                frame, line,
                QStringLiteral("cannot unpack %1 into %2 names").arg(value.text().left(80)).arg(t.kids.size()));
        for (size_t k = 0; k < t.kids.size(); ++k)
            if (Status s = bind(t.kids[k], items.items[k], frame, line); !s)
                return s;
        return {};
    }
    // self.x = v, x[i] = v: a change the graph keeps.
    const bool attr = t.kind == EK::Attribute;
    if (!attr && t.kind != EK::Subscript)
        return error(frame, line, QStringLiteral("cannot assign to %1").arg(frame.file->text(target, 80)));
    Result<TsVal> object = eval(t.kids[0], frame);
    if (!object)
        return object.error();
    Args args;
    args.positional.push_back(*object);
    if (attr) {
        args.keywords.push_back({QStringLiteral("name"), TsVal::str(t.text)});
    } else {
        Result<TsVal> index = eval(t.kids[1], frame);
        if (!index)
            return index.error();
        args.positional.push_back(*index);
    }
    args.positional.push_back(value);
    if (object->kind == VK::Module) {
        // A module's attribute set in forward: later reads see the new value.
        m_states[object->object].remove(t.text);
        return {};
    }
    Result<TsVal> done =
        op(attr ? QStringLiteral("prim::SetAttr") : QStringLiteral("aten::_set_item"), args, frame, {}, 0, line);
    return done ? Status() : Status(done.error());
}

Result<TsBuilder::Flow> TsBuilder::execStmt(int index, Frame &frame, TsVal *returned)
{
    if (++m_statements > m_limits.maxStatements)
        return makeError(ErrorCode::Limit,
                         QStringLiteral("more than %1 statements followed").arg(m_limits.maxStatements),
                         frame.file->name);
    const TsStmt &st = frame.file->stmts[size_t(index)];
    switch (st.kind) {
    case SK::Assign: {
        const TsExpr &first = frame.file->exprs[st.kids[0]];
        const int outputs = first.kind == EK::Tuple ? int(first.kids.size()) : 1;
        Result<TsVal> value = eval(
            st.kids.back(), frame,
            first.kind == EK::Name ? assignedName(first.text, frame.returnName, frame.returnedVariable) : QString(),
            outputs);
        if (!value)
            return value.error();
        for (size_t k = 0; k + 1 < st.kids.size(); ++k)
            if (Status s = bind(st.kids[k], *value, frame, st.line); !s)
                return s.error();
        return Flow::Normal;
    }
    case SK::AugAssign: {
        Result<TsVal> left = eval(st.kids[0], frame);
        Result<TsVal> right = left ? eval(st.kids[1], frame) : left;
        if (!right)
            return right.error();
        Result<TsVal> value = binaryOp(st.text, *left, *right, frame, st.line);
        if (!value)
            return value.error();
        Status s = bind(st.kids[0], *value, frame, st.line);
        return s ? Result<Flow>(Flow::Normal) : Result<Flow>(s.error());
    }
    case SK::Annotated: {
        if (st.kids.size() < 2)
            return Flow::Normal;
        Result<TsVal> value = eval(st.kids[1], frame, st.text);
        if (!value)
            return value.error();
        frame.env.insert(st.text, *value);
        return Flow::Normal;
    }
    case SK::Expr: {
        Result<TsVal> value = eval(st.kids[0], frame);
        if (!value)
            return value.error();
        const TsExpr &e = frame.file->exprs[st.kids[0]];
        if (e.kind == EK::Call && frame.file->text(e.kids[0], 60) == u"ops.prim.RaiseException")
            return Flow::Raised;
        return Flow::Normal;
    }
    case SK::Return: {
        if (st.kids.empty()) {
            *returned = TsVal::none();
        } else {
            Result<TsVal> value = eval(st.kids[0], frame, frame.returnName);
            if (!value)
                return value.error();
            *returned = std::move(*value);
        }
        return Flow::Returned;
    }
    case SK::Raise: {
        Args args;
        if (!st.kids.empty()) {
            Result<TsVal> what = eval(st.kids[0], frame);
            if (!what)
                return what.error();
            args.positional.push_back(what->isStatic() ? TsVal::str(frame.file->text(st.kids[0], 120)) : *what);
        }
        Result<TsVal> raised = op(QStringLiteral("prim::RaiseException"), args, frame, {}, 0, st.line);
        if (!raised)
            return raised.error();
        return Flow::Raised;
    }
    case SK::Assert:
        ++m_checks; // a check: nothing flows out of it
        return Flow::Normal;
    case SK::If:
        return execIf(st, frame, returned);
    case SK::For:
    case SK::While:
        return execLoop(st, frame);
    case SK::Break:
    case SK::Continue:
        return error(frame, st.line, QStringLiteral("'break' and 'continue' are not followed"), ErrorCode::Unsupported);
    case SK::Pass:
    case SK::Other:
        return Flow::Normal;
    }
    return Flow::Normal;
}

Result<TsBuilder::Flow> TsBuilder::execIf(const TsStmt &st, Frame &frame, TsVal *returned)
{
    Result<TsVal> cond = eval(st.kids[0], frame);
    if (!cond)
        return cond.error();
    if (cond->isStatic()) { // decided now: self.training, `bias is None`...
        return exec(cond->truth() ? st.body : st.orElse, frame, returned);
    }
    Result<QString> condName = valueName(*cond, frame, st.line);
    if (!condName)
        return condName.error();
    // Each branch into a body of its own.
    OnnxInfo *outer = m_graph;
    struct Branch {
        std::shared_ptr<OnnxInfo> graph = std::make_shared<OnnxInfo>();
        Frame frame;
        TsVal returned;
        Flow flow = Flow::Normal;
    };
    Branch branches[2];
    for (int b = 0; b < 2; ++b) {
        branches[b].frame = frame;
        m_graph = branches[b].graph.get();
        Result<Flow> flow = exec(b == 0 ? st.body : st.orElse, branches[b].frame, &branches[b].returned);
        m_graph = outer;
        if (!flow)
            return flow.error();
        branches[b].flow = *flow;
    }
    const auto onlyChecks = [](const OnnxInfo &g) {
        return std::none_of(g.nodes.cbegin(), g.nodes.cend(), [](const OnnxNode &n) {
            return tsHasSideEffect(n) && n.opType != u"prim::RaiseException";
        });
    };
    for (int b = 0; b < 2; ++b) {
        Branch &raising = branches[b], &other = branches[1 - b];
        if (raising.flow == Flow::Raised && onlyChecks(*raising.graph) && other.flow != Flow::Raised) {
            // A check (`if x.dim() != 4: raise ...`): only the other branch goes on.
            ++m_checks;
            outer->nodes.append(other.graph->nodes);
            frame.env = std::move(other.frame.env);
            if (other.flow == Flow::Returned)
                *returned = other.returned;
            return other.flow;
        }
    }
    if (branches[0].flow == Flow::Raised && branches[1].flow == Flow::Raised)
        return Flow::Raised;
    if ((branches[0].flow == Flow::Returned) != (branches[1].flow == Flow::Returned) &&
        branches[0].flow != Flow::Raised && branches[1].flow != Flow::Raised)
        return error(frame, st.line, QStringLiteral("a return in one branch only is not followed"),
                     ErrorCode::Unsupported);
    // Values that differ after the branches become the If's outputs.
    QStringList names;
    for (const Branch &b : branches)
        for (auto it = b.frame.env.cbegin(); it != b.frame.env.cend(); ++it)
            if (!names.contains(it.key()))
                names.append(it.key());
    names.sort();
    const bool returns = branches[0].flow == Flow::Returned || branches[1].flow == Flow::Returned;
    if (returns)
        names.append(QString()); // the returned value
    Result<OnnxNode *> node = addNode(QStringLiteral("prim::If"), frame.scope, frame.file->where(st.line));
    if (!node)
        return node.error();
    const qsizetype nodeIndex = *node - m_graph->nodes.data();
    QList<std::pair<QString, TsVal>> results;
    for (const QString &name : std::as_const(names)) {
        const auto valueIn = [&](Branch &b) -> std::optional<TsVal> {
            if (name.isEmpty())
                return b.returned;
            if (b.frame.env.contains(name))
                return b.frame.env.value(name);
            return std::nullopt;
        };
        const std::optional<TsVal> thenValue = valueIn(branches[0]), elseValue = valueIn(branches[1]);
        const bool raised0 = branches[0].flow == Flow::Raised, raised1 = branches[1].flow == Flow::Raised;
        if ((!thenValue && !raised0) || (!elseValue && !raised1))
            continue; // set in one branch only: not usable after
        const TsVal &a = raised0 ? *elseValue : *thenValue;
        const TsVal &b = raised1 ? *thenValue : *elseValue;
        if (a.same(b)) {
            results.append({name, a});
            continue;
        }
        const QString out = newValue(!name.isEmpty()              ? name
                                     : frame.returnName.isEmpty() ? QStringLiteral("result")
                                                                  : frame.returnName);
        for (int k = 0; k < 2; ++k) {
            if (branches[k].flow == Flow::Raised)
                continue;
            m_graph = branches[k].graph.get();
            Result<QString> v = valueName(k == 0 ? a : b, branches[k].frame, st.line);
            m_graph = outer;
            if (!v)
                return v.error();
            OnnxValueInfo info;
            info.name = *v;
            info.kind = QString();
            branches[k].graph->outputs.append(info);
        }
        outer->nodes[nodeIndex].outputs.append(out);
        results.append({name, TsVal::dynamic(out)});
    }
    OnnxNode &ifNode = outer->nodes[nodeIndex];
    ifNode.inputs = {*condName};
    ifNode.inputNames = {QStringLiteral("cond")};
    for (int k = 0; k < 2; ++k) {
        OnnxAttribute a;
        a.name = k == 0 ? QStringLiteral("then_branch") : QStringLiteral("else_branch");
        a.type = QStringLiteral("GRAPH");
        branches[k].graph->graphName = k == 0 ? QStringLiteral("then") : QStringLiteral("else");
        tsCountOps(*branches[k].graph);
        a.text = QStringLiteral("graph (%1 nodes)").arg(branches[k].graph->nodes.size());
        a.count = 1;
        a.graphs = {branches[k].graph};
        ifNode.attributes.append(a);
    }
    for (const auto &[name, value] : std::as_const(results)) {
        if (name.isEmpty())
            *returned = value;
        else
            frame.env.insert(name, value);
    }
    if (ifNode.outputs.isEmpty() && !tsHasSideEffect(ifNode))
        outer->nodes.removeAt(nodeIndex); // changes nothing
    return returns ? Flow::Returned : Flow::Normal;
}

Result<TsBuilder::Flow> TsBuilder::execLoop(const TsStmt &st, Frame &frame)
{
    const bool isFor = st.kind == SK::For;
    // The iteration count or the iterated value, then the values the body changes.
    Args inputs;
    QString target;
    if (isFor) {
        const TsExpr &iter = frame.file->exprs[st.kids[1]];
        const TsExpr &t = frame.file->exprs[st.kids[0]];
        if (t.kind != EK::Name)
            return error(frame, st.line, QStringLiteral("a loop over several names is not followed"),
                         ErrorCode::Unsupported);
        target = t.text;
        if (iter.kind == EK::Call && frame.file->text(iter.kids[0], 20) == u"range" && iter.kids.size() == 2) {
            Result<TsVal> count = eval(iter.kids[1], frame);
            if (!count)
                return count.error();
            inputs.keywords.push_back({QStringLiteral("trip_count"), *count});
        } else {
            Result<TsVal> over = eval(st.kids[1], frame);
            if (!over)
                return over.error();
            inputs.keywords.push_back({QStringLiteral("iterable"), *over});
        }
    } else {
        Result<TsVal> cond = eval(st.kids[0], frame);
        if (!cond)
            return cond.error();
        if (cond->isStatic() && cond->number() == 0 && cond->isNumber())
            return Flow::Normal; // never entered
        inputs.keywords.push_back({QStringLiteral("cond"), *cond});
    }
    QSet<QString> assigned;
    assignedNames(*frame.file, st.body, assigned);
    QStringList carried;
    for (const QString &name : std::as_const(assigned))
        if (frame.env.contains(name) && name != target)
            carried.append(name);
    carried.sort();
    for (const QString &name : std::as_const(carried))
        inputs.keywords.push_back({name, frame.env.value(name)});
    Result<TsVal> made = op(QStringLiteral("prim::Loop"), inputs, frame, {}, 0, st.line);
    if (!made)
        return made.error();
    OnnxInfo *outer = m_graph;
    const qsizetype nodeIndex = outer->nodes.size() - 1;
    auto body = std::make_shared<OnnxInfo>();
    body->graphName = QStringLiteral("body");
    Frame inner = frame;
    const auto bodyInput = [&](const QString &name) {
        OnnxValueInfo v;
        v.name = newValue(name);
        v.kind = QString();
        body->inputs.append(v);
        return v.name;
    };
    const QString iteration = bodyInput(isFor && !target.isEmpty() ? target : QStringLiteral("i"));
    if (isFor)
        inner.env.insert(target, TsVal::dynamic(iteration));
    for (const QString &name : std::as_const(carried))
        inner.env.insert(name, TsVal::dynamic(bodyInput(name)));
    m_graph = body.get();
    TsVal ignored;
    Result<Flow> flow = exec(st.body, inner, &ignored);
    m_graph = outer;
    if (!flow)
        return flow.error();
    if (*flow == Flow::Returned)
        return error(frame, st.line, QStringLiteral("a return inside a loop is not followed"), ErrorCode::Unsupported);
    m_graph = body.get();
    if (!isFor) {
        Result<TsVal> cond = eval(st.kids[0], inner);
        Result<QString> name = cond ? valueName(*cond, inner, st.line) : Result<QString>(cond.error());
        if (!name) {
            m_graph = outer;
            return name.error();
        }
        body->outputs.append(OnnxValueInfo{*name, QString(), 0, {}, std::nullopt});
    }
    for (const QString &name : std::as_const(carried)) {
        Result<QString> v = valueName(inner.env.value(name), inner, st.line);
        if (!v) {
            m_graph = outer;
            return v.error();
        }
        body->outputs.append(OnnxValueInfo{*v, QString(), 0, {}, std::nullopt});
    }
    m_graph = outer;
    tsCountOps(*body);
    OnnxNode &loop = outer->nodes[nodeIndex];
    OnnxAttribute a;
    a.name = QStringLiteral("body");
    a.type = QStringLiteral("GRAPH");
    a.text = QStringLiteral("graph (%1 nodes)").arg(body->nodes.size());
    a.count = 1;
    a.graphs = {body};
    loop.attributes.append(a);
    for (const QString &name : std::as_const(carried)) {
        const QString out = newValue(name);
        loop.outputs.append(out);
        frame.env.insert(name, TsVal::dynamic(out));
    }
    return Flow::Normal;
}

} // namespace carton
