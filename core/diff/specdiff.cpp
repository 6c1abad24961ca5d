// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/specdiff.h"

#include <QHash>
#include <QSet>

namespace carton {

namespace {

// Where a symbol sits: "in:x:2" (dim 2 of input x), "out:y:*" (y's whole shape).
QString positionKey(bool input, const QString &spec, int dim)
{
    return QString((input ? u"in:" : u"out:") + spec + u':' + (dim < 0 ? QStringLiteral("*") : QString::number(dim)));
}

// Symbol positions of one carton; whole-shape symbols and dim symbols apart
// (prefix "S:" / "d:") since they name different things.
QHash<QString, QString> symbolPositions(const CartonInfo &info)
{
    QHash<QString, QString> out;
    const auto add = [&out](bool input, const QList<TensorSpec> &specs) {
        for (const TensorSpec &s : specs) {
            if (s.shape.isSymbol())
                out.insert(positionKey(input, s.name, -1), u"S:" + s.shape.symbolName());
            if (!s.shape.isDims())
                continue;
            for (int i = 0; i < s.shape.dimList().size(); ++i)
                if (s.shape.dimList().at(i).isSymbol())
                    out.insert(positionKey(input, s.name, i), u"d:" + s.shape.dimList().at(i).symbolName());
        }
    };
    add(true, info.inputs);
    add(false, info.outputs);
    return out;
}

// How each symbol of A maps to symbols of B over the positions both cartons give a symbol.
struct SymbolMap {
    QHash<QString, QSet<QString>> aToB, bToA;
    QHash<QString, int> usesB; // positions per symbol in B

