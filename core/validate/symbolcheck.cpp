// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// checkSpecs(): [[input]]/[[output]] names, dtypes, shapes and shape symbols,
// against the tensors the self-tests and examples feed them.
#include "validate/symbolcheck.h"

#include "base/coretext.h"
#include "tensor/tensorindex.h"
#include "validate/reporter.h"
#include "validate/symbolbindings.h"
#include "validate/validaterules.h"

#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace carton {

TensorShapes tensorShapesOf(const TensorIndex &index)
{
    TensorShapes shapes;
    shapes.reserve(index.entries().size());
    for (const TensorIndexEntry &e : index.entries())
        if (e.shape && e.dtype != DType::Nested)
            shapes.insert(e.name, *e.shape);
    return shapes;
}

namespace {

using namespace validate_detail;

bool isAllDigits(const QString &s)
{
    if (s.isEmpty())
        return false;
    for (QChar c : s)
        if (!c.isDigit())
            return false;
    return true;
}

void checkTensorSpecs(const QList<TensorSpec> &specs, const QString &kind, Reporter &r)
{
    QHash<QString, qsizetype> seen;
    for (qsizetype i = 0; i < specs.size(); ++i) {
        const TensorSpec &spec = specs.at(i);
        const QString base = u"%1[%2]"_s.arg(kind).arg(i);

        if (spec.name.isEmpty()) {
            r.toml(Severity::Error, base + u".name"_s,
                   ValidationText::tr("%1 name is empty; every %1 needs a name").arg(kind));
        } else if (seen.contains(spec.name)) {
            r.toml(Severity::Error, base + u".name"_s,
                   ValidationText::tr("duplicate %1 name \"%2\" (also %1[%3])")
                       .arg(kind, spec.name)
                       .arg(seen.value(spec.name)));
        } else {
            seen.insert(spec.name, i);
        }

        if (!spec.dtypeText.isEmpty() && !parseDType(spec.dtypeText)) {
            r.toml(Severity::Error, base + u".dtype"_s,
                   ValidationText::tr("unknown dtype \"%1\"; expected one of %2").arg(spec.dtypeText, specDTypeList()));
        } else if (!specDTypeOf(spec)) {
            const DType d = spec.dtypeText.isEmpty() ? spec.dtype : *parseDType(spec.dtypeText);
            r.toml(Severity::Error, base + u".dtype"_s,
                   ValidationText::tr("dtype \"%1\" is not allowed in [[%2]]; expected one of %3")
                       .arg(dtypeName(d), kind, specDTypeList()));
        }

        const Shape &shape = spec.shape;
        if (shape.isSymbol()) {
            if (shape.symbolName().isEmpty())
                r.toml(Severity::Warning, base + u".shape"_s,
                       ValidationText::tr("shape is the empty string: a symbol without a name; use \"*\" for any shape "
                                          "or name the symbol"));
            else if (isAllDigits(shape.symbolName()))
                r.toml(Severity::Warning, base + u".shape"_s,
                       ValidationText::tr("shape is the string \"%1\", a symbol for the whole shape; for one dimension "
                                          "of size %1 write [%1]")
                           .arg(shape.symbolName()));
        } else if (shape.isDims()) {
            const QList<Dim> &dims = shape.dimList();
            for (qsizetype j = 0; j < dims.size(); ++j) {
                const Dim &d = dims.at(j);
                const QString field = base + u".shape[%1]"_s.arg(j);
                if (d.isValue() && d.size() < 0) {
                    r.toml(Severity::Error, field,
                           ValidationText::tr("dimension %1 is %2; expected a non-negative integer, a symbol or \"*\"")
                               .arg(j)
                               .arg(d.size()));
                } else if (d.isSymbol() && d.symbolName().isEmpty()) {
                    r.toml(
                        Severity::Warning, field,
                        ValidationText::tr(
                            "dimension %1 is the empty string: a symbol without a name; use \"*\" or name the symbol")
                            .arg(j));
                } else if (d.isSymbol() && isAllDigits(d.symbolName())) {
                    r.toml(Severity::Warning, field,
                           ValidationText::tr("dimension %1 is the string \"%2\", which is a symbol, not the size %2; "
                                              "write %2 without quotes")
                               .arg(j)
                               .arg(d.symbolName()));
                }
            }
        }
    }
}

// A symbol names either a whole shape (shape = "s") or one dimension
// (shape = ["s", 3]); the spec says it must resolve to the same value wherever it
// is used. Using one name both ways is reported as Info, not as a warning or an
// error: the two uses bind values of different kinds (a whole shape vs one size),
// upstream accepts it, and upstream's own files do it (fixtures/upstream/toml/
// shapes.toml and test.carton use "some_symbol" both ways). Whether values agree
// can only be checked against concrete tensors: validateCarton does that per
// self_test, where a conflict is an error.
void checkSymbolKinds(const CartonInfo &info, Reporter &r)
{
    struct Use {
        QString owner; // "input 'b'"
        QString field;
    };
    QHash<QString, Use> wholeUses, dimUses;
    QSet<QString> reported;

    auto visit = [&](const QList<TensorSpec> &specs, const QString &kind) {
        for (qsizetype i = 0; i < specs.size(); ++i) {
            const TensorSpec &spec = specs.at(i);
            const QString owner = u"%1 '%2'"_s.arg(kind, spec.name);
            const QString field = u"%1[%2].shape"_s.arg(kind).arg(i);
            QList<QString> wholeHere, dimsHere;
            if (spec.shape.isSymbol() && !spec.shape.symbolName().isEmpty())
                wholeHere.append(spec.shape.symbolName());
            if (spec.shape.isDims())
                for (const Dim &d : spec.shape.dimList())
                    if (d.isSymbol() && !d.symbolName().isEmpty() && d.symbolName() != u"*"_s)
                        dimsHere.append(d.symbolName());
            for (const QString &s : std::as_const(wholeHere)) {
                if (dimUses.contains(s) && !reported.contains(s)) {
                    reported.insert(s);
                    r.toml(
                        Severity::Info, field,
                        ValidationText::tr(
                            "symbol '%1' names the whole shape of %2 but one dimension of %3; the two bind different "
                            "kinds of values, so they are not checked against each other")
                            .arg(s, owner, dimUses.value(s).owner));
                }
                if (!wholeUses.contains(s))
                    wholeUses.insert(s, {owner, field});
            }
            for (const QString &s : std::as_const(dimsHere)) {
                if (wholeUses.contains(s) && !reported.contains(s)) {
                    reported.insert(s);
                    r.toml(
                        Severity::Info, field,
                        ValidationText::tr(
                            "symbol '%1' names one dimension of %2 but the whole shape of %3; the two bind different "
                            "kinds of values, so they are not checked against each other")
                            .arg(s, owner, wholeUses.value(s).owner));
                }
                if (!dimUses.contains(s))
                    dimUses.insert(s, {owner, field});
            }
        }
    };
    visit(info.inputs, u"input"_s);
    visit(info.outputs, u"output"_s);
}

// "If you specify one input or output, you must specify all inputs and outputs".
// Info, not a warning: upstream's own fixtures (self_test.toml) declare inputs
// only. Keys of self-tests/examples naming no declared spec (the other way the
// rule is broken) are errors of the section checks.
void checkAllSpecified(const CartonInfo &info, Reporter &r)
{
    auto report = [&r](const QString &field, qsizetype declared, const QString &kind, const QString &missing) {
        r.toml(Severity::Info, field,
               (declared > 1
                    ? ValidationText::tr("%1 %2s are declared but no [[%3]]; if you specify one input or "
                                         "output, you must specify all inputs and outputs")
                    : ValidationText::tr("%1 %2 is declared but no [[%3]]; if you specify one input or output, "
                                         "you must specify all inputs and outputs"))
                   .arg(declared)
                   .arg(kind, missing));
    };
    if (!info.inputs.isEmpty() && info.outputs.isEmpty())
        report(u"output"_s, info.inputs.size(), u"input"_s, u"output"_s);
    else if (info.inputs.isEmpty() && !info.outputs.isEmpty())
        report(u"input"_s, info.outputs.size(), u"output"_s, u"input"_s);
}

// One problem found in one section; the same problem at the same field in other
// sections is folded into it.
struct Finding {
    Severity severity;
    QString field;
    QString message;
    QStringList sections;
};

class Findings {
public:
    void add(Severity severity, const QString &field, const QString &key, const QString &section,
             const QString &message)
    {
        const QString k = QString::number(int(severity)) + u'|' + field + u'|' + key;
        const auto it = m_index.constFind(k);
        if (it != m_index.cend()) {
            m_list[*it].sections.append(section);
            return;
        }
        m_index.insert(k, m_list.size());
        m_list.append({severity, field, message, {section}});
    }
    void report(Reporter &r) const
    {
        constexpr qsizetype shown = 3;
        for (const Finding &f : m_list) {
            QString message = f.message;
            const qsizetype others = f.sections.size() - 1;
            if (others > 0) {
                QStringList names = f.sections.mid(1, shown);
                QString list = names.join(u", "_s);
                if (others > shown)
                    list += ValidationText::tr(" and %1 more").arg(others - shown);
                message += ValidationText::tr(" (also in %1)").arg(list);
            }
            r.toml(f.severity, f.field, message);
        }
    }

private:
    QHash<QString, qsizetype> m_index;
    QList<Finding> m_list;
};

QString tensorText(const QString &tensor, const QList<qint64> &shape)
{
    return ValidationText::tr("tensor \"%1\" of shape %2").arg(tensor, shapeText(shape));
}

class SymbolChecker {
public:
    SymbolChecker(const CartonInfo &info, const TensorShapes &shapes) : m_info(info), m_shapes(shapes)
    {
        indexSpecs(info.inputs, u"input"_s, m_inputIndex);
        indexSpecs(info.outputs, u"output"_s, m_outputIndex);
    }

