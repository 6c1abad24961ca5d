// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "latencytext.h"

#include <QCoreApplication>

namespace studio {

QString latencyText(double ns)
{
    const auto number = [](double v) { return QString::number(v, 'g', 3); };
    if (ns < 1e6)
        return QCoreApplication::translate("LatencyText", "%1 µs").arg(number(ns / 1e3));
    if (ns < 1e10)
        return QCoreApplication::translate("LatencyText", "%1 ms").arg(number(ns / 1e6));
    return QCoreApplication::translate("LatencyText", "%1 s").arg(number(ns / 1e9));
}

} // namespace studio
