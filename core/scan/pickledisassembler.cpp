// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "scan/pickledisassembler.h"

#include "base/utf8.h"
#include "scan/pickleopcodes.h"

#include <QBuffer>
#include <QHash>
#include <QtEndian>
#include <algorithm>
#include <vector>

namespace carton {

QString pickleRefName(PickleRef ref)
{
    switch (ref) {
    case PickleRef::Global:
        return QStringLiteral("GLOBAL");
    case PickleRef::StackGlobal:
        return QStringLiteral("STACK_GLOBAL");
    case PickleRef::Inst:
        return QStringLiteral("INST");
    case PickleRef::Ext:
        return QStringLiteral("EXT");
    case PickleRef::Reduce:
        return QStringLiteral("REDUCE");
    case PickleRef::Obj:
        return QStringLiteral("OBJ");
    case PickleRef::NewObj:
        return QStringLiteral("NEWOBJ");
    }
    return {};
}

bool pickleRefImports(PickleRef ref)
{
    return ref == PickleRef::Global || ref == PickleRef::StackGlobal || ref == PickleRef::Inst || ref == PickleRef::Ext;
}

namespace {

// Buffered sequential reads with a byte budget; never allocates from a declared
// length. The first read is small (most data that is not a pickle fails within a
// few bytes), later ones grow to 256 KiB.
class Input {
public:
    Input(QIODevice &device, qint64 maxBytes) : m_device(device), m_maxBytes(maxBytes) {}

    qint64 offset() const { return m_offset; }
    bool overBudget() const { return m_overBudget; }
    bool deviceFailed() const { return m_deviceFailed; }
    QString deviceError() const { return m_device.errorString(); }
    // Bytes left up to the end of the stream (buffered here, and in the device).
    qint64 remaining() const { return m_end - m_pos + std::max<qint64>(0, m_device.bytesAvailable()); }

    // The next byte without consuming it; false at the end of the stream.
    bool peek(uchar *byte)
    {
        if (!fill(1))
            return false;
        *byte = uchar(m_buffer[m_pos]);
        return true;
    }
    bool read(char *out, qint64 n)
    {
        while (n > 0) {
            if (!fill(1))
                return false;
            const qint64 take = std::min<qint64>(n, m_end - m_pos);
            std::copy_n(m_buffer.constData() + m_pos, take, out);
            m_pos += take;
            m_offset += take;
            out += take;
            n -= take;
        }
        return true;
    }
    // Reads n bytes, keeping at most `keep` of them in *kept (the rest is skipped).
    bool readKeeping(qint64 n, qint64 keep, QByteArray *kept)
    {
        kept->clear();
        while (n > 0) {
            if (!fill(1))
                return false;
            const qint64 take = std::min<qint64>(n, m_end - m_pos);
            if (kept->size() < keep)
                kept->append(m_buffer.constData() + m_pos, std::min<qint64>(take, keep - kept->size()));
            m_pos += take;
            m_offset += take;
            n -= take;
        }
        return true;
    }
    // A '\n'-terminated line (without the '\n'): its first `keep` bytes in *kept,
    // its length and last byte, and (with `ascii`) whether it is all ASCII. False
    // at the end, or past maxLength (*tooLong).
    bool readLine(qint64 maxLength, qint64 keep, QByteArray *kept, qint64 *length, char *last, bool *tooLong,
                  bool *ascii = nullptr)
    {
        kept->clear();
        *length = 0;
        *last = 0;
        *tooLong = false;
        if (ascii)
            *ascii = true;
        for (;;) {
            if (!fill(1))
                return false;
            const char *start = m_buffer.constData() + m_pos;
            const char *nl = static_cast<const char *>(memchr(start, '\n', size_t(m_end - m_pos)));
            const qint64 take = nl ? qint64(nl - start) : m_end - m_pos;
            if (*length + take > maxLength) {
                *tooLong = true;
                return false;
            }
            if (kept->size() < keep)
                kept->append(start, std::min<qint64>(take, keep - kept->size()));
            if (take > 0)
                *last = start[take - 1];
            if (ascii && *ascii)
                *ascii = std::all_of(start, start + take, [](char c) { return uchar(c) < 0x80; });
            *length += take;
            m_pos += take + (nl ? 1 : 0);
            m_offset += take + (nl ? 1 : 0);
            if (nl)
                return true;
        }
    }

private:
    bool fill(qint64 need)
    {
        if (m_end - m_pos >= need)
            return true;
        if (m_offset >= m_maxBytes) {
            m_overBudget = true;
            return false;
        }
        m_buffer.remove(0, m_pos);
        m_end -= m_pos;
        m_pos = 0;
        m_buffer.resize(m_chunk);
        const qint64 n = m_device.read(m_buffer.data() + m_end, m_chunk - m_end);
        if (n > 0)
            m_end += n;
        else if (n < 0)
            m_deviceFailed = true;
        m_chunk = std::min<qint64>(m_chunk * 4, 256 << 10);
        return m_end - m_pos >= need;
    }

