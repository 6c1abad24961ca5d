// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QJsonArray>
#include <QList>

namespace carton {

// A shape or an index as a JSON array of numbers (int64 values stay exact up to 2^53).
inline QJsonArray toJsonArray(const QList<qint64> &values)
{
    QJsonArray out;
    for (qint64 v : values)
        out.append(v);
    return out;
}

} // namespace carton
