// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/metadiff.h"

#include <QSet>

namespace carton {

namespace {

QString opt(const std::optional<QString> &v)
{
    return v.value_or(QString());
}

void field(QList<DiffEntry> &out, DiffSection section, const QString &name, const QString &a, const QString &b,
           bool presentA, bool presentB, ChangeClass cls, const QString &reason)
{
    ChangeKind kind = ChangeKind::Changed;
    if (a == b && presentA == presentB)
        kind = ChangeKind::Unchanged;
    else if (!presentA)
        kind = ChangeKind::Added;
    else if (!presentB)
        kind = ChangeKind::Removed;
    out.append(DiffEntry{section, kind, name, {}, a, b, cls, kind == ChangeKind::Unchanged ? QString() : reason});
}

void textField(QList<DiffEntry> &out, const QString &name, const std::optional<QString> &a,
               const std::optional<QString> &b)
{
    field(out, DiffSection::Metadata, name, opt(a), opt(b), a.has_value(), b.has_value(), ChangeClass::Compatible,
          QStringLiteral("metadata only: calls are unaffected"));
}

QString optText(const RunnerOpt &v)
{
    if (const auto *i = std::get_if<qint64>(&v))
        return QString::number(*i);
    if (const auto *d = std::get_if<double>(&v))
        return QString::number(*d, 'g', 17);
    if (const auto *s = std::get_if<QString>(&v))
        return u'"' + *s + u'"';
    return std::get<bool>(v) ? QStringLiteral("true") : QStringLiteral("false");
}

void platforms(QList<DiffEntry> &out, const std::optional<QStringList> &a, const std::optional<QStringList> &b)
{
    const QString name = QStringLiteral("required_platforms");
    const auto text = [](const std::optional<QStringList> &l) { return l ? l->join(QStringLiteral(", ")) : QString(); };
    const bool anyA = !a || a->isEmpty(), anyB = !b || b->isEmpty();
    if (anyA && anyB) {
        field(out, DiffSection::Metadata, name, text(a), text(b), a.has_value(), b.has_value(), ChangeClass::Compatible,
              QStringLiteral("no platform restriction on either side"));
        return;
    }
    if (anyB) {
        field(out, DiffSection::Metadata, name, text(a), text(b), true, b.has_value(), ChangeClass::Compatible,
              QStringLiteral("no longer restricted to some platforms"));
        return;
    }
    if (anyA) {
        field(out, DiffSection::Metadata, name, text(a), text(b), a.has_value(), true, ChangeClass::Breaking,
              QStringLiteral("now restricted to %1: other platforms cannot load it").arg(text(b)));
        return;
    }
    const QSet<QString> sa(a->cbegin(), a->cend()), sb(b->cbegin(), b->cend());
    QStringList dropped;
    for (const QString &p : *a)
        if (!sb.contains(p))
            dropped.append(p);
    if (!dropped.isEmpty())
        field(out, DiffSection::Metadata, name, text(a), text(b), true, true, ChangeClass::Breaking,
              QStringLiteral("platforms dropped: %1").arg(dropped.join(QStringLiteral(", "))));
    else
        field(out, DiffSection::Metadata, name, text(a), text(b), true, true, ChangeClass::Compatible,
              sa == sb ? QStringLiteral("same platforms, another order") : QStringLiteral("platforms added"));
}

QString refsText(const TensorRefs &refs)
{
    QStringList parts;
    for (const auto &[name, ref] : refs)
        parts.append(name + u'=' + ref);
    return parts.join(QStringLiteral(", "));
}

QString selfTestText(const SelfTest &t)
{
    QString s = QStringLiteral("inputs: %1").arg(refsText(t.inputs));
    if (t.expectedOut)
        s += QStringLiteral("; expected_out: %1").arg(refsText(*t.expectedOut));
    if (t.description)
        s += QStringLiteral("; description: %1").arg(*t.description);
    if (!t.unknownToml.isEmpty())
        s += QStringLiteral("; %1").arg(QString::fromUtf8(t.unknownToml).simplified());
    return s;
}

QString exampleText(const Example &e)
{
    QString s = QStringLiteral("inputs: %1; sample_out: %2").arg(refsText(e.inputs), refsText(e.sampleOut));
    if (e.description)
        s += QStringLiteral("; description: %1").arg(*e.description);
    return s;
}

// Matches named items by name and unnamed ones by position among the unnamed.
template <typename T, typename TextFn>
void diffItems(QList<DiffEntry> &out, DiffSection section, const QString &noun, const QList<T> &a, const QList<T> &b,
               TextFn text)
{
    const auto key = [&noun](const QList<T> &list, int i) {
        if (list.at(i).name && !list.at(i).name->isEmpty())
            return *list.at(i).name;
        int unnamed = 0;
        for (int j = 0; j < i; ++j)
            unnamed += !(list.at(j).name && !list.at(j).name->isEmpty());
        return QStringLiteral("%1 #%2").arg(noun).arg(unnamed + 1);
    };
    QStringList keysB;
    for (int i = 0; i < b.size(); ++i)
        keysB.append(key(b, i));
    QSet<QString> seen;
    const QString reason = QStringLiteral("test data only: calls are unaffected");
    for (int i = 0; i < a.size(); ++i) {
        const QString k = key(a, i);
        const int j = int(keysB.indexOf(k));
        if (j < 0) {
            out.append({section,
                        ChangeKind::Removed,
                        k,
                        {},
                        text(a.at(i)),
                        {},
                        ChangeClass::Compatible,
                        QStringLiteral("%1 removed: %2").arg(noun, reason)});
            continue;
        }
        seen.insert(k);
        const bool same = a.at(i) == b.at(j);
        out.append({section,
                    same ? ChangeKind::Unchanged : ChangeKind::Changed,
                    k,
                    {},
                    text(a.at(i)),
                    text(b.at(j)),
                    ChangeClass::Compatible,
                    same ? QString() : QStringLiteral("%1 changed: %2").arg(noun, reason)});
    }
    for (int j = 0; j < b.size(); ++j)
        if (!seen.contains(keysB.at(j)))
            out.append({section,
                        ChangeKind::Added,
                        keysB.at(j),
                        {},
                        {},
                        text(b.at(j)),
                        ChangeClass::Compatible,
                        QStringLiteral("new %1: %2").arg(noun, reason)});
}

} // namespace

QList<DiffEntry> diffMetadata(const CartonInfo &a, const CartonInfo &b)
{
    QList<DiffEntry> out;
    field(out, DiffSection::Metadata, QStringLiteral("spec_version"), QString::number(a.specVersion),
          QString::number(b.specVersion), true, true, ChangeClass::Breaking,
          QStringLiteral("another carton spec version: readers of the old one may not load it"));
    textField(out, QStringLiteral("model_name"), a.modelName, b.modelName);
    textField(out, QStringLiteral("short_description"), a.shortDescription, b.shortDescription);
    textField(out, QStringLiteral("model_description"), a.modelDescription, b.modelDescription);
    textField(out, QStringLiteral("license"), a.license, b.license);
    textField(out, QStringLiteral("repository"), a.repository, b.repository);
    textField(out, QStringLiteral("homepage"), a.homepage, b.homepage);
    platforms(out, a.requiredPlatforms, b.requiredPlatforms);
    if (!a.unknownToml.isEmpty() || !b.unknownToml.isEmpty())
        field(out, DiffSection::Metadata, QStringLiteral("(other fields)"), QString::fromUtf8(a.unknownToml).trimmed(),
              QString::fromUtf8(b.unknownToml).trimmed(), !a.unknownToml.isEmpty(), !b.unknownToml.isEmpty(),
              ChangeClass::Compatible, QStringLiteral("fields unknown to Carton v1: runners ignore them"));

    const RunnerInfo &ra = a.runner, &rb = b.runner;
    field(out, DiffSection::Runner, QStringLiteral("runner_name"), ra.runnerName, rb.runnerName, true, true,
          ChangeClass::Breaking, QStringLiteral("another runner loads the model"));
    field(out, DiffSection::Runner, QStringLiteral("required_framework_version"), ra.requiredFrameworkVersion,
          rb.requiredFrameworkVersion, true, true, ChangeClass::Breaking,
          QStringLiteral("framework requirement changed: installed runners may no longer match"));
    field(out, DiffSection::Runner, QStringLiteral("runner_compat_version"), QString::number(ra.runnerCompatVersion),
          QString::number(rb.runnerCompatVersion), true, true, ChangeClass::Breaking,
          QStringLiteral("runner compat version changed: older runners refuse it"));
    const auto findOpt = [](const RunnerOpts &opts, const QString &key) -> const RunnerOpt * {
        for (const auto &[k, v] : opts)
            if (k == key)
                return &v;
        return nullptr;
    };
    QStringList keys;
    for (const auto &[k, v] : ra.opts)
        keys.append(k);
    for (const auto &[k, v] : rb.opts)
        if (!keys.contains(k))
            keys.append(k);
    keys.sort();
    for (const QString &k : std::as_const(keys)) {
        const RunnerOpt *va = findOpt(ra.opts, k), *vb = findOpt(rb.opts, k);
        field(out, DiffSection::Runner, u"runner.opts." + k, va ? optText(*va) : QString(),
              vb ? optText(*vb) : QString(), va != nullptr, vb != nullptr, ChangeClass::Compatible,
              QStringLiteral("runner option: how the model runs, not its inputs or outputs"));
    }
    return out;
}

QList<DiffEntry> diffTestsAndExamples(const CartonInfo &a, const CartonInfo &b)
{
    QList<DiffEntry> out;
    diffItems(out, DiffSection::SelfTests, QStringLiteral("self-test"), a.selfTests, b.selfTests, selfTestText);
    diffItems(out, DiffSection::Examples, QStringLiteral("example"), a.examples, b.examples, exampleText);
    return out;
}

} // namespace carton