    void run()
    {
        for (qsizetype i = 0; i < m_info.selfTests.size(); ++i) {
            const SelfTest &t = m_info.selfTests.at(i);
            Section s{u"self_test[%1]"_s.arg(i), Severity::Warning, Severity::Error, true};
            table(s, t.inputs, false, u".inputs"_s);
            if (t.expectedOut)
                table(s, *t.expectedOut, true, u".expected_out"_s);
            finish(s);
        }
        for (qsizetype i = 0; i < m_info.examples.size(); ++i) {
            const Example &e = m_info.examples.at(i);
            Section s{u"example[%1]"_s.arg(i), Severity::Info, Severity::Info, false};
            table(s, e.inputs, false, u".inputs"_s);
            table(s, e.sampleOut, true, u".sample_out"_s);
            finish(s);
        }
    }

    QList<SymbolSummary> takeSymbols() { return std::move(m_symbols); }
    const Findings &findings() const { return m_findings; }

private:
    struct Section {
        QString name;
        Severity mismatch;
        Severity conflict;
        bool selfTest;
        SymbolBindings bindings;
        // summary index -> values in this section
        QHash<qsizetype, QList<SymbolValue>> values;
        QList<qsizetype> order;
    };

    static QString summaryKey(const QString &name, bool whole) { return (whole ? u"s:"_s : u"d:"_s) + name; }

