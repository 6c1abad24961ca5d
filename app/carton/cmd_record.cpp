// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton record FILE [-o OUT.carton] [--test NAME] [--overwrite] [--force-output] [runner options]
#include "commands.h"
#include "output.h"
#include "pack/cartonsaver.h"
#include "pack/folderupdate.h"
#include "package/carton.h"
#include "package/cartonedits.h"
#include "runnercli.h"
#include "selftest/outputrecorder.h"

#include <QFileInfo>
#include <QTextStream>

namespace cli {

using namespace carton;

namespace {

QString shapeList(const QList<qint64> &shape)
{
    QStringList dims;
    for (qint64 d : shape)
        dims.append(QString::number(d));
    return u'[' + dims.join(QStringLiteral(", ")) + u']';
}

QString textReport(const Recording &recording)
{
    QString out;
    QTextStream s(&out);
    for (const TestRecording &t : recording.tests) {
        switch (t.outcome) {
        case TestRecording::Outcome::Recorded:
            s << "RECORDED: " << t.name << '\n';
            for (const RecordedOutput &o : t.outputs)
                s << "  " << o.name << " = @tensor_data/" << o.tensorName << " (" << dtypeName(o.tensor.dtype()) << ' '
                  << shapeList(o.tensor.shape()) << (o.replaced ? ", replaced" : "") << ")\n";
            break;
        case TestRecording::Outcome::Skipped:
            s << "SKIPPED: " << t.name << " — " << t.reason << '\n';
            break;
        case TestRecording::Outcome::Failed:
            s << "FAILED: " << t.name << " — " << t.reason << '\n';
            break;
        }
    }
    s << QStringLiteral("%1 recorded, %2 skipped, %3 failed\n")
             .arg(recording.count(TestRecording::Outcome::Recorded))
             .arg(recording.count(TestRecording::Outcome::Skipped))
             .arg(recording.count(TestRecording::Outcome::Failed));
    if (!recording.run.tests.isEmpty())
        s << recording.run.sandbox.summary() << '\n';
    return out;
}

} // namespace

int runRecord(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run the model on each [[self_test]]'s inputs (sandboxed, as `carton selftest`) and keep what it returns as "
        "the self-test's expected_out: each output becomes a tensor in tensor_data/.\n"
        "A folder is updated in place; a .carton is written to -o OUT.carton (unchanged files copied as they are).\n"
        "Exit codes: 0 every selected self-test recorded (or skipped), 1 any failed, 2 could not run."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("An unpacked carton folder or a .carton."));
    RunnerCli runnerCli;
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write the carton with the recorded outputs here (a .carton)."),
                                    QStringLiteral("OUT"));
    const QCommandLineOption test(QStringLiteral("test"), QStringLiteral("Record only this self-test (repeatable)."),
                                  QStringLiteral("NAME"));
    const QCommandLineOption overwrite(
        QStringLiteral("overwrite"),
        QStringLiteral("Record self-tests that already have an expected_out too, replacing it."));
    const QCommandLineOption replaceOutput(QStringLiteral("replace-output"),
                                           QStringLiteral("Replace OUT if it exists."));
    const QCommandLineOption ignoreSpecs(
        QStringLiteral("ignore-spec-mismatch"),
        QStringLiteral("Run self-tests whose inputs contradict [[input]] (the outputs must still fit [[output]])."));
    runnerCli.addTo(parser);
    parser.addOptions({output, test, overwrite, replaceOutput, ignoreSpecs});
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("record"), args, 1, &exit))
        return exit;
    if (!runnerCli.read(parser))
        return UsageOrInput;
    const QString file = parser.positionalArguments().constFirst();
    const bool folder = QFileInfo(file).isDir();
    if (!folder && !parser.isSet(output)) {
        printError(
            QStringLiteral("record: %1 is a .carton: give -o OUT.carton to write the recorded carton").arg(file));
        return UsageOrInput;
    }
    RecordOptions options;
    options.tests = parser.values(test);
    options.overwrite = parser.isSet(overwrite);
    options.runDespiteSpecMismatch = parser.isSet(ignoreSpecs);

    auto carton = openCarton(file);
    if (!carton)
        return UsageOrInput;
    if (!carton->info()) {
        printDiagnostics(carton->loadDiagnostics());
        printError(QStringLiteral("%1: carton.toml cannot be read, so nothing can be recorded").arg(file));
        return CartonErrors;
    }
    auto progress = makeProgressBar(QStringLiteral("record"));
    const std::unique_ptr<RunnerSession> session = runnerCli.open(*carton, progress.get());
    if (!session)
        return UsageOrInput;
    Result<Recording> recording = recordOutputs(*carton, *session, options, progress.get());
    finishProgressBar(progress.get());
    if (!recording) {
        printError(recording.error());
        return UsageOrInput;
    }
    if (recording->count(TestRecording::Outcome::Recorded) > 0) {
        CartonInfo info = *carton->info();
        CartonEdits edits(carton.get());
        if (const Status applied = applyRecording(*recording, info, edits); !applied) {
            printError(applied.error());
            return UsageOrInput;
        }
        if (parser.isSet(output)) {
            SaveOptions save;
            save.overwrite = parser.isSet(replaceOutput);
            auto saving = makeProgressBar(QStringLiteral("save"));
            const Result<SaveResult> saved = saveCarton(edits, parser.value(output), save, saving.get());
            finishProgressBar(saving.get());
            if (!saved) {
                printError(saved.error());
                return UsageOrInput;
            }
        } else if (const Status written = writeEditsToFolder(edits, file); !written) {
            printError(written.error());
            return UsageOrInput;
        }
    }
    printOut(textReport(*recording));
    return recording->count(TestRecording::Outcome::Failed) == 0 ? Success : CartonErrors;
}

} // namespace cli
