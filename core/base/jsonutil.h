// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QJsonArray>
#include <QList>
#include <cmath>
#include <optional>

namespace carton {

// A shape or an index as a JSON array of numbers (int64 values stay exact up to 2^53).
inline QJsonArray toJsonArray(const QList<qint64> &values)
{
    QJsonArray out;
    for (qint64 v : values)
        out.append(v);
    return out;
}

// A JSON number read as a whole number, as QJsonValue::toInteger() reads it: 5 and
// 5.0 and 5e0 are 5; a true fraction (5.5) or a value beyond 2^53 (where doubles
// stop being exact) is nullopt.
inline std::optional<qint64> wholeNumber(double v)
{
    if (!std::isfinite(v) || v != std::floor(v) || std::fabs(v) > 9007199254740992.0)
        return std::nullopt;
    return qint64(v);
}

} // namespace carton
