// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/torchpickle.h"

#include "base/utf8.h"
#include "model/sourcecursor.h"
#include "scan/pickleallowlist.h"
#include "scan/pickleopcodes.h"

#include <QHash>
#include <QSet>
#include <QtEndian>
#include <cstring>

namespace carton {

using Kind = TorchValue::Kind;

// The evaluator's state for one pickle: a stack of value pointers, marks and a
// memo, all bounded; values live in the TorchPickle's arena.
class TorchPickleMachine {
public:
    TorchPickleMachine(SourceCursor &in, const QString &location, const TorchPickleLimits &limits, TorchPickle &out)
        : m_in(in), m_location(location), m_limits(limits), m_out(out)
    {
    }
    Status run();

private:
    Error fail(const QString &message) const
    {
        const PickleOpcode *op = pickleOpcode(m_op);
        return makeError(ErrorCode::Format,
                         QStringLiteral("pickle offset %1 (%2): %3")
                             .arg(m_opOffset)
                             .arg(op ? QLatin1StringView(op->name) : QLatin1StringView("?"))
                             .arg(message),
                         m_location);
    }
    Error failLimit(const QString &message) const
    {
        return makeError(ErrorCode::Limit, QStringLiteral("pickle offset %1: %2").arg(m_opOffset).arg(message),
                         m_location);
    }
    // A read that failed: past the end of the data is a truncated pickle.
    Error wrap(const Error &e) const
    {
        return makeError(
            e.code,
            QStringLiteral("pickle offset %1: %2%3")
                .arg(m_opOffset)
                .arg(e.code == ErrorCode::Format ? QStringLiteral("truncated pickle: ") : QString(), e.message),
            m_location);
    }

    Result<TorchValue *> make(Kind kind)
    {
        if (qint64(m_out.m_arena.size()) >= m_limits.maxValues)
            return failLimit(QStringLiteral("more than %1 values").arg(m_limits.maxValues));
        m_out.m_arena.push_back(std::make_unique<TorchValue>());
        m_out.m_arena.back()->kind = kind;
        return m_out.m_arena.back().get();
    }
    Status push(const TorchValue *v)
    {
        if (qint64(m_stack.size() + m_marks.size()) >= m_limits.maxStackDepth)
            return failLimit(QStringLiteral("a stack deeper than %1").arg(m_limits.maxStackDepth));
        m_stack.push_back(v);
        return {};
    }
    Status pushNew(Kind kind, TorchValue **made = nullptr)
    {
        Result<TorchValue *> v = make(kind);
        if (!v)
            return v.error();
        if (made)
            *made = *v;
        return push(*v);
    }
    Status pushInt(qint64 value, bool big = false)
    {
        TorchValue *v = nullptr;
        if (Status s = pushNew(Kind::Int, &v); !s)
            return s;
        v->integer = value;
        v->bigInt = big;
        return {};
    }
    Status pushString(const QByteArray &bytes, bool utf8, qint64 fullLength)
    {
        TorchValue *v = nullptr;
        if (Status s = pushNew(Kind::String, &v); !s)
            return s;
        v->text = utf8 ? QString::fromUtf8(bytes) : QString::fromLatin1(bytes);
        if (fullLength > bytes.size())
            v->text += QStringLiteral("…");
        return {};
    }
    Status pushOpaque(const QString &what)
    {
        TorchValue *v = nullptr;
        if (Status s = pushNew(Kind::Opaque, &v); !s)
            return s;
        v->text = what;
        if (!m_opaqueSeen.contains(what) && m_opaqueSeen.size() < 1000) {
            m_opaqueSeen.insert(what);
            m_out.m_opaque.append(what);
        }
        return {};
    }
    // The top `n` values (failing when the stack above the last mark holds fewer).
    Result<std::vector<const TorchValue *>> pop(size_t n)
    {
        const size_t floor = m_marks.empty() ? 0 : m_marks.back();
        if (m_stack.size() - floor < n)
            return fail(QStringLiteral("needs %1 values on the stack, has %2").arg(n).arg(m_stack.size() - floor));
        std::vector<const TorchValue *> items(m_stack.end() - qsizetype(n), m_stack.end());
        m_stack.resize(m_stack.size() - n);
        return items;
    }
    Result<std::vector<const TorchValue *>> popMark()
    {
        if (m_marks.empty())
            return fail(QStringLiteral("no MARK to pop to"));
        const size_t mark = m_marks.back();
        m_marks.pop_back();
        std::vector<const TorchValue *> items(m_stack.begin() + qsizetype(mark), m_stack.end());
        m_stack.resize(mark);
        return items;
    }
    // The value under the top `depth` items (the container APPEND/SETITEM work on).
    Result<TorchValue *> below(size_t depth)
    {
        const size_t floor = m_marks.empty() ? 0 : m_marks.back();
        if (m_stack.size() - floor < depth + 1)
            return fail(QStringLiteral("no container on the stack"));
        return const_cast<TorchValue *>(m_stack[m_stack.size() - depth - 1]);
    }
    Result<QByteArray> readLine()
    {
        QByteArray line;
        for (;;) {
            Result<quint8> b = m_in.byte();
            if (!b)
                return wrap(b.error());
            if (*b == '\n')
                return line;
            if (line.size() >= m_limits.maxLineLength)
                return failLimit(QStringLiteral("a line longer than %1 bytes").arg(m_limits.maxLineLength));
            line.append(char(*b));
        }
    }
    Result<quint64> readUInt(int size)
    {
        char b[8] = {};
        if (Status s = m_in.read(b, size); !s)
            return wrap(s.error());
        return qFromLittleEndian<quint64>(b);
    }
    // A counted argument, keeping at most maxKeptString bytes (the rest is skipped).
    Result<QByteArray> readCounted(int lengthSize, qint64 *fullLength)
    {
        Result<quint64> n = readUInt(lengthSize);
        if (!n)
            return n.error();
        if (*n > quint64(m_in.remaining()))
            return fail(QStringLiteral("a length of %1 bytes runs past the end of the data (%2 bytes left: truncated "
                                       "pickle)")
                            .arg(*n)
                            .arg(m_in.remaining()));
        *fullLength = qint64(*n);
        const qint64 keep = std::min<qint64>(qint64(*n), m_limits.maxKeptString);
        QByteArray kept(keep, Qt::Uninitialized);
        if (Status s = m_in.read(kept.data(), keep); !s)
            return wrap(s.error());
        if (Status s = m_in.skip(qint64(*n) - keep); !s)
            return wrap(s.error());
        return kept;
    }

