// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The `carton` tool end to end (real binary, real files): `carton verify` on source
// folders, the upstream fixture, tampering, CRC mismatches, LINKS with --fetch-links.
#include "clifixtures.h"
#include "clirunner.h"
#include "fixturepolicy.h"
#include "testpaths.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace clifixtures;

class TestCliVerify final : public QObject {
    Q_OBJECT

private slots:
    void verifySourceFolder();
    void verifyUpstreamFixture();
    void verifyDetectsTampering();
    void verifyReportsCrcMismatch_data();
    void verifyReportsCrcMismatch();
    void linkedFilesReportedAndFetched();
};

// A carton source folder (no MANIFEST yet): not verified, and it says why,
// without a wall of "not in MANIFEST" errors.
void TestCliVerify::verifySourceFolder()
{
    RunResult r = runCarton({QStringLiteral("verify"), kSampleDir});
    QCOMPARE(r.exitCode, 1); // not verified is not a pass
    QVERIFY2(r.out.startsWith("NOT VERIFIED: a carton source folder without MANIFEST ("), r.out.constData());
    QVERIFY2(!r.err.contains("error:"), r.err.constData());
    r = runCarton({QStringLiteral("verify"), QStringLiteral("--json"), kSampleDir});
    const QJsonArray files = r.json().value(u"files").toArray();
    QVERIFY(!files.isEmpty());
    for (const QJsonValue &v : files)
        QCOMPARE(v.toObject().value(u"state").toString(), QStringLiteral("no manifest"));
}

void TestCliVerify::verifyUpstreamFixture()
{
    if (!QFile::exists(kFixture))
        CARTON_MISSING_FIXTURE("../shared/fixtures/upstream/test.carton not present");
    RunResult r = runCarton({QStringLiteral("verify"), kFixture});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.startsWith("OK: 11 files verified"));
    r = runCarton({QStringLiteral("verify"), QStringLiteral("--json"), kFixture});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json();
    QVERIFY(o.value(u"ok").toBool());
    QCOMPARE(o.value(u"files").toArray().size(), 11);
    for (const QJsonValue &v : o.value(u"files").toArray())
        QCOMPARE(v.toObject().value(u"state").toString(), QStringLiteral("ok"));
}

void TestCliVerify::verifyDetectsTampering()
{
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("c"));
    copyTree(kSampleDir, folder);
    const QString out = dir.filePath(QStringLiteral("s.carton"));
    QCOMPARE(packWith(folder, out, QStringLiteral("stored")), 0);
    // Unpack, change one byte of a model file, keep the old MANIFEST: verify must fail on that file.
    const QString unpacked = dir.filePath(QStringLiteral("u"));
    QCOMPARE(runCarton({QStringLiteral("unpack"), out, QStringLiteral("-o"), unpacked}).exitCode, 0);
    QByteArray model = testutil::readFile(unpacked + QStringLiteral("/model/README.txt"));
    model[0] = model[0] == 'X' ? 'Y' : 'X';
    QVERIFY(testutil::writeFile(unpacked + QStringLiteral("/model/README.txt"), model));
    const RunResult r = runCarton({QStringLiteral("verify"), QStringLiteral("--json"), unpacked});
    QCOMPARE(r.exitCode, 1);
    bool found = false;
    for (const QJsonValue &v : r.json().value(u"files").toArray()) {
        const QJsonObject f = v.toObject();
        if (f.value(u"path").toString() == u"model/README.txt") {
            QCOMPARE(f.value(u"state").toString(), QStringLiteral("mismatch"));
            found = true;
        } else {
            QCOMPARE(f.value(u"state").toString(), QStringLiteral("ok"));
        }
    }
    QVERIFY(found);
    QVERIFY(!r.json().value(u"ok").toBool());
}

void TestCliVerify::verifyReportsCrcMismatch_data()
{
    QTest::addColumn<QString>("compression");
    QTest::newRow("stored") << QStringLiteral("stored");
    QTest::newRow("deflate") << QStringLiteral("deflate");
}

void TestCliVerify::verifyReportsCrcMismatch()
{
    // The data and MANIFEST agree, only the zip's CRC-32 of one entry is wrong (in the
    // local header and the central directory alike): every zip tool calls this corrupt.
    QFETCH(QString, compression);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("s.carton"));
    QCOMPARE(packWith(kSampleDir, out, compression), 0);
    QByteArray bytes = testutil::readFile(out);
    QCOMPARE(testutil::flipZipCrc(bytes, "model/README.txt", 0x80000001u), 2);
    QVERIFY(testutil::writeFile(out, bytes));
    RunResult r = runCarton({QStringLiteral("verify"), QStringLiteral("--json"), out});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(!r.json().value(u"ok").toBool());
    bool found = false;
    for (const QJsonValue &v : r.json().value(u"files").toArray()) {
        const QJsonObject f = v.toObject();
        if (f.value(u"path").toString() == u"model/README.txt") {
            QCOMPARE(f.value(u"state").toString(), QStringLiteral("failed"));
            const QString message = f.value(u"message").toString();
            QVERIFY2(message.contains(u"CRC-32 mismatch: stored 0x"), qPrintable(message));
            found = true;
        } else {
            QCOMPARE(f.value(u"state").toString(), QStringLiteral("ok"));
        }
    }
    QVERIFY(found);
    r = runCarton({QStringLiteral("verify"), out});
    QCOMPARE(r.exitCode, 1);
    static const QRegularExpression line(
        QStringLiteral("error: model/README.txt: .*CRC-32 mismatch: stored 0x[0-9a-f]{8}, data 0x[0-9a-f]{8}\n"));
    QVERIFY2(line.match(QString::fromUtf8(r.err)).hasMatch(), r.err.constData());
    // The verdict names what failed, not just how many.
    QVERIFY2(r.out.contains("1 with problems (model/README.txt); 1 error, first: model/README.txt: "),
             r.out.constData());
}