    void indexSpecs(const QList<TensorSpec> &specs, const QString &kind, QHash<QString, qsizetype> &index)
    {
        for (qsizetype i = 0; i < specs.size(); ++i) {
            const TensorSpec &spec = specs.at(i);
            if (!spec.name.isEmpty() && !index.contains(spec.name))
                index.insert(spec.name, i);
            const QString owner = u"%1 '%2'"_s.arg(kind, spec.name);
            const QString base = u"%1[%2].shape"_s.arg(kind).arg(i);
            if (spec.shape.isSymbol() && !spec.shape.symbolName().isEmpty() && spec.shape.symbolName() != u"*"_s) {
                summary(spec.shape.symbolName(), true).uses.append({base, owner});
            } else if (spec.shape.isDims()) {
                const QList<Dim> &dims = spec.shape.dimList();
                for (qsizetype j = 0; j < dims.size(); ++j) {
                    const QString name = dims.at(j).symbolName();
                    if (dims.at(j).isSymbol() && !name.isEmpty() && name != u"*"_s)
                        summary(name, false).uses.append({base + u"[%1]"_s.arg(j), owner});
                }
            }
        }
    }

    SymbolSummary &summary(const QString &name, bool whole)
    {
        const QString key = summaryKey(name, whole);
        auto it = m_symbolIndex.constFind(key);
        if (it == m_symbolIndex.cend()) {
            it = m_symbolIndex.insert(key, m_symbols.size());
            SymbolSummary s;
            s.name = name;
            s.wholeShape = whole;
            m_symbols.append(s);
        }
        return m_symbols[*it];
    }

