// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// [[self_test]] / [[example]] sections and model_description targets, from
// carton.toml alone.
#include "base/archivepath.h"
#include "base/coretext.h"
#include "format/cartontolerance.h"
#include "format/markdownimages.h"
#include "validate/validaterules.h"

#include <QSet>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace carton::validate_detail {

namespace {

// Diagnostics stay small whatever the file holds: names are elided, lists show a
// few names, and a rule reports a few keys per table and then a count.
constexpr qsizetype MaxNameChars = 80;
constexpr qsizetype MaxListedNames = 5;
constexpr int MaxReportsPerTable = 20;

QString elided(const QString &name)
{
    if (name.size() <= MaxNameChars)
        return name;
    return ValidationText::tr("%1… (%2 characters)").arg(name.left(MaxNameChars - 20)).arg(name.size());
}

QString listOf(const QStringList &names)
{
    QStringList shown;
    for (qsizetype i = 0; i < std::min(names.size(), MaxListedNames); ++i)
        shown.append(elided(names.at(i)));
    QString out = shown.join(u", "_s);
    if (names.size() > MaxListedNames)
        out += ValidationText::tr(" … and %1 more").arg(names.size() - MaxListedNames);
    return out;
}

QString namesOf(const QList<TensorSpec> &specs)
{
    QStringList names;
    for (const TensorSpec &s : specs)
        names.append(s.name);
    return listOf(names);
}

// What a section may reference: self_test values start with "@tensor_data/"
// (upstream's TensorReference); example values with "@tensor_data/" or "@misc/"
// (upstream's TensorOrMiscReference). Upstream checks the prefix only; an empty
// name after it references nothing and is reported too.
// Returns whether it reported something.
bool checkRef(const QString &ref, bool miscAllowed, const QString &section, const QString &field, Reporter &r)
{
    QString rest;
    const RefKind kind = classifyRef(ref, &rest);
    if (kind == RefKind::Other || (kind == RefKind::Misc && !miscAllowed)) {
        r.toml(
            Severity::Error, field,
            miscAllowed
                ? ValidationText::tr(
                      "\"%1\" must start with @tensor_data/ or @misc/ (a tensor in tensor_data or a file in misc)")
                      .arg(elided(ref))
                : ValidationText::tr("\"%1\" must start with @tensor_data/: %2 values reference tensors in tensor_data")
                      .arg(elided(ref), section));
        return true;
    }
    if (rest.isEmpty()) {
        r.toml(Severity::Error, field,
               ValidationText::tr("\"%1\" names nothing; expected %2NAME")
                   .arg(elided(ref), kind == RefKind::Tensor ? u"@tensor_data/"_s : u"@misc/"_s));
        return true;
    }
    if (kind == RefKind::Misc && !checkArchivePath(rest, u"misc"_s).ok()) {
        r.toml(Severity::Error, field,
               ValidationText::tr(
                   "\"%1\" is not a safe relative path inside misc/ (no '..', leading '/', '\\\\' or empty parts)")
                   .arg(elided(ref)));
        return true;
    }
    return false;
}

// One inputs/expected_out/sample_out table of a section.
void checkRefTable(const TensorRefs &refs, const QList<TensorSpec> &declared, const QString &declaredKind,
                   bool miscAllowed, const QString &section, const QString &tableField, Reporter &r)
{
    QSet<QString> seen;
    QSet<QString> declaredNames;
    for (const TensorSpec &s : declared)
        declaredNames.insert(s.name);
    const QString declaredList = namesOf(declared);
    int twice = 0, undeclared = 0, badRefs = 0;
    for (const auto &[key, ref] : refs) {
        const QString field = tableField + u'.' + elided(key);
        if (seen.contains(key) && ++twice <= MaxReportsPerTable)
            r.toml(Severity::Error, field, ValidationText::tr("\"%1\" is given twice").arg(elided(key)));
        seen.insert(key);
        if (!declared.isEmpty() && !declaredNames.contains(key) && ++undeclared <= MaxReportsPerTable)
            r.toml(Severity::Error, field,
                   ValidationText::tr("\"%1\" is not a declared %2 (declared: %3)")
                       .arg(elided(key), declaredKind, declaredList));
        if (badRefs < MaxReportsPerTable) {
            badRefs += checkRef(ref, miscAllowed, section, field, r) ? 1 : 0;
        } else { // counted for the summary, not reported
            Diagnostics sink;
            const QHash<QString, int> noLines;
            Reporter quiet(sink, noLines);
            badRefs += checkRef(ref, miscAllowed, section, field, quiet) ? 1 : 0;
        }
    }
    auto summary = [&](int count, const QString &what) {
        if (count > MaxReportsPerTable)
            r.toml(Severity::Error, tableField,
                   ValidationText::tr("… and %1 more %2 (only the first %3 are listed)")
                       .arg(count - MaxReportsPerTable)
                       .arg(what)
                       .arg(MaxReportsPerTable));
    };
    summary(twice, ValidationText::tr("keys given twice"));
    summary(undeclared, ValidationText::tr("keys that are not a declared %1").arg(declaredKind));
    summary(badRefs, ValidationText::tr("values that are not valid references"));
}

// [self_test.tolerance] (an extension, format/cartontolerance.h) must read, and a
// per-output tolerance must name a declared output: one for an output that does
// not exist (a typo, a renamed output) would silently never apply.
void checkTolerance(const SelfTest &t, const CartonInfo &info, const QString &base, Reporter &r)
{
    const Result<CartonTolerance> tolerance = parseCartonTolerance(t.unknownToml, cartonTomlName());
    if (!tolerance) {
        r.toml(Severity::Error, base + u".tolerance"_s, tolerance.error().message);
        return;
    }
    QSet<QString> declared;
    for (const TensorSpec &s : info.outputs)
        declared.insert(s.name);
    int reported = 0;
    int more = 0;
    for (auto it = tolerance->perOutput.cbegin(); it != tolerance->perOutput.cend(); ++it) {
        if (declared.contains(it.key()))
            continue;
        if (reported++ >= MaxReportsPerTable) {
            ++more;
            continue;
        }
        r.toml(Severity::Error, base + u".tolerance."_s + it.key(),
               info.outputs.isEmpty()
                   ? ValidationText::tr("tolerance for output \"%1\", but carton.toml declares no [[output]]")
                         .arg(elided(it.key()))
                   : ValidationText::tr(
                         "tolerance for output \"%1\", which carton.toml does not declare; the outputs are %2")
                         .arg(elided(it.key()), namesOf(info.outputs)));
    }
    if (more > 0)
        r.toml(Severity::Error, base + u".tolerance"_s,
               ValidationText::tr("%1 more tolerances for outputs carton.toml does not declare").arg(more));
}

} // namespace

