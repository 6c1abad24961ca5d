// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QList>
#include <QString>

namespace carton {

enum class Severity { Error, Warning, Info };

// Where a finding is, as parts; text only for display (toString()).
// - file: a path relative to the carton root ("carton.toml", "MANIFEST",
//   "tensor_data/index.toml", "model/model.pt", "model/" for a folder); empty when
//   the finding is about the whole carton.
// - line, column: 1-based, 0 when unknown (only parser errors have a column).
// - field: a field path in `file`: the CartonInfo::fieldLines keys for carton.toml
//   ("input[2].shape", "self_test[0].inputs.x", "runner.required_framework_version"),
//   possibly one step deeper ("input[2].shape[1]", "required_platforms[3]");
//   "tensor[0].file" for index.toml; "urls.<sha256>" for LINKS. See FieldPath
//   (validate/fieldpath.h) to take one apart.
struct DiagnosticLocation {
    QString file;
    int line = 0;
    int column = 0;
    QString field;

    DiagnosticLocation() = default;
    explicit DiagnosticLocation(QString file, int line = 0, QString field = {}, int column = 0)
        : file(std::move(file)), line(line), column(column), field(std::move(field))
    {
    }

    bool isEmpty() const { return file.isEmpty() && field.isEmpty(); }
    // "FILE[:LINE[:COLUMN]][: FIELD]", e.g. "carton.toml:14: input[2].shape", "MANIFEST:3".
    QString toString() const
    {
        QString out = file;
        if (line > 0) {
            out += QLatin1Char(':') + QString::number(line);
            if (column > 0)
                out += QLatin1Char(':') + QString::number(column);
        }
        if (!field.isEmpty())
            out += (out.isEmpty() ? QString() : QStringLiteral(": ")) + field;
        return out;
    }

    bool operator==(const DiagnosticLocation &) const = default;
    // A location is not text: compare toString() when text is really meant.
    bool operator==(const QString &) const = delete;
};

// One finding about a carton.
struct Diagnostic {
    Severity severity = Severity::Error;
    DiagnosticLocation location;
    QString message;

    // "LOCATION: MESSAGE", or MESSAGE alone when there is no location.
    QString toString() const
    {
        const QString where = location.toString();
        return where.isEmpty() ? message : where + QStringLiteral(": ") + message;
    }

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
