// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The TorchScript graph builder's expressions (torchscriptbuilder_p.h): values
// known now are computed, calls of the archive's code are inlined, calls of torch
// operators become nodes.
#include "model/torchscriptbuilder_p.h"

#include <QSet>
#include <cmath>

namespace carton {

using EK = TsExpr::Kind;
using VK = TsVal::Kind;

namespace {

bool isBuiltin(const QString &name)
{
    static const QSet<QString> names = {
        QStringLiteral("len"),    QStringLiteral("int"),     QStringLiteral("float"),     QStringLiteral("bool"),
        QStringLiteral("str"),    QStringLiteral("getattr"), QStringLiteral("hasattr"),   QStringLiteral("range"),
        QStringLiteral("print"),  QStringLiteral("min"),     QStringLiteral("max"),       QStringLiteral("abs"),
        QStringLiteral("round"),  QStringLiteral("list"),    QStringLiteral("tuple"),     QStringLiteral("dict"),
        QStringLiteral("sum"),    QStringLiteral("all"),     QStringLiteral("any"),       QStringLiteral("divmod"),
        QStringLiteral("ord"),    QStringLiteral("chr"),     QStringLiteral("enumerate"), QStringLiteral("zip"),
        QStringLiteral("sorted"), QStringLiteral("hash"),    QStringLiteral("id"),        QStringLiteral("isinstance")};
    return names.contains(name);
}

// A binary operator of Python as the torch operator it calls.
QString operatorKind(const QString &op)
{
    static const QHash<QString, QString> kinds = {
        {QStringLiteral("+"), QStringLiteral("aten::add")},
        {QStringLiteral("-"), QStringLiteral("aten::sub")},
        {QStringLiteral("*"), QStringLiteral("aten::mul")},
        {QStringLiteral("/"), QStringLiteral("aten::div")},
        {QStringLiteral("//"), QStringLiteral("aten::floordiv")},
        {QStringLiteral("%"), QStringLiteral("aten::remainder")},
        {QStringLiteral("**"), QStringLiteral("aten::pow")},
        {QStringLiteral("=="), QStringLiteral("aten::eq")},
        {QStringLiteral("!="), QStringLiteral("aten::ne")},
        {QStringLiteral("<"), QStringLiteral("aten::lt")},
        {QStringLiteral(">"), QStringLiteral("aten::gt")},
        {QStringLiteral("<="), QStringLiteral("aten::le")},
        {QStringLiteral(">="), QStringLiteral("aten::ge")},
        {QStringLiteral("is"), QStringLiteral("aten::__is__")},
        {QStringLiteral("is not"), QStringLiteral("aten::__isnot__")},
        {QStringLiteral("in"), QStringLiteral("aten::__contains__")},
        {QStringLiteral("&"), QStringLiteral("aten::__and__")},
        {QStringLiteral("|"), QStringLiteral("aten::__or__")},
        {QStringLiteral("^"), QStringLiteral("aten::__xor__")},
        {QStringLiteral("<<"), QStringLiteral("aten::__lshift__")},
        {QStringLiteral(">>"), QStringLiteral("aten::__rshift__")},
        {QStringLiteral("@"), QStringLiteral("aten::matmul")},
        {QStringLiteral("and"), QStringLiteral("aten::__and__")},
        {QStringLiteral("or"), QStringLiteral("aten::__or__")},
    };
    return kinds.value(op);
}

} // namespace

QString TsBuilder::newValue(const QString &hint, const QString &kind)
{
    QString base = hint;
    if (base.isEmpty()) {
        base = kind.mid(kind.indexOf(u':') + 1);
        while (base.startsWith(u'_') || base.startsWith(u':'))
            base.remove(0, 1);
        while (base.endsWith(u'_'))
            base.chop(1);
    }
    if (base.isEmpty())
        base = QString::number(++m_counter);
    int &used = m_valueNames[base];
    return used++ == 0 ? base : base + u'.' + QString::number(used - 1);
}

Result<OnnxNode *> TsBuilder::addNode(const QString &kind, const QString &scope, const QString &where)
{
    if (++m_nodes > m_limits.maxNodes)
        return makeError(ErrorCode::Limit, QStringLiteral("more than %1 graph nodes").arg(m_limits.maxNodes), where);
    OnnxNode node;
    node.opType = kind;
    const QString base = scope.isEmpty() ? kind : u'/' + QString(scope).replace(u'.', u'/') + u'/' + kind;
    int &used = m_nodeNames[base];
    node.name = used++ == 0 ? base : base + u'#' + QString::number(used);
    m_graph->nodes.append(std::move(node));
    return &m_graph->nodes.back();
}

Result<QString> TsBuilder::valueName(const TsVal &value, Frame &frame, int line)
{
    switch (value.kind) {
    case VK::Dynamic:
    case VK::Tensor:
        return value.s;
    case VK::Module:
    case VK::Global:
        return error(frame, line,
                     QStringLiteral("%1 is used as a value of the graph (not followed)").arg(value.text().left(80)),
                     ErrorCode::Unsupported);
    default:
        break;
    }
    Args args;
    QString kind;
    if (value.kind == VK::Method) { // an attribute of a run-time object
        kind = QStringLiteral("prim::GetAttr");
        args.positional = value.items;
        args.keywords.push_back({QStringLiteral("name"), TsVal::str(value.s)});
    } else if (value.isStatic()) {
        kind = value.kind == VK::Undefined ? QStringLiteral("prim::Uninitialized") : QStringLiteral("prim::Constant");
        if (value.kind != VK::Undefined)
            args.keywords.push_back({QStringLiteral("value"), value});
    } else {
        kind = value.kind == VK::List    ? QStringLiteral("prim::ListConstruct")
               : value.kind == VK::Tuple ? QStringLiteral("prim::TupleConstruct")
                                         : QStringLiteral("prim::DictConstruct");
        args.positional = value.items;
    }
    Result<TsVal> made = op(kind, args, frame, {}, 1, line);
    if (!made)
        return made.error();
    return made->s;
}

Result<TsVal> TsBuilder::op(const QString &kind, const Args &args, Frame &frame, const QString &hint, int outputs,
                            int line)
{
    const bool allStatic =
        std::all_of(args.positional.cbegin(), args.positional.cend(), [](const TsVal &v) { return v.isStatic(); }) &&
        args.keywords.empty();
    if (allStatic)
        if (std::optional<TsVal> folded = tsFold(kind, args.positional))
            return *folded;
    if ((kind == u"aten::__is__" || kind == u"aten::__isnot__") && args.positional.size() == 2) {
        // A tensor is never None unless its type says it may be.
        const TsVal &x = args.positional[0], &y = args.positional[1];
        const TsVal &other = x.kind == VK::None ? y : x;
        if ((x.kind == VK::None || y.kind == VK::None) &&
            (other.kind == VK::Tensor || (other.kind == VK::Dynamic && !other.type.startsWith(u"Optional"))))
            return TsVal::boolean(kind == u"aten::__isnot__");
    }
    const QStringList names = torchOpArguments(kind);
    QStringList inputs, inputNames;
    QList<OnnxAttribute> attributes;
    const auto add = [&](const QString &name, const TsVal &v) -> Status {
        if (!v.isStatic() || v.kind == VK::Method) {
            Result<QString> value = valueName(v, frame, line);
            if (!value)
                return value.error();
            inputs.append(*value);
            inputNames.append(name);
            return {};
        }
        OnnxAttribute a;
        a.name = name;
        a.text = v.text();
        a.count = 1;
        switch (v.kind) {
        case VK::Int:
            a.type = QStringLiteral("INT");
            a.ints = {v.i};
            break;
        case VK::Bool:
            a.type = QStringLiteral("BOOL");
            a.ints = {v.i};
            break;
        case VK::Float:
            a.type = QStringLiteral("FLOAT");
            a.floats = {v.f};
            break;
        case VK::Str:
            a.type = QStringLiteral("STRING");
            a.strings = {v.s};
            break;
        case VK::None:
            a.type = QStringLiteral("NONE");
            break;
        case VK::List:
        case VK::Tuple: {
            const bool ints =
                std::all_of(v.items.cbegin(), v.items.cend(), [](const TsVal &x) { return x.kind == VK::Int; });
            const bool floats =
                std::all_of(v.items.cbegin(), v.items.cend(), [](const TsVal &x) { return x.isNumber(); });
            a.type = ints ? QStringLiteral("INTS") : floats ? QStringLiteral("FLOATS") : QStringLiteral("LIST");
            a.count = qint64(v.items.size());
            for (const TsVal &x : v.items)
                if (ints && a.ints.size() < OnnxAttribute::kMaxValues)
                    a.ints.append(x.i);
                else if (floats && !ints && a.floats.size() < OnnxAttribute::kMaxValues)
                    a.floats.append(x.number());
            break;
        }
        default:
            a.type = QStringLiteral("VALUE");
            break;
        }
        attributes.append(a);
        return {};
    };
    for (size_t k = 0; k < args.positional.size(); ++k)
        if (Status s = add(names.value(qsizetype(k), QString::number(k)), args.positional[k]); !s)
            return s.error();
    for (const auto &[name, value] : args.keywords)
        if (Status s = add(name, value); !s)
            return s.error();
    Result<OnnxNode *> node = addNode(kind, frame.scope, frame.file ? frame.file->where(line) : m_archive.location);
    if (!node)
        return node.error();
    (*node)->inputs = std::move(inputs);
    (*node)->inputNames = std::move(inputNames);
    (*node)->attributes = std::move(attributes);
    if (outputs <= 0)
        return TsVal::none();
    if (outputs == 1) {
        (*node)->outputs = {newValue(hint, kind)};
        return TsVal::dynamic((*node)->outputs.front());
    }
    TsVal tuple = TsVal::sequence(VK::Tuple, {});
    const QString base = hint.isEmpty() ? newValue({}, kind) : hint; // "unbind", "unbind.1"...
    for (int k = 0; k < outputs; ++k) {
        (*node)->outputs.append(newValue(base + u'_' + QString::number(k)));
        tuple.items.push_back(TsVal::dynamic((*node)->outputs.back()));
    }
    return tuple;
}

Result<TsVal> TsBuilder::binaryOp(const QString &op, const TsVal &a, const TsVal &b, Frame &frame, int line)
{
    const QString kind = operatorKind(op);
    if (kind.isEmpty())
        return error(frame, line, QStringLiteral("operator '%1' is not followed").arg(op), ErrorCode::Unsupported);
    Args args;
    args.positional = kind == u"aten::__contains__" ? std::vector{b, a} : std::vector{a, b};
    return this->op(kind, args, frame, {}, 1, line);
}

Result<TsVal> TsBuilder::builtin(const QString &name, Args &args, Frame &frame, const QString &hint, int line)
{
    std::vector<TsVal> &a = args.positional;
    if (name == u"getattr" || name == u"hasattr") {
        if (a.size() < 2 || a[1].kind != VK::Str)
            return error(frame, line, QStringLiteral("%1() wants an object and a name").arg(name));
        if (name == u"hasattr")
            return TsVal::boolean(a[0].kind == VK::Module && (stateOf(a[0].object).contains(a[1].s)));
        return attribute(a[0], a[1].s, frame, line);
    }
    if (a.size() == 1 && a[0].isStatic()) {
        const TsVal &x = a[0];
        if (name == u"int" && x.isNumber())
            return TsVal::integer(x.kind == VK::Float ? qint64(x.f) : x.i);
        if (name == u"float" && x.isNumber())
            return TsVal::real(x.number());
        if (name == u"float" && x.kind == VK::Str) {
            bool ok = false;
            const double v = x.s.trimmed().toDouble(&ok);
            if (ok || x.s == u"inf" || x.s == u"-inf" || x.s == u"nan")
                return TsVal::real(ok ? v : x.s == u"nan" ? std::nan("") : x.s.startsWith(u'-') ? -INFINITY : INFINITY);
        }
        if (name == u"bool")
            return TsVal::boolean(x.truth());
        if (name == u"str" && x.kind != VK::Str)
            return TsVal::str(x.text());
    }
    if ((name == u"min" || name == u"max") &&
        std::all_of(a.cbegin(), a.cend(), [](const TsVal &v) { return v.isNumber(); }) && !a.empty()) {
        TsVal best = a[0];
        for (const TsVal &v : a)
            if (name == u"min" ? v.number() < best.number() : v.number() > best.number())
                best = v;
        return best;
    }
    static const QHash<QString, QString> kinds = {{QStringLiteral("int"), QStringLiteral("aten::Int")},
                                                  {QStringLiteral("float"), QStringLiteral("aten::Float")},
                                                  {QStringLiteral("bool"), QStringLiteral("aten::Bool")},
                                                  {QStringLiteral("print"), QStringLiteral("prim::Print")},
                                                  {QStringLiteral("min"), QStringLiteral("prim::min")},
                                                  {QStringLiteral("max"), QStringLiteral("prim::max")}};
    const QString kind = kinds.value(name, QStringLiteral("aten::") + name);
    return op(kind, args, frame, hint, name == u"print" ? 0 : 1, line);
}

Result<TsVal> TsBuilder::call(const TsVal &callee, Args args, Frame &frame, const QString &hint, int outputs, int line)
{
    const QString where = frame.file->where(line);
    if (callee.kind == VK::Method && callee.items.empty()) { // a module's method: inlined in its scope
        Result<ClassRef> cls = classOf(callee.object->text, where);
        if (!cls)
            return cls.error();
        const TsVal self = TsVal::module(callee.object, callee.path);
        return inlineFunction(*cls->file, cls->cls->methods[callee.s], &self, std::move(args), callee.path,
                              hint.isEmpty() && callee.path == frame.scope ? frame.returnName : hint, where);
    }
    if (callee.kind == VK::Method) { // a method of a run-time value
        args.positional.insert(args.positional.begin(), callee.items.front());
        return op(QStringLiteral("aten::") + callee.s, args, frame, hint, outputs, line);
    }
    if (callee.kind == VK::Module) {
        TsVal forward = callee;
        forward.kind = VK::Method;
        forward.s = QStringLiteral("forward");
        return call(forward, std::move(args), frame, hint, outputs, line);
    }
    if (callee.kind != VK::Global)
        return error(frame, line, QStringLiteral("%1 is not a function").arg(callee.text().left(80)));
    const QString &name = callee.s;
    if (name.startsWith(QStringLiteral("__torch__."))) {
        const qsizetype dot = name.lastIndexOf(u'.');
        Result<const TsFile *> file = codeFile(name.left(dot));
        if (!file)
            return file.error();
        const QString last = name.mid(dot + 1);
        if (const auto f = (*file)->functions.constFind(last); f != (*file)->functions.cend())
            return inlineFunction(**file, *f, nullptr, std::move(args), frame.scope, hint, where);
        if (const auto c = (*file)->classes.constFind(last); c != (*file)->classes.cend()) {
            if (c->base.contains(QStringLiteral("NamedTuple")))
                return TsVal::sequence(VK::Tuple, std::move(args.positional));
            args.keywords.push_back({QStringLiteral("class"), TsVal::str(name)});
            return op(QStringLiteral("prim::CreateObject"), args, frame, hint, 1, line);
        }
        return error(frame, line, QStringLiteral("%1 has no function or class %2").arg((*file)->name, last));
    }
    if (name.startsWith(QStringLiteral("builtins.")))
        return builtin(name.mid(9), args, frame, hint, line);
    const QStringList parts = name.split(u'.');
    if (parts.size() >= 3 && (parts[0] == u"ops" || (parts[0] == u"torch" && parts[1] == u"ops"))) {
        const qsizetype at = parts[0] == u"ops" ? 1 : 2;
        if (parts.size() > at + 1) {
            const QString kind = parts[at] + QStringLiteral("::") + parts.mid(at + 1).join(u'.');
            return op(kind, args, frame, hint, kind == u"prim::RaiseException" ? 0 : outputs, line);
        }
    }
    if (parts.size() >= 2 && (parts[0] == u"torch" || parts[0] == u"math"))
        return op(QStringLiteral("aten::") + parts.last(), args, frame, hint, outputs, line);
    return error(frame, line, QStringLiteral("\"%1\" is not a function the code can call").arg(name.left(80)));
}

Result<TsVal> TsBuilder::eval(int index, Frame &frame, const QString &hint, int outputs)
{
    const TsExpr &e = frame.file->exprs[size_t(index)];
    switch (e.kind) {
    case EK::None:
        return TsVal::none();
    case EK::Bool:
        return TsVal::boolean(e.integer != 0);
    case EK::Int:
        return TsVal::integer(e.integer);
    case EK::Float:
        return TsVal::real(e.real);
    case EK::String:
        return TsVal::str(e.text);
    case EK::Name: {
        if (const auto it = frame.env.constFind(e.text); it != frame.env.cend())
            return *it;
        if (e.text == u"torch" || e.text == u"ops" || e.text == u"CONSTANTS" || e.text == u"__torch__" ||
            e.text == u"math")
            return TsVal::global(e.text);
        if (isBuiltin(e.text))
            return TsVal::global(QStringLiteral("builtins.") + e.text);
        if (e.text == u"inf" || e.text == u"nan")
            return TsVal::real(e.text == u"inf" ? INFINITY : std::nan(""));
        return error(frame, e.line, QStringLiteral("name \"%1\" is not defined").arg(e.text));
    }
    case EK::Attribute: {
        Result<TsVal> object = eval(e.kids[0], frame);
        if (!object)
            return object;
        return attribute(*object, e.text, frame, e.line);
    }
    case EK::Call: {
        const QString callee =
            frame.file->exprs[e.kids[0]].kind == EK::Name ? frame.file->exprs[e.kids[0]].text : QString();
        const size_t argc = e.kids.size() - 1;
        if ((callee == u"annotate" || callee == u"unchecked_cast") && argc == 2)
            return eval(e.kids[2], frame, hint);
        if (callee == u"uninitialized") {
            TsVal v;
            v.type = argc ? frame.file->text(e.kids[1]) : QString();
            return v;
        }
        if (callee == u"isinstance" && argc == 2) {
            Result<TsVal> x = eval(e.kids[1], frame);
            if (!x)
                return x;
            const QString type = frame.file->text(e.kids[2]);
            if (x->kind == VK::Tensor || (x->kind == VK::Dynamic && x->type == u"Tensor"))
                return TsVal::boolean(type == u"Tensor");
            if (x->kind == VK::Int || x->kind == VK::Float || x->kind == VK::Bool || x->kind == VK::Str ||
                x->kind == VK::None)
                return TsVal::boolean(type == (x->kind == VK::Int     ? u"int"
                                               : x->kind == VK::Float ? u"float"
                                               : x->kind == VK::Bool  ? u"bool"
                                               : x->kind == VK::Str   ? u"str"
                                                                      : u"NoneType"));
        }
        Result<TsVal> function = eval(e.kids[0], frame);
        if (!function)
            return function;
        Args args;
        const size_t firstKeyword = e.kids.size() - size_t(e.keywords.size());
        for (size_t k = 1; k < e.kids.size(); ++k) {
            Result<TsVal> v = eval(e.kids[k], frame);
            if (!v)
                return v;
            if (k >= firstKeyword)
                args.keywords.push_back({e.keywords[qsizetype(k - firstKeyword)], std::move(*v)});
            else
                args.positional.push_back(std::move(*v));
        }
        return call(*function, std::move(args), frame, hint, outputs, e.line);
    }
    case EK::Subscript: {
        Result<TsVal> object = eval(e.kids[0], frame);
        if (!object)
            return object;
        if (object->kind == VK::Global) // a type: Optional[Tensor]
            return TsVal::global(frame.file->text(index));
        const TsExpr &ix = frame.file->exprs[e.kids[1]];
        Args args;
        args.positional.push_back(*object);
        QString kind = QStringLiteral("aten::__getitem__");
        if (ix.kind == EK::Slice) {
            kind = QStringLiteral("aten::slice");
            for (int k = 0; k < 3; ++k) {
                Result<TsVal> part = ix.kids[k] >= 0 ? eval(ix.kids[k], frame) : Result<TsVal>(TsVal::none());
                if (!part)
                    return part;
                args.keywords.push_back({k == 0   ? QStringLiteral("start")
                                         : k == 1 ? QStringLiteral("end")
                                                  : QStringLiteral("step"),
                                         *part});
            }
        } else {
            Result<TsVal> i = eval(e.kids[1], frame);
            if (!i)
                return i;
            args.positional.push_back(*i);
        }
        return op(kind, args, frame, hint, outputs, e.line);
    }
    case EK::Slice:
        return error(frame, e.line, QStringLiteral("a slice outside brackets"));
    case EK::List:
    case EK::Tuple:
    case EK::Dict: {
        std::vector<TsVal> items;
        items.reserve(e.kids.size());
        for (int k : e.kids) {
            Result<TsVal> v = eval(k, frame);
            if (!v)
                return v;
            items.push_back(std::move(*v));
        }
        return TsVal::sequence(e.kind == EK::List    ? VK::List
                               : e.kind == EK::Tuple ? VK::Tuple
                                                     : VK::Dict,
                               std::move(items));
    }
    case EK::Binary: {
        Result<TsVal> left = eval(e.kids[0], frame);
        if (!left)
            return left;
        if ((e.text == u"and" || e.text == u"or") && left->isStatic())
            return left->truth() == (e.text == u"and") ? eval(e.kids[1], frame) : *left;
        Result<TsVal> right = eval(e.kids[1], frame);
        if (!right)
            return right;
        return binaryOp(e.text, *left, *right, frame, e.line);
    }
    case EK::Unary: {
        Result<TsVal> operand = eval(e.kids[0], frame);
        if (!operand || e.text == u"+")
            return operand;
        Args args;
        args.positional.push_back(*operand);
        return op(e.text == u"not" ? QStringLiteral("aten::__not__")
                  : e.text == u"-" ? QStringLiteral("aten::neg")
                                   : QStringLiteral("aten::bitwise_not"),
                  args, frame, hint, 1, e.line);
    }
    case EK::IfElse: {
        Result<TsVal> cond = eval(e.kids[1], frame);
        if (!cond)
            return cond;
        if (cond->isStatic())
            return eval(cond->truth() ? e.kids[0] : e.kids[2], frame, hint);
        Result<TsVal> a = eval(e.kids[0], frame);
        Result<TsVal> b = a ? eval(e.kids[2], frame) : a;
        if (!b)
            return b;
        Args args;
        args.positional = {*cond, *a, *b};
        return op(QStringLiteral("prim::If"), args, frame, hint, 1, e.line);
    }
    }
    return TsVal::none();
}

} // namespace carton