// "inputs and outputs must be specified above in order to specify test data":
// a section whose table is non-empty while nothing of that kind is declared is an
// error (one per table, instead of one per key). A self_test that leaves out some
// declared inputs is legal (upstream's test.carton does) and only noted.
void checkTestSections(const CartonInfo &info, Reporter &r)
{
    for (qsizetype i = 0; i < info.selfTests.size(); ++i) {
        const SelfTest &t = info.selfTests.at(i);
        const QString base = u"self_test[%1]"_s.arg(i);
        if (info.inputs.isEmpty() && info.outputs.isEmpty()) {
            r.toml(
                Severity::Error, base,
                ValidationText::tr(
                    "self_test given but carton.toml declares no [[input]] or [[output]]; inputs and outputs must be "
                    "specified in order to specify test data"));
        } else if (info.inputs.isEmpty() && !t.inputs.isEmpty()) {
            r.toml(Severity::Error, base + u".inputs"_s,
                   ValidationText::tr("self_test inputs given but carton.toml declares no [[input]]"));
        }
        if (t.inputs.isEmpty() && !info.inputs.isEmpty())
            r.toml(Severity::Warning, base + u".inputs"_s,
                   ValidationText::tr("self_test has no inputs; the model declares %1").arg(namesOf(info.inputs)));
        checkRefTable(t.inputs, info.inputs, u"input"_s, false, u"self_test"_s, base + u".inputs"_s, r);

        if (t.expectedOut) {
            if (info.outputs.isEmpty() && !t.expectedOut->isEmpty() && !info.inputs.isEmpty())
                r.toml(Severity::Error, base + u".expected_out"_s,
                       ValidationText::tr("expected_out given but carton.toml declares no [[output]]"));
            checkRefTable(*t.expectedOut, info.outputs, u"output"_s, false, u"self_test"_s, base + u".expected_out"_s,
                          r);
        }

        checkTolerance(t, info, base, r);

        QSet<QString> given;
        for (const auto &kv : t.inputs)
            given.insert(kv.first);
        QStringList missing;
        for (const TensorSpec &s : info.inputs)
            if (!given.contains(s.name))
                missing.append(s.name);
        if (!missing.isEmpty() && !t.inputs.isEmpty())
            r.toml(Severity::Info, base + u".inputs"_s,
                   (missing.size() > 1
                        ? ValidationText::tr("no tensor for declared inputs %1; the self-test runs without them")
                        : ValidationText::tr("no tensor for declared input %1; the self-test runs without it"))
                       .arg(listOf(missing)));
    }

    for (qsizetype i = 0; i < info.examples.size(); ++i) {
        const Example &e = info.examples.at(i);
        const QString base = u"example[%1]"_s.arg(i);
        if (info.inputs.isEmpty() && info.outputs.isEmpty()) {
            r.toml(Severity::Error, base,
                   ValidationText::tr(
                       "example given but carton.toml declares no [[input]] or [[output]]; inputs and outputs must be "
                       "specified in order to specify examples"));
        } else {
            if (info.inputs.isEmpty() && !e.inputs.isEmpty())
                r.toml(Severity::Error, base + u".inputs"_s,
                       ValidationText::tr("example inputs given but carton.toml declares no [[input]]"));
            if (info.outputs.isEmpty() && !e.sampleOut.isEmpty())
                r.toml(Severity::Error, base + u".sample_out"_s,
                       ValidationText::tr("example sample_out given but carton.toml declares no [[output]]"));
        }
        checkRefTable(e.inputs, info.inputs, u"input"_s, true, u"example"_s, base + u".inputs"_s, r);
        checkRefTable(e.sampleOut, info.outputs, u"output"_s, true, u"example"_s, base + u".sample_out"_s, r);
    }
}

// "You can use images and links, but the paths must either be complete https
// URLs or must reference a file in the misc folder": an image breaking the rule is
// an error (it will not be displayed), a link breaking it a warning (it still
// reads as text).
void checkDescriptionTargets(const CartonInfo &info, Reporter &r)
{
    if (!info.modelDescription)
        return;
    const QList<MarkdownTarget> targets = markdownTargets(*info.modelDescription);
    for (const MarkdownTarget &t : targets) {
        if (classifyMarkdownTarget(t.url) != MarkdownTargetKind::Other)
            continue;
        r.toml(
            t.isImage ? Severity::Error : Severity::Warning, u"model_description"_s,
            ValidationText::tr("%1 \"%2\" (line %3 of the description) must be a complete https URL or an @misc/ file")
                .arg(t.isImage ? u"image"_s : u"link"_s, t.url, QString::number(t.line)));
    }
}

} // namespace carton::validate_detail
