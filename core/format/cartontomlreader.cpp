// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// parseCartonToml: carton.toml -> CartonInfo, over toml++ (built with exceptions).
#include "base/coretext.h"
#include "base/limits.h"
#include "cartontoml.h"
#include "format/cartontoml_p.h"
#include "format/tomlutil.h"

#include <algorithm>
#include <exception>
#include <string>

namespace carton {

namespace {

// Thrown internally to unwind out of the reader on the first structural error;
// caught in parseCartonToml and never escapes.
struct ReadFailure {
    Error error;
};

class Reader final {
public:
    explicit Reader(QString fileName) : m_fileName(std::move(fileName)) {}

    CartonInfo read(const toml::table &root);

private:
    QString where(const toml::source_region &r) const { return tomlutil::location(m_fileName, r); }
    [[noreturn]] void fail(const toml::source_region &r, const QString &field, const QString &message) const
    {
        throw ReadFailure{makeError(ErrorCode::Format, field + QStringLiteral(": ") + message, where(r))};
    }
    [[noreturn]] void wrongType(const toml::node &n, const QString &field, const QString &expected) const
    {
        fail(n.source(), field, FormatText::tr("expected %1, found %2").arg(expected, tomlutil::typeName(n)));
    }
    void noteLine(const QString &field, const toml::node &n)
    {
        if (n.source().begin)
            m_info.fieldLines.insert(field, int(n.source().begin.line));
    }
    static QString join(const QString &prefix, std::string_view key)
    {
        const QString k = QString::fromUtf8(key.data(), qsizetype(key.size()));
        return prefix.isEmpty() ? k : prefix + u'.' + k;
    }

    const toml::node *optional(const toml::table &t, std::string_view key) const { return t.get(key); }
    const toml::node &required(const toml::table &t, std::string_view key, const QString &prefix) const
    {
        const toml::node *n = t.get(key);
        if (!n && prefix.isEmpty()) // the root table has no useful position
            throw ReadFailure{
                makeError(ErrorCode::Format, join(prefix, key) + FormatText::tr(": missing required key"), m_fileName)};
        if (!n)
            fail(t.source(), join(prefix, key), FormatText::tr("missing required key"));
        return *n;
    }

    QString stringValue(const toml::node &n, const QString &field)
    {
        const auto *s = n.as_string();
        if (!s)
            wrongType(n, field, FormatText::tr("a string"));
        noteLine(field, n);
        return QString::fromStdString(s->get());
    }
    std::optional<QString> optionalString(const toml::table &t, std::string_view key, const QString &prefix)
    {
        const toml::node *n = optional(t, key);
        if (!n)
            return std::nullopt;
        return stringValue(*n, join(prefix, key));
    }
    QString requiredString(const toml::table &t, std::string_view key, const QString &prefix)
    {
        return stringValue(required(t, key, prefix), join(prefix, key));
    }
    qint64 requiredInteger(const toml::table &t, std::string_view key, const QString &prefix)
    {
        const toml::node &n = required(t, key, prefix);
        const QString field = join(prefix, key);
        const auto *i = n.as_integer();
        if (!i)
            wrongType(n, field, FormatText::tr("an integer"));
        noteLine(field, n);
        return i->get();
    }

    // Reports unknown keys of a known table (they are dropped).
    void noteIgnored(const toml::table &t, const QString &prefix, std::initializer_list<std::string_view> known)
    {
        for (auto &&[k, v] : t) {
            if (std::find(known.begin(), known.end(), k.str()) == known.end())
                m_info.ignoredKeys.append(join(prefix, k.str()));
        }
    }

    // Keys of a known table other than `known`, kept as TOML text.
    static QByteArray unknownPart(const toml::table &t, std::initializer_list<std::string_view> known)
    {
        toml::table unknown;
        for (auto &&[k, v] : t) {
            if (std::find(known.begin(), known.end(), k.str()) == known.end())
                unknown.insert(k, v);
        }
        return tomlutil::format(unknown);
    }

    const toml::array *arrayOfTables(const toml::table &root, std::string_view key)
    {
        const toml::node *n = root.get(key);
        if (!n)
            return nullptr;
        const QString field = join(QString(), key);
        const auto *a = n->as_array();
        if (!a)
            wrongType(*n, field,
                      FormatText::tr("an array of tables ([[%1]])")
                          .arg(QString::fromUtf8(key.data(), qsizetype(key.size()))));
        for (std::size_t i = 0; i < a->size(); ++i) {
            const toml::node &e = *a->get(i);
            if (!e.is_table())
                wrongType(e, QStringLiteral("%1[%2]").arg(field).arg(i), FormatText::tr("a table"));
        }
        return a;
    }

    Shape readShape(const toml::node &n, const QString &field);
    TensorSpec readTensorSpec(const toml::table &t, const QString &prefix);
    TensorRefs readRefs(const toml::node &n, const QString &field);
    void readRunner(const toml::table &root);

