// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// validateInfo(): the checks that need carton.toml alone.
#include "base/archivepath.h"
#include "base/coretext.h"
#include "format/dtype.h"
#include "format/markdownimages.h"
#include "format/semver.h"
#include "format/targettriple.h"
#include "validate/reporter.h"
#include "validate/validaterules.h"
#include "validate/validator.h"

#include <QHash>
#include <QSet>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace carton {

namespace validate_detail {

const QStringList &knownRunnerNames()
{
    static const QStringList names = {u"torchscript"_s, u"python"_s, u"rust-bert"_s, u"wasm"_s, u"noop"_s};
    return names;
}

const RunnerFacts *runnerFacts(const QString &name)
{
    static const QList<RunnerFacts> facts = {
        {u"torchscript"_s, {u"num_threads"_s, u"num_interop_threads"_s}, u"model.pt"_s},
        {u"python"_s, {u"entrypoint_package"_s, u"entrypoint_fn"_s}, QString()},
        {u"wasm"_s, {}, u"model.wasm"_s},
    };
    for (const RunnerFacts &f : facts)
        if (f.name == name)
            return &f;
    return nullptr;
}

QString specDTypeList()
{
    static const QString list = [] {
        QStringList names;
        for (DType d : {DType::Float32, DType::Float64, DType::String, DType::Int8, DType::Int16, DType::Int32,
                        DType::Int64, DType::Uint8, DType::Uint16, DType::Uint32, DType::Uint64})
            names.append(dtypeName(d));
        return names.join(u", "_s);
    }();
    return list;
}

std::optional<DType> specDTypeOf(const TensorSpec &spec)
{
    if (!spec.dtypeText.isEmpty()) {
        const std::optional<DType> parsed = parseDType(spec.dtypeText);
        if (!parsed || !isSpecDType(*parsed))
            return std::nullopt;
        return parsed;
    }
    if (!isSpecDType(spec.dtype))
        return std::nullopt;
    return spec.dtype;
}

const TensorSpec *findSpec(const QList<TensorSpec> &specs, const QString &name)
{
    for (const TensorSpec &s : specs)
        if (s.name == name)
            return &s;
    return nullptr;
}

RefKind classifyRef(const QString &ref, QString *rest)
{
    static const QString tensorPrefix = u"@tensor_data/"_s;
    static const QString miscPrefix = u"@misc/"_s;
    if (ref.startsWith(tensorPrefix)) {
        *rest = ref.mid(tensorPrefix.size());
        return RefKind::Tensor;
    }
    if (ref.startsWith(miscPrefix)) {
        *rest = ref.mid(miscPrefix.size());
        return RefKind::Misc;
    }
    rest->clear();
    return RefKind::Other;
}

} // namespace validate_detail

