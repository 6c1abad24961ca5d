// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The `carton` tool end to end (real binary, real files): `carton pack` and `carton
// unpack`: round trips, reproducible output, independent tools reading our cartons, caps.
#include "clifixtures.h"
#include "clirunner.h"
#include "fixturepolicy.h"
#include "testpaths.h"
#include "testutil.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace clifixtures;

class TestCliPack final : public QObject {
    Q_OBJECT

private slots:
    void packVerifyUnpackRoundTrip_data();
    void packVerifyUnpackRoundTrip();
    void packIsReproducible();
    void independentToolsReadOurCartons_data();
    void independentToolsReadOurCartons();
    void packRefusesExistingOutput();
    void unpackCapsAreConfigurable();
};

void TestCliPack::packVerifyUnpackRoundTrip_data()
{
    QTest::addColumn<QString>("method");
    QTest::newRow("stored") << QStringLiteral("stored");
    QTest::newRow("deflate") << QStringLiteral("deflate");
    QTest::newRow("zstd") << QStringLiteral("zstd");
}

void TestCliPack::packVerifyUnpackRoundTrip()
{
    QFETCH(QString, method);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("sample.carton"));
    RunResult r = runCarton(
        {QStringLiteral("pack"), kSampleDir, QStringLiteral("-o"), out, QStringLiteral("--compression"), method});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCarton({QStringLiteral("verify"), out});
    QVERIFY2(r.exitCode == 0, QByteArray(r.err + r.out).constData());

    const QString unpacked = dir.filePath(QStringLiteral("unpacked"));
    r = runCarton({QStringLiteral("unpack"), out, QStringLiteral("-o"), unpacked});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(treeContents(unpacked, {QStringLiteral("MANIFEST")}), treeContents(kSampleDir));

    // MANIFEST lines agree with an independent sha256 of every extracted file.
    const QList<QByteArray> lines = testutil::readFile(unpacked + QStringLiteral("/MANIFEST")).split('\n');
    int checked = 0;
    for (const QByteArray &line : lines) {
        if (line.isEmpty())
            continue;
        const int eq = line.lastIndexOf('=');
        QCOMPARE(sha256File(unpacked + u'/' + QString::fromUtf8(line.left(eq))), line.mid(eq + 1));
        ++checked;
    }
    QCOMPARE(checked, treeContents(kSampleDir).size());

    // Pack the unpacked folder again: identical bytes.
    const QString again = dir.filePath(QStringLiteral("again.carton"));
    r = runCarton(
        {QStringLiteral("pack"), unpacked, QStringLiteral("-o"), again, QStringLiteral("--compression"), method});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(sha256File(again), sha256File(out));
}

void TestCliPack::packIsReproducible()
{
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.carton")), b = dir.filePath(QStringLiteral("b.carton"));
    // A copy of the sample in another place, with other timestamps.
    const QString copy = dir.filePath(QStringLiteral("copy"));
    copyTree(kSampleDir, copy);
    QCOMPARE(runCarton({QStringLiteral("pack"), kSampleDir, QStringLiteral("-o"), a}).exitCode, 0);
    QCOMPARE(runCarton({QStringLiteral("pack"), copy, QStringLiteral("-o"), b}).exitCode, 0);
    QCOMPARE(sha256File(a), sha256File(b));
    const RunResult ia = runCarton({QStringLiteral("info"), QStringLiteral("--json"), a});
    const RunResult ib = runCarton({QStringLiteral("info"), QStringLiteral("--json"), b});
    QCOMPARE(ia.json().value(u"manifest_hash"), ib.json().value(u"manifest_hash"));
    QCOMPARE(ia.json().value(u"manifest_hash").toString().size(), 64);
}

void TestCliPack::independentToolsReadOurCartons_data()
{
    QTest::addColumn<QString>("method");
    QTest::newRow("stored via python zipfile") << QStringLiteral("stored");
    QTest::newRow("deflate via python zipfile") << QStringLiteral("deflate");
    QTest::newRow("zstd via bsdtar") << QStringLiteral("zstd");
}