    bool split(const QString &a) const { return aToB.value(a).size() > 1; }
    bool merged(const QString &b) const { return bToA.value(b).size() > 1; }
};

SymbolMap mapSymbols(const CartonInfo &a, const CartonInfo &b)
{
    SymbolMap map;
    const QHash<QString, QString> pa = symbolPositions(a), pb = symbolPositions(b);
    for (auto it = pa.cbegin(); it != pa.cend(); ++it) {
        const auto other = pb.constFind(it.key());
        if (other == pb.cend())
            continue;
        map.aToB[it.value()].insert(*other);
        map.bToA[*other].insert(it.value());
    }
    for (const QString &symbol : pb)
        ++map.usesB[symbol];
    return map;
}

QString sortedList(const QSet<QString> &set)
{
    QStringList names;
    for (const QString &s : set)
        names.append(s.mid(2));
    names.sort();
    return names.join(QStringLiteral(", "));
}

struct Context {
    bool input = true;
    const SymbolMap *symbols = nullptr;
    QList<DiffEntry> *out = nullptr;
    DiffSection section() const { return input ? DiffSection::Inputs : DiffSection::Outputs; }
};

void add(const Context &c, const QString &item, const QString &field, QString before, QString after, ChangeClass cls,
         QString reason, ChangeKind kind = ChangeKind::Changed)
{
    c.out->append(
        DiffEntry{c.section(), kind, item, field, std::move(before), std::move(after), cls, std::move(reason)});
}

// A symbol changed name at one position ("d:n" -> "d:m"): split, merged or renamed.
void symbolChange(const Context &c, const QString &item, const QString &field, const QString &sa, const QString &sb)
{
    const SymbolMap &m = *c.symbols;
    if (m.split(sa))
        add(c, item, field, sa.mid(2), sb.mid(2), ChangeClass::Breaking,
            QStringLiteral("symbol %1 split into %2: dims bound together are now independent")
                .arg(sa.mid(2), sortedList(m.aToB.value(sa))));
    else if (m.merged(sb))
        add(c, item, field, sa.mid(2), sb.mid(2), ChangeClass::Breaking,
            QStringLiteral("symbols %1 merged into %2: dims that could differ must now be equal")
                .arg(sortedList(m.bToA.value(sb)), sb.mid(2)));
    else
        add(c, item, field, sa.mid(2), sb.mid(2), ChangeClass::Compatible,
            QStringLiteral("symbol %1 renamed to %2 everywhere: same binding").arg(sa.mid(2), sb.mid(2)));
}

// A narrowing (`*` or a symbol to something fixed): breaks calls for inputs only.
void narrowed(const Context &c, const QString &item, const QString &field, const QString &before, const QString &after)
{
    if (c.input)
        add(c, item, field, before, after, ChangeClass::Breaking,
            QStringLiteral("narrowed from %1 to %2: calls with other sizes fail").arg(before, after));
    else
        add(c, item, field, before, after, ChangeClass::Compatible,
            QStringLiteral("output now declared as %1 (was %2): callers already accept it").arg(after, before));
}

void diffDim(const Context &c, const QString &item, int index, const Dim &a, const Dim &b)
{
    const QString field = QStringLiteral("shape[%1]").arg(index);
    if (a.isSymbol() && b.isSymbol()) {
        const QString sa = u"d:" + a.symbolName(), sb = u"d:" + b.symbolName();
        if (sa != sb)
            symbolChange(c, item, field, sa, sb);
        return;
    }
    if (a == b)
        return;
    const QString ta = a.toString(), tb = b.toString();
    if (a.isValue() && b.isValue()) {
        add(c, item, field, ta, tb, ChangeClass::Breaking,
            QStringLiteral("fixed dimension %1 changed from %2 to %3").arg(index).arg(ta, tb));
    } else if (b.isAny() || (a.isValue() && b.isSymbol())) {
        add(c, item, field, ta, tb, ChangeClass::Compatible,
            QStringLiteral("dimension %1 relaxed from %2 to %3").arg(index).arg(ta, tb));
    } else if (b.isValue()) {
        narrowed(c, item, field, ta, tb);
    } else { // `*` -> symbol
        const QString sb = u"d:" + b.symbolName();
        if (c.symbols->usesB.value(sb) <= 1)
            add(c, item, field, ta, tb, ChangeClass::Compatible,
                QStringLiteral("dimension %1 named %2, bound nowhere else").arg(index).arg(tb));
        else if (c.input)
            add(c, item, field, ta, tb, ChangeClass::Breaking,
                QStringLiteral("dimension %1 now bound to symbol %2: it must equal other dims").arg(index).arg(tb));
        else
            add(c, item, field, ta, tb, ChangeClass::Compatible,
                QStringLiteral("output dimension %1 now bound to symbol %2").arg(index).arg(tb));
    }
}

void diffShape(const Context &c, const QString &item, const Shape &a, const Shape &b)
{
    const QString ta = a.toString(), tb = b.toString();
    if (a.isDims() && b.isDims()) {
        if (a.dimList().size() != b.dimList().size()) {
            add(c, item, QStringLiteral("shape"), ta, tb, ChangeClass::Breaking,
                QStringLiteral("rank changed from %1 to %2").arg(a.dimList().size()).arg(b.dimList().size()));
            return;
        }
        for (int i = 0; i < a.dimList().size(); ++i)
            diffDim(c, item, i, a.dimList().at(i), b.dimList().at(i));
        return;
    }
    if (a.isSymbol() && b.isSymbol()) {
        const QString sa = u"S:" + a.symbolName(), sb = u"S:" + b.symbolName();
        if (sa != sb)
            symbolChange(c, item, QStringLiteral("shape"), sa, sb);
        return;
    }
    if (a == b)
        return;
    if (b.isAny() || (a.isDims() && b.isSymbol()))
        add(c, item, QStringLiteral("shape"), ta, tb, ChangeClass::Compatible,
            QStringLiteral("shape relaxed from %1 to %2").arg(ta, tb));
    else
        narrowed(c, item, QStringLiteral("shape"), ta, tb);
}

void diffSpec(const Context &c, const TensorSpec &a, const TensorSpec &b)
{
    const qsizetype before = c.out->size();
    if (a.dtype != b.dtype)
        add(c, a.name, QStringLiteral("dtype"), dtypeName(a.dtype), dtypeName(b.dtype), ChangeClass::Breaking,
            QStringLiteral("dtype changed from %1 to %2").arg(dtypeName(a.dtype), dtypeName(b.dtype)));
    diffShape(c, a.name, a.shape, b.shape);
    if (a.description != b.description)
        add(c, a.name, QStringLiteral("description"), a.description.value_or(QString()),
            b.description.value_or(QString()), ChangeClass::Compatible,
            QStringLiteral("description only: calls are unaffected"));
    if (a.internalName != b.internalName)
        add(c, a.name, QStringLiteral("internal_name"), a.internalName.value_or(QString()),
            b.internalName.value_or(QString()), ChangeClass::Compatible,
            QStringLiteral("internal name is the runner's mapping: callers use the name"));
    if (c.out->size() == before)
        add(c, a.name, {}, specSummary(a), specSummary(b), ChangeClass::Compatible, {}, ChangeKind::Unchanged);
}

bool sameSignature(const TensorSpec &a, const TensorSpec &b)
{
    return a.dtype == b.dtype && a.shape == b.shape;
}

void diffSpecList(const Context &c, const QList<TensorSpec> &a, const QList<TensorSpec> &b)
{
    const auto findByName = [](const QList<TensorSpec> &list, const QString &name) -> const TensorSpec * {
        for (const TensorSpec &s : list)
            if (s.name == name)
                return &s;
        return nullptr;
    };
    QList<const TensorSpec *> removed, added;
    for (const TensorSpec &s : a) {
        if (const TensorSpec *other = findByName(b, s.name))
            diffSpec(c, s, *other);
        else
            removed.append(&s);
    }
    for (const TensorSpec &s : b)
        if (!findByName(a, s.name))
            added.append(&s);
    // A removed spec and an added one with the same dtype and shape: renamed.
    for (const TensorSpec *r : std::as_const(removed)) {
        const TensorSpec *renamedTo = nullptr;
        for (const TensorSpec *n : std::as_const(added))
            if (sameSignature(*r, *n)) {
                renamedTo = n;
                break;
            }
        if (renamedTo) {
            added.removeOne(renamedTo);
            add(c, r->name, QStringLiteral("name"), r->name, renamedTo->name, ChangeClass::Breaking,
                QStringLiteral("%1 %2 renamed to %3: callers using %2 fail")
                    .arg(c.input ? u"input" : u"output", r->name, renamedTo->name));
            continue;
        }
        add(c, r->name, {}, specSummary(*r), {}, ChangeClass::Breaking,
            c.input ? QStringLiteral("input %1 removed: calls that pass it send an undeclared input").arg(r->name)
                    : QStringLiteral("output %1 removed: callers reading it fail").arg(r->name),
            ChangeKind::Removed);
    }
    for (const TensorSpec *n : std::as_const(added)) {
        if (c.input)
            add(c, n->name, {}, {}, specSummary(*n), ChangeClass::Breaking,
                QStringLiteral("new input %1: calls without it fail").arg(n->name), ChangeKind::Added);
        else
            add(c, n->name, {}, {}, specSummary(*n), ChangeClass::Compatible,
                QStringLiteral("new output %1: existing callers ignore it").arg(n->name), ChangeKind::Added);
    }
}

} // namespace

QString specSummary(const TensorSpec &spec)
{
    return dtypeName(spec.dtype) + u' ' + spec.shape.toString();
}

QList<DiffEntry> diffSpecs(const CartonInfo &a, const CartonInfo &b)
{
    QList<DiffEntry> out;
    const SymbolMap symbols = mapSymbols(a, b);
    diffSpecList(Context{true, &symbols, &out}, a.inputs, b.inputs);
    diffSpecList(Context{false, &symbols, &out}, a.outputs, b.outputs);
    return out;
}

} // namespace carton
