// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftest/tolerance.h"

#include "format/tomlutil.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace carton {

namespace {

bool isHalf(DType dtype)
{
    return dtype == DType::Float16 || dtype == DType::BFloat16;
}

struct TableReadFailure {
    QString message;
};

std::optional<double> readTolerance(const toml::table &t, std::string_view key, const QString &field)
{
    const toml::node *n = t.get(key);
    if (!n)
        return std::nullopt;
    double v;
    if (const auto *f = n->as_floating_point())
        v = f->get();
    else if (const auto *i = n->as_integer())
        v = double(i->get());
    else
        throw TableReadFailure{u"%1: expected a number >= 0, found %2"_s.arg(field, tomlutil::typeName(*n))};
    if (!(v >= 0) || !std::isfinite(v))
        throw TableReadFailure{u"%1: expected a number >= 0, found %2"_s.arg(field).arg(v)};
    return v;
}

ToleranceOverride readOverride(const toml::table &t, const QString &prefix, bool allowTables)
{
    ToleranceOverride o;
    o.rtol = readTolerance(t, "rtol", prefix + u".rtol"_s);
    o.atol = readTolerance(t, "atol", prefix + u".atol"_s);
    if (const toml::node *n = t.get("equal_nan")) {
        const auto *b = n->as_boolean();
        if (!b)
            throw TableReadFailure{u"%1.equal_nan: expected a boolean, found %2"_s.arg(prefix, tomlutil::typeName(*n))};
        o.equalNan = b->get();
    }
    for (auto &&[k, v] : t) {
        if (k.str() == "rtol" || k.str() == "atol" || k.str() == "equal_nan")
            continue;
        if (allowTables && v.is_table())
            continue;
        throw TableReadFailure{
            allowTables
                ? u"%1.%2: unknown key; expected rtol, atol, equal_nan or a table per output name"_s.arg(
                      prefix, tomlutil::toQString(k.str()))
                : u"%1.%2: unknown key; expected rtol, atol or equal_nan"_s.arg(prefix, tomlutil::toQString(k.str()))};
    }
    return o;
}

void putOverride(toml::table &t, const ToleranceOverride &o)
{
    if (o.rtol)
        t.insert_or_assign("rtol", *o.rtol);
    if (o.atol)
        t.insert_or_assign("atol", *o.atol);
    if (o.equalNan)
        t.insert_or_assign("equal_nan", *o.equalNan);
}

} // namespace

QString tolerancePresetName(TolerancePreset preset)
{
    switch (preset) {
    case TolerancePreset::Exact:
        return u"exact"_s;
    case TolerancePreset::Close:
        return u"close"_s;
    case TolerancePreset::Approximate:
        return u"approximate"_s;
    case TolerancePreset::Loose:
        return u"loose"_s;
    }
    return {};
}

std::optional<TolerancePreset> parseTolerancePreset(QStringView name)
{
    for (TolerancePreset p :
         {TolerancePreset::Exact, TolerancePreset::Close, TolerancePreset::Approximate, TolerancePreset::Loose}) {
        if (name == tolerancePresetName(p))
            return p;
    }
    return std::nullopt;
}

Tolerance tolerancePreset(TolerancePreset preset, DType dtype)
{
    if (!isFloating(dtype) || preset == TolerancePreset::Exact)
        return Tolerance{0, 0, false};
    const bool half = isHalf(dtype);
    const double closeRtol = dtype == DType::BFloat16 ? 1.6e-2 : dtype == DType::Float16 ? 1e-3 : 1e-5;
    const double closeAtol = half ? 1e-5 : 1e-8;
    switch (preset) {
    case TolerancePreset::Exact:
    case TolerancePreset::Close:
        return Tolerance{closeRtol, closeAtol, false};
    case TolerancePreset::Approximate:
        return Tolerance{std::min(closeRtol * 100, 5e-2), closeAtol * 1000, false};
    case TolerancePreset::Loose:
        return half ? Tolerance{1e-1, 1e-2, false} : Tolerance{1e-2, 1e-3, false};
    }
    return {};
}

