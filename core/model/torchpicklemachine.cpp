// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/torchpicklemachine.h"

#include "base/utf8.h"
#include "scan/pickleallowlist.h"

#include <cstring>

namespace carton {

using Kind = TorchValue::Kind;

namespace {

bool isTupleLike(const TorchValue *v)
{
    return v && (v->kind == Kind::Tuple || v->kind == Kind::List);
}

// The ints of a tuple (sizes, strides); false when any is not a 64-bit int.
bool intList(const TorchValue *v, QList<qint64> *out)
{
    if (!isTupleLike(v))
        return false;
    out->clear();
    for (const TorchValue *item : v->items) {
        if (item->kind != Kind::Int || item->bigInt)
            return false;
        out->append(item->integer);
    }
    return true;
}

} // namespace

Status TorchPickleMachine::global(const QString &module, const QString &name)
{
    const PickleJudgement judgement = PickleAllowList::judge(module, name);
    if (!judgement.allowed && judgement.severity == ScanSeverity::Critical)
        return makeError(ErrorCode::Unsafe,
                         QStringLiteral("pickle offset %1: the pickle imports %2.%3, which the safety scanner "
                                        "refuses (%4); nothing was run")
                             .arg(m_opOffset)
                             .arg(module.left(200), name.left(200), judgement.why),
                         m_location);
    TorchValue *v = nullptr;
    if (Status s = pushNew(Kind::Global, &v); !s)
        return s;
    v->text = module + u'.' + name;
    v->bigInt = !judgement.allowed; // marks a name off the allow-list (a user's class): never called
    return {};
}

Status TorchPickleMachine::memoPut(quint64 index)
{
    const size_t floor = m_marks.empty() ? 0 : m_marks.back();
    if (m_stack.size() <= floor)
        return fail(QStringLiteral("nothing on the stack to memoize"));
    if (!m_memo.contains(index) && m_memo.size() >= m_limits.maxMemoEntries)
        return failLimit(QStringLiteral("more than %1 memo entries").arg(m_limits.maxMemoEntries));
    m_memo.insert(index, m_stack.back());
    return {};
}

Status TorchPickleMachine::persistentLoad(const TorchValue *pid)
{
    // ('storage', storage_type, key, location, numel) in zip archives; legacy files
    // add view_metadata: None or (view_key, offset, view_size).
    if (!isTupleLike(pid) || pid->items.size() < 5 || !pid->items[0]->isString() || pid->items[0]->text != u"storage")
        return pushOpaque(QStringLiteral("persistent id"));
    const TorchValue *type = pid->items[1];
    const TorchValue *key = pid->items[2];
    const TorchValue *location = pid->items[3];
    const TorchValue *numel = pid->items[4];
    if (type->kind != Kind::Global || !type->text.startsWith(u"torch."))
        return fail(QStringLiteral("the storage's type is not a torch storage class"));
    if (!key->isString() && key->kind != Kind::Int)
        return fail(QStringLiteral("the storage's key is not a string"));
    if (numel->kind != Kind::Int || numel->bigInt || numel->integer < 0)
        return fail(QStringLiteral("the storage's element count is not a non-negative integer"));
    TorchValue *s = nullptr;
    if (Status st = pushNew(Kind::Storage, &s); !st)
        return st;
    s->storageType = type->text.mid(6);
    s->text = key->isString() ? key->text : QString::number(key->integer);
    s->location = location->isString() ? location->text : QString();
    s->numel = numel->integer;
    if (pid->items.size() >= 6 && pid->items[5]->kind != Kind::None) {
        const TorchValue *view = pid->items[5];
        QList<qint64> dummy;
        if (!isTupleLike(view) || view->items.size() != 3 || view->items[1]->kind != Kind::Int ||
            view->items[2]->kind != Kind::Int || view->items[1]->integer < 0 || view->items[2]->integer < 0)
            return fail(QStringLiteral("the storage's view metadata is not (key, offset, size)"));
        s->viewOffset = view->items[1]->integer;
        const qint64 viewSize = view->items[2]->integer;
        if (viewSize > s->numel || s->viewOffset > s->numel - viewSize)
            return fail(QStringLiteral("a storage view [%1, +%2) lies outside its storage of %3 elements")
                            .arg(s->viewOffset)
                            .arg(viewSize)
                            .arg(s->numel));
        s->numel = viewSize;
    }
    m_out.m_storages.push_back(s);
    return {};
}

Status TorchPickleMachine::rebuildTensor(const std::vector<const TorchValue *> &args)
{
    // _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks[, metadata])
    if (!args.empty() && args[0]->kind == Kind::Opaque && args[0]->text == u"persistent id (text)")
        return fail(QStringLiteral("the tensor's storage is a text persistent id (pickle protocol 0), which "
                                   "torch.load cannot read either"));
    if (args.size() < 4 || args[0]->kind != Kind::Storage)
        return fail(QStringLiteral("_rebuild_tensor_v2 needs (storage, offset, size, stride, ...)"));
    TorchValue *t = nullptr;
    if (Status s = pushNew(Kind::Tensor, &t); !s)
        return s;
    t->storage = args[0];
    if (args[1]->kind != Kind::Int || args[1]->bigInt || args[1]->integer < 0)
        return fail(QStringLiteral("the tensor's storage offset is not a non-negative integer"));
    t->storageOffset = args[1]->integer;
    if (!intList(args[2], &t->shape) || !intList(args[3], &t->strides) || t->shape.size() != t->strides.size())
        return fail(QStringLiteral("the tensor's size and stride are not tuples of integers of one length"));
    for (qint64 d : std::as_const(t->shape))
        if (d < 0)
            return fail(QStringLiteral("the tensor has a negative size"));
    for (qint64 s : std::as_const(t->strides))
        if (s < 0)
            return fail(QStringLiteral("the tensor has a negative stride"));
    return {};
}

Status TorchPickleMachine::call(const TorchValue *callable, const std::vector<const TorchValue *> &args)
{
    if (callable->kind != Kind::Global)
        return pushOpaque(QStringLiteral("a call of a value that is not an imported name"));
    const QString &name = callable->text;
    if (callable->bigInt)
        return pushOpaque(name + QStringLiteral(" (not on the allow-list)"));
    if (name == u"torch._utils._rebuild_tensor_v2" || name == u"torch._utils._rebuild_tensor")
        return rebuildTensor(args); // v1: (storage, storage_offset, size, stride)
    if (name == u"torch._tensor._rebuild_from_type_v2") {
        // (func, type, args, state): a tensor subclass rebuilt by func(*args), e.g. _rebuild_tensor_v2
        if (args.size() >= 3 && args[0]->kind == Kind::Global && isTupleLike(args[2]) &&
            args[0]->text == u"torch._utils._rebuild_tensor_v2")
            return rebuildTensor(args[2]->items);
        return pushOpaque(name);
    }
    if (name == u"torch._utils._rebuild_parameter" || name == u"torch._utils._rebuild_parameter_with_state") {
        if (args.empty() || args[0]->kind != Kind::Tensor)
            return pushOpaque(name);
        TorchValue *p = nullptr;
        if (Status s = pushNew(Kind::Tensor, &p); !s)
            return s;
        *p = *args[0];
        p->parameter = true;
        return {};
    }
    if (name == u"collections.OrderedDict" || name == u"builtins.dict") {
        TorchValue *d = nullptr;
        if (Status s = pushNew(Kind::Dict, &d); !s)
            return s;
        if (!args.empty() && isTupleLike(args[0]))
            for (const TorchValue *pair : args[0]->items)
                if (isTupleLike(pair) && pair->items.size() == 2)
                    d->items.insert(d->items.end(), pair->items.begin(), pair->items.end());
        return {};
    }
    if (name == u"builtins.set" || name == u"builtins.frozenset" || name == u"__builtin__.set" ||
        name == u"__builtin__.frozenset" || name == u"builtins.list" || name == u"builtins.tuple" ||
        name == u"torch.jit._pickle.build_intlist" || name == u"torch.jit._pickle.build_doublelist" ||
        name == u"torch.jit._pickle.build_boollist" || name == u"torch.jit._pickle.build_tensorlist") {
        TorchValue *l = nullptr;
        if (Status s = pushNew(name.endsWith(u"set") ? Kind::Set : Kind::List, &l); !s)
            return s;
        if (!args.empty() && isTupleLike(args[0]))
            l->items = args[0]->items;
        return {};
    }
    return pushOpaque(name);
}

// cls.__new__(cls): a TorchScript class, a torch.nn module or a user's class (torch.save
// of a whole model) becomes an Object whose state BUILD sets; nothing of it is run.
Status TorchPickleMachine::newObject(const TorchValue *cls)
{
    if (cls->kind != Kind::Global)
        return pushOpaque(QStringLiteral("an object of a class that is not an imported name"));
    TorchValue *o = nullptr;
    if (Status s = pushNew(Kind::Object, &o); !s)
        return s;
    o->text = cls->text;
    if (cls->bigInt) {
        const QString what = cls->text + QStringLiteral(" (not on the allow-list)");
        if (!m_opaqueSeen.contains(what) && m_opaqueSeen.size() < 1000) {
            m_opaqueSeen.insert(what);
            m_out.m_opaque.append(what);
        }
    }
    return {};
}

Status TorchPickleMachine::stepArg(const PickleOpcode &op, bool *stop)
{
    Q_UNUSED(stop);
    switch (op.arg) {
    case PickleArg::TwoLines: {
        Result<QByteArray> module = readLine();
        if (!module)
            return module.error();
        Result<QByteArray> name = readLine();
        if (!name)
            return name.error();
        if (!isValidUtf8(*module) || !isValidUtf8(*name))
            return fail(QStringLiteral("the module or name is not UTF-8"));
        if (op.code == 'i') {
            Result<std::vector<const TorchValue *>> args = popMark();
            if (!args)
                return args.error();
            if (Status s = global(QString::fromUtf8(*module), QString::fromUtf8(*name)); !s)
                return s;
            const TorchValue *cls = m_stack.back();
            m_stack.pop_back();
            return call(cls, *args);
        }
        return global(QString::fromUtf8(*module), QString::fromUtf8(*name));
    }
    default:
        return fail(QStringLiteral("unexpected argument"));
    }
}

Status TorchPickleMachine::step(uchar code, bool *stop)
{
    const PickleOpcode *op = pickleOpcode(code);
    if (!op)
        return fail(QStringLiteral("0x%1 is not a pickle opcode").arg(code, 2, 16, QLatin1Char('0')));
    TorchValue *v = nullptr;
    switch (op->arg) { // the argument, read as the table says
    case PickleArg::None:
        break;
    case PickleArg::TwoLines:
        return stepArg(*op, stop);
    case PickleArg::UInt1:
    case PickleArg::UInt2:
    case PickleArg::Int4:
    case PickleArg::UInt8: {
        const int size = pickleArgWidth(op->arg);
        Result<quint64> n = readUInt(size);
        if (!n)
            return n.error();
        switch (code) {
        case 'J':
            return pushInt(qint32(quint32(*n)));
        case 'K':
        case 'M':
            return pushInt(qint64(*n));
        case 'h':
        case 'j': {
            const auto it = m_memo.constFind(*n);
            if (it == m_memo.cend())
                return fail(QStringLiteral("memo %1 was never stored").arg(*n));
            return push(*it);
        }
        case 'q':
        case 'r':
            return memoPut(*n);
        case 0x80:
            if (*n > 5)
                return fail(QStringLiteral("protocol %1 is not a pickle protocol (0 to 5)").arg(*n));
            return {};
        case 0x95: // FRAME: a length hint
            return {};
        default: // EXT1/2/4
            return makeError(ErrorCode::Unsafe,
                             QStringLiteral("pickle offset %1: an extension registry code (%2) names an object the "
                                            "safety scanner cannot check; nothing was run")
                                 .arg(m_opOffset)
                                 .arg(*n),
                             m_location);
        }
    }
    case PickleArg::Float8: {
        Result<quint64> n = readUInt(8);
        if (!n)
            return n.error();
        const quint64 bits = qbswap(*n);
        if (Status s = pushNew(Kind::Float, &v); !s)
            return s;
        std::memcpy(&v->real, &bits, 8);
        return {};
    }
    case PickleArg::Counted1:
    case PickleArg::Counted4:
    case PickleArg::Counted8: {
        qint64 full = 0;
        Result<QByteArray> bytes = readCounted(op->arg == PickleArg::Counted1   ? 1
                                               : op->arg == PickleArg::Counted4 ? 4
                                                                                : 8,
                                               &full);
        if (!bytes)
            return bytes.error();
        switch (code) {
        case 'X':
        case 0x8c:
        case 0x8d:
            return pushString(*bytes, true, full);
        case 'T':
        case 'U':
            return pushString(*bytes, false, full);
        case 0x8a:
        case 0x8b: { // LONG1/LONG4: little-endian two's complement
            if (full > 8)
                return pushInt(0, true);
            quint64 u = 0;
            for (qint64 i = 0; i < full; ++i)
                u |= quint64(quint8(bytes->at(i))) << (8 * i);
            if (full > 0 && full < 8 && (quint8(bytes->at(full - 1)) & 0x80))
                u |= ~quint64(0) << (8 * full);
            return pushInt(qint64(u));
        }
        default: // BINBYTES, SHORT_BINBYTES, BINBYTES8, BYTEARRAY8
            if (Status s = pushNew(Kind::Bytes, &v); !s)
                return s;
            v->bytes = *bytes;
            return {};
        }
    }
    case PickleArg::Line: {
        Result<QByteArray> line = readLine();
        if (!line)
            return line.error();
        switch (code) {
        case 'I':
            if (*line == "01" || *line == "00") {
                if (Status s = pushNew(Kind::Bool, &v); !s)
                    return s;
                v->integer = *line == "01";
                return {};
            }
            [[fallthrough]];
        case 'L': {
            QByteArray digits = line->trimmed();
            if (digits.endsWith('L'))
                digits.chop(1);
            bool ok = false;
            const qint64 n = digits.toLongLong(&ok);
            if (!ok && digits.isEmpty())
                return fail(QStringLiteral("an INT or LONG that is not a number"));
            return pushInt(ok ? n : 0, !ok);
        }
        case 'F': {
            bool ok = false;
            const double d = line->trimmed().toDouble(&ok);
            if (!ok)
                return fail(QStringLiteral("a FLOAT that is not a number"));
            if (Status s = pushNew(Kind::Float, &v); !s)
                return s;
            v->real = d;
            return {};
        }
        case 'S':
            if (line->size() < 2 || (line->front() != '\'' && line->front() != '"') || line->back() != line->front())
                return fail(QStringLiteral("STRING argument is not quoted"));
            return pushString(line->sliced(1, line->size() - 2), false, line->size() - 2);
        case 'V':
            return pushString(*line, true, line->size());
        case 'P':
            return pushOpaque(QStringLiteral("persistent id (text)"));
        default: { // GET, PUT
            bool ok = false;
            const quint64 index = line->trimmed().toULongLong(&ok);
            if (!ok)
                return fail(QStringLiteral("a memo index that is not a number"));
            if (code == 'p')
                return memoPut(index);
            const auto it = m_memo.constFind(index);
            if (it == m_memo.cend())
                return fail(QStringLiteral("memo %1 was never stored").arg(index));
            return push(*it);
        }
        }
    }
    }

    // Opcodes without an argument.
    switch (code) {
    case '(':
        if (qint64(m_stack.size() + m_marks.size()) >= m_limits.maxStackDepth)
            return failLimit(QStringLiteral("a stack deeper than %1").arg(m_limits.maxStackDepth));
        m_marks.push_back(m_stack.size());
        return {};
    case '.': {
        Result<std::vector<const TorchValue *>> top = pop(1);
        if (!top)
            return top.error();
        m_out.m_root = top->front();
        *stop = true;
        return {};
    }
    case '0': {
        const size_t floor = m_marks.empty() ? 0 : m_marks.back();
        if (m_stack.size() == floor && !m_marks.empty()) {
            m_marks.pop_back();
            return {};
        }
        Result<std::vector<const TorchValue *>> top = pop(1);
        return top ? Status() : Status(top.error());
    }
    case '1': {
        Result<std::vector<const TorchValue *>> items = popMark();
        return items ? Status() : Status(items.error());
    }
    case '2': {
        Result<TorchValue *> top = below(0);
        if (!top)
            return top.error();
        return push(*top);
    }
    case 'N': // None, True and False are made once per pickle
    case 0x88:
    case 0x89: {
        const TorchValue *&constant = code == 'N' ? m_none : code == 0x88 ? m_true : m_false;
        if (!constant) {
            Result<TorchValue *> made = make(code == 'N' ? Kind::None : Kind::Bool);
            if (!made)
                return made.error();
            (*made)->integer = code == 0x88;
            constant = *made;
        }
        return push(constant);
    }
    case '}':
        return pushNew(Kind::Dict);
    case ']':
        return pushNew(Kind::List);
    case ')':
        return pushNew(Kind::Tuple);
    case 0x8f:
        return pushNew(Kind::Set);
    case 'd':
    case 'l':
    case 't':
    case 0x91: {
        Result<std::vector<const TorchValue *>> items = popMark();
        if (!items)
            return items.error();
        if (code == 'd' && items->size() % 2)
            return fail(QStringLiteral("DICT with an odd number of items"));
        if (Status s = pushNew(code == 'd'   ? Kind::Dict
                               : code == 'l' ? Kind::List
                               : code == 't' ? Kind::Tuple
                                             : Kind::Set,
                               &v);
            !s)
            return s;
        v->items = std::move(*items);
        return {};
    }
    case 0x85:
    case 0x86:
    case 0x87: {
        Result<std::vector<const TorchValue *>> items = pop(size_t(code - 0x84));
        if (!items)
            return items.error();
        if (Status s = pushNew(Kind::Tuple, &v); !s)
            return s;
        v->items = std::move(*items);
        return {};
    }
    case 'a':
    case 's': {
        const size_t n = code == 'a' ? 1 : 2;
        Result<TorchValue *> container = below(n);
        if (!container)
            return container.error();
        Result<std::vector<const TorchValue *>> items = pop(n);
        if (!items)
            return items.error();
        const Kind want = code == 'a' ? Kind::List : Kind::Dict;
        if ((*container)->kind == want)
            (*container)->items.insert((*container)->items.end(), items->begin(), items->end());
        else if ((*container)->kind != Kind::Opaque)
            return fail(
                QStringLiteral("%1 on a value that is not a %2")
                    .arg(QLatin1StringView(op->name), code == 'a' ? QStringLiteral("list") : QStringLiteral("dict")));
        return {};
    }
    case 'e':
    case 'u':
    case 0x90: {
        Result<std::vector<const TorchValue *>> items = popMark();
        if (!items)
            return items.error();
        Result<TorchValue *> container = below(0);
        if (!container)
            return container.error();
        const Kind want = code == 'e' ? Kind::List : code == 'u' ? Kind::Dict : Kind::Set;
        if (code == 'u' && items->size() % 2)
            return fail(QStringLiteral("SETITEMS with an odd number of items"));
        if ((*container)->kind == want)
            (*container)->items.insert((*container)->items.end(), items->begin(), items->end());
        else if ((*container)->kind != Kind::Opaque)
            return fail(QStringLiteral("%1 on a value of the wrong kind").arg(QLatin1StringView(op->name)));
        return {};
    }
    case 'Q': {
        Result<std::vector<const TorchValue *>> pid = pop(1);
        if (!pid)
            return pid.error();
        return persistentLoad(pid->front());
    }
    case 'R': {
        Result<std::vector<const TorchValue *>> items = pop(2);
        if (!items)
            return items.error();
        const TorchValue *args = (*items)[1];
        if (!isTupleLike(args))
            return fail(QStringLiteral("REDUCE's arguments are not a tuple"));
        return call((*items)[0], args->items);
    }
    case 0x81: {
        Result<std::vector<const TorchValue *>> items = pop(2);
        if (!items)
            return items.error();
        return newObject((*items)[0]);
    }
    case 0x92: {
        Result<std::vector<const TorchValue *>> items = pop(3);
        if (!items)
            return items.error();
        return newObject((*items)[0]);
    }
    case 'o': {
        Result<std::vector<const TorchValue *>> items = popMark();
        if (!items)
            return items.error();
        if (items->empty())
            return fail(QStringLiteral("OBJ with nothing after the MARK"));
        const TorchValue *cls = items->front();
        items->erase(items->begin());
        return items->empty() && cls->kind == Kind::Global && cls->text.startsWith(u"__torch__.") ? newObject(cls)
                                                                                                  : call(cls, *items);
    }
    case 'b': {
        Result<std::vector<const TorchValue *>> state = pop(1);
        if (!state)
            return state.error();
        Result<TorchValue *> object = below(0);
        if (!object)
            return object.error();
        if ((*object)->kind == Kind::Object && (*object)->items.empty()) {
            const TorchValue *st = state->front(); // (dict, slots) from __reduce_ex__: the dict
            if (st->kind == Kind::Tuple && st->items.size() == 2 && st->items[0]->kind == Kind::Dict)
                st = st->items[0];
            (*object)->items.push_back(st);
        }
        return {};
    }
    case 0x93: {
        Result<std::vector<const TorchValue *>> items = pop(2);
        if (!items)
            return items.error();
        if (!(*items)[0]->isString() || !(*items)[1]->isString())
            return fail(QStringLiteral("STACK_GLOBAL's module and name are not strings"));
        return global((*items)[0]->text, (*items)[1]->text);
    }
    case 0x94:
        return memoPut(quint64(m_memo.size()));
    case 0x97:
    case 0x98:
        return fail(QStringLiteral("out-of-band buffers are not part of a saved file"));
    default:
        return fail(QStringLiteral("unexpected opcode"));
    }
}

Status TorchPickleMachine::run()
{
    for (qint64 count = 0;; ++count) {
        if (count >= m_limits.maxOpcodes)
            return failLimit(QStringLiteral("more than %1 opcodes").arg(m_limits.maxOpcodes));
        m_opOffset = m_in.position();
        Result<quint8> op = m_in.byte();
        if (!op)
            return makeError(ErrorCode::Format,
                             QStringLiteral("pickle offset %1: the data ends before the pickle's STOP (truncated "
                                            "pickle)")
                                 .arg(m_opOffset),
                             m_location);
        m_op = *op;
        bool stop = false;
        if (Status s = step(m_op, &stop); !s)
            return s;
        if (stop)
            return {};
    }
}

} // namespace carton
