// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Crash safety of `carton pack` and `carton unpack`: killed with SIGKILL at 8
// random points each (CARTON_KILL_TRIALS=N: more), and run out of disk space (RLIMIT_FSIZE), they leave no
// half-written file under a final name; pack leaves nothing at all, unpack only
// recognisably named temporaries that the next unpack into the folder removes.
// Permission denied (pack, unpack and edit into a folder or over a file the user
// may not write) is a clear error that leaves the original intact.
// `carton export-tensor` to a new file, killed, leaves nothing at all.
// (`carton edit`, the save path, has its own kill test in tst_cliedit.)
#include "clirunner.h"
#include "killtrials.h"
#include "testpaths.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <grp.h>
#include <optional>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using killtrials::filesUnder;

bool isUnpackTemporary(const QString &relativePath)
{
    return QFileInfo(relativePath).fileName().startsWith(QStringLiteral(".carton-unpack-"));
}

bool runAndKill(const QStringList &args, const QString &watched, qint64 threshold)
{
    return killtrials::runAndKill(testutil::binaryPath(u"/bin/carton"), args, watched, threshold);
}

} // namespace

class TestCliKill : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void killedPackLeavesNothing_data();
    void killedPackLeavesNothing();
    void killedUnpackLeavesNoHalfFile_data();
    void killedUnpackLeavesNoHalfFile();
    void killedExportLeavesNothing_data();
    void killedExportLeavesNothing();
    void diskFull_data();
    void diskFull();
    void permissionDenied_data();
    void permissionDenied();

private:
    QTemporaryDir m_tmp;
    QString m_source;       // a folder carton: 160 MiB of weights and small files
    QString m_packed;       // it, packed Stored
    qint64 m_zstdSize = 0;  // its size packed with zstd
    QString m_tensorCarton; // a zstd carton holding one 160 MiB float32 tensor "w"
    QMap<QString, QByteArray> m_sourceFiles;
};

void TestCliKill::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_source = m_tmp.filePath(QStringLiteral("src"));
    QVERIFY(testutil::writeFile(m_source + QStringLiteral("/carton.toml"),
                                "spec_version = 1\nmodel_name = \"kill\"\n[runner]\nrunner_name = \"noop\"\n"
                                "required_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n"));
    for (int i = 0; i < 20; ++i)
        QVERIFY(testutil::writeFile(m_source + QStringLiteral("/model/part_%1.txt").arg(i),
                                    QByteArray(4096 * (i + 1), char('a' + i))));
    QFile weights(m_source + QStringLiteral("/model/weights.bin"));
    QVERIFY(weights.open(QIODevice::WriteOnly));
    for (int i = 0; i < 160; ++i)
        QCOMPARE(weights.write(testutil::mixedData(1 << 20, quint32(i))), qint64(1 << 20));
    weights.close();
    m_packed = m_tmp.filePath(QStringLiteral("packed.carton"));
    const RunResult r = runCarton({QStringLiteral("pack"), m_source, QStringLiteral("-o"), m_packed,
                                   QStringLiteral("--compression"), QStringLiteral("stored")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString zstd = m_tmp.filePath(QStringLiteral("zstd.carton"));
    const RunResult z = runCarton({QStringLiteral("pack"), m_source, QStringLiteral("-o"), zstd});
    QVERIFY2(z.exitCode == 0, z.err.constData());
    m_zstdSize = QFileInfo(zstd).size();
    QVERIFY(QFile::remove(zstd));
    m_sourceFiles = filesUnder(m_source);

    const QString tensors = m_tmp.filePath(QStringLiteral("tensors"));
    QVERIFY(testutil::writeFile(tensors + QStringLiteral("/carton.toml"),
                                "spec_version = 1\nmodel_name = \"tensors\"\n[runner]\nrunner_name = \"noop\"\n"
                                "required_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n"));
    QVERIFY(testutil::writeFile(tensors + QStringLiteral("/tensor_data/index.toml"),
                                "[[tensor]]\nname = \"w\"\ndtype = \"float32\"\nshape = [41943040]\n"
                                "file = \"w.bin\"\ninner = []\n"));
    QVERIFY(testutil::writeFile(tensors + QStringLiteral("/model/model.txt"), "noop\n"));
    QFile w(tensors + QStringLiteral("/tensor_data/w.bin"));
    QVERIFY(w.open(QIODevice::WriteOnly));
    for (int i = 0; i < 160; ++i)
        QCOMPARE(w.write(testutil::mixedData(1 << 20, quint32(1000 + i))), qint64(1 << 20));
    w.close();
    m_tensorCarton = m_tmp.filePath(QStringLiteral("tensors.carton"));
    const RunResult t = runCarton({QStringLiteral("pack"), tensors, QStringLiteral("-o"), m_tensorCarton});
    QVERIFY2(t.exitCode == 0, t.err.constData());
}

void TestCliKill::killedPackLeavesNothing_data()
{
    QTest::addColumn<double>("fraction");
    QTest::addColumn<QString>("compression");
    QRandomGenerator random(20261123); // random points, the same on every run
    for (int i = 0; i < killtrials::trialCount(8); ++i)
        QTest::addRow("trial %d", i) << random.bounded(0.95)
                                     << (i % 2 ? QStringLiteral("zstd") : QStringLiteral("stored"));
}

void TestCliKill::killedPackLeavesNothing()
{
    QFETCH(double, fraction);
    QFETCH(QString, compression);
    QTemporaryDir outDir;
    const QString dir = QFileInfo(outDir.path()).canonicalFilePath();
    const QString out = dir + QStringLiteral("/out.carton");
    const qint64 expected = compression == u"stored" ? QFileInfo(m_packed).size() : m_zstdSize;
    const bool killed = runAndKill(
        {QStringLiteral("pack"), m_source, QStringLiteral("-o"), out, QStringLiteral("--compression"), compression},
        dir, qint64(fraction * double(expected)));
    QVERIFY2(killed, "the pack finished before the kill point");
    // The output only ever existed as an unnamed temporary file: nothing is left.
    QCOMPARE(QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot), QStringList());
    QCOMPARE(filesUnder(m_source), m_sourceFiles); // the source untouched
}

