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

} // namespace carton
