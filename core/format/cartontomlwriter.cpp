// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// writeCartonToml: CartonInfo -> deterministic, readable carton.toml.
#include "base/coretext.h"
#include "cartontoml.h"
#include "format/cartontoml_p.h"
#include "format/tomlutil.h"

#include <algorithm>
#include <string>

namespace carton {

namespace {

bool isBareKey(const QString &key)
{
    if (key.isEmpty())
        return false;
    for (QChar c : key) {
        const char16_t u = c.unicode();
        if (!((u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') || u == u'_' ||
              u == u'-'))
            return false;
    }
    return true;
}

QByteArray tomlKey(const QString &key)
{
    return isBareKey(key) ? key.toUtf8() : tomlutil::quote(key);
}

QByteArray shapeValue(const Shape &shape)
{
    switch (shape.kind()) {
    case Shape::Kind::Any:
        return "\"*\"";
    case Shape::Kind::Symbol:
        return tomlutil::quote(shape.symbolName());
    case Shape::Kind::Dims:
        break;
    }
    QByteArray out = "[";
    for (qsizetype i = 0; i < shape.dimList().size(); ++i) {
        const Dim &d = shape.dimList().at(i);
        if (i > 0)
            out += ", ";
        if (d.isValue())
            out += QByteArray::number(d.size());
        else if (d.isSymbol())
            out += tomlutil::quote(d.symbolName());
        else
            out += "\"*\"";
    }
    out += ']';
    return out;
}

class Writer final {
public:
    void line(const QByteArray &key, const QByteArray &value) { m_out += key + " = " + value + '\n'; }
    void optionalString(const char *key, const std::optional<QString> &v)
    {
        if (v)
            line(key, tomlutil::quote(*v));
    }
    void header(const QByteArray &h)
    {
        if (!m_out.isEmpty())
            m_out += '\n';
        m_out += h + '\n';
    }
    void refs(const QByteArray &table, const TensorRefs &refs)
    {
        header('[' + table + ']');
        for (const auto &[name, ref] : refs)
            line(tomlKey(name), tomlutil::quote(ref));
    }
    void spec(const char *table, const TensorSpec &s)
    {
        header(QByteArray("[[") + table + "]]");
        line("name", tomlutil::quote(s.name));
        line("dtype", tomlutil::quote(dtypeName(s.dtype)));
        line("shape", shapeValue(s.shape));
        optionalString("description", s.description);
        optionalString("internal_name", s.internalName);
    }
    void raw(const QByteArray &text)
    {
        if (text.isEmpty())
            return;
        if (!m_out.isEmpty())
            m_out += '\n';
        m_out += text;
    }
    // Lines of the current table (no blank line before them).
    void rawLines(const QByteArray &text) { m_out += text; }
    QByteArray take() { return std::move(m_out); }

private:
    QByteArray m_out;
};

// Splits unknown TOML text into its plain `key = value` part (written with the
// known keys of its table) and its [table] / [[array]] part (written after them).
// For a table other than the root (`parent`, e.g. "self_test"), the sections are
// rendered as sub-tables of it ("[self_test.tolerance]"). Text that is not TOML,
// or a key for which `isKnown` is true, would be lost on writing: an error naming
// `field` (the table the text belongs to).
Result<std::pair<QByteArray, QByteArray>> splitUnknown(const QByteArray &unknownToml, bool (*isKnown)(std::string_view),
                                                       const QString &field, std::string_view parent = {})
{
    if (unknownToml.trimmed().isEmpty())
        return std::pair<QByteArray, QByteArray>();
    const Result<toml::table> t = tomlutil::parse(unknownToml, QString());
    if (!t)
        return makeError(ErrorCode::Format,
                         FormatText::tr("%1: the keys kept from the file are not valid TOML, so writing would lose "
                                        "them (%2)")
                             .arg(field, t.error().toString()),
                         QStringLiteral("carton.toml"));
    toml::table values, tables;
    for (auto &&[k, v] : *t) {
        if (isKnown(k.str()))
            return makeError(ErrorCode::Format,
                             FormatText::tr("%1: the kept key %2 has the name of a known field, so writing would "
                                            "lose it")
                                 .arg(field, tomlutil::toQString(k.str())),
                             QStringLiteral("carton.toml"));
        bool isSection = false;
        if (const auto *tab = v.as_table())
            isSection = !tab->is_inline();
        else if (const auto *arr = v.as_array())
            isSection = arr->is_array_of_tables() && !arr->empty() && !arr->get(0)->as_table()->is_inline();
        (isSection ? tables : values).insert(k, v);
    }
    if (parent.empty() || tables.empty())
        return std::pair{tomlutil::format(values), tomlutil::format(tables)};
    // A table holding only tables gets no header of its own: toml++ writes
    // [parent.x] / [[parent.y]] directly.
    toml::table wrapper;
    wrapper.insert(parent, std::move(tables));
    return std::pair{tomlutil::format(values), tomlutil::format(wrapper)};
}

bool isKnownSelfTestKey(std::string_view key)
{
    return key == "name" || key == "description" || key == "inputs" || key == "expected_out";
}

} // namespace

Result<QByteArray> writeCartonToml(const CartonInfo &info)
{
    const Result<std::pair<QByteArray, QByteArray>> unknown =
        splitUnknown(info.unknownToml, isKnownTopLevelKey, FormatText::tr("top level"));
    if (!unknown)
        return unknown.error();
    const auto &[unknownValues, unknownTables] = *unknown;
    Writer w;
    w.line("spec_version", QByteArray::number(info.specVersion));
    w.optionalString("model_name", info.modelName);
    w.optionalString("short_description", info.shortDescription);
    if (info.modelDescription)
        w.line("model_description", info.modelDescription->contains(u'\n')
                                        ? tomlutil::quoteMultiLine(*info.modelDescription)
                                        : tomlutil::quote(*info.modelDescription));
    w.optionalString("license", info.license);
    w.optionalString("repository", info.repository);
    w.optionalString("homepage", info.homepage);
    if (info.requiredPlatforms) {
        if (info.requiredPlatforms->isEmpty()) {
            w.line("required_platforms", "[]");
        } else {
            QByteArray list = "[\n";
            for (const QString &p : *info.requiredPlatforms)
                list += "    " + tomlutil::quote(p) + ",\n";
            list += ']';
            w.line("required_platforms", list);
        }
    }
    if (!unknownValues.isEmpty())
        w.raw(unknownValues);

    for (const TensorSpec &s : info.inputs)
        w.spec("input", s);
    for (const TensorSpec &s : info.outputs)
        w.spec("output", s);
    for (qsizetype i = 0; i < info.selfTests.size(); ++i) {
        const SelfTest &t = info.selfTests.at(i);
        w.header("[[self_test]]");
        w.optionalString("name", t.name);
        w.optionalString("description", t.description);
        const Result<std::pair<QByteArray, QByteArray>> extra =
            splitUnknown(t.unknownToml, isKnownSelfTestKey, QStringLiteral("self_test[%1]").arg(i), "self_test");
        if (!extra)
            return extra.error();
        const auto &[extraValues, extraTables] = *extra;
        w.rawLines(extraValues);
        w.refs("self_test.inputs", t.inputs);
        if (t.expectedOut)
            w.refs("self_test.expected_out", *t.expectedOut);
        w.raw(extraTables);
    }
    for (const Example &e : info.examples) {
        w.header("[[example]]");
        w.optionalString("name", e.name);
        w.optionalString("description", e.description);
        w.refs("example.inputs", e.inputs);
        w.refs("example.sample_out", e.sampleOut);
    }

    w.header("[runner]");
    w.line("runner_name", tomlutil::quote(info.runner.runnerName));
    w.line("required_framework_version", tomlutil::quote(info.runner.requiredFrameworkVersion));
    w.line("runner_compat_version", QByteArray::number(info.runner.runnerCompatVersion));
    if (!info.runner.opts.isEmpty()) {
        // Sorted by the UTF-8 bytes of the key, as toml++ orders them on reading.
        QList<std::pair<QByteArray, RunnerOpt>> opts;
        for (const auto &[key, value] : info.runner.opts)
            opts.append({key.toUtf8(), value});
        std::stable_sort(opts.begin(), opts.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        w.header("[runner.opts]");
        for (const auto &[key, value] : opts) {
            QByteArray v;
            if (const auto *i = std::get_if<qint64>(&value))
                v = QByteArray::number(*i);
            else if (const auto *d = std::get_if<double>(&value))
                v = tomlutil::floatText(*d);
            else if (const auto *s = std::get_if<QString>(&value))
                v = tomlutil::quote(*s);
            else
                v = std::get<bool>(value) ? "true" : "false";
            w.line(tomlKey(QString::fromUtf8(key)), v);
        }
    }
    w.raw(unknownTables);
    return w.take();
}

} // namespace carton
