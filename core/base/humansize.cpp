// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/humansize.h"

#include <cmath>

namespace carton {

QString humanSize(qint64 bytes)
{
    // The magnitude as an unsigned count: -2^63 has no positive qint64.
    const quint64 magnitude = bytes < 0 ? quint64(0) - quint64(bytes) : quint64(bytes);
    const QString sign = bytes < 0 ? QStringLiteral("-") : QString();
    if (magnitude < 1024)
        return sign + QStringLiteral("%1 B").arg(magnitude);
    static const char *const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    constexpr int lastUnit = int(std::size(units)) - 1;
    double value = double(magnitude) / 1024.0;
    int unit = 0;
    // Tenths, rounded: move up while the shown value would reach 1024.0.
    while (unit < lastUnit && std::round(value * 10.0) >= 1024.0 * 10.0) {
        value /= 1024.0;
        ++unit;
    }
    return sign + QStringLiteral("%1 %2").arg(value, 0, 'f', 1).arg(QLatin1StringView(units[unit]));
}

QString humanSize(qint64 bytes, const QLocale &locale)
{
    QString text = humanSize(bytes);
    if (bytes >= 1024 || bytes <= -1024) // one decimal: the locale's separator
        text.replace(u'.', locale.decimalPoint());
    return text;
}

Result<qint64> parseHumanSize(const QString &text)
{
    QString t = text.trimmed().toUpper();
    for (const QLatin1StringView suffix : {QLatin1StringView("IB"), QLatin1StringView("B")}) {
        if (t.endsWith(suffix)) {
            t.chop(suffix.size());
            break;
        }
    }
    int shift = 0;
    if (!t.isEmpty()) {
        const qsizetype unit = QStringLiteral("KMGT").indexOf(t.back());
        if (unit >= 0) {
            shift = 10 * int(unit + 1);
            t.chop(1);
        }
    }
    bool ok = false;
    const double value = t.trimmed().toDouble(&ok);
    const double bytes = value * double(qint64(1) << shift);
    if (!ok || !(value >= 0) || !(bytes <= double(qint64(1) << 62)))
        return makeError(
            ErrorCode::Usage,
            QStringLiteral("expected a size such as 2G, 512MiB or a number of bytes, got \"%1\"").arg(text));
    return qint64(bytes);
}

} // namespace carton