    QIODevice &m_device;
    qint64 m_maxBytes;
    QByteArray m_buffer;
    qint64 m_pos = 0;
    qint64 m_end = 0;
    qint64 m_offset = 0;
    qint64 m_chunk = 4 << 10;
    bool m_overBudget = false;
    bool m_deviceFailed = false;
};

// A value on the simulated stack: only strings and globals matter for imports.
struct Value {
    enum Kind : quint8 { Other, String, Global };
    Kind kind = Other;
    QString text;   // String: the string; Global: "module\nname" (resolved) or empty
    QString origin; // how a String got here ("memo 3"), for the listing's detail
};

class Machine {
public:
    Machine(Input &in, const QString &location, const PickleLimits &limits, PickleListing &out)
        : m_in(in), m_location(location), m_limits(limits), m_out(out)
    {
    }
    // Runs one pickle to its STOP; false (with m_out.error set) on any problem.
    bool runOne();
    // Whether the last runOne() reached an opcode that calls an imported name
    // (REDUCE, OBJ, NEWOBJ, INST, BUILD on one): the unpickler runs it, even when
    // the stream fails after it.
    bool called() const { return m_called; }
    // What a failed pickle that turns out not to be one must not leave behind
    // (implicitly shared copies: cheap until the next pickle records something).
    struct Snapshot {
        QList<PickleImport> imports;
        QHash<QString, qsizetype> seen;
        bool importsTruncated = false;
        int protocol = 0;
    };
    Snapshot snapshot() const { return {m_out.imports, m_seen, m_out.importsTruncated, m_out.protocol}; }
    void restore(Snapshot s)
    {
        m_out.imports = std::move(s.imports);
        m_seen = std::move(s.seen);
        m_out.importsTruncated = s.importsTruncated;
        m_out.protocol = s.protocol;
    }

private:
    bool fail(const QString &message)
    {
        const PickleOpcode *op = pickleOpcode(m_op);
        m_out.error = makeError(ErrorCode::Format,
                                QStringLiteral("offset %1 (opcode 0x%2%3): %4")
                                    .arg(m_opOffset)
                                    .arg(m_op, 2, 16, QLatin1Char('0'))
                                    .arg(op ? u' ' + QLatin1StringView(op->name) : QString())
                                    .arg(message),
                                m_location);
        return false;
    }
    bool failLimit(const QString &message)
    {
        m_out.error =
            makeError(ErrorCode::Limit, QStringLiteral("offset %1: %2").arg(m_opOffset).arg(message), m_location);
        return false;
    }
    bool truncated(const QString &what)
    {
        if (m_in.overBudget())
            return failLimit(QStringLiteral("the pickle is longer than the limit of %1 bytes").arg(m_limits.maxBytes));
        if (m_in.deviceFailed()) {
            m_out.error = makeError(
                ErrorCode::Io,
                QStringLiteral("offset %1: cannot read on: %2").arg(m_in.offset()).arg(m_in.deviceError()), m_location);
            return false;
        }
        return fail(QStringLiteral("the data ends inside %1 (truncated pickle)").arg(what));
    }
    bool readUInt(int size, quint64 *value)
    {
        char b[8] = {};
        if (!m_in.read(b, size))
            return truncated(QStringLiteral("a %1-byte argument").arg(size));
        *value = qFromLittleEndian<quint64>(b);
        return true;
    }
    // A GLOBAL or INST module or name line, kept whole up to maxLineLength (a longer
    // one could still name something through an attribute path: a cap, not garbage).
    // Empty lines stop the unpickler ("pickle data was truncated"), and so here.
    bool readName(QByteArray *line, const char *what)
    {
        bool tooLong = false;
        qint64 length = 0;
        char last = 0;
        if (!m_in.readLine(m_limits.maxLineLength, m_limits.maxLineLength, line, &length, &last, &tooLong)) {
            if (tooLong)
                return failLimit(QStringLiteral("a %1 is longer than %2 bytes")
                                     .arg(QLatin1StringView(what))
                                     .arg(m_limits.maxLineLength));
            return truncated(QStringLiteral("a %1 (no end of line)").arg(QLatin1StringView(what)));
        }
        if (line->isEmpty())
            return fail(QStringLiteral("empty %1 (the unpickler stops here)").arg(QLatin1StringView(what)));
        return true;
    }
    // Any other text argument (INT, FLOAT, STRING, GET...): only its first
    // maxKeptString + 1 bytes are kept, the rest is skipped (protocol 0 strings
    // can be long).
    bool readText(QByteArray *kept, qint64 *length, char *last, bool *ascii = nullptr)
    {
        bool tooLong = false;
        if (m_in.readLine(m_limits.maxBytes, m_limits.maxKeptString + 1, kept, length, last, &tooLong, ascii))
            return true;
        return truncated(QStringLiteral("a text argument (no end of line)"));
    }
    // Reads a counted string/bytes argument; kept only when short.
    bool readCounted(int lengthSize, QByteArray *kept, qint64 *length)
    {
        quint64 n = 0;
        if (!readUInt(lengthSize, &n))
            return false;
        if (n > quint64(m_in.remaining()))
            return truncated(QStringLiteral("a %1-byte string").arg(n)); // known without reading on
        if (n > quint64(m_limits.maxBytes))
            return failLimit(
                QStringLiteral("declares %1 bytes, more than the limit of %2").arg(n).arg(m_limits.maxBytes));
        *length = qint64(n);
        if (!m_in.readKeeping(qint64(n), m_limits.maxKeptString + 1, kept))
            return truncated(QStringLiteral("a %1-byte string").arg(n));
        return true;
    }
    bool push(Value v)
    {
        if (qint64(m_stack.size() + m_marks.size()) >= m_limits.maxStackDepth)
            return failLimit(QStringLiteral("the stack is deeper than the limit of %1").arg(m_limits.maxStackDepth));
        m_stack.push_back(std::move(v));
        return true;
    }
    bool pushOther() { return push(Value{}); }
    size_t floor() const { return m_marks.empty() ? 0 : m_marks.back(); }
    bool pop(size_t n, const char *what)
    {
        if (m_stack.size() - floor() < n)
            return fail(QStringLiteral("%1 needs %2 stack items, the stack has %3 above the mark (stack underflow)")
                            .arg(QLatin1StringView(what))
                            .arg(n)
                            .arg(m_stack.size() - floor()));
        m_stack.resize(m_stack.size() - n);
        return true;
    }
    // Pops everything above the topmost mark, and the mark; the items are returned.
    bool popMark(std::vector<Value> *items, const char *what)
    {
        if (m_marks.empty())
            return fail(QStringLiteral("%1 without a MARK").arg(QLatin1StringView(what)));
        const size_t at = m_marks.back();
        m_marks.pop_back();
        if (items)
            items->assign(std::make_move_iterator(m_stack.begin() + qsizetype(at)),
                          std::make_move_iterator(m_stack.end()));
        m_stack.resize(at);
        return true;
    }
    bool memoPut(quint64 index)
    {
        if (m_stack.size() <= floor())
            return fail(QStringLiteral("memo store with nothing on the stack above the mark"));
        if (!m_memo.contains(index) && qint64(m_memo.size()) >= m_limits.maxMemoEntries)
            return failLimit(QStringLiteral("more than %1 memo entries").arg(m_limits.maxMemoEntries));
        m_memo.insert(index, m_stack.back());
        return true;
    }
    bool memoGet(quint64 index)
    {
        const auto it = m_memo.constFind(index);
        if (it == m_memo.cend())
            return fail(QStringLiteral("memo key %1 was never stored").arg(index));
        Value v = *it;
        if (v.kind == Value::String)
            v.origin = QStringLiteral("memo %1").arg(index);
        return push(std::move(v));
    }
    bool pushString(const QByteArray &kept, qint64 length, bool utf8)
    {
        if (length > m_limits.maxKeptString)
            return pushOther();
        return push(Value{Value::String, utf8 ? QString::fromUtf8(kept) : QString::fromLatin1(kept), {}});
    }
    void record(PickleRef ref, const QString &module, const QString &name, bool resolved, const QString &detail);
    void recordCall(PickleRef ref, const Value &callable);
    bool global(PickleRef ref);
    bool step(uchar op, bool *stop);