void TestCliKill::killedUnpackLeavesNoHalfFile_data()
{
    QTest::addColumn<double>("fraction");
    QRandomGenerator random(11232026);
    for (int i = 0; i < killtrials::trialCount(8); ++i)
        QTest::addRow("trial %d", i) << random.bounded(0.95);
}

void TestCliKill::killedUnpackLeavesNoHalfFile()
{
    QFETCH(double, fraction);
    QTemporaryDir outDir;
    const QString dir = QFileInfo(outDir.path()).canonicalFilePath() + QStringLiteral("/x");
    QVERIFY(QDir().mkpath(dir));
    const QByteArray before = sha256File(m_packed);
    const bool killed = runAndKill({QStringLiteral("unpack"), m_packed, QStringLiteral("-o"), dir}, dir,
                                   qint64(fraction * double(QFileInfo(m_packed).size())));
    QVERIFY2(killed, "the unpack finished before the kill point");
    QCOMPARE(sha256File(m_packed), before);
    // Every file under a final name is whole (what the source holds); the rest are
    // recognisable temporaries.
    const QMap<QString, QByteArray> left = filesUnder(dir);
    for (auto it = left.cbegin(); it != left.cend(); ++it) {
        if (isUnpackTemporary(it.key()) || it.key() == u"MANIFEST")
            continue;
        QVERIFY2(m_sourceFiles.contains(it.key()), qPrintable(it.key()));
        QCOMPARE(it.value(), m_sourceFiles.value(it.key()));
    }
    // The next unpack into the folder removes the temporaries and completes.
    const RunResult again =
        runCarton({QStringLiteral("unpack"), m_packed, QStringLiteral("-o"), dir, QStringLiteral("--force")});
    QVERIFY2(again.exitCode == 0, again.err.constData());
    QMap<QString, QByteArray> after = filesUnder(dir);
    after.remove(QStringLiteral("MANIFEST"));
    QCOMPARE(after, m_sourceFiles);
}

