// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Shared by the validation tests: finding a diagnostic and printing lists.

#include "base/diagnostic.h"
#include "base/errorlocation.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

Q_DECLARE_METATYPE(carton::Severity)

namespace carton::testutil {

inline QString describe(const Diagnostics &list)
{
    QStringList lines;
    for (const Diagnostic &d : list)
        lines.append(severityName(d.severity) + QStringLiteral(" | ") + d.location.toString() + QStringLiteral(" | ") +
                     d.message);
    return lines.isEmpty() ? QStringLiteral("(no diagnostics)") : lines.join(u'\n');
}

// The first diagnostic with this exact severity and location whose message
// contains `fragment`, or nullptr.
inline const Diagnostic *findDiagnostic(const Diagnostics &list, Severity severity, const QString &location,
                                        const QString &fragment)
{
    for (const Diagnostic &d : list)
        if (d.severity == severity && d.location.toString() == location && d.message.contains(fragment))
            return &d;
    return nullptr;
}

inline Diagnostics withSeverity(const Diagnostics &list, Severity severity)
{
    Diagnostics out;
    for (const Diagnostic &d : list)
        if (d.severity == severity)
            out.append(d);
    return out;
}

// Errors and warnings (what a clean carton has none of).
inline Diagnostics problems(const Diagnostics &list)
{
    Diagnostics out;
    for (const Diagnostic &d : list)
        if (d.severity != Severity::Info)
            out.append(d);
    return out;
}

} // namespace carton::testutil
