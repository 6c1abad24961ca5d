// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "format/cartontolerance.h"

#include "base/coretext.h"
#include "format/tomlutil.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace carton {

namespace {

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
        throw TableReadFailure{
            FormatText::tr("%1: expected a number >= 0, found %2").arg(field, tomlutil::typeName(*n))};
    if (!(v >= 0) || !std::isfinite(v))
        throw TableReadFailure{FormatText::tr("%1: expected a number >= 0, found %2").arg(field).arg(v)};
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
            throw TableReadFailure{
                FormatText::tr("%1.equal_nan: expected a boolean, found %2").arg(prefix, tomlutil::typeName(*n))};
        o.equalNan = b->get();
    }
    for (auto &&[k, v] : t) {
        if (k.str() == "rtol" || k.str() == "atol" || k.str() == "equal_nan")
            continue;
        if (allowTables && v.is_table())
            continue;
        throw TableReadFailure{
            allowTables
                ? FormatText::tr("%1.%2: unknown key; expected rtol, atol, equal_nan or a table per output name")
                      .arg(prefix, tomlutil::toQString(k.str()))
                : FormatText::tr("%1.%2: unknown key; expected rtol, atol or equal_nan")
                      .arg(prefix, tomlutil::toQString(k.str()))};
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
            throw TableReadFailure{FormatText::tr("tolerance: expected a table ([self_test.tolerance]), found %1")
                                       .arg(tomlutil::typeName(*n))};
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
        return makeError(ErrorCode::Format, FormatText::tr("tolerance: cannot read"), where);
    }
    return out;
}

Result<QByteArray> withCartonTolerance(const QByteArray &selfTestUnknownToml, const CartonTolerance &tolerance)
{
    toml::table root;
    if (!selfTestUnknownToml.trimmed().isEmpty()) {
        Result<toml::table> parsed = tomlutil::parse(selfTestUnknownToml, QString());
        if (!parsed)
            return makeError(ErrorCode::Format,
                             FormatText::tr("tolerance: the self-test's other keys are not valid TOML, so setting "
                                            "the tolerance would lose them (%1)")
                                 .arg(parsed.error().toString()));
        root = std::move(*parsed);
    }
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
}

QString toleranceText(double value)
{
    return QString::fromLatin1(tomlutil::floatText(value));
}

} // namespace carton