void TestCliKill::killedExportLeavesNothing_data()
{
    QTest::addColumn<double>("fraction");
    QTest::addColumn<QString>("format");
    QRandomGenerator random(23112026);
    for (int i = 0; i < killtrials::trialCount(4); ++i)
        QTest::addRow("trial %d", i) << random.bounded(0.95)
                                     << (i % 2 ? QStringLiteral("safetensors") : QStringLiteral("npy"));
}

// Export to a new file writes an unnamed temporary linked into place when
// complete: killed at any point, it leaves no file and no temporary, neither
// beside the output nor in the temporary folder (the zstd tensor is decoded into a
// spill file there, unlinked as soon as it is made).
void TestCliKill::killedExportLeavesNothing()
{
    QFETCH(double, fraction);
    QFETCH(QString, format);
    QTemporaryDir outDir;
    QTemporaryDir tempDir;
    const QString dir = QFileInfo(outDir.path()).canonicalFilePath();
    const QString out = dir + QStringLiteral("/w.") + format;
    const QByteArray before = sha256File(m_tensorCarton);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TMPDIR"), tempDir.path());
    const bool killed = killtrials::runAndKill(
        testutil::binaryPath(u"/bin/carton"),
        {QStringLiteral("export-tensor"), m_tensorCarton, QStringLiteral("w"), QStringLiteral("-o"), out}, dir,
        qint64(fraction * double(160 << 20)), environment);
    QVERIFY2(killed, "the export finished before the kill point");
    const auto everything = QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot;
    QCOMPARE(QDir(dir).entryList(everything), QStringList());
    QCOMPARE(QDir(tempDir.path()).entryList(everything), QStringList());
    QCOMPARE(sha256File(m_tensorCarton), before);
    // Uninterrupted, the same export completes.
    const RunResult r =
        runCarton({QStringLiteral("export-tensor"), m_tensorCarton, QStringLiteral("w"), QStringLiteral("-o"), out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(QFileInfo(out).size() > (160 << 20));
}

void TestCliKill::diskFull_data()
{
    QTest::addColumn<QString>("command");
    QTest::addRow("pack") << QStringLiteral("pack");
    QTest::addRow("unpack") << QStringLiteral("unpack");
}

// A file-size limit of 8 MiB (the disk filling up, for the files this process
// writes): a clear error naming the problem, and nothing left behind.
void TestCliKill::diskFull()
{
    QFETCH(QString, command);
    QTemporaryDir outDir;
    const QString dir = QFileInfo(outDir.path()).canonicalFilePath();
    const QString out = dir + (command == u"pack" ? QStringLiteral("/out.carton") : QStringLiteral("/x"));
    QProcess child;
    child.setChildProcessModifier([] {
        std::signal(SIGXFSZ, SIG_IGN); // writes past the limit fail with EFBIG instead of killing
        rlimit limit{8 << 20, 8 << 20};
        setrlimit(RLIMIT_FSIZE, &limit);
    });
    const QStringList args = command == u"pack"
                                 ? QStringList{QStringLiteral("pack"), m_source, QStringLiteral("-o"), out}
                                 : QStringList{QStringLiteral("unpack"), m_packed, QStringLiteral("-o"), out};
    child.start(testutil::binaryPath(u"/bin/carton"), args);
    QVERIFY(child.waitForFinished(120000));
    const QByteArray err = child.readAllStandardError();
    QCOMPARE(child.exitStatus(), QProcess::NormalExit);
    QVERIFY2(child.exitCode() != 0, err.constData());
    QVERIFY2(err.contains("error:"), err.constData());
    QVERIFY2(err.contains("File too large"), err.constData()); // the system's reason (EFBIG), not a count
    if (command == u"pack") {
        QVERIFY(!QFileInfo::exists(out));
    } else {
        QCOMPARE(filesUnder(out), (QMap<QString, QByteArray>())); // rolled back: no file, no temporary
    }
    QCOMPARE(QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System), QStringList());
}

void TestCliKill::permissionDenied_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QByteArray>("reason");
    // The system's reason (EACCES), or QSaveFile's for a file it may not replace.
    QTest::addRow("pack into a read-only folder") << QStringLiteral("pack") << QByteArray("Permission denied");
    QTest::addRow("unpack into a read-only folder")
        << QStringLiteral("unpack") << QByteArray("cannot create the folder: Permission denied");
    QTest::addRow("edit a carton in a read-only folder")
        << QStringLiteral("edit in place") << QByteArray("packed.carton is not writable");
    QTest::addRow("edit to a read-only file")
        << QStringLiteral("edit over") << QByteArray("target.carton is not writable");
}

