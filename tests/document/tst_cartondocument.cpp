// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "document/cartondocument.h"
#include "document/modelfiles.h"
#include "document/recoveryfile.h"
#include "documenttestutil.h"
#include "format/cartontoml.h"
#include "model/modelguesses.h"
#include "pack/packer.h"
#include "package/carton.h"
#include "testcartons.h"
#include "testutil.h"

#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <algorithm>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace studio;

using documenttest::waitForSave;

namespace {

// A packed .carton with a model file, a misc file and a tensor index.
QString makeCarton(const QString &dir, const QByteArray &extraToml = {})
{
    return testcartons::packCarton(dir, {{QStringLiteral("carton.toml"), testcartons::minimalToml(extraToml)},
                                         {QStringLiteral("model/model.bin"), QByteArray(100000, 'm')},
                                         {QStringLiteral("misc/readme.txt"), QByteArrayLiteral("hello\n")}});
}

} // namespace

namespace {
QByteArray readStat(pid_t pid)
{
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

class TestCartonDocument : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_carton = makeCarton(m_dir.path());
        QVERIFY2(!m_carton.isEmpty(), "could not pack the test carton");
    }

    void infoEditsUndoAndRedo()
    {
        auto original = testcartons::open(m_carton);
        QVERIFY(original);
        CartonDocument document(original, m_carton);
        QVERIFY(!document.isModified());
        const DocumentState start = document.state();
        QSignalSpy modified(&document, &CartonDocument::modifiedChanged);
        QSignalSpy infoChanged(&document, &CartonDocument::infoChanged);

        carton::CartonInfo info = document.info();
        info.modelName = QStringLiteral("Renamed");
        document.setInfo(info, QStringLiteral("Edit Model Name"));
        QVERIFY(document.isModified());
        QCOMPARE(document.info().modelName, QStringLiteral("Renamed"));
        QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Edit Model Name"));
        QCOMPARE(infoChanged.size(), 1);
        const DocumentState edited = document.state();

        document.undoStack()->undo();
        QVERIFY(document.state() == start);
        QVERIFY(!document.isModified());
        QVERIFY(!modified.isEmpty());
        QCOMPARE(modified.last().at(0).toBool(), false);
        document.undoStack()->redo();
        QVERIFY(document.state() == edited);
        QVERIFY(document.isModified());

        // Setting the same info again is not a step.
        const int count = document.undoStack()->count();
        document.setInfo(document.info(), QStringLiteral("Nothing"));
        QCOMPARE(document.undoStack()->count(), count);
    }

    void typingMergesIntoOneStep()
    {
        auto original = testcartons::open(m_carton);
        CartonDocument document(original, m_carton);
        const DocumentState start = document.state();
        carton::CartonInfo info = document.info();
        QString text;
        for (const QChar c : QStringLiteral("Short text")) {
            text.append(c);
            info.shortDescription = text;
            document.setInfo(info, QStringLiteral("Edit Short Description"), QStringLiteral("short_description"));
        }
        QCOMPARE(document.undoStack()->count(), 1);
        QCOMPARE(document.info().shortDescription, QStringLiteral("Short text"));
        // Another field is another step.
        info.license = QStringLiteral("MIT");
        document.setInfo(info, QStringLiteral("Edit License"), QStringLiteral("license"));
        QCOMPARE(document.undoStack()->count(), 2);
        document.undoStack()->undo();
        document.undoStack()->undo();
        QVERIFY(document.state() == start);

        // Typing and deleting it again leaves no step behind.
        info = document.info();
        info.license = QStringLiteral("X");
        document.setInfo(info, QStringLiteral("Edit License"), QStringLiteral("license"));
        info.license = start.info.license;
        document.setInfo(info, QStringLiteral("Edit License"), QStringLiteral("license"));
        QVERIFY(document.state() == start);
        QVERIFY(!document.isModified());
    }