    QString m_fileName;
    CartonInfo m_info;
};

Shape Reader::readShape(const toml::node &n, const QString &field)
{
    const QString kExpected = FormatText::tr("a string or an array of integers/strings");
    noteLine(field, n);
    if (const auto *s = n.as_string()) {
        const QString text = QString::fromStdString(s->get());
        return text == u"*" ? Shape::any() : Shape::symbol(text);
    }
    const auto *a = n.as_array();
    if (!a)
        wrongType(n, field, kExpected);
    QList<Dim> dims;
    dims.reserve(qsizetype(a->size()));
    for (std::size_t i = 0; i < a->size(); ++i) {
        const toml::node &d = *a->get(i);
        const QString dimField = QStringLiteral("%1[%2]").arg(field).arg(i);
        if (const auto *v = d.as_integer()) {
            if (v->get() < 0)
                fail(d.source(), dimField,
                     FormatText::tr("negative dimension %1; expected a size >= 0, a symbol or \"*\"").arg(v->get()));
            dims.append(Dim::value(v->get()));
        } else if (const auto *s = d.as_string()) {
            const QString text = QString::fromStdString(s->get());
            dims.append(text == u"*" ? Dim::any() : Dim::symbol(text));
        } else {
            wrongType(d, dimField, FormatText::tr("an integer >= 0, a symbol string or \"*\""));
        }
    }
    return Shape::dims(std::move(dims));
}

TensorSpec Reader::readTensorSpec(const toml::table &t, const QString &prefix)
{
    TensorSpec spec;
    spec.name = requiredString(t, "name", prefix);
    const QString dtypeField = join(prefix, "dtype");
    const toml::node &dtypeNode = required(t, "dtype", prefix);
    spec.dtypeText = stringValue(dtypeNode, dtypeField);
    const std::optional<DType> dtype = parseDType(spec.dtypeText);
    if (!dtype || !isSpecDType(*dtype))
        fail(dtypeNode.source(), dtypeField,
             FormatText::tr("unknown dtype \"%1\"; expected one of float32, float64, string, int8, int16, int32, "
                            "int64, uint8, uint16, uint32, uint64")
                 .arg(spec.dtypeText.left(100)));
    spec.dtype = *dtype;
    spec.shape = readShape(required(t, "shape", prefix), join(prefix, "shape"));
    spec.description = optionalString(t, "description", prefix);
    spec.internalName = optionalString(t, "internal_name", prefix);
    noteIgnored(t, prefix, {"name", "dtype", "shape", "description", "internal_name"});
    return spec;
}

TensorRefs Reader::readRefs(const toml::node &n, const QString &field)
{
    const auto *t = n.as_table();
    if (!t)
        wrongType(n, field, FormatText::tr("a table of tensor name = \"@tensor_data/...\" references"));
    noteLine(field, n);
    // toml::table is ordered by key: restore file order from the source positions.
    QList<std::pair<const toml::key *, const toml::node *>> items;
    for (auto &&[k, v] : *t)
        items.append({&k, &v});
    std::stable_sort(items.begin(), items.end(), [](const auto &a, const auto &b) {
        const toml::source_position pa = a.first->source().begin, pb = b.first->source().begin;
        return pa.line != pb.line ? pa.line < pb.line : pa.column < pb.column;
    });
    TensorRefs refs;
    for (const auto &[k, v] : items) {
        const QString name = QString::fromStdString(std::string(k->str()));
        refs.append({name, stringValue(*v, join(field, k->str()))});
    }
    return refs;
}

void Reader::readRunner(const toml::table &root)
{
    const toml::node *n = root.get("runner");
    if (!n)
        throw ReadFailure{makeError(ErrorCode::Format,
                                    FormatText::tr("runner: missing required table [runner] (runner_name, "
                                                   "required_framework_version, runner_compat_version)"),
                                    m_fileName)};
    const auto *t = n->as_table();
    if (!t)
        wrongType(*n, QStringLiteral("runner"), FormatText::tr("a table ([runner])"));
    noteLine(QStringLiteral("runner"), *t);
    const QString prefix = QStringLiteral("runner");
    m_info.runner.runnerName = requiredString(*t, "runner_name", prefix);
    m_info.runner.requiredFrameworkVersion = requiredString(*t, "required_framework_version", prefix);
    m_info.runner.runnerCompatVersion = requiredInteger(*t, "runner_compat_version", prefix);
    noteIgnored(*t, prefix, {"runner_name", "required_framework_version", "runner_compat_version", "opts"});
    const toml::node *o = t->get("opts");
    if (!o)
        return;
    const QString optsField = QStringLiteral("runner.opts");
    const auto *opts = o->as_table();
    if (!opts)
        wrongType(*o, optsField, FormatText::tr("a table ([runner.opts])"));
    noteLine(optsField, *opts);
    for (auto &&[k, v] : *opts) { // ordered by key (bytes), as the writer orders them
        const QString key = QString::fromUtf8(k.str().data(), qsizetype(k.str().size()));
        const QString field = join(optsField, k.str());
        RunnerOpt value;
        if (const auto *i = v.as_integer())
            value = qint64(i->get());
        else if (const auto *f = v.as_floating_point())
            value = f->get();
        else if (const auto *s = v.as_string())
            value = QString::fromStdString(s->get());
        else if (const auto *b = v.as_boolean())
            value = b->get();
        else
            wrongType(v, field, FormatText::tr("an integer, float, string or boolean"));
        noteLine(field, v);
        m_info.runner.opts.append({key, value});
    }
}

CartonInfo Reader::read(const toml::table &root)
{
    const QString top;
    m_info.specVersion = requiredInteger(root, "spec_version", top);
    m_info.modelName = optionalString(root, "model_name", top);
    m_info.shortDescription = optionalString(root, "short_description", top);
    m_info.modelDescription = optionalString(root, "model_description", top);
    m_info.license = optionalString(root, "license", top);
    m_info.repository = optionalString(root, "repository", top);
    m_info.homepage = optionalString(root, "homepage", top);
    if (const toml::node *n = root.get("required_platforms")) {
        const QString field = QStringLiteral("required_platforms");
        const auto *a = n->as_array();
        if (!a)
            wrongType(*n, field, FormatText::tr("an array of target triple strings"));
        noteLine(field, *n);
        QStringList platforms;
        for (std::size_t i = 0; i < a->size(); ++i)
            platforms.append(stringValue(*a->get(i), QStringLiteral("%1[%2]").arg(field).arg(i)));
        m_info.requiredPlatforms = platforms;
    }

    const std::pair<std::string_view, QList<TensorSpec> *> specLists[] = {{"input", &m_info.inputs},
                                                                          {"output", &m_info.outputs}};
    for (const auto &[key, list] : specLists) {
        if (const toml::array *a = arrayOfTables(root, key)) {
            for (std::size_t i = 0; i < a->size(); ++i) {
                const toml::table &t = *a->get(i)->as_table();
                const QString prefix =
                    QStringLiteral("%1[%2]").arg(QLatin1StringView(key.data(), qsizetype(key.size()))).arg(i);
                noteLine(prefix, t);
                list->append(readTensorSpec(t, prefix));
            }
        }
    }

    if (const toml::array *a = arrayOfTables(root, "self_test")) {
        for (std::size_t i = 0; i < a->size(); ++i) {
            const toml::table &t = *a->get(i)->as_table();
            const QString prefix = QStringLiteral("self_test[%1]").arg(i);
            noteLine(prefix, t);
            SelfTest test;
            test.name = optionalString(t, "name", prefix);
            test.description = optionalString(t, "description", prefix);
            test.inputs = readRefs(required(t, "inputs", prefix), join(prefix, "inputs"));
            if (const toml::node *e = t.get("expected_out"))
                test.expectedOut = readRefs(*e, join(prefix, "expected_out"));
            test.unknownToml = unknownPart(t, {"name", "description", "inputs", "expected_out"});
            m_info.selfTests.append(test);
        }
    }

    if (const toml::array *a = arrayOfTables(root, "example")) {
        for (std::size_t i = 0; i < a->size(); ++i) {
            const toml::table &t = *a->get(i)->as_table();
            const QString prefix = QStringLiteral("example[%1]").arg(i);
            noteLine(prefix, t);
            Example example;
            example.name = optionalString(t, "name", prefix);
            example.description = optionalString(t, "description", prefix);
            example.inputs = readRefs(required(t, "inputs", prefix), join(prefix, "inputs"));
            example.sampleOut = readRefs(required(t, "sample_out", prefix), join(prefix, "sample_out"));
            noteIgnored(t, prefix, {"name", "description", "inputs", "sample_out"});
            m_info.examples.append(example);
        }
    }

    readRunner(root);

    // Unknown top-level keys and tables: kept as TOML text for the writer.
    toml::table unknown;
    for (auto &&[k, v] : root) {
        if (!isKnownTopLevelKey(k.str()))
            unknown.insert(k, v);
    }
    m_info.unknownToml = tomlutil::format(unknown);
    return std::move(m_info);
}

} // namespace

Result<CartonInfo> parseCartonToml(QByteArrayView text, const QString &fileName)
{
    const Limits limits;
    if (Status size = checkFileSize(text.size(), limits.maxMetadataFileSize, fileName); !size)
        return size.error();
    Result<toml::table> root = tomlutil::parse(text, fileName, u"TOML syntax error");
    if (!root)
        return root.error();
    try {
        return Reader(fileName).read(*root);
    } catch (const ReadFailure &f) {
        return f.error;
    } catch (const std::exception &e) {
        return makeError(ErrorCode::Format, FormatText::tr("cannot read: %1").arg(QString::fromLocal8Bit(e.what())),
                         fileName);
    } catch (...) {
        return makeError(ErrorCode::Format, FormatText::tr("cannot read: unknown error"), fileName);
    }
}

} // namespace carton
