// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftesttext.h"

#include "selftest/benchmark.h"
#include "selftest/selftestresult.h"
#include "selftest/tensorcompare.h"

#include <QLocale>
#include <QStringList>
#include <cmath>

namespace studio {

QString SelfTestText::status(carton::SelfTestStatus status)
{
    switch (status) {
    case carton::SelfTestStatus::Passed:
        return tr("passed");
    case carton::SelfTestStatus::Failed:
        return tr("failed");
    case carton::SelfTestStatus::CannotRun:
        return tr("cannot run");
    case carton::SelfTestStatus::Error:
        return tr("error");
    case carton::SelfTestStatus::NotRun:
        break;
    }
    return tr("not run");
}

QString SelfTestText::status(carton::ExampleStatus status)
{
    switch (status) {
    case carton::ExampleStatus::Ran:
        return tr("ran");
    case carton::ExampleStatus::CannotRun:
        return tr("cannot run");
    case carton::ExampleStatus::Error:
        return tr("error");
    case carton::ExampleStatus::NotRun:
        break;
    }
    return tr("not run");
}

QString SelfTestText::verdict(carton::CompareVerdict verdict)
{
    switch (verdict) {
    case carton::CompareVerdict::Passed:
        return tr("passed");
    case carton::CompareVerdict::Failed:
        return tr("failed");
    case carton::CompareVerdict::ShapeMismatch:
        return tr("shape mismatch");
    case carton::CompareVerdict::DtypeMismatch:
        return tr("dtype mismatch");
    case carton::CompareVerdict::Malformed:
        break;
    }
    return tr("malformed");
}

QString SelfTestText::figure(double value)
{
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    if (std::isnan(value))
        return QStringLiteral("nan");
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(value, 'g', 3).replace(u'E', u'e'); // 1e-05 as everywhere else
}

QString SelfTestText::latency(double ns)
{
    return carton::latencyText(ns, QLocale());
}

QString SelfTestText::dateTime(const QDateTime &time)
{
    const QLocale locale;
    QString timeFormat = locale.timeFormat(QLocale::ShortFormat);
    if (!timeFormat.contains(u's')) {
        // "HH:mm" / "h:mm AP": the seconds after the minutes.
        const qsizetype minutes = timeFormat.indexOf(QStringLiteral("mm"));
        if (minutes >= 0)
            timeFormat.insert(minutes + 2, QStringLiteral(":ss"));
        else
            timeFormat = locale.timeFormat(QLocale::LongFormat);
    }
    const QDateTime local = time.toLocalTime();
    return locale.toString(local.date(), QLocale::ShortFormat) + u' ' + locale.toString(local.time(), timeFormat);
}

QString SelfTestText::percent(double fraction)
{
    return tr("%1%").arg(figure(fraction * 100));
}

QString SelfTestText::comparison(const carton::TensorComparison &c)
{
    if (c.verdict != carton::CompareVerdict::Failed)
        return c.message; // shape, dtype, malformed: core's words naming the shapes and dtypes
    const QLocale locale;
    const QString count = locale.toString(c.mismatchCount);
    const QString total = locale.toString(c.elementCount);
    if (c.exact)
        return tr("%1 of %2 elements (%3) differ").arg(count, total, percent(c.mismatchFraction));
    return tr("%1 of %2 elements (%3) outside rtol %4, atol %5")
        .arg(count, total, percent(c.mismatchFraction), figure(c.tolerance.rtol), figure(c.tolerance.atol));
}

namespace {

QString cancelledOr(const QString &reason)
{
    return reason == u"cancelled" ? SelfTestText::tr("cancelled") : reason;
}

} // namespace

QString SelfTestText::reason(const carton::SelfTestResult &r)
{
    if (r.status == carton::SelfTestStatus::Passed)
        return {};
    if (r.status != carton::SelfTestStatus::Failed)
        return cancelledOr(r.reason);
    QStringList returned;
    for (const carton::OutputResult &o : r.outputs)
        if (o.actual)
            returned.append(u'\'' + o.name + u'\'');
    QStringList reasons;
    for (const carton::OutputResult &o : r.outputs) {
        if (o.kind == carton::OutputResult::Kind::Missing)
            reasons.append(returned.isEmpty() ? tr("output '%1' was not returned (the model returned none)").arg(o.name)
                                              : tr("output '%1' was not returned (the model returned %2)")
                                                    .arg(o.name, returned.join(QStringLiteral(", "))));
        if (!o.specProblem.isEmpty())
            reasons.append(o.specProblem);
        if (o.comparison && !o.comparison->passed())
            reasons.append(tr("output '%1': %2").arg(o.name, comparison(*o.comparison)));
    }
    return reasons.isEmpty() ? r.reason : reasons.join(QStringLiteral("; "));
}

QString SelfTestText::reason(const carton::ExampleResult &r)
{
    return cancelledOr(r.reason);
}

} // namespace studio