    void fileEditsUndoAndRedo()
    {
        auto original = testcartons::open(m_carton);
        CartonDocument document(original, m_carton);
        const DocumentState start = document.state();
        const QString disk = m_dir.filePath(QStringLiteral("extra.txt"));
        QVERIFY(testutil::writeFile(disk, QByteArrayLiteral("extra\n")));
        QSignalSpy filesChanged(&document, &CartonDocument::filesChanged);

        QVERIFY(document.addFile(QStringLiteral("misc/extra.txt"), disk).ok());
        const DocumentState added = document.state();
        QVERIFY(document.renameFile(QStringLiteral("misc/readme.txt"), QStringLiteral("misc/README.md")).ok());
        const DocumentState renamed = document.state();
        QVERIFY(document.removeFile(QStringLiteral("misc/extra.txt")).ok());
        QVERIFY(
            document.addBytes(QStringLiteral("misc/new.txt"), QByteArrayLiteral("new"), QStringLiteral("New")).ok());
        QCOMPARE(filesChanged.size(), 4);
        QCOMPARE(document.undoStack()->count(), 4);
        QVERIFY(document.files().find(QStringLiteral("misc/README.md")));
        QVERIFY(!document.files().find(QStringLiteral("misc/readme.txt")));

        // Bad edits are refused and leave no step.
        QVERIFY(!document.removeFile(QStringLiteral("misc/none")).ok());
        QVERIFY(!document.addFile(QStringLiteral("../escape"), disk).ok());
        QVERIFY(!document.renameFile(QStringLiteral("misc/README.md"), QStringLiteral("model/model.bin")).ok());
        QCOMPARE(document.undoStack()->count(), 4);

        document.undoStack()->undo();
        document.undoStack()->undo();
        QVERIFY(document.state() == renamed);
        document.undoStack()->undo();
        QVERIFY(document.state() == added);
        document.undoStack()->undo();
        QVERIFY(document.state() == start);
        document.undoStack()->redo();
        QVERIFY(document.state() == added);
    }

    void validationFollowsEdits()
    {
        auto original = testcartons::open(m_carton);
        CartonDocument document(original, m_carton);
        document.validateNow();
        QVERIFY(!carton::hasErrors(document.diagnostics()));
        QVERIFY(document.missingFields().isEmpty());

        QSignalSpy diagnostics(&document, &CartonDocument::diagnosticsChanged);
        carton::CartonInfo info = document.info();
        info.runner.requiredFrameworkVersion = QStringLiteral("not a version");
        info.shortDescription = QString(101, u'x');
        document.setInfo(info, QStringLiteral("Edit"));
        QTRY_VERIFY_WITH_TIMEOUT(!diagnostics.isEmpty(), 10000);
        QVERIFY(carton::hasErrors(document.diagnostics()));
        QStringList locations;
        for (const carton::Diagnostic &d : document.diagnostics())
            locations.append(d.location.toString());
        QVERIFY2(locations.join(u'|').contains(QStringLiteral("runner.required_framework_version")),
                 qPrintable(locations.join(u'|')));
        QVERIFY2(locations.join(u'|').contains(QStringLiteral("short_description")), qPrintable(locations.join(u'|')));

        info.runner.requiredFrameworkVersion.clear();
        document.setInfo(info, QStringLiteral("Edit"));
        document.validateNow();
        QCOMPARE(document.missingFields(), QStringList{QStringLiteral("runner.required_framework_version")});

        document.undoStack()->undo();
        document.undoStack()->undo();
        document.validateNow();
        QVERIFY(!carton::hasErrors(document.diagnostics()));
    }

