// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The torch pickle evaluator's machine (torchpickle.h): internal to core/model.

#include "model/sourcecursor.h"
#include "model/torchpickle.h"
#include "scan/pickleopcodes.h"

#include <QHash>
#include <QSet>
#include <QtEndian>

namespace carton {

// The evaluator's state for one pickle: a stack of value pointers, marks and a
// memo, all bounded; values live in the TorchPickle's arena.
class TorchPickleMachine {
    using Kind = TorchValue::Kind;

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

} // namespace carton
