// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "comparedetails.h"

#include "style/tone.h"
#include "tensor/tensorregion.h"

#include <QCoreApplication>

namespace studio::comparedetails {

using namespace carton;

namespace {

// The tr() of this file's free functions: one context, the same for lupdate
// and at run time.
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(studio::CompareDetails)
};

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString row(const QString &label, const QString &value)
{
    return QStringLiteral("<tr><td style='padding-right:12px'><b>%1</b></td><td>%2</td></tr>").arg(esc(label), value);
}

QString classSpan(ChangeClass cls)
{
    return toneHtml(cls == ChangeClass::Breaking ? Tone::Bad : Tone::Good,
                    cls == ChangeClass::Breaking ? Tr::tr("breaking") : Tr::tr("compatible"), true);
}

// A diff line: its tone's text on its tone's background.
QString lineStyle(Tone tone)
{
    return QStringLiteral("background-color:%1;color:%2").arg(toneBackground(tone).name(), toneColor(tone).name());
}

QString pre(const QString &text)
{
    return QStringLiteral("<pre style='white-space:pre-wrap'>%1</pre>").arg(esc(text));
}

QString tensorHtml(const TensorDelta &t)
{
    QString html = QStringLiteral("<h4>%1</h4><table>").arg(esc(Tr::tr("Tensor comparison")));
    html += row(Tr::tr("Left"), esc(QStringLiteral("%1 %2 %3").arg(t.nameA, dtypeName(t.dtypeA), shapeText(t.shapeA))));
    html +=
        row(Tr::tr("Right"), esc(QStringLiteral("%1 %2 %3").arg(t.nameB, dtypeName(t.dtypeB), shapeText(t.shapeB))));
    if (t.compared) {
        html += row(Tr::tr("Elements differing"), QStringLiteral("%1 of %2").arg(t.mismatchCount).arg(t.elementCount));
        html += row(Tr::tr("Max abs error"), QString::number(t.maxAbsError, 'g', 6));
        html += row(Tr::tr("Max rel error"), QString::number(t.maxRelError, 'g', 6));
    }
    html += row(Tr::tr("Result"), esc(t.message));
    return html + QStringLiteral("</table>");
}

} // namespace

QString unifiedDiffHtml(const QString &unified)
{
    QString html = QStringLiteral("<pre style='font-family:monospace'>");
    for (const QString &line : unified.split(u'\n')) {
        QString style;
        if (line.startsWith(u"+++") || line.startsWith(u"---"))
            style = QStringLiteral("font-weight:bold");
        else if (line.startsWith(u'+'))
            style = lineStyle(Tone::Good);
        else if (line.startsWith(u'-'))
            style = lineStyle(Tone::Bad);
        else if (line.startsWith(u"@@"))
            style = QStringLiteral("color:%1").arg(toneColor(Tone::Info).name());
        html +=
            style.isEmpty() ? esc(line) + u'\n' : QStringLiteral("<span style='%1'>%2</span>\n").arg(style, esc(line));
    }
    return html + QStringLiteral("</pre>");
}

QString summaryHtml(const CartonDiff &diff)
{
    QString html = QStringLiteral("<table>");
    html += row(Tr::tr("Left"), esc(diff.pathA));
    html += row(Tr::tr("Model hash"), esc(QString::fromLatin1(diff.modelHashA)));
    html += row(Tr::tr("Right"), esc(diff.pathB));
    html += row(Tr::tr("Model hash"), esc(QString::fromLatin1(diff.modelHashB)));
    html += QStringLiteral("</table><p>");
    if (diff.identical())
        html += esc(Tr::tr("Identical: both cartons have the same model hash, so every file is the same."));
    else
        html += QStringLiteral("%1 %2, %3 %4. ")
                    .arg(diff.count(ChangeClass::Breaking))
                    .arg(classSpan(ChangeClass::Breaking))
                    .arg(diff.count(ChangeClass::Compatible))
                    .arg(classSpan(ChangeClass::Compatible)) +
                esc(Tr::tr("Select a row to see both values in full, or a file for its diff."));
    return html + QStringLiteral("</p>");
}

QString entryHtml(const CartonDiff &diff, int entryIndex)
{
    if (entryIndex < 0 || entryIndex >= diff.entries.size())
        return summaryHtml(diff);
    const DiffEntry &e = diff.entries.at(entryIndex);
    QString html = QStringLiteral("<h3>%1</h3>").arg(esc(e.field.isEmpty() ? e.item : e.item + u" · " + e.field));
    html += QStringLiteral("<p>%1").arg(esc(changeKindName(e.kind)));
    if (e.isChange())
        html += QStringLiteral(" — %1: %2").arg(classSpan(e.changeClass), esc(e.reason));
    html += QStringLiteral("</p>");
    const FileDiff *file = nullptr;
    if (e.section == DiffSection::Files)
        for (const FileDiff &f : diff.files)
            if (f.path == e.item)
                file = &f;
    if (!file) {
        html += QStringLiteral("<table width='100%'><tr><th align='left'>%1</th><th align='left'>%2</th></tr>"
                               "<tr><td valign='top'>%3</td><td valign='top'>%4</td></tr></table>")
                    .arg(esc(Tr::tr("Left")), esc(Tr::tr("Right")), pre(e.before), pre(e.after));
        return html;
    }
    html += QStringLiteral("<table>");
    if (file->sizeA >= 0)
        html +=
            row(Tr::tr("Left"),
                esc(QStringLiteral("%1 bytes, sha256 %2").arg(file->sizeA).arg(QString::fromLatin1(file->sha256A))));
    if (file->sizeB >= 0)
        html +=
            row(Tr::tr("Right"),
                esc(QStringLiteral("%1 bytes, sha256 %2").arg(file->sizeB).arg(QString::fromLatin1(file->sha256B))));
    html += QStringLiteral("</table>");
    if (file->tensor)
        html += tensorHtml(*file->tensor);
    if (!file->unifiedDiff.isEmpty())
        html += unifiedDiffHtml(file->unifiedDiff);
    if (!file->note.isEmpty())
        html += QStringLiteral("<p><i>%1</i></p>").arg(esc(file->note));
    return html;
}

} // namespace studio::comparedetails