    // Tensors added in the session (an import writes a new index.toml) are checked
    // against the specs at once, and again after an undo.
    void validationSeesTensorsAddedInSession()
    {
        auto original = testcartons::open(m_carton);
        QVERIFY(original);
        CartonDocument document(original, m_carton);
        carton::Result<carton::CartonInfo> parsed = carton::parseCartonToml(
            testcartons::minimalToml("[[input]]\nname = \"x\"\ndtype = \"float32\"\nshape = [2]\n\n"
                                     "[[self_test]]\ninputs = { x = \"@tensor_data/t\" }\n"));
        QVERIFY2(parsed.ok(), qPrintable(parsed ? QString() : parsed.error().toString()));
        document.setInfo(*parsed, QStringLiteral("Specs"));
        document.validateNow();
        const auto shapeProblems = [&document] {
            QStringList found;
            for (const carton::Diagnostic &d : document.diagnostics())
                if (d.location.field.startsWith(QStringLiteral("self_test[0].inputs.x")) ||
                    d.location.field.startsWith(QStringLiteral("input[0].shape")))
                    found.append(d.toString());
            return found;
        };
        const QStringList before = shapeProblems();

        // t is [3] where x is declared [2]: a conflict only the tensor shows.
        DocumentState next = document.state();
        const QByteArray index = "[[tensor]]\nname = \"t\"\nfile = \"tensor_0.bin\"\ndtype = \"float32\"\n"
                                 "shape = [3]\ninner = []\n";
        QVERIFY(next.files.putBytes(QStringLiteral("tensor_data/index.toml"), index).ok());
        QVERIFY(next.files.putBytes(QStringLiteral("tensor_data/tensor_0.bin"), QByteArray(12, '\0')).ok());
        document.setState(next, QStringLiteral("Import t"));
        document.validateNow();
        const QStringList after = shapeProblems();
        // Before: t is not there to reference (the files are validated as edited);
        // after: it is, and its shape conflicts.
        QVERIFY2(before.join(u'\n').contains(QStringLiteral("references tensor \"t\"")),
                 qPrintable(before.join(u'\n')));
        QVERIFY2(!after.join(u'\n').contains(QStringLiteral("references tensor \"t\"")), qPrintable(after.join(u'\n')));
        QVERIFY2(after.join(u'\n').contains(QStringLiteral("dimension 0 is 3, but it is declared 2")),
                 qPrintable(after.join(u'\n')));

        document.undoStack()->undo();
        document.validateNow();
        QCOMPARE(shapeProblems(), before);
    }

    void saveEditedCarton()
    {
        auto original = testcartons::open(m_carton);
        CartonDocument document(original, m_carton);
        carton::CartonInfo info = document.info();
        info.modelName = QStringLiteral("Saved Name");
        document.setInfo(info, QStringLiteral("Edit Model Name"));
        QVERIFY(document.renameFile(QStringLiteral("misc/readme.txt"), QStringLiteral("misc/notes.txt")).ok());
        const QString out = m_dir.filePath(QStringLiteral("saved.carton"));
        document.save(out, {});
        QVERIFY(document.isSaving());
        const QString error = waitForSave(document);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!document.isModified());
        QCOMPARE(document.savePath(), out);

