// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftest/keeptolerance.h"

#include <QString>
#include <cmath>

using namespace Qt::StringLiterals;

namespace carton {

double roundUpReadable(double value)
{
    if (!(value > 0) || !std::isfinite(value))
        return value;
    int exponent = int(std::floor(std::log10(value)));
    // Decimal text, so that the result is the double nearest "De-N" (what carton.toml shows).
    for (int attempt = 0; attempt < 3; ++attempt) {
        const double scale = std::pow(10.0, exponent);
        const int digit = std::max(1, int(std::ceil(value / scale - 1e-9)));
        for (int d = digit; d <= 10; ++d) {
            const double candidate = QString(u"%1e%2"_s.arg(d).arg(exponent)).toDouble();
            if (candidate >= value)
                return candidate;
        }
        ++exponent;
    }
    return value;
}

namespace {

// The output's comparison when a tolerance can make it pass; else why not.
Result<const TensorComparison *> tolerable(const OutputResult &o)
{
    if (!o.comparison)
        return makeError(ErrorCode::Usage, u"output '%1' was not compared with an expected tensor"_s.arg(o.name));
    const TensorComparison &c = *o.comparison;
    if (c.exact || !c.minAtol)
        return makeError(ErrorCode::Usage, u"output '%1' is compared exactly (%2): a tolerance does not apply"_s.arg(
                                               o.name, dtypeName(c.expectedDtype)));
    if (!std::isfinite(*c.minAtol))
        return makeError(ErrorCode::Usage,
                         u"output '%1' has NaN or infinity where the expected tensor does not: no tolerance makes "
                         u"it pass"_s.arg(o.name));
    return &c;
}

} // namespace

Result<CartonTolerance> keptTolerance(const SelfTestResult &result, const QString &output)
{
    CartonTolerance kept = result.cartonTolerance;
    if (!output.isEmpty()) {
        for (const OutputResult &o : result.outputs) {
            if (o.name != output)
                continue;
            Result<const TensorComparison *> c = tolerable(o);
            if (!c)
                return c.error();
            ToleranceOverride &entry = kept.perOutput[output];
            entry.rtol = (*c)->tolerance.rtol;
            entry.atol = roundUpReadable(*(*c)->minAtol);
            return kept;
        }
        return makeError(ErrorCode::Usage, u"self-test '%1' has no output '%2'"_s.arg(result.name, output));
    }
    std::optional<double> rtol;
    double atol = 0;
    QStringList covered;
    QStringList problems;
    for (const OutputResult &o : result.outputs) {
        Result<const TensorComparison *> c = tolerable(o);
        if (!c) {
            if (o.comparison && !o.comparison->exact) // a float output no tolerance fixes
                problems.append(c.error().message);
            continue;
        }
        if (rtol && *rtol != (*c)->tolerance.rtol)
            return makeError(ErrorCode::Usage,
                             u"the outputs of self-test '%1' were judged with different rtols (%2 and %3): keep a "
                             u"tolerance per output"_s.arg(result.name)
                                 .arg(*rtol)
                                 .arg((*c)->tolerance.rtol));
        rtol = (*c)->tolerance.rtol;
        atol = std::max(atol, *(*c)->minAtol);
        covered.append(o.name);
    }
    if (!problems.isEmpty())
        return makeError(ErrorCode::Usage, problems.join(u"; "_s));
    if (!rtol)
        return makeError(ErrorCode::Usage,
                         u"self-test '%1' has no compared float output a tolerance applies to"_s.arg(result.name));
    kept.all.rtol = rtol;
    kept.all.atol = roundUpReadable(atol);
    for (const QString &name : covered) {
        auto it = kept.perOutput.find(name);
        if (it == kept.perOutput.end())
            continue;
        it->rtol.reset();
        it->atol.reset();
        if (it->isEmpty())
            kept.perOutput.erase(it);
    }
    return kept;
}

} // namespace carton
