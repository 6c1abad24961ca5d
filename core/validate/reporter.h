// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to carton_validate: collects diagnostics with their locations.

#include "base/diagnostic.h"

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

    // A carton.toml field, the line taken from fieldLines for FIELD or its nearest
    // parent ("input[2].shape[1]" -> "input[2].shape" -> "input[2]").
    void toml(Severity severity, const QString &field, const QString &message)
    {
        at(severity, DiagnosticLocation{cartonTomlName(), lineOf(field), field}, message);
    }
    // A whole file (or folder, "model/") of the carton.
    void file(Severity severity, const QString &path, const QString &message)
    {
        at(severity, DiagnosticLocation{path}, message);
    }
    void at(Severity severity, DiagnosticLocation location, const QString &message)
    {
        m_out.append(Diagnostic{severity, std::move(location), message});
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