    Input &m_in;
    const QString &m_location;
    const PickleLimits &m_limits;
    PickleListing &m_out;
    std::vector<Value> m_stack;
    std::vector<size_t> m_marks;
    QHash<quint64, Value> m_memo;
    QHash<QString, qsizetype> m_seen; // "ref\nmodule\nname\ndetail" -> index in m_out.imports
    qint64 m_opOffset = 0;
    uchar m_op = 0;
    bool m_called = false;
};

void Machine::record(PickleRef ref, const QString &module, const QString &name, bool resolved, const QString &detail)
{
    const QString key = QString::number(int(ref)) + u'\n' + module + u'\n' + name + u'\n' + detail;
    const auto it = m_seen.constFind(key);
    if (it != m_seen.cend()) {
        ++m_out.imports[*it].count;
        return;
    }
    if (m_out.imports.size() >= m_limits.maxDistinctImports) {
        m_out.importsTruncated = true;
        return;
    }
    m_seen.insert(key, m_out.imports.size());
    m_out.imports.append(PickleImport{ref, module, name, resolved, detail, m_opOffset, 1});
}

void Machine::recordCall(PickleRef ref, const Value &callable)
{
    if (callable.kind == Value::Global)
        m_called = true;
    if (callable.kind == Value::Global && !callable.text.isEmpty()) {
        const qsizetype nl = callable.text.indexOf(u'\n');
        record(ref, callable.text.left(nl), callable.text.mid(nl + 1), true, {});
    } else if (callable.kind == Value::Global) {
        record(ref, {}, {}, false, QStringLiteral("the callable comes from an unresolved import"));
    } else {
        record(ref, {}, {}, false,
               callable.kind == Value::String ? QStringLiteral("the callable is a string, not an imported name")
                                              : QStringLiteral("the callable is not an imported name (the result of "
                                                               "another call or a memo value)"));
    }
}

// GLOBAL and INST: "module\nname\n". As in CPython's unpickler, INST needs its
// MARK before it reads the lines and takes ASCII names; GLOBAL takes UTF-8 ones.
// A name that does not decode stops the unpickler before it imports anything.
bool Machine::global(PickleRef ref)
{
    const bool inst = ref == PickleRef::Inst;
    if (inst && m_marks.empty())
        return fail(QStringLiteral("INST without a MARK"));
    QByteArray module, name;
    if (!readName(&module, "module name") || !readName(&name, "name"))
        return false;
    for (const QByteArray *line : {&module, &name}) {
        const bool ok = inst ? std::all_of(line->cbegin(), line->cend(), [](char c) { return uchar(c) < 0x80; })
                             : isValidUtf8(*line);
        if (!ok)
            return fail(QStringLiteral("the %1 \"%2\" is not %3 (the unpickler stops here, importing nothing)")
                            .arg(line == &module ? QStringLiteral("module name") : QStringLiteral("name"),
                                 QString::fromLatin1(line->left(40)),
                                 inst ? QStringLiteral("ASCII") : QStringLiteral("UTF-8")));
    }
    const QString m = QString::fromUtf8(module), n = QString::fromUtf8(name);
    record(ref, m, n, true, {});
    if (inst) {
        m_called = true; // INST calls the class with the marked items
        return popMark(nullptr, "INST") && pushOther();
    }
    return push(Value{Value::Global, m + u'\n' + n, {}});
}

bool Machine::step(uchar op, bool *stop)
{
    QByteArray kept;
    qint64 length = 0;
    quint64 n = 0;
    QByteArray line;
    char last = 0;
    std::vector<Value> items;
    // The opcode table shared with the torch pickle evaluator (core/model): whether it
    // is an opcode, and its fixed-width argument, read here for every such opcode.
    const PickleOpcode *info = pickleOpcode(op);
    if (!info)
        return fail(QStringLiteral("not a pickle opcode"));
    if (const int width = pickleArgWidth(info->arg); width > 0 && !readUInt(width, &n))
        return false;
    switch (char(op)) {
    case '(': // MARK
        if (qint64(m_stack.size() + m_marks.size()) >= m_limits.maxStackDepth)
            return failLimit(QStringLiteral("more marks than the limit of %1").arg(m_limits.maxStackDepth));
        m_marks.push_back(m_stack.size());
        return true;
    case '.': // STOP: returns the top item; items below it and marks are left (as the unpickler does)
        if (m_stack.size() <= floor())
            return pop(1, "STOP");
        *stop = true;
        return true;
    case '0': // POP
        if (m_stack.size() == floor() && !m_marks.empty()) {
            m_marks.pop_back();
            return true;
        }
        return pop(1, "POP");
    case '1': // POP_MARK
        return popMark(nullptr, "POP_MARK");
    case '2': // DUP
        if (m_stack.size() <= floor())
            return pop(1, "DUP");
        return push(m_stack.back());
    case 'F': // FLOAT
    case 'I': // INT
    case 'L': // LONG
        return readText(&line, &length, &last) && pushOther();
    case 'P': { // PERSID: CPython's unpickler takes ASCII ids only
        bool ascii = true;
        if (!readText(&line, &length, &last, &ascii))
            return false;
        if (!ascii)
            return fail(QStringLiteral("the persistent id is not ASCII (the unpickler stops here)"));
        return pushOther();
    }
    case 'S': // STRING: a quoted repr
        if (!readText(&line, &length, &last))
            return false;
        if (length < 2 || (line.front() != '\'' && line.front() != '"') || last != line.front())
            return fail(QStringLiteral("STRING argument is not quoted"));
        if (length - 2 > m_limits.maxKeptString)
            return pushOther();
        line = line.sliced(1, length - 2);
        return line.contains('\\') ? pushOther() : pushString(line, line.size(), false);
    case 'V': // UNICODE: raw-unicode-escape
        if (!readText(&line, &length, &last))
            return false;
        return line.contains('\\') ? pushOther() : pushString(line, length, false);
    case 'J': // BININT
        return pushOther();
    case 'K': // BININT1
        return pushOther();
    case 'M': // BININT2
        return pushOther();
    case 'G': // BINFLOAT
        return pushOther();
    case 'N':    // NONE
    case '\x88': // NEWTRUE
    case '\x89': // NEWFALSE
    case '}':    // EMPTY_DICT
    case ']':    // EMPTY_LIST
    case ')':    // EMPTY_TUPLE
    case '\x8f': // EMPTY_SET
        return pushOther();
    case '\x8a': // LONG1
        return readCounted(1, &kept, &length) && pushOther();
    case '\x8b': // LONG4
        return readCounted(4, &kept, &length) && pushOther();
    case 'T': // BINSTRING
        return readCounted(4, &kept, &length) && pushString(kept, length, false);
    case 'U': // SHORT_BINSTRING
        return readCounted(1, &kept, &length) && pushString(kept, length, false);
    case 'X': // BINUNICODE
        return readCounted(4, &kept, &length) && pushString(kept, length, true);
    case '\x8c': // SHORT_BINUNICODE
        return readCounted(1, &kept, &length) && pushString(kept, length, true);
    case '\x8d': // BINUNICODE8
        return readCounted(8, &kept, &length) && pushString(kept, length, true);
    case 'B': // BINBYTES
        return readCounted(4, &kept, &length) && pushOther();
    case 'C': // SHORT_BINBYTES
        return readCounted(1, &kept, &length) && pushOther();
    case '\x8e': // BINBYTES8
    case '\x96': // BYTEARRAY8
        return readCounted(8, &kept, &length) && pushOther();
    case 'Q': // BINPERSID
        return pop(1, "BINPERSID") && pushOther();
    case 'R': { // REDUCE
        if (m_stack.size() - floor() < 2)
            return pop(2, "REDUCE");
        recordCall(PickleRef::Reduce, m_stack[m_stack.size() - 2]);
        return pop(2, "REDUCE") && pushOther();
    }
    case '\x81': // NEWOBJ
        if (m_stack.size() - floor() < 2)
            return pop(2, "NEWOBJ");
        recordCall(PickleRef::NewObj, m_stack[m_stack.size() - 2]);
        return pop(2, "NEWOBJ") && pushOther();
    case '\x92': // NEWOBJ_EX
        if (m_stack.size() - floor() < 3)
            return pop(3, "NEWOBJ_EX");
        recordCall(PickleRef::NewObj, m_stack[m_stack.size() - 3]);
        return pop(3, "NEWOBJ_EX") && pushOther();
    case 'o': // OBJ
        if (!popMark(&items, "OBJ"))
            return false;
        if (items.empty())
            return fail(QStringLiteral("OBJ with nothing after the MARK (expected a class)"));
        recordCall(PickleRef::Obj, items.front());
        return pushOther();
    case 'c': // GLOBAL
        return global(PickleRef::Global);
    case 'i': // INST
        return global(PickleRef::Inst);
    case '\x93': { // STACK_GLOBAL
        if (m_stack.size() - floor() < 2)
            return pop(2, "STACK_GLOBAL");
        const Value &module = m_stack[m_stack.size() - 2];
        const Value &name = m_stack.back();
        if (module.kind == Value::String && name.kind == Value::String) {
            QStringList origins;
            if (!module.origin.isEmpty())
                origins << QStringLiteral("module from %1").arg(module.origin);
            if (!name.origin.isEmpty())
                origins << QStringLiteral("name from %1").arg(name.origin);
            const QString text = module.text + u'\n' + name.text;
            record(PickleRef::StackGlobal, module.text, name.text, true, origins.join(QStringLiteral(", ")));
            return pop(2, "STACK_GLOBAL") && push(Value{Value::Global, text, {}});
        }
        record(PickleRef::StackGlobal, {}, {}, false,
               QStringLiteral("module and name are not strings the scanner can follow"));
        return pop(2, "STACK_GLOBAL") && push(Value{Value::Global, {}, {}});
    }
    case '\x82': // EXT1
    case '\x83': // EXT2
    case '\x84': // EXT4
        record(PickleRef::Ext, {}, {}, false, QStringLiteral("extension registry code %1").arg(n));
        return push(Value{Value::Global, {}, {}});
    case 'a': // APPEND
        return pop(1, "APPEND");
    case 'b': // BUILD: state on the object; an imported object's __setstate__ is called
        if (m_stack.size() - floor() < 2)
            return pop(2, "BUILD");
        if (m_stack[m_stack.size() - 2].kind == Value::Global)
            m_called = true;
        return pop(1, "BUILD");
    case 's': // SETITEM
        return pop(2, "SETITEM");
    case 'e':    // APPENDS
    case 'u':    // SETITEMS
    case '\x90': // ADDITEMS
        if (!popMark(nullptr, "APPENDS/SETITEMS/ADDITEMS"))
            return false;
        return m_stack.size() > floor() || pop(1, "APPENDS/SETITEMS/ADDITEMS"); // the container must be there
    case 'd':                                                                   // DICT
    case 'l':                                                                   // LIST
    case 't':                                                                   // TUPLE
    case '\x91':                                                                // FROZENSET
        return popMark(nullptr, "DICT/LIST/TUPLE/FROZENSET") && pushOther();
    case '\x85': // TUPLE1
        return pop(1, "TUPLE1") && pushOther();
    case '\x86': // TUPLE2
        return pop(2, "TUPLE2") && pushOther();
    case '\x87': // TUPLE3
        return pop(3, "TUPLE3") && pushOther();
    case 'g':   // GET
    case 'p': { // PUT
        if (!readText(&line, &length, &last))
            return false;
        bool ok = length <= m_limits.maxKeptString;
        const quint64 index = ok ? line.trimmed().toULongLong(&ok) : 0;
        if (!ok)
            return fail(QStringLiteral("memo index \"%1\" is not a number").arg(QString::fromLatin1(line.left(40))));
        return op == 'g' ? memoGet(index) : memoPut(index);
    }
    case 'h': // BINGET
        return memoGet(n);
    case 'j': // LONG_BINGET
        return memoGet(n);
    case 'q': // BINPUT
        return memoPut(n);
    case 'r': // LONG_BINPUT
        return memoPut(n);
    case '\x94': // MEMOIZE
        return memoPut(quint64(m_memo.size()));
    case '\x80': // PROTO
        if (n > 5)
            return fail(QStringLiteral("protocol %1 is not a pickle protocol (0 to 5)").arg(n));
        m_out.protocol = std::max(m_out.protocol, int(n));
        return true;
    case '\x95': // FRAME: a length hint; the opcodes inside are read one by one
        return true;
    case '\x97': // NEXT_BUFFER
        return pushOther();
    case '\x98': // READONLY_BUFFER
        return m_stack.size() > floor() || pop(1, "READONLY_BUFFER");
    default:
        return fail(QStringLiteral("not a pickle opcode"));
    }
}

bool Machine::runOne()
{
    m_stack.clear();
    m_marks.clear();
    m_memo.clear();
    m_called = false;
    for (;;) {
        m_opOffset = m_in.offset();
        char op = 0;
        if (!m_in.read(&op, 1)) {
            m_op = 0;
            return truncated(QStringLiteral("the pickle before its STOP opcode"));
        }
        m_op = uchar(op);
        if (++m_out.opcodes > m_limits.maxOpcodes)
            return failLimit(QStringLiteral("more than %1 opcodes").arg(m_limits.maxOpcodes));
        bool stop = false;
        if (!step(m_op, &stop))
            return false;
        if (stop)
            return true;
    }
}

} // namespace

PickleListing PickleDisassembler::disassemble(QIODevice &input, const QString &location, const PickleLimits &limits,
                                              bool concatenated)
{
    PickleListing out;
    Input in(input, limits.maxBytes);
    Machine machine(in, location, limits, out);
    for (;;) {
        const qint64 start = in.offset();
        const Machine::Snapshot before = machine.snapshot();
        if (machine.runOne()) {
            ++out.pickles;
            uchar next = 0;
            if (!in.peek(&next))
                break;
            if (concatenated)
                continue;            // whatever the next byte: protocols 0 and 1 have no PROTO opcode
            out.trailingData = true; // an unpickler stops at STOP
            out.bytes = in.offset();
            return out;
        }
        // Failed. Before a call and on a format error, this is not a pickle: the
        // unpickler fails at the same opcode having run nothing.
        if (machine.called() || out.error->code != ErrorCode::Format)
            break;
        if (out.pickles == 0) {
            out.notPickle = true;
            break;
        }
        // Data after the last pickle (legacy torch.save storages): not read as pickles.
        machine.restore(before);
        out.error.reset();
        out.trailingData = true;
        out.bytes = start;
        return out;
    }
    out.bytes = in.offset();
    return out;
}

PickleListing PickleDisassembler::disassemble(QByteArrayView data, const QString &location, const PickleLimits &limits,
                                              bool concatenated)
{
    QByteArray bytes = QByteArray::fromRawData(data.data(), data.size());
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    return disassemble(buffer, location, limits, concatenated);
}

} // namespace carton