        auto saved = testcartons::open(out);
        QVERIFY(saved);
        QCOMPARE(saved->info()->modelName, QStringLiteral("Saved Name"));
        QVERIFY(saved->manifest()->find(QStringLiteral("misc/notes.txt")));
        QVERIFY(!saved->manifest()->find(QStringLiteral("misc/readme.txt")));
        // carton.toml, misc/notes.txt, model/model.bin, tensor_data/index.toml
        QCOMPARE(testutil::checkWithBsdtarAndSha256sum(out, m_dir.filePath(QStringLiteral("bsdtar-saved"))), 4);
    }

    void newDocumentFromHfFolder()
    {
        // A Hugging Face model folder: the card fills license and the descriptions.
        const QString folder = m_dir.filePath(QStringLiteral("hf-tiny"));
        QVERIFY(testutil::writeFile(folder + QStringLiteral("/config.json"),
                                    QByteArrayLiteral("{\"model_type\": \"llama\"}")));
        QVERIFY(testutil::writeFile(folder + QStringLiteral("/model.safetensors"),
                                    QByteArrayLiteral("\2\0\0\0\0\0\0\0{}")));
        QVERIFY(testutil::writeFile(
            folder + QStringLiteral("/README.md"),
            QByteArrayLiteral("---\nlicense: mit\ntags:\n- a\n---\n# Tiny\n\nA tiny model.\n\nMore text.\n")));
        auto files = collectModelFiles(folder);
        QVERIFY2(files.ok(), qPrintable(files.ok() ? QString() : files.error().toString()));
        auto document = CartonDocument::fromModelFiles(*files);
        QCOMPARE(document->info().license.value_or(QString()), QStringLiteral("mit"));
        QCOMPARE(document->info().shortDescription.value_or(QString()), QStringLiteral("A tiny model."));
        QCOMPARE(document->info().modelDescription.value_or(QString()),
                 QStringLiteral("# Tiny\n\nA tiny model.\n\nMore text."));
    }

    void newDocumentFromModelFolder()
    {
        const QString folder = m_dir.filePath(QStringLiteral("resnet"));
        QVERIFY(testutil::writeFile(folder + QStringLiteral("/model.pt"), QByteArray(5000, 't')));
        QVERIFY(testutil::writeFile(folder + QStringLiteral("/sub/labels.txt"), QByteArrayLiteral("cat\ndog\n")));
        QVERIFY(testutil::writeFile(folder + QStringLiteral("/.git/HEAD"), QByteArrayLiteral("ref")));
        auto files = collectModelFiles(folder);
        QVERIFY2(files.ok(), qPrintable(files.ok() ? QString() : files.error().toString()));
        QCOMPARE(files->runner, QStringLiteral("torchscript"));
        QCOMPARE(files->files.size(), 2);
        QCOMPARE(files->files.at(0).archivePath, QStringLiteral("model/model.pt"));
        QCOMPARE(files->files.at(1).archivePath, QStringLiteral("model/sub/labels.txt"));

        auto document = CartonDocument::fromModelFiles(*files);
        QVERIFY(document->isNew());
        QVERIFY(document->isModified());
        QCOMPARE(document->info().modelName, QStringLiteral("resnet"));
        document->validateNow();
        QCOMPARE(document->missingFields(), QStringList{QStringLiteral("runner.required_framework_version")});
        // One validation: the empty version is reported once (it was twice: a
        // "required" error of the editor's own and validateInfo's).
        const auto at = [&document](const QString &field) {
            return std::count_if(document->diagnostics().cbegin(), document->diagnostics().cend(),
                                 [&field](const carton::Diagnostic &d) { return d.location.field == field; });
        };
        QCOMPARE(at(QStringLiteral("runner.required_framework_version")), 1);
        QCOMPARE(at(QStringLiteral("runner.runner_name")), 0);
        QCOMPARE(document->suggestedSavePath(), QDir::homePath() + QStringLiteral("/resnet.carton"));

        carton::CartonInfo info = document->info();
        info.runner.requiredFrameworkVersion = QStringLiteral("=1.13.1");
        document->setInfo(info, QStringLiteral("Edit Framework Version"));
        document->validateNow();
        QVERIFY(document->missingFields().isEmpty());
        const QString out = m_dir.filePath(QStringLiteral("resnet.carton"));
        document->save(out, {});
        const QString error = waitForSave(*document);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!document->isNew());
        QVERIFY(!document->isModified());
        auto saved = testcartons::open(out);
        QVERIFY(saved);
        QCOMPARE(saved->info()->runner.runnerName, QStringLiteral("torchscript"));
        QVERIFY(saved->tensorIndex().has_value()); // index.toml always written
        QVERIFY(saved->manifest()->find(QStringLiteral("model/sub/labels.txt")));
    }

    void guessRunner_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::addColumn<QString>("runner");
        QTest::newRow("torchscript") << QStringList{QStringLiteral("model/a.PT")} << QStringLiteral("torchscript");
        QTest::newRow("python main") << QStringList{QStringLiteral("model/main.py")} << QStringLiteral("python");
        QTest::newRow("python package") << QStringList{QStringLiteral("model/pkg/__init__.py")}
                                        << QStringLiteral("python");
        QTest::newRow("onnx") << QStringList{QStringLiteral("model/m.onnx")} << QString();
        QTest::newRow("pt wins") << QStringList{QStringLiteral("model/main.py"), QStringLiteral("model/w.pth")}
                                 << QStringLiteral("torchscript");
    }
    void guessRunner()
    {
        QFETCH(QStringList, paths);
        QFETCH(QString, runner);
        QCOMPARE(carton::guessRunner(paths), runner);
    }

    void collectRefusals()
    {
        const QString empty = m_dir.filePath(QStringLiteral("empty"));
        QDir().mkpath(empty);
        QVERIFY(!collectModelFiles(empty).ok());
        QVERIFY(!collectModelFiles(m_dir.filePath(QStringLiteral("missing"))).ok());
        const QString outside = m_dir.filePath(QStringLiteral("outside"));
        QVERIFY(testutil::writeFile(outside + QStringLiteral("/a.bin"), QByteArrayLiteral("a")));
        QVERIFY(QFile::link(m_carton, outside + QStringLiteral("/link.carton")));
        auto refused = collectModelFiles(outside);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message.contains(QStringLiteral("outside")), qPrintable(refused.error().message));
        QVERIFY(!collectModelFiles(outside, 0).ok());
    }

    void cancelSaveLeavesNothing()
    {
        const QString folder = m_dir.filePath(QStringLiteral("big"));
        QVERIFY(testutil::writeFile(folder + QStringLiteral("/weights.bin"), testutil::mixedData(96 << 20, 7)));
        auto files = collectModelFiles(folder);
        QVERIFY(files.ok());
        auto document = CartonDocument::fromModelFiles(*files);
        carton::CartonInfo info = document->info();
        info.runner.runnerName = QStringLiteral("noop");
        info.runner.requiredFrameworkVersion = QStringLiteral("=1.0.0");
        document->setInfo(info, QStringLiteral("Edit"));
        const QString out = m_dir.filePath(QStringLiteral("cancelled.carton"));
        QSignalSpy progress(document.get(), &CartonDocument::saveProgress);
        document->save(out, {});
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty(), 20000);
        document->cancelSave();
        const QString error = waitForSave(*document);
        QVERIFY(!error.isEmpty());
        QVERIFY(document->isModified());
        QVERIFY(!QFileInfo::exists(out));
        const QStringList left =
            QDir(m_dir.path()).entryList({QStringLiteral("cancelled*")}, QDir::Files | QDir::Hidden);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(u' ')));
    }

    // The writer of a recovery file counts as alive only while its pid names a
    // running process of this program: one killed a moment ago (a zombie until
    // reaped: the first start after a kill offered nothing) or a reused pid does not.
    void recoveryOwnerIsALiveProcessOfThisProgram()
    {
        RecoveryFile file;
        file.pid = QCoreApplication::applicationPid();
        QVERIFY(!file.isOwnedByLiveProcess()); // this process: its own files are not another's

        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            pause();
            _exit(0);
        }
        file.pid = child; // the same program, running
        QVERIFY(file.isOwnedByLiveProcess());
        QCOMPARE(::kill(child, SIGKILL), 0);
        // Not reaped: a zombie, whose /proc entry stays.
        QTRY_VERIFY(QFile::exists(QStringLiteral("/proc/%1/stat").arg(child)) && readStat(child).contains(") Z "));
        QVERIFY(!file.isOwnedByLiveProcess());
        int status = 0;
        QCOMPARE(waitpid(child, &status, 0), child);
        QVERIFY(!file.isOwnedByLiveProcess()); // gone

        // A running process of another program (a reused pid).
        QProcess other;
        other.start(QStringLiteral("sleep"), {QStringLiteral("30")});
        QVERIFY(other.waitForStarted());
        file.pid = other.processId();
        QVERIFY(QFile::exists(QStringLiteral("/proc/%1").arg(file.pid)));
        QVERIFY(!file.isOwnedByLiveProcess());
        other.kill();
        other.waitForFinished();
    }

    // A recovery file that cannot be written is logged and reported (once until
    // a write succeeds again), never dropped: CartonPage shows it in the status bar.
    void failedAutosaveIsLoggedAndReported()
    {
        auto original = testcartons::open(m_carton);
        CartonDocument document(original, m_carton);
        QSignalSpy failed(&document, &CartonDocument::autosaveFailed);
        // A folder where the recovery file goes: it cannot be written there.
        QVERIFY(QDir().mkpath(document.recoveryPath()));
        carton::CartonInfo info = document.info();
        info.modelName = QStringLiteral("Unkept");
        document.setInfo(info, QStringLiteral("Edit"));
        const QRegularExpression logged(QStringLiteral("^autosave of .+ failed: .*") +
                                        QRegularExpression::escape(document.recoveryPath()));
        QTest::ignoreMessage(QtWarningMsg, logged);
        QVERIFY(!document.autosave());
        QCOMPARE(failed.size(), 1);
        QVERIFY2(failed.at(0).at(0).toString().contains(document.recoveryPath()),
                 qPrintable(failed.at(0).at(0).toString()));
        QTest::ignoreMessage(QtWarningMsg, logged); // logged again, not reported again
        QVERIFY(!document.autosave());
        QCOMPARE(failed.size(), 1);
        // Writable again: written; a later failure is reported anew.
        QVERIFY(QDir(document.recoveryPath()).removeRecursively());
        QVERIFY(document.autosave());
        QVERIFY(QFileInfo(document.recoveryPath()).isFile());
        QVERIFY(QFile::remove(document.recoveryPath()));
        QVERIFY(QDir().mkpath(document.recoveryPath()));
        QTest::ignoreMessage(QtWarningMsg, logged);
        QVERIFY(!document.autosave());
        QCOMPARE(failed.size(), 2);
        QVERIFY(QDir(document.recoveryPath()).removeRecursively());
    }

    void recoveryRoundTrip()
    {
        auto original = testcartons::open(m_carton);
        CartonDocument document(original, m_carton);
        carton::CartonInfo info = document.info();
        info.modelName = QStringLiteral("Recovered");
        document.setInfo(info, QStringLiteral("Edit"));
        const QString disk = m_dir.filePath(QStringLiteral("added.txt"));
        QVERIFY(testutil::writeFile(disk, QByteArrayLiteral("added\n")));
        QVERIFY(document.addFile(QStringLiteral("misc/added.txt"), disk).ok());
        QVERIFY(document.renameFile(QStringLiteral("misc/readme.txt"), QStringLiteral("misc/r.txt")).ok());
        QVERIFY(document.addBytes(QStringLiteral("misc/b.bin"), QByteArray("\0\1\2", 3), QStringLiteral("B")).ok());
        // Written by itself a few seconds after the burst of edits (not two minutes later).
        QVERIFY(!QFileInfo::exists(document.recoveryPath()));
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(document.recoveryPath()), 6000);
        QVERIFY(RecoveryFile::list().contains(document.recoveryPath()));

        auto read = RecoveryFile::read(document.recoveryPath());
        QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
        QCOMPARE(read->originalPath, m_carton);
        auto reopened = testcartons::open(m_carton);
        auto restored = read->restore(reopened.get());
        QVERIFY2(restored.ok(), qPrintable(restored.ok() ? QString() : restored.error().toString()));
        QVERIFY(restored->info == document.info());
        QCOMPARE(restored->files.paths(), document.files().paths());
        QCOMPARE(restored->files.find(QStringLiteral("misc/r.txt"))->originalPath, QStringLiteral("misc/readme.txt"));
        QCOMPARE(restored->files.find(QStringLiteral("misc/b.bin"))->bytes, QByteArray("\0\1\2", 3));

        CartonDocument again(reopened, m_carton);
        again.restoreState(*restored);
        QVERIFY(again.isModified());
        QCOMPARE(again.info().modelName, QStringLiteral("Recovered"));

        // Undo everything: nothing unsaved, the recovery file goes.
        while (document.undoStack()->canUndo())
            document.undoStack()->undo();
        document.autosave();
        QVERIFY(!QFileInfo::exists(document.recoveryPath()));

        // A damaged recovery file is refused with its name.
        const QString bad = RecoveryFile::folder() + QStringLiteral("/bad.json");
        QVERIFY(testutil::writeFile(bad, QByteArrayLiteral("{\"format\": 3")));
        auto refused = RecoveryFile::read(bad);
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().location.endsWith(QStringLiteral("bad.json")));
        QFile::remove(bad);
    }

private:
    QTemporaryDir m_dir;
    QString m_carton;
};

QTEST_GUILESS_MAIN(TestCartonDocument)
#include "tst_cartondocument.moc"
