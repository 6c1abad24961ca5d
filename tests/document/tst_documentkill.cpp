// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
//
// Crash safety of the app's save path (issue 11): savedriver saves an edited
// carton through CartonDocument::save, offscreen, as the window does; it is killed
// with SIGKILL at 8 random points (CARTON_KILL_TRIALS=N: more), half of them Save As (a new file), half Save (over the
// original). The original stays intact, nothing half-written appears under the
// final name, and no temporary file is left next to it. The same save, not
// killed, completes (so the kill points lie inside real work).
#include "killtrials.h"
#include "testpaths.h"
#include "testutil.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using killtrials::filesUnder;

class TestDocumentKill : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void uninterruptedSaveCompletes();
    void killedSave_data();
    void killedSave();

private:
    QProcessEnvironment environment() const;
    QTemporaryDir m_tmp;
    QString m_original;     // a 96 MiB carton, zstd
    qint64 m_savedSize = 0; // what a complete save writes
};

QProcessEnvironment TestDocumentKill::environment() const
{
    // Recovery files and settings go to a folder of this test, not the user's.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), m_tmp.filePath(QStringLiteral("home")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("home/data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_tmp.filePath(QStringLiteral("home/config")));
    return env;
}

void TestDocumentKill::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    const QString src = m_tmp.filePath(QStringLiteral("src"));
    QVERIFY(testutil::writeFile(src + QStringLiteral("/carton.toml"),
                                "spec_version = 1\nmodel_name = \"kill\"\n[runner]\nrunner_name = \"noop\"\n"
                                "required_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n"));
    for (int i = 0; i < 6; ++i)
        QVERIFY(testutil::writeFile(src + QStringLiteral("/model/part_%1.bin").arg(i),
                                    testutil::mixedData(8 << 20, quint32(i))));
    m_original = m_tmp.filePath(QStringLiteral("model.carton"));
    QProcess pack;
    pack.start(testutil::binaryPath(u"/bin/carton"), {QStringLiteral("pack"), src, QStringLiteral("-o"), m_original,
                                                      QStringLiteral("--compression"), QStringLiteral("stored")});
    QVERIFY(pack.waitForFinished(120000));
    QVERIFY2(pack.exitCode() == 0, pack.readAllStandardError().constData());
}

void TestDocumentKill::uninterruptedSaveCompletes()
{
    QTemporaryDir out;
    const QString target = out.filePath(QStringLiteral("saved.carton"));
    QProcess driver;
    driver.setProcessEnvironment(environment());
    driver.start(testutil::binaryPath(u"/tests/bin/savedriver"), {m_original, target});
    driver.waitForFinished(120000);
    const bool saved =
        driver.state() == QProcess::NotRunning && driver.exitStatus() == QProcess::NormalExit && driver.exitCode() == 0;
    const QByteArray printed = driver.readAllStandardOutput();
    if (!saved || printed != "saved\n") {
        const QString why = killtrials::describeExit(driver) + QString::fromLocal8Bit(printed);
        driver.kill(); // when it timed out
        driver.waitForFinished(10000);
        QFAIL(qPrintable(why));
    }
    m_savedSize = QFileInfo(target).size();
    QVERIFY2(m_savedSize > 45ll << 20, qPrintable(QString::number(m_savedSize)));
    QProcess info;
    info.start(testutil::binaryPath(u"/bin/carton"), {QStringLiteral("verify"), target});
    QVERIFY(info.waitForFinished(120000));
    QVERIFY2(info.exitCode() == 0, info.readAllStandardError().constData());
}

void TestDocumentKill::killedSave_data()
{
    QTest::addColumn<double>("fraction");
    QTest::addColumn<bool>("overOriginal");
    QRandomGenerator random(20261124); // random points, the same on every run
    for (int i = 0; i < killtrials::trialCount(8); ++i)
        QTest::addRow("%s %d", i % 2 ? "save" : "save as", i / 2) << random.bounded(0.95) << bool(i % 2);
}

void TestDocumentKill::killedSave()
{
    QFETCH(double, fraction);
    QFETCH(bool, overOriginal);
    QVERIFY2(m_savedSize > 0, "uninterruptedSaveCompletes must run first");
    // A loaded machine may not look at the save's progress again before its
    // last copy ends: such a trial killed nothing and says nothing; it is made
    // again on a fresh folder (at most three times).
    std::unique_ptr<QTemporaryDir> out;
    QString dir;
    QMap<QString, QByteArray> before;
    bool killed = false;
    for (int trial = 0; trial < 3 && !killed; ++trial) {
        out = std::make_unique<QTemporaryDir>();
        dir = QFileInfo(out->path()).canonicalFilePath();
        const QString original = dir + QStringLiteral("/model.carton");
        QVERIFY(QFile::copy(m_original, original));
        before = filesUnder(dir);
        const QString target = overOriginal ? original : dir + QStringLiteral("/saved.carton");
        killed = killtrials::runAndKill(testutil::binaryPath(u"/tests/bin/savedriver"), {original, target}, dir,
                                        qint64(fraction * double(m_savedSize)), environment());
    }
    QVERIFY2(killed, "the save finished before the kill point, three times");
    // The original as it was, no output under a final name, no temporary beside it.
    QCOMPARE(filesUnder(dir), before);
}

QTEST_GUILESS_MAIN(TestDocumentKill)
#include "tst_documentkill.moc"