// Write permission is missing where the output goes. As root (CI), permissions do
// not stop writes, so the command runs as the unprivileged user "nobody" (uid and
// gid 65534): that is what a user meets on a folder that is not theirs.
void TestCliKill::permissionDenied()
{
    QFETCH(QString, command);
    QFETCH(QByteArray, reason);
    QTemporaryDir base;
    QVERIFY(base.isValid());
    const QString root = QFileInfo(base.path()).canonicalFilePath();
    QVERIFY(QFile::setPermissions(root, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup |
                                            QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther));
    // A small carton, readable by everyone.
    const QString src = root + QStringLiteral("/src");
    QVERIFY(testutil::writeFile(src + QStringLiteral("/carton.toml"),
                                "spec_version = 1\nmodel_name = \"denied\"\n[runner]\nrunner_name = \"noop\"\n"
                                "required_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n"));
    QVERIFY(testutil::writeFile(src + QStringLiteral("/model/weights.bin"), testutil::mixedData(1 << 20, 7)));
    const QString ro = root + QStringLiteral("/ro");
    QVERIFY(QDir().mkpath(ro));
    const QString packed = ro + QStringLiteral("/packed.carton");
    RunResult r = runCarton({QStringLiteral("pack"), src, QStringLiteral("-o"), packed});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString target = ro + QStringLiteral("/target.carton"); // edit over: an existing read-only file
    QVERIFY(QFile::copy(packed, target));
    for (const QString &path : QStringList{src, src + QStringLiteral("/model")})
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0755) == 0);
    for (const QString &path :
         QStringList{src + QStringLiteral("/carton.toml"), src + QStringLiteral("/model/weights.bin"), packed, target})
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0444) == 0);
    QVERIFY(::chmod(QFile::encodeName(ro).constData(), 0555) == 0); // nobody may create files here
    const bool asRoot = ::geteuid() == 0;
    if (!asRoot) // the owner of a 0555 folder cannot write in it either
        QVERIFY(::chmod(QFile::encodeName(root).constData(), 0755) == 0);
    const QMap<QString, QByteArray> before = filesUnder(root);

    QStringList args;
    if (command == u"pack")
        args = {QStringLiteral("pack"), src, QStringLiteral("-o"), ro + QStringLiteral("/out.carton")};
    else if (command == u"unpack")
        args = {QStringLiteral("unpack"), packed, QStringLiteral("-o"), ro + QStringLiteral("/x")};
    else if (command == u"edit in place")
        args = {QStringLiteral("edit"), packed, QStringLiteral("--set"), QStringLiteral("model_name=changed")};
    else
        args = {QStringLiteral("edit"), packed, QStringLiteral("--set"),  QStringLiteral("model_name=changed"),
                QStringLiteral("-o"),   target, QStringLiteral("--force")};
    QProcess child;
    if (asRoot)
        child.setChildProcessModifier([] {
            if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0)
                ::_exit(99);
        });
    child.start(testutil::binaryPath(u"/bin/carton"), args);
    QVERIFY(child.waitForFinished(60000));
    const QByteArray err = child.readAllStandardError();
    QCOMPARE(child.exitStatus(), QProcess::NormalExit);
    QVERIFY2(child.exitCode() != 0 && child.exitCode() != 99, err.constData());
    QVERIFY2(err.contains("error:"), err.constData());
    QVERIFY2(err.contains(reason), err.constData());
    QVERIFY2(err.contains(QFile::encodeName(ro)), err.constData()); // names where it could not write
    QVERIFY(::chmod(QFile::encodeName(ro).constData(), 0755) == 0);
    QCOMPARE(filesUnder(root), before); // nothing written, nothing changed, no temporary left
}

QTEST_GUILESS_MAIN(TestCliKill)
#include "tst_clikill.moc"
