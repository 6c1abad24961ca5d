// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "validate/location.h"

#include <array>

using namespace Qt::StringLiterals;

namespace carton {

QString formatLocation(const QString &file, int line, const QString &field)
{
    QString out = file;
    if (line > 0)
        out += u':' + QString::number(line);
    if (!field.isEmpty())
        out += u": "_s + field;
    return out;
}

DiagnosticLocation parseLocation(const QString &location)
{
    static const std::array<QString, 4> metadataFiles = {
        u"carton.toml"_s,
        u"MANIFEST"_s,
        u"LINKS"_s,
        u"tensor_data/index.toml"_s,
    };
    DiagnosticLocation out;
    for (const QString &file : metadataFiles) {
        if (!location.startsWith(file))
            continue;
        QStringView rest = QStringView(location).mid(file.size());
        if (!rest.isEmpty() && rest.front() != u':')
            continue; // e.g. "carton.toml.bak": an ordinary path
        out.file = file;
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
                return DiagnosticLocation{location, 0, 0, {}};
            rest = rest.mid(digits);
        }
        if (rest.startsWith(u": "))
            out.field = rest.mid(2).toString();
        else if (!rest.isEmpty())
            return DiagnosticLocation{location, 0, 0, {}};
        return out;
    }
    out.file = location;
    return out;
}

} // namespace carton
