// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to carton_validate: collects diagnostics with locations in the format
// documented in validate/location.h.

#include "base/diagnostic.h"
#include "validate/location.h"

#include <QHash>
#include <QString>

namespace carton::validate_detail {

inline const QString &cartonTomlName()
{
    static const QString name = QStringLiteral("carton.toml");
    return name;
}
inline const QString &indexTomlName()
{
    static const QString name = QStringLiteral("tensor_data/index.toml");
    return name;
}

class Reporter final {
public:
    Reporter(Diagnostics &out, const QHash<QString, int> &fieldLines) : m_out(out), m_fieldLines(fieldLines) {}

    // A carton.toml field: "carton.toml[:LINE]: FIELD", the line taken from
    // fieldLines for FIELD or its nearest parent ("input[2].shape[1]" ->
    // "input[2].shape" -> "input[2]").
    void toml(Severity severity, const QString &field, const QString &message)
    {
        add(severity, formatLocation(cartonTomlName(), lineOf(field), field), message);
    }
    // Any other location, already formatted.
    void at(Severity severity, const QString &location, const QString &message) { add(severity, location, message); }
    void add(Severity severity, const QString &location, const QString &message)
    {
        m_out.append(Diagnostic{severity, location, message});
    }

    int lineOf(QString field) const
    {
        while (!field.isEmpty()) {
            const auto it = m_fieldLines.constFind(field);
            if (it != m_fieldLines.cend())
                return it.value();
            const qsizetype cut = qMax(field.lastIndexOf(u'.'), field.lastIndexOf(u'['));
            if (cut <= 0)
                break;
            field.truncate(cut);
        }
        return 0;
    }

private:
    Diagnostics &m_out;
    const QHash<QString, int> &m_fieldLines;
};

} // namespace carton::validate_detail
