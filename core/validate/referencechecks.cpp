// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// References from carton.toml (self_test, example, model_description) to
// tensor_data and misc, and the referenced tensors against the declared specs.
#include "base/coretext.h"
#include "format/markdownimages.h"
#include "validate/fileview.h"
#include "validate/validaterules.h"

using namespace Qt::StringLiterals;

namespace carton::validate_detail {

namespace {

// Severities for tensors whose dtype does not fit their [[input]]/[[output]]
// (shapes and symbols: checkSpecs, with the same severities):
// - self_test: a Warning. The spec does not require test data to match the
//   declarations (upstream's own test.carton has such mismatches) and the
//   self-test run shows the real outcome; but such a self-test most likely fails
//   or tests the wrong thing.
// - example: Info. "These examples don't need to be runnable"; the spec's own
//   example maps a float32 input to a PNG.
struct SectionRules {
    QString section; // "self_test" / "example"
    Severity mismatch;
};

// "a float32", "an int8", "a uint8", "a string"
QString withArticle(DType dtype)
{
    const QString name = dtypeName(dtype);
    return (name.startsWith(u"int"_s) ? u"an "_s : u"a "_s) + name;
}

struct Ctx {
    const FileView &files;
    const CartonInfo &info;
    Reporter &r;
};

void checkTensorRef(Ctx &c, const SectionRules &rules, const QString &field, const QString &key, const QString &name,
                    const TensorSpec *spec, const QString &specKind)
{
    const TensorIndex *index = c.files.tensorIndex();
    if (!index) {
        c.r.toml(Severity::Error, field,
                 ValidationText::tr("references tensor \"%1\" but the carton has no readable tensor_data/index.toml")
                     .arg(name));
        return;
    }
    const TensorIndexEntry *entry = index->find(name);
    if (!entry) {
        c.r.toml(Severity::Error, field,
                 ValidationText::tr("references tensor \"%1\", which tensor_data/index.toml does not list").arg(name));
        return;
    }
    if (!spec)
        return; // an undeclared key: validateInfo reports it
    const std::optional<DType> declared = specDTypeOf(*spec);
    const QString what = u"%1 %2 '%3'"_s.arg(rules.section, specKind, key);
    const QString table = specKind == u"input"_s ? u"[[input]]"_s : u"[[output]]"_s;

    if (entry->dtype == DType::Nested) {
        // A ragged tensor: its inner tensors carry the data (and the dtype).
        for (const QString &innerName : entry->inner) {
            const TensorIndexEntry *inner = index->find(innerName);
            if (declared && inner && inner->dtype != DType::Nested && inner->dtype != *declared) {
                c.r.toml(rules.mismatch, field,
                         ValidationText::tr("%1 is declared %2 in %3 but nested tensor \"%4\" holds %5 tensor (\"%6\")")
                             .arg(what, dtypeName(*declared), table, name, withArticle(inner->dtype), innerName));
                break;
            }
        }
        return;
    }
    if (declared && entry->dtype != *declared)
        c.r.toml(rules.mismatch, field,
                 ValidationText::tr("%1 is declared %2 in %3 but references %4 tensor (\"%5\")")
                     .arg(what, dtypeName(*declared), table, withArticle(entry->dtype), name));
    // Shapes and symbols: checkSpecs (validateInfo with the index's shapes).
}

void checkMiscRef(Ctx &c, const QString &field, const QString &path)
{
    if (!c.files.has(u"misc/"_s + path))
        c.r.toml(Severity::Error, field,
                 ValidationText::tr("references misc/%1, which is not in the carton").arg(path));
}

void checkTable(Ctx &c, const SectionRules &rules, const TensorRefs &refs, const QList<TensorSpec> &specs,
                const QString &specKind, const QString &tableField)
{
    for (const auto &[key, ref] : refs) {
        QString rest;
        const RefKind kind = classifyRef(ref, &rest);
        if (rest.isEmpty())
            continue; // malformed: validateInfo reports it
        const QString field = tableField + u'.' + key;
        if (kind == RefKind::Tensor)
            checkTensorRef(c, rules, field, key, rest, findSpec(specs, key), specKind);
        else if (kind == RefKind::Misc && rules.section == u"example"_s)
            checkMiscRef(c, field, rest);
    }
}

void checkDescriptionFiles(Ctx &c)
{
    if (!c.info.modelDescription)
        return;
    const QList<MarkdownTarget> targets = markdownTargets(*c.info.modelDescription);
    for (const MarkdownTarget &t : targets) {
        if (classifyMarkdownTarget(t.url) != MarkdownTargetKind::Misc)
            continue;
        const QString path = u"misc/"_s + t.url.mid(int(qstrlen("@misc/")));
        if (c.files.has(path))
            continue;
        // A missing image cannot be shown: error. A dead link: warning.
        c.r.toml(t.isImage ? Severity::Error : Severity::Warning, u"model_description"_s,
                 ValidationText::tr("%1 \"%2\" (line %3 of the description) refers to %4, which is not in the carton")
                     .arg(t.isImage ? u"image"_s : u"link"_s, t.url, QString::number(t.line), path));
    }
}

} // namespace

void checkReferences(const FileView &files, const CartonInfo &info, Reporter &r)
{
    Ctx c{files, info, r};
    const SectionRules selfTestRules{u"self_test"_s, Severity::Warning};
    const SectionRules exampleRules{u"example"_s, Severity::Info};

    for (qsizetype i = 0; i < info.selfTests.size(); ++i) {
        const SelfTest &t = info.selfTests.at(i);
        const QString base = u"self_test[%1]"_s.arg(i);
        checkTable(c, selfTestRules, t.inputs, info.inputs, u"input"_s, base + u".inputs"_s);
        if (t.expectedOut)
            checkTable(c, selfTestRules, *t.expectedOut, info.outputs, u"output"_s, base + u".expected_out"_s);
    }
    for (qsizetype i = 0; i < info.examples.size(); ++i) {
        const Example &e = info.examples.at(i);
        const QString base = u"example[%1]"_s.arg(i);
        checkTable(c, exampleRules, e.inputs, info.inputs, u"input"_s, base + u".inputs"_s);
        checkTable(c, exampleRules, e.sampleOut, info.outputs, u"output"_s, base + u".sample_out"_s);
    }
    checkDescriptionFiles(c);
}

} // namespace carton::validate_detail