    Status global(const QString &module, const QString &name);
    Status memoPut(quint64 index);
    Status call(const TorchValue *callable, const std::vector<const TorchValue *> &args);
    Status newObject(const TorchValue *cls);
    Status persistentLoad(const TorchValue *pid);
    Status rebuildTensor(const std::vector<const TorchValue *> &args);
    Status step(uchar op, bool *stop);
    Status stepArg(const PickleOpcode &op, bool *stop);

    SourceCursor &m_in;
    const QString &m_location;
    const TorchPickleLimits &m_limits;
    TorchPickle &m_out;
    std::vector<const TorchValue *> m_stack;
    std::vector<size_t> m_marks;
    QHash<quint64, const TorchValue *> m_memo;
    QSet<QString> m_opaqueSeen;
    const TorchValue *m_none = nullptr;
    const TorchValue *m_true = nullptr;
    const TorchValue *m_false = nullptr;
    qint64 m_opOffset = 0;
    uchar m_op = 0;
};

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
            return pushOpaque(QStringLiteral("persistent id"));
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

Result<TorchPickle> TorchPickle::evaluate(SourceCursor &cursor, const QString &location,
                                          const TorchPickleLimits &limits)
{
    TorchPickle out;
    TorchPickleMachine machine(cursor, location, limits, out);
    if (Status s = machine.run(); !s)
        return s.error();
    return out;
}

namespace {

QString keyText(const TorchValue *key)
{
    switch (key->kind) {
    case Kind::String:
        return key->text;
    case Kind::Int:
        return QString::number(key->integer);
    case Kind::Bool:
        return key->integer ? QStringLiteral("True") : QStringLiteral("False");
    default:
        return QStringLiteral("?");
    }
}

struct Walker {
    const TorchPickleLimits &limits;
    const QString &location;
    QList<TorchPickle::NamedTensor> out;
    QSet<const TorchValue *> path; // the containers being entered (a cycle stops there)
    qint64 visits = 0;

    Status walk(const TorchValue *v, const QString &name, int depth, bool objectState = false)
    {
        if (++visits > limits.maxVisits)
            return makeError(
                ErrorCode::Limit,
                QStringLiteral("more than %1 values visited naming the tensors (shared values)").arg(limits.maxVisits),
                location);
        if (v->kind == Kind::Tensor) {
            out.append({name, v});
            return {};
        }
        const bool container =
            v->kind == Kind::Dict || v->kind == Kind::List || v->kind == Kind::Tuple || v->kind == Kind::Object;
        if (!container || v->items.empty())
            return {};
        if (depth >= limits.maxNesting)
            return makeError(
                ErrorCode::Limit,
                QStringLiteral("\"%1\": containers nested deeper than %2").arg(name).arg(limits.maxNesting), location);
        if (path.contains(v))
            return {}; // a cycle: the pickle refers to a container inside itself
        path.insert(v);
        const QString prefix = name.isEmpty() ? QString() : name + u'.';
        Status s;
        if (v->kind == Kind::Dict) {
            for (size_t i = 0; s && i + 1 < v->items.size(); i += 2) {
                const QString key = keyText(v->items[i]);
                // A torch.nn.Module's __dict__: its parameters, buffers and submodules
                // are named as state_dict() names them ("conv1.weight").
                const bool transparent =
                    objectState && (key == u"_parameters" || key == u"_buffers" || key == u"_modules");
                s = walk(v->items[i + 1], transparent ? name : prefix + key, depth + 1);
            }
        } else if (v->kind == Kind::Object) {
            s = walk(v->items.front(), name, depth + 1, true); // its state: attributes by name
        } else {
            for (size_t i = 0; s && i < v->items.size(); ++i)
                s = walk(v->items[i], prefix + QString::number(i), depth + 1);
        }
        path.remove(v);
        return s;
    }
};

} // namespace

Result<QList<TorchPickle::NamedTensor>> TorchPickle::tensors(const QString &location,
                                                             const TorchPickleLimits &limits) const
{
    Walker walker{limits, location, {}, {}, 0};
    if (m_root)
        if (Status s = walker.walk(m_root, QString(), 0); !s)
            return s.error();
    return walker.out;
}

} // namespace carton
