// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton scan`: exit codes 0 / 1 / 2 and the JSON report, on files built here.
#include "clirunner.h"
#include "scantestutil.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace scantest;

class TestScanCli : public QObject {
    Q_OBJECT
private slots:
    void exitCodes_data();
    void exitCodes();
    void json();
    void usage();
};

void TestScanCli::exitCodes_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("summary");
    QTest::newRow("clean TorchScript carton")
        << u"ok.carton"_s
        << buildZip({storedEntry("carton.toml", plainToml()),
                     storedEntry("model/model.pt", torchScriptZip(torchScriptDataPkl()))})
        << 0 << u"scan complete: no findings"_s;
    QTest::newRow("hostile pickle") << u"evil.pkl"_s << globalReduce("os", "system", "id") << 1
                                    << u"scan complete: findings (1 critical"_s;
    // Cut before anything runs: not a pickle, so nothing the scan can judge.
    QTest::newRow("truncated pickle") << u"cut.pkl"_s << globalReduce("os", "system", "id").left(5) << 2
                                      << u"scan failed: unknown (0 critical, 0 high, 0 medium, 1 info"_s;
    // picklescan's not_a_pickle.bin: "not a pickle", never an import finding.
    QTest::newRow("not a pickle") << u"not_a_pickle.bin"_s << QByteArray("cmod\n\xf8\n") << 2
                                  << u"INFO\tpickle\tnot_a_pickle.bin: not a pickle\n"_s;
    // Cut after the call: the call runs, so findings (and incomplete).
    QTest::newRow("call, then cut") << u"cut.pkl"_s << globalReduce("os", "system", "id").chopped(1) << 1
                                    << u"scan incomplete: findings (1 critical"_s;
    QTest::newRow("legacy torch tar") << u"old.pt"_s << legacyTorchTar(protocol0Reduce("os", "system", "id")) << 1
                                      << u"CRITICAL\tpickle\told.pt: pickle: imports os.system\n"_s;
    QTest::newRow("protocol 0 pytorch_model.bin in a carton")
        << u"p0.carton"_s
        << buildZip({storedEntry("carton.toml", plainToml()),
                     storedEntry("model/pytorch_model.bin", protocol0Reduce("os", "system", "id"))})
        << 1 << u"CRITICAL\tpickle\tmodel/pytorch_model.bin: imports os.system\n"_s;
    QTest::newRow("not a carton") << u"junk.carton"_s << QByteArray("junk") << 2 << u"scan failed: unknown"_s;
}

void TestScanCli::exitCodes()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, bytes);
    QFETCH(int, exitCode);
    QFETCH(QString, summary);
    QTemporaryDir dir;
    const QString path = dir.filePath(name);
    QVERIFY(ziptest::writeFile(path, bytes));
    const RunResult r = runCarton({u"scan"_s, path});
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(r.out).contains(summary), r.out.constData());
    if (exitCode == 2)
        QVERIFY2(r.err.contains("error: "), r.err.constData());
    QVERIFY2(!r.out.contains("CRITICAL") || exitCode == 1, r.out.constData());
}

void TestScanCli::json()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"evil.carton"_s);
    QVERIFY(ziptest::writeFile(
        path, buildZip({storedEntry("carton.toml", cartonToml()),
                        storedEntry("model/model.pt", torchScriptZip(stackGlobalReduce("os", "system", "id")))})));
    const RunResult r = runCarton({u"scan"_s, path, u"--json"_s});
    QCOMPARE(r.exitCode, 1);
    const QJsonObject o = r.json();
    QCOMPARE(o[u"status"_s].toString(), u"complete"_s);
    QCOMPARE(o[u"verdict"_s].toString(), u"findings"_s);
    QCOMPARE(o[u"counts"_s][u"critical"_s].toInt(), 1);
    const QJsonObject first = o[u"findings"_s].toArray().first().toObject();
    QCOMPARE(first[u"severity"_s].toString(), u"critical"_s);
    QCOMPARE(first[u"category"_s].toString(), u"pickle"_s);
    QCOMPARE(first[u"file"_s].toString(), u"model/model.pt: m/data.pkl"_s);
    QCOMPARE(first[u"what"_s].toString(), u"imports os.system"_s);
    const QJsonArray pickles = o[u"pickles"_s].toArray();
    QCOMPARE(pickles.size(), 2);
    const QJsonObject imp = pickles.first()[u"imports"_s].toArray().first().toObject();
    QCOMPARE(imp[u"opcode"_s].toString(), u"STACK_GLOBAL"_s);
    QCOMPARE(imp[u"module"_s].toString(), u"os"_s);
    QCOMPARE(imp[u"allowed"_s].toBool(), false);
    QCOMPARE(o[u"hosts"_s].toArray().size(), 2);
}

void TestScanCli::usage()
{
    QCOMPARE(runCarton({u"scan"_s}).exitCode, 2);
    const RunResult help = runCarton({u"scan"_s, u"--help"_s});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("Exit codes: 0 nothing found, 1 findings, 2 could not scan"));
}

QTEST_GUILESS_MAIN(TestScanCli)
#include "tst_scancli.moc"
