// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QList>
#include <QString>

namespace carton {

enum class Severity { Error, Warning, Info };

// One finding about a carton. `location` names the file and the field, as in
// "carton.toml: input[2].shape", "MANIFEST:3", "tensor_data/index.toml: tensor[0].file",
// "model/model.pt".
struct Diagnostic {
    Severity severity = Severity::Error;
    QString location;
    QString message;

    bool operator==(const Diagnostic &) const = default;
};

using Diagnostics = QList<Diagnostic>;

inline QString severityName(Severity s)
{
    switch (s) {
    case Severity::Error:
        return QStringLiteral("error");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Info:
        return QStringLiteral("info");
    }
    return {};
}

inline bool hasErrors(const Diagnostics &list)
{
    for (const Diagnostic &d : list)
        if (d.severity == Severity::Error)
            return true;
    return false;
}

} // namespace carton
