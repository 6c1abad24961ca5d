// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "editorutils.h"

#include "style/tone.h"

#include <QStringList>
#include <QWidget>

namespace studio {

void markField(QWidget *widget, const carton::Diagnostics &problems)
{
    QStringList lines;
    carton::Severity worst = carton::Severity::Info;
    for (const carton::Diagnostic &d : problems) {
        lines.append(d.message);
        if (int(d.severity) < int(worst))
            worst = d.severity;
    }
    const char *state = problems.isEmpty()                   ? ""
                        : worst == carton::Severity::Error   ? "error"
                        : worst == carton::Severity::Warning ? "warning"
                                                             : "";
    widget->setProperty("validation", QString::fromLatin1(state));
    widget->setToolTip(lines.join(u'\n'));
    // Scoped to the marked widget by its property: children (a table's header,
    // a line edit's buttons) keep their own look.
    if (problems.isEmpty() || worst == carton::Severity::Info)
        widget->setStyleSheet(QString());
    else
        widget->setStyleSheet(QStringLiteral("*[validation=\"%1\"] { border: 2px solid %2; }")
                                  .arg(QString::fromLatin1(state),
                                       toneFrame(worst == carton::Severity::Error ? Tone::Bad : Tone::Warning).name()));
}

carton::Diagnostics diagnosticsFor(const carton::Diagnostics &all, const QString &field)
{
    carton::Diagnostics result;
    for (const carton::Diagnostic &d : all) {
        const carton::DiagnosticLocation &loc = d.location;
        if (loc.file != u"carton.toml")
            continue;
        if (loc.field == field || loc.field.startsWith(field + u'.') || loc.field.startsWith(field + u'['))
            result.append(d);
    }
    return result;
}

} // namespace studio