void TestCliVerify::linkedFilesReportedAndFetched()
{
    if (!haveProgram(QStringLiteral("python3")))
        CARTON_MISSING_TOOL("python3");
    QTemporaryDir dir;
    const QString packed = dir.filePath(QStringLiteral("s.carton"));
    const QString folder = dir.filePath(QStringLiteral("u"));
    const QString served = dir.filePath(QStringLiteral("served"));
    QCOMPARE(runCarton({QStringLiteral("pack"), kSampleDir, QStringLiteral("-o"), packed}).exitCode, 0);
    QCOMPARE(runCarton({QStringLiteral("unpack"), packed, QStringLiteral("-o"), folder}).exitCode, 0);
    const QByteArray x = testutil::readFile(folder + QStringLiteral("/tensor_data/x.bin"));
    QVERIFY(!x.isEmpty());
    QVERIFY(testutil::writeFile(served + QStringLiteral("/x.bin"), x));
    QVERIFY(QFile::remove(folder + QStringLiteral("/tensor_data/x.bin")));

    // A plain HTTP server on loopback, on a free port it picks itself.
    QProcess server;
    server.start(QStringLiteral("python3"),
                 {QStringLiteral("-u"), QStringLiteral("-m"), QStringLiteral("http.server"), QStringLiteral("0"),
                  QStringLiteral("--bind"), QStringLiteral("127.0.0.1"), QStringLiteral("--directory"), served});
    QVERIFY(server.waitForStarted());
    QByteArray banner;
    for (int i = 0; i < 100 && !banner.contains("port "); ++i) {
        server.waitForReadyRead(100);
        banner += server.readAllStandardOutput();
    }
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("port (\\d+)")).match(QString::fromUtf8(banner));
    QVERIFY2(m.hasMatch(), banner.constData());
    const QString url = QStringLiteral("http://127.0.0.1:%1/x.bin").arg(m.captured(1));
    QVERIFY(testutil::writeFile(folder + QStringLiteral("/LINKS"), "version = 1\n[urls]\n" +
                                                                       sha256File(served + QStringLiteral("/x.bin")) +
                                                                       " = [\"" + url.toUtf8() + "\"]\n"));

    RunResult r = runCarton({QStringLiteral("verify"), QStringLiteral("--json"), folder});
    QVERIFY2(r.exitCode == 0, QByteArray(r.out + r.err).constData());
    bool linked = false;
    for (const QJsonValue &v : r.json().value(u"files").toArray())
        if (v.toObject().value(u"path").toString() == u"tensor_data/x.bin")
            linked = v.toObject().value(u"state").toString() == u"linked";
    QVERIFY2(linked, r.out.constData());

    r = runCarton({QStringLiteral("verify"), QStringLiteral("--json"), QStringLiteral("--fetch-links"), folder});
    QVERIFY2(r.exitCode == 0, QByteArray(r.out + r.err).constData());
    for (const QJsonValue &v : r.json().value(u"files").toArray())
        QCOMPARE(v.toObject().value(u"state").toString(), QStringLiteral("ok"));

    r = runCarton({QStringLiteral("tensor"), QStringLiteral("--json"), folder, QStringLiteral("x")});
    QVERIFY(r.exitCode != 0);
    r = runCarton({QStringLiteral("tensor"), QStringLiteral("--json"), QStringLiteral("--fetch-links"), folder,
                   QStringLiteral("x")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.json().value(u"data").toArray()[1].toDouble(), -1.25);

    const QString out1 = dir.filePath(QStringLiteral("v1")), out2 = dir.filePath(QStringLiteral("v2"));
    r = runCarton({QStringLiteral("unpack"), folder, QStringLiteral("-o"), out1});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.err.contains("tensor_data/x.bin"));
    QVERIFY(!QFile::exists(out1 + QStringLiteral("/tensor_data/x.bin")));
    r = runCarton({QStringLiteral("unpack"), QStringLiteral("--fetch-links"), folder, QStringLiteral("-o"), out2});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(testutil::readFile(out2 + QStringLiteral("/tensor_data/x.bin")), x);

    // A server that answers with other bytes: sha256 mismatch is an error.
    QVERIFY(testutil::writeFile(served + QStringLiteral("/x.bin"), "not the tensor"));
    r = runCarton({QStringLiteral("verify"), QStringLiteral("--fetch-links"), folder});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("tensor_data/x.bin"));
    server.kill();
    server.waitForFinished();
}

QTEST_GUILESS_MAIN(TestCliVerify)
#include "tst_cliverify.moc"