Result<CartonTolerance> parseCartonTolerance(const QByteArray &selfTestUnknownToml, const QString &where)
{
    CartonTolerance out;
    if (selfTestUnknownToml.trimmed().isEmpty())
        return out;
    const Result<toml::table> root = tomlutil::parse(selfTestUnknownToml, where);
    if (!root)
        return root.error();
    const toml::node *n = root->get("tolerance");
    if (!n)
        return out;
    try {
        const auto *t = n->as_table();
        if (!t)
            throw TableReadFailure{
                u"tolerance: expected a table ([self_test.tolerance]), found %1"_s.arg(tomlutil::typeName(*n))};
        out.all = readOverride(*t, u"tolerance"_s, true);
        for (auto &&[k, v] : *t) {
            if (const auto *sub = v.as_table()) {
                const QString name = tomlutil::toQString(k.str());
                out.perOutput.insert(name, readOverride(*sub, u"tolerance."_s + name, false));
            }
        }
    } catch (const TableReadFailure &f) {
        return makeError(ErrorCode::Format, f.message, where);
    } catch (...) {
        return makeError(ErrorCode::Format, u"tolerance: cannot read"_s, where);
    }
    return out;
}

QByteArray withCartonTolerance(const QByteArray &selfTestUnknownToml, const CartonTolerance &tolerance)
{
    toml::table root;
    if (!selfTestUnknownToml.trimmed().isEmpty()) {
        Result<toml::table> parsed = tomlutil::parse(selfTestUnknownToml, QString());
        if (parsed)
            root = std::move(*parsed);
    }
    try {
        root.erase("tolerance");
        if (!tolerance.isEmpty()) {
            toml::table t;
            putOverride(t, tolerance.all);
            for (auto it = tolerance.perOutput.cbegin(); it != tolerance.perOutput.cend(); ++it) {
                toml::table sub;
                putOverride(sub, it.value());
                t.insert_or_assign(it.key().toStdString(), std::move(sub));
            }
            root.insert_or_assign("tolerance", std::move(t));
        }
        return tomlutil::format(root);
    } catch (...) {
        return selfTestUnknownToml;
    }
}

Status ToleranceSettings::applyOption(QStringView option, QStringView value)
{
    const bool isRtol = option == u"rtol" || option == u"--rtol";
    if (!isRtol && option != u"atol" && option != u"--atol")
        return makeError(ErrorCode::Usage, u"unknown tolerance option '%1'; expected --rtol or --atol"_s.arg(option));
    const QString name = isRtol ? u"--rtol"_s : u"--atol"_s;
    QStringView output, number = value;
    if (const qsizetype colon = value.lastIndexOf(u':'); colon >= 0) {
        output = value.left(colon);
        number = value.mid(colon + 1);
        if (output.isEmpty())
            return makeError(ErrorCode::Usage, u"%1 %2: expected OUTPUT:VALUE with an output name"_s.arg(name, value));
    }
    bool ok = false;
    const double v = number.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < 0)
        return makeError(ErrorCode::Usage,
                         u"%1 %2: expected a number >= 0 (e.g. 1e-4), or OUTPUT:NUMBER"_s.arg(name, value));
    ToleranceOverride &target = output.isEmpty() ? all : perOutput[output.toString()];
    (isRtol ? target.rtol : target.atol) = v;
    return {};
}

Tolerance resolveTolerance(const ToleranceSettings &settings, const CartonTolerance &carton, const QString &output,
                           DType dtype)
{
    Tolerance t = tolerancePreset(settings.preset, dtype);
    if (!isFloating(dtype))
        return t;
    static const ToleranceOverride none;
    auto find = [&output](const QMap<QString, ToleranceOverride> &map) {
        const auto it = map.constFind(output);
        return it == map.cend() ? &none : &it.value();
    };
    const bool useCarton = settings.useCartonTolerances;
    const ToleranceOverride *levels[] = {find(settings.perOutput), &settings.all,
                                         useCarton ? find(carton.perOutput) : &none, useCarton ? &carton.all : &none};
    auto pick = [&levels](auto member, auto fallback) {
        for (const ToleranceOverride *level : levels)
            if (const auto &v = level->*member)
                return *v;
        return fallback;
    };
    t.rtol = pick(&ToleranceOverride::rtol, t.rtol);
    t.atol = pick(&ToleranceOverride::atol, t.atol);
    t.equalNan = pick(&ToleranceOverride::equalNan, t.equalNan);
    return t;
}

} // namespace carton
