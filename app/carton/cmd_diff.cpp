// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton diff A B [--json]
#include "commands.h"
#include "diff/cartondiff.h"
#include "diff/diffjson.h"
#include "output.h"
#include "package/carton.h"

namespace cli {

using namespace carton;

namespace {

QString entryLine(const DiffEntry &e)
{
    const QString where = e.field.isEmpty() ? e.item : e.item + u'.' + e.field;
    QString values;
    if (e.kind == ChangeKind::Changed)
        values = QStringLiteral(": %1 -> %2")
                     .arg(e.before.isEmpty() ? QStringLiteral("(empty)") : e.before,
                          e.after.isEmpty() ? QStringLiteral("(empty)") : e.after);
    else if (e.kind == ChangeKind::Added && e.section != DiffSection::Files)
        values = QStringLiteral(": %1").arg(e.after);
    return QStringLiteral("  [%1] %2 %3%4\n      %5\n")
        .arg(changeClassName(e.changeClass), changeKindName(e.kind), where, values.left(300), e.reason);
}

QString humanReport(const CartonDiff &diff)
{
    QString out =
        QStringLiteral("A: %1 (model hash %2)\nB: %3 (model hash %4)\n")
            .arg(diff.pathA, QString::fromLatin1(diff.modelHashA), diff.pathB, QString::fromLatin1(diff.modelHashB));
    if (diff.identical())
        return out + QStringLiteral("Identical: same model hash.\n");
    out += QStringLiteral("Changes: %1 breaking, %2 compatible\n")
               .arg(diff.count(ChangeClass::Breaking))
               .arg(diff.count(ChangeClass::Compatible));
    DiffSection section = DiffSection::Metadata;
    bool first = true;
    for (const DiffEntry &e : diff.entries) {
        if (!e.isChange())
            continue;
        if (first || e.section != section)
            out += QStringLiteral("\n%1:\n").arg(diffSectionName(e.section));
        first = false;
        section = e.section;
        out += entryLine(e);
    }
    for (const FileDiff &f : diff.files) {
        if (!f.unifiedDiff.isEmpty())
            out += u'\n' + f.unifiedDiff;
        else if (!f.note.isEmpty() && f.kind == ChangeKind::Changed)
            out += QStringLiteral("\n%1: %2\n").arg(f.path, f.note);
    }
    return out;
}

} // namespace

int runDiff(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Compare two cartons: metadata, runner, inputs/outputs (breaking or compatible), self-tests,\n"
                       "examples and files (from the MANIFESTs: unchanged files are not read). Exit code 0 when\n"
                       "both have the same model hash, 1 when they differ, 2 on error."));
    parser.addPositionalArgument(QStringLiteral("A"), QStringLiteral("The old carton (.carton file or folder)."));
    parser.addPositionalArgument(QStringLiteral("B"), QStringLiteral("The new carton (.carton file or folder)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON listing every change."));
    parser.addOption(json);
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("diff"), args, 2, &exit))
        return exit;
    const QStringList paths = parser.positionalArguments();
    auto a = openCarton(paths.at(0));
    if (!a)
        return UsageOrInput;
    auto b = openCarton(paths.at(1));
    if (!b)
        return UsageOrInput;
    auto diff = diffCartons(*a, *b);
    if (!diff) {
        printError(diff.error());
        return UsageOrInput;
    }
    if (parser.isSet(json))
        printJson(QJsonDocument(diffToJson(*diff)));
    else
        printOut(humanReport(*diff));
    return diff->identical() ? Success : CartonErrors;
}

} // namespace cli
