// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton edit FILE.carton --set KEY=VALUE ... [-o OUT.carton] [--verify-original] [--force]
#include "commands.h"
#include "output.h"
#include "pack/cartonsaver.h"
#include "package/carton.h"
#include "package/cartonedits.h"
#include "validate/validator.h"

#include <QFileInfo>
#include <functional>
#include <map>
#include <optional>

namespace cli {

using namespace carton;

namespace {

using Setter = std::function<QString(CartonInfo &, const QString &)>; // returns an error, or empty

// An optional top-level string: an empty value removes the field.
Setter optionalString(std::optional<QString> CartonInfo::*field)
{
    return [field](CartonInfo &info, const QString &value) {
        info.*field = value.isEmpty() ? std::nullopt : std::optional<QString>(value);
        return QString();
    };
}

const std::map<QString, Setter> &setters()
{
    static const std::map<QString, Setter> table{
        {QStringLiteral("model_name"), optionalString(&CartonInfo::modelName)},
        {QStringLiteral("short_description"), optionalString(&CartonInfo::shortDescription)},
        {QStringLiteral("model_description"), optionalString(&CartonInfo::modelDescription)},
        {QStringLiteral("license"), optionalString(&CartonInfo::license)},
        {QStringLiteral("repository"), optionalString(&CartonInfo::repository)},
        {QStringLiteral("homepage"), optionalString(&CartonInfo::homepage)},
        {QStringLiteral("runner.runner_name"),
         [](CartonInfo &info, const QString &value) {
             info.runner.runnerName = value;
             return QString();
         }},
        {QStringLiteral("runner.required_framework_version"),
         [](CartonInfo &info, const QString &value) {
             info.runner.requiredFrameworkVersion = value;
             return QString();
         }},
        {QStringLiteral("runner.runner_compat_version"),
         [](CartonInfo &info, const QString &value) {
             bool ok = false;
             const qint64 n = value.toLongLong(&ok);
             if (!ok)
                 return QStringLiteral("expected an integer, got \"%1\"").arg(value);
             info.runner.runnerCompatVersion = n;
             return QString();
         }},
    };
    return table;
}

QString knownKeys()
{
    QStringList keys;
    for (const auto &[key, setter] : setters())
        keys.append(key);
    return keys.join(QStringLiteral(", "));
}

} // namespace

int runEdit(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Change metadata fields of a .carton. Unchanged files are copied as their compressed bytes; "
                       "MANIFEST is regenerated; the file is replaced atomically (or OUT is written).\n"
                       "Keys: ") +
        knownKeys() + QStringLiteral(". An empty value removes an optional top-level field."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The .carton file to edit."));
    const QCommandLineOption set(QStringLiteral("set"), QStringLiteral("Set a field (repeatable)."),
                                 QStringLiteral("KEY=VALUE"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write the edited carton here instead of replacing FILE."),
                                    QStringLiteral("OUT"));
    const QCommandLineOption force(QStringLiteral("force"), QStringLiteral("Overwrite OUT if it exists."));
    const QCommandLineOption verify(
        QStringLiteral("verify-original"),
        QStringLiteral("Check the sha256 of every copied file against FILE's MANIFEST before trusting it."));
    parser.addOptions({set, output, force, verify});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("edit"), args, 1, &exit))
        return exit;
    const QStringList assignments = parser.values(set);
    if (assignments.isEmpty()) {
        printError(QStringLiteral("edit: nothing to do (give at least one --set KEY=VALUE)"));
        return UsageOrInput;
    }
    const QString file = parser.positionalArguments().constFirst();
    if (QFileInfo(file).isDir() && !parser.isSet(output)) {
        printError(QStringLiteral("edit: %1 is a folder: give -o OUT.carton to write the edited carton").arg(file));
        return UsageOrInput;
    }
    auto carton = openCarton(file);
    if (!carton)
        return UsageOrInput;
    if (!carton->info()) {
        printDiagnostics(carton->loadDiagnostics());
        printError(QStringLiteral("%1: carton.toml cannot be read, so it cannot be edited").arg(file));
        return CartonErrors;
    }

    CartonInfo info = *carton->info();
    for (const QString &assignment : assignments) {
        const qsizetype eq = assignment.indexOf(u'=');
        const QString key = eq < 0 ? assignment : assignment.left(eq);
        const auto it = setters().find(key);
        if (eq < 0 || it == setters().end()) {
            printError(eq < 0 ? QStringLiteral("edit: --set %1: expected KEY=VALUE").arg(assignment)
                              : QStringLiteral("edit: --set: unknown key \"%1\" (known: %2)").arg(key, knownKeys()));
            return UsageOrInput;
        }
        if (const QString why = it->second(info, assignment.mid(eq + 1)); !why.isEmpty()) {
            printError(QStringLiteral("edit: --set %1: %2").arg(key, why));
            return UsageOrInput;
        }
    }

    // Refuse what the edit breaks; what was already wrong in FILE is reported, not
    // blocking. The same validation as the window's editor: the carton as saved.
    const CartonEdits unchanged(carton.get());
    CartonEdits edits(carton.get());
    edits.setInfo(info);
    const Diagnostics before = validateEdits(unchanged, *carton->info());
    Diagnostics introduced;
    for (const Diagnostic &d : validateEdits(edits, info))
        if (!before.contains(d))
            introduced.append(d);
    printDiagnostics(introduced);
    if (hasErrors(introduced)) {
        printError(QStringLiteral("%1: not edited: the new values are not valid").arg(file));
        return CartonErrors;
    }

    SaveOptions options;
    options.overwrite = parser.isSet(force);
    options.verifyOriginal = parser.isSet(verify);
    const QString target = parser.isSet(output) ? parser.value(output) : file;
    auto progress = makeProgressBar(QStringLiteral("edit"));
    auto result = saveCarton(edits, target, options, progress.get());
    finishProgressBar(progress.get());
    if (!result) {
        printError(result.error());
        return result.error().code == ErrorCode::Format ? CartonErrors : UsageOrInput;
    }
    printOut(QStringLiteral("Wrote %1 (%2 files, %3 copied unchanged, %4); model hash %5\n")
                 .arg(target)
                 .arg(result->fileCount)
                 .arg(result->copiedEntries)
                 .arg(humanSize(result->bytesWritten), QString::fromLatin1(result->modelHash)));
    return Success;
}

} // namespace cli
