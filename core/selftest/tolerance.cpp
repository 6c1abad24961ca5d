// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftest/tolerance.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace carton {

namespace {

bool isHalf(DType dtype)
{
    return dtype == DType::Float16 || dtype == DType::BFloat16;
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