void TestCliPack::independentToolsReadOurCartons()
{
    QFETCH(QString, method);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("s.carton"));
    QCOMPARE(packWith(kSampleDir, out, method), 0);
    const auto expected = treeContents(kSampleDir);
    if (method == u"zstd") {
        if (!haveProgram(QStringLiteral("bsdtar")))
            CARTON_MISSING_TOOL("bsdtar");
        for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
            const RunResult r = runProgram(QStringLiteral("bsdtar"), {QStringLiteral("-xOf"), out, it.key()});
            QCOMPARE(r.exitCode, 0);
            QCOMPARE(r.out, it.value());
        }
        return;
    }
    if (!haveProgram(QStringLiteral("python3")))
        CARTON_MISSING_TOOL("python3");
    const QString script = QStringLiteral("import sys, zipfile, hashlib\n"
                                          "z = zipfile.ZipFile(sys.argv[1])\n"
                                          "assert z.testzip() is None\n"
                                          "for n in sorted(z.namelist()):\n"
                                          "    print(n + '=' + hashlib.sha256(z.read(n)).hexdigest())\n");
    const RunResult r = runProgram(QStringLiteral("python3"), {QStringLiteral("-c"), script, out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    int matched = 0;
    for (const QByteArray &line : r.out.split('\n')) {
        const int eq = line.lastIndexOf('=');
        const QString name = QString::fromUtf8(line.left(eq));
        if (expected.contains(name)) {
            QCOMPARE(line.mid(eq + 1),
                     QCryptographicHash::hash(expected.value(name), QCryptographicHash::Sha256).toHex());
            ++matched;
        }
    }
    QCOMPARE(matched, expected.size());
}

void TestCliPack::packRefusesExistingOutput()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("s.carton"));
    QVERIFY(testutil::writeFile(out, "precious"));
    RunResult r = runCarton({QStringLiteral("pack"), kSampleDir, QStringLiteral("-o"), out});
    QVERIFY(r.exitCode != 0);
    QCOMPARE(testutil::readFile(out), QByteArray("precious"));
    r = runCarton({QStringLiteral("pack"), kSampleDir, QStringLiteral("-o"), out, QStringLiteral("--force")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(testutil::readFile(out).startsWith("PK"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1); // no temporary files left
}

void TestCliPack::unpackCapsAreConfigurable()
{
    if (!haveProgram(QStringLiteral("python3")))
        CARTON_MISSING_TOOL("python3");
    QTemporaryDir dir;
    const QString zip = dir.filePath(QStringLiteral("zeros.carton"));
    const QString script = QStringLiteral("import sys, zipfile\n"
                                          "with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:\n"
                                          "    z.writestr('carton.toml', 'spec_version = 1\\n')\n"
                                          "    z.writestr('model/zeros.bin', bytes(50 << 20))\n");
    QCOMPARE(runProgram(QStringLiteral("python3"), {QStringLiteral("-c"), script, zip}).exitCode, 0);
    RunResult r = runCarton({QStringLiteral("unpack"), zip, QStringLiteral("-o"), dir.filePath(QStringLiteral("a")),
                             QStringLiteral("--max-ratio"), QStringLiteral("500")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("model/zeros.bin") && r.err.contains("ratio"), r.err.constData());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("a/model/zeros.bin"))));
    r = runCarton({QStringLiteral("unpack"), zip, QStringLiteral("-o"), dir.filePath(QStringLiteral("b")),
                   QStringLiteral("--max-size"), QStringLiteral("10")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("model/zeros.bin") && r.err.contains("limit"), r.err.constData());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("b/model/zeros.bin"))));
    r = runCarton({QStringLiteral("unpack"), zip, QStringLiteral("-o"), dir.filePath(QStringLiteral("c")),
                   QStringLiteral("--max-ratio"), QStringLiteral("abc")});
    QCOMPARE(r.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestCliPack)
#include "tst_clipack.moc"