namespace {

using namespace validate_detail;

bool isHttpUrl(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    return url.isValid() && (url.scheme() == u"http"_s || url.scheme() == u"https"_s) && !url.host().isEmpty();
}

void checkTopLevel(const CartonInfo &info, Reporter &r)
{
    if (info.specVersion != 1)
        r.toml(Severity::Error, u"spec_version"_s,
               ValidationText::tr("spec_version is %1; expected 1 (Carton spec v1 is the only version there is)")
                   .arg(info.specVersion));

    if (info.modelName && info.modelName->trimmed().isEmpty())
        r.toml(Severity::Warning, u"model_name"_s,
               ValidationText::tr("model_name is empty; give the model a name or leave the field out"));

    if (info.shortDescription) {
        // Upstream counts Unicode scalar values (Rust chars), not bytes or UTF-16 units.
        const qsizetype chars = info.shortDescription->toUcs4().size();
        if (chars > 100)
            r.toml(Severity::Error, u"short_description"_s,
                   ValidationText::tr("short_description is %1 characters long; at most 100 are allowed (upstream "
                                      "refuses to pack longer ones)")
                       .arg(chars));
    }

    const std::pair<const std::optional<QString> *, QString> urls[] = {
        {&info.repository, u"repository"_s},
        {&info.homepage, u"homepage"_s},
    };
    for (const auto &[value, field] : urls) {
        if (*value && !isHttpUrl(**value))
            r.toml(Severity::Warning, field,
                   ValidationText::tr("%1 is \"%2\"; expected an http(s) URL such as https://github.com/owner/model")
                       .arg(field, **value));
    }

    if (info.requiredPlatforms) {
        QHash<QString, qsizetype> seen;
        for (qsizetype i = 0; i < info.requiredPlatforms->size(); ++i) {
            const QString &triple = info.requiredPlatforms->at(i);
            const QString field = u"required_platforms[%1]"_s.arg(i);
            QString why;
            if (!isValidTargetTriple(triple, &why)) {
                r.toml(Severity::Error, field,
                       ValidationText::tr("\"%1\" is not a valid target triple%2; expected e.g. "
                                          "x86_64-unknown-linux-gnu or aarch64-apple-darwin")
                           .arg(triple, why.isEmpty() ? QString() : u" ("_s + why + u')'));
            } else if (seen.contains(triple)) {
                r.toml(Severity::Warning, field,
                       ValidationText::tr("\"%1\" is listed twice (also required_platforms[%2])")
                           .arg(triple)
                           .arg(seen.value(triple)));
            }
            seen.insert(triple, i);
        }
    }
}

void checkRunner(const RunnerInfo &runner, Reporter &r)
{
    const QString name = runner.runnerName.trimmed();
    if (name.isEmpty()) {
        r.toml(Severity::Error, u"runner.runner_name"_s,
               ValidationText::tr("runner_name is empty; expected the name of the runner that runs the model (%1)")
                   .arg(knownRunnerNames().join(u", "_s)));
    } else if (!knownRunnerNames().contains(runner.runnerName)) {
        r.toml(Severity::Warning, u"runner.runner_name"_s,
               ValidationText::tr("unknown runner \"%1\"; known runners are %2")
                   .arg(runner.runnerName, knownRunnerNames().join(u", "_s)));
    }

    const QString &req = runner.requiredFrameworkVersion;
    if (req.trimmed().isEmpty()) {
        r.toml(Severity::Error, u"runner.required_framework_version"_s,
               ValidationText::tr(
                   "required_framework_version is empty; expected a semver version requirement such as =2.0.1"));
    } else {
        if (const Result<VersionReq> parsed = VersionReq::parse(req); !parsed) {
            const QString error = parsed.error().message;
            r.toml(Severity::Error, u"runner.required_framework_version"_s,
                   ValidationText::tr(
                       "\"%1\" is not a valid semver version requirement%2; expected e.g. =2.0.1, >=3.8, ^1.2")
                       .arg(req, error.isEmpty() ? QString() : u" ("_s + error + u')'));
        }
    }

    // Upstream reads runner_compat_version as an unsigned 64-bit integer, so a
    // negative value makes the whole carton.toml unreadable there.
    if (runner.runnerCompatVersion < 0)
        r.toml(Severity::Error, u"runner.runner_compat_version"_s,
               ValidationText::tr("runner_compat_version is %1; expected a non-negative integer")
                   .arg(runner.runnerCompatVersion));

    // "Runners should warn if they are passed options they don't understand":
    // say so early, as Info (runners change; the option may be newer than us).
    const RunnerFacts *facts = runnerFacts(runner.runnerName);
    QSet<QString> optKeys;
    for (const auto &[key, value] : runner.opts) {
        Q_UNUSED(value);
        if (optKeys.contains(key))
            r.toml(Severity::Error, u"runner.opts."_s + key,
                   ValidationText::tr("option \"%1\" is given twice").arg(key));
        else if (facts && !facts->opts.contains(key))
            r.toml(Severity::Info, u"runner.opts."_s + key,
                   ValidationText::tr("the %1 runner is not known to read option \"%2\"%3")
                       .arg(facts->name, key,
                            facts->opts.isEmpty()
                                ? ValidationText::tr(" (it reads none)")
                                : ValidationText::tr(" (it reads %1)").arg(facts->opts.join(u", "_s))));
        optKeys.insert(key);
    }
}

} // namespace

Diagnostics validateInfo(const CartonInfo &info, const TensorShapes &shapes, QList<SymbolSummary> *symbols)
{
    Diagnostics out;
    Reporter r(out, info.fieldLines);
    checkTopLevel(info, r);
    checkRunner(info.runner, r);
    SpecCheck specs = checkSpecs(info, shapes);
    out += specs.diagnostics;
    if (symbols)
        *symbols = std::move(specs.symbols);
    for (const QString &key : info.ignoredKeys)
        r.toml(
            Severity::Warning, key,
            ValidationText::tr("unknown key \"%1\" is ignored (a typo?); it is not written back when the file is saved")
                .arg(key.mid(key.lastIndexOf(u'.') + 1)));
    validate_detail::checkTestSections(info, r);
    validate_detail::checkDescriptionTargets(info, r);
    return out;
}

} // namespace carton
