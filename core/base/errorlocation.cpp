// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/errorlocation.h"

#include <array>

using namespace Qt::StringLiterals;

namespace carton {

DiagnosticLocation parseErrorLocation(const QString &location)
{
    static const std::array<QString, 4> metadataFiles = {
        u"carton.toml"_s,
        u"MANIFEST"_s,
        u"LINKS"_s,
        u"tensor_data/index.toml"_s,
    };
    for (const QString &file : metadataFiles) {
        if (!location.startsWith(file))
            continue;
        QStringView rest = QStringView(location).mid(file.size());
        if (!rest.isEmpty() && rest.front() != u':')
            continue; // e.g. "carton.toml.bak": an ordinary path
        DiagnosticLocation out{file};
        // ":LINE" then optionally ":COLUMN"
        for (int *number : {&out.line, &out.column}) {
            if (!rest.startsWith(u':') || rest.startsWith(u": "))
                break;
            qsizetype digits = 1;
            while (digits < rest.size() && rest.at(digits).isDigit())
                ++digits;
            bool ok = false;
            *number = rest.mid(1, digits - 1).toInt(&ok);
            if (!ok || *number <= 0)
                return DiagnosticLocation{location};
            rest = rest.mid(digits);
        }
        if (rest.startsWith(u": "))
            out.field = rest.mid(2).toString();
        else if (!rest.isEmpty())
            return DiagnosticLocation{location};
        return out;
    }
    return DiagnosticLocation{location};
}

Diagnostic diagnosticFromError(const Error &error, const QString &fallbackFile)
{
    return Diagnostic{Severity::Error,
                      error.location.isEmpty() ? DiagnosticLocation{fallbackFile} : parseErrorLocation(error.location),
                      error.message};
}

} // namespace carton