    void table(Section &s, const TensorRefs &refs, bool outputs, const QString &suffix)
    {
        const QList<TensorSpec> &specs = outputs ? m_info.outputs : m_info.inputs;
        const QHash<QString, qsizetype> &index = outputs ? m_outputIndex : m_inputIndex;
        const QString kind = outputs ? u"output"_s : u"input"_s;
        for (const auto &[key, ref] : refs) {
            QString tensor;
            if (classifyRef(ref, &tensor) != RefKind::Tensor || tensor.isEmpty())
                continue;
            const auto spec = index.constFind(key);
            const auto shape = m_shapes.constFind(tensor);
            if (spec == index.cend() || shape == m_shapes.cend())
                continue; // undeclared key, missing or nested tensor: reported elsewhere
            feed(s, specs.at(*spec), kind, *spec, s.name + suffix + u'.' + key, tensor, *shape);
        }
    }

    void feed(Section &s, const TensorSpec &spec, const QString &kind, qsizetype row, const QString &source,
              const QString &tensor, const QList<qint64> &concrete)
    {
        const QString base = u"%1[%2].shape"_s.arg(kind).arg(row);
        const QString owner = u"%1 '%2'"_s.arg(kind, spec.name);
        const Shape &shape = spec.shape;
        if (shape.isDims()) {
            const QList<Dim> &dims = shape.dimList();
            if (dims.size() != concrete.size()) {
                const QString fed = tensorText(tensor, concrete);
                const QString declared = dims.isEmpty()     ? ValidationText::tr("a scalar")
                                         : dims.size() == 1 ? ValidationText::tr("1 dimension")
                                                            : ValidationText::tr("%1 dimensions").arg(dims.size());
                // Each message gets exactly the arguments it has placeholders for.
                m_findings.add(
                    s.mismatch, base, u"rank"_s, s.name,
                    concrete.size() == 1
                        ? ValidationText::tr("%1 feeds %2 %3 (1 dimension), but %2 is declared %4 (%5)")
                              .arg(s.name, owner, fed, shape.toString(), declared)
                        : ValidationText::tr("%1 feeds %2 %3 (%6 dimensions), but %2 is declared %4 (%5)")
                              .arg(s.name, owner, fed, shape.toString(), declared, QString::number(concrete.size())));
                return;
            }
            bool fits = true;
            for (qsizetype j = 0; j < dims.size(); ++j) {
                if (!dims.at(j).isValue() || dims.at(j).size() == concrete.at(j))
                    continue;
                fits = false;
                m_findings.add(s.mismatch, base + u"[%1]"_s.arg(j), u"size"_s, s.name,
                               ValidationText::tr("%1 feeds %2 %3: dimension %4 is %5, but it is declared %6 (%7)")
                                   .arg(s.name, owner, tensorText(tensor, concrete), QString::number(j),
                                        QString::number(concrete.at(j)), QString::number(dims.at(j).size()),
                                        shape.toString()));
            }
            if (!fits)
                return;
        }
        const QString bindingOwner = u"%1 (%2, %3)"_s.arg(owner, source, tensorText(tensor, concrete));
        const QList<SymbolBindings::Conflict> conflicts = s.bindings.bindAll(shape, concrete, bindingOwner);
        for (const SymbolBindings::Conflict &c : conflicts) {
            const bool whole = c.dim < 0;
            const QString field = whole ? base : base + u"[%1]"_s.arg(c.dim);
            const QString valueText = whole ? shapeText(c.value) : QString::number(c.value.constFirst());
            const QString earlierText = whole ? shapeText(c.earlier) : QString::number(c.earlier.constFirst());
            m_findings.add(s.conflict, field, u"symbol:"_s + summaryKey(c.symbol, whole), s.name,
                           ValidationText::tr(
                               "%1: %2symbol '%3' is %4 in %5 (%6, %7) but %8 in %9; a symbol must resolve to the same "
                               "value across all inputs and outputs")
                               .arg(s.name, whole ? u"shape "_s : QString(), c.symbol, valueText, owner, source,
                                    tensorText(tensor, concrete), earlierText, c.earlierOwner));
        }
        // Every value each symbol takes here, for the summary.
        auto note = [&](const QString &name, bool whole, const QList<qint64> &value, const QString &field) {
            if (name.isEmpty() || name == u"*"_s)
                return;
            const qsizetype at = m_symbolIndex.value(summaryKey(name, whole), -1);
            if (at < 0)
                return;
            auto it = s.values.find(at);
            if (it == s.values.end()) {
                s.order.append(at);
                it = s.values.insert(at, {});
            }
            for (const SymbolValue &v : std::as_const(*it))
                if (v.value == value)
                    return;
            it->append({value, field, source});
        };
        if (shape.isSymbol()) {
            note(shape.symbolName(), true, concrete, base);
        } else if (shape.isDims()) {
            const QList<Dim> &dims = shape.dimList();
            for (qsizetype j = 0; j < dims.size(); ++j)
                if (dims.at(j).isSymbol())
                    note(dims.at(j).symbolName(), false, {concrete.at(j)}, base + u"[%1]"_s.arg(j));
        }
    }

    void finish(Section &s)
    {
        for (qsizetype at : std::as_const(s.order)) {
            SymbolSectionBinding binding{s.name, s.values.value(at)};
            SymbolSummary &summary = m_symbols[at];
            if (s.selfTest && binding.conflict())
                summary.conflict = true;
            summary.bindings.append(std::move(binding));
        }
    }

    const CartonInfo &m_info;
    const TensorShapes &m_shapes;
    QHash<QString, qsizetype> m_inputIndex, m_outputIndex;
    QHash<QString, qsizetype> m_symbolIndex;
    QList<SymbolSummary> m_symbols;
    Findings m_findings;
};

} // namespace

SpecCheck checkSpecs(const CartonInfo &info, const TensorShapes &shapes)
{
    SpecCheck out;
    Reporter r(out.diagnostics, info.fieldLines);
    checkTensorSpecs(info.inputs, u"input"_s, r);
    checkTensorSpecs(info.outputs, u"output"_s, r);
    checkSymbolKinds(info, r);
    checkAllSpecified(info, r);
    SymbolChecker checker(info, shapes);
    checker.run();
    checker.findings().report(r);
    out.symbols = checker.takeSymbols();
    return out;
}

} // namespace carton
