// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The `carton` tool end to end: real binary, real files, independent cross-checks.
#include "clirunner.h"
#include "fixturepolicy.h"
#include "testpaths.h"
#include "testutil.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kFixture = testutil::sharedPath(u"/fixtures/upstream/test.carton");
const QString kSampleDir = testutil::sourcePath(u"/resources/sample");
const QByteArray kFixtureHash = "f1cae5143a92a44e3a7e1d9c32a0245065dfb6e0f1e91c18b5e44356d081dfb5";

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// Relative path -> content of every file below `root`.
QMap<QString, QByteArray> treeContents(const QString &root, const QSet<QString> &skip = {})
{
    QMap<QString, QByteArray> out;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString rel = QDir(root).relativeFilePath(path);
        if (!skip.contains(rel))
            out.insert(rel, readAll(path));
    }
    return out;
}

void copyTree(const QString &from, const QString &to)
{
    const auto files = treeContents(from);
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        QVERIFY(writeFile(to + u'/' + it.key(), it.value()));
}

} // namespace

class TestCli final : public QObject {
    Q_OBJECT

private slots:
    void usageErrors_data();
    void usageErrors();
    void unreadableInput_data();
    void unreadableInput();
    void infoJsonOnUpstreamFixture();
    void infoHumanOnFolder();
    void verifySourceFolder();
    void outputIsEnglishInAnyLocale();
    void verifyUpstreamFixture();
    void tensorOnUpstreamFixture();
    void packVerifyUnpackRoundTrip_data();
    void packVerifyUnpackRoundTrip();
    void packIsReproducible();
    void independentToolsReadOurCartons_data();
    void independentToolsReadOurCartons();
    void verifyDetectsTampering();
    void verifyReportsCrcMismatch_data();
    void verifyReportsCrcMismatch();
    void infoReportsBrokenToml();
    void infoListsMiscMediaTypes();
    void packRefusesExistingOutput();
    void tensorJsonNumericAndLimit();
    void linkedFilesReportedAndFetched();
    void archiveWithoutManifest();
    void unpackCapsAreConfigurable();
    void runnersListsPluginsAndProblems();
};

void TestCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    // Without a command: the usage on stdout, nothing on stderr (tested below).
    QTest::newRow("no command") << QStringList{};
    QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")};
    QTest::newRow("info without file") << QStringList{QStringLiteral("info")};
    QTest::newRow("info two files") << QStringList{QStringLiteral("info"), QStringLiteral("a"), QStringLiteral("b")};
    QTest::newRow("unknown option") << QStringList{QStringLiteral("info"), QStringLiteral("--bogus"), kFixture};
    QTest::newRow("pack without -o") << QStringList{QStringLiteral("pack"), kSampleDir};
    QTest::newRow("pack bad compression") << QStringList{QStringLiteral("pack"),
                                                         kSampleDir,
                                                         QStringLiteral("-o"),
                                                         QStringLiteral("/tmp/x.carton"),
                                                         QStringLiteral("--compression"),
                                                         QStringLiteral("lzma")};
    QTest::newRow("pack bad level") << QStringList{QStringLiteral("pack"),    kSampleDir,
                                                   QStringLiteral("-o"),      QStringLiteral("/tmp/x.carton"),
                                                   QStringLiteral("--level"), QStringLiteral("99")};
    QTest::newRow("unpack without -o") << QStringList{QStringLiteral("unpack"), kFixture};
    QTest::newRow("tensor bad limit") << QStringList{QStringLiteral("tensor"), kFixture, QStringLiteral("x"),
                                                     QStringLiteral("--limit"), QStringLiteral("-3")};
}

void TestCli::usageErrors()
{
    QFETCH(QStringList, args);
    const RunResult r = runCarton(args);
    QCOMPARE(r.exitCode, 2);
    if (args.isEmpty()) {
        QVERIFY2(r.out.startsWith("usage: carton COMMAND"), r.out.constData());
        QCOMPARE(r.err, QByteArray());
        return;
    }
    // Every other mistake is named on stderr.
    QVERIFY2(r.err.startsWith("error: "), r.err.constData());
}

void TestCli::unreadableInput_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QByteArray>("fragment");
    QTest::newRow("missing file") << QByteArray() << QByteArray("no such file");
    QTest::newRow("random bytes") << QByteArray("this is not a zip file at all, just text\n").repeated(40)
                                  << QByteArray("error:");
    QTest::newRow("empty file") << QByteArray("") << QByteArray("error:");
}

void TestCli::unreadableInput()
{
    QFETCH(QByteArray, content);
    QFETCH(QByteArray, fragment);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.carton"));
    if (QByteArray(QTest::currentDataTag()) != "missing file")
        QVERIFY(writeFile(path, content));
    for (const QString &cmd : {QStringLiteral("info"), QStringLiteral("verify")}) {
        const RunResult r = runCarton({cmd, path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(fragment), r.err.constData());
        QVERIFY2(r.err.contains("broken.carton"), r.err.constData()); // names the file
    }
}

void TestCli::infoJsonOnUpstreamFixture()
{
    if (!QFile::exists(kFixture))
        CARTON_MISSING_FIXTURE("../shared/fixtures/upstream/test.carton not present");
    const RunResult r = runCarton({QStringLiteral("info"), QStringLiteral("--json"), kFixture});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = r.json();
    const QStringList expectedKeys{QStringLiteral("manifest_hash"),
                                   QStringLiteral("spec_version"),
                                   QStringLiteral("model_name"),
                                   QStringLiteral("short_description"),
                                   QStringLiteral("model_description"),
                                   QStringLiteral("license"),
                                   QStringLiteral("repository"),
                                   QStringLiteral("homepage"),
                                   QStringLiteral("required_platforms"),
                                   QStringLiteral("inputs"),
                                   QStringLiteral("outputs"),
                                   QStringLiteral("self_tests"),
                                   QStringLiteral("examples"),
                                   QStringLiteral("runner"),
                                   QStringLiteral("files"),
                                   QStringLiteral("tensors"),
                                   QStringLiteral("diagnostics")};
    QStringList keys = o.keys();
    QStringList sortedExpected = expectedKeys;
    keys.sort();
    sortedExpected.sort();
    QCOMPARE(keys, sortedExpected);
    QCOMPARE(o.value(u"manifest_hash").toString().toLatin1(), kFixtureHash);
    QCOMPARE(o.value(u"spec_version").toInt(), 1);
    QCOMPARE(o.value(u"model_name").toString(), QStringLiteral("Test Model"));
    QVERIFY(o.value(u"license").isNull());
    QCOMPARE(o.value(u"required_platforms").toArray().size(), 4);

    const QJsonArray inputs = o.value(u"inputs").toArray();
    QCOMPARE(inputs.size(), 7);
    QCOMPARE(inputs[0].toObject().value(u"shape").toString(), QStringLiteral("*"));
    QCOMPARE(inputs[1].toObject().value(u"shape").toString(), QStringLiteral("some_symbol"));
    QCOMPARE(inputs[4].toObject().value(u"shape").toArray().size(), 0); // scalar
    const QJsonArray f = inputs[5].toObject().value(u"shape").toArray();
    QCOMPARE(f.size(), 4);
    QCOMPARE(f[0].toString(), QStringLiteral("batch_size"));
    QCOMPARE(f[1].toInt(), 3);
    QVERIFY(inputs[5].toObject().value(u"description").isNull());
    QCOMPARE(o.value(u"outputs").toArray()[0].toObject().value(u"description").toString(),
             QStringLiteral("Some description of the output with emoji! 🥳"));

    const QJsonObject runner = o.value(u"runner").toObject();
    QCOMPARE(runner.value(u"runner_name").toString(), QStringLiteral("python"));

    const QJsonArray files = o.value(u"files").toArray();
    QCOMPARE(files.size(), 12);
    QHash<QString, QJsonObject> byPath;
    for (const QJsonValue &v : files)
        byPath.insert(v.toObject().value(u"path").toString(), v.toObject());
    QCOMPARE(byPath.value(QStringLiteral("MANIFEST")).value(u"compression").toString(), QStringLiteral("stored"));
    QCOMPARE(byPath.value(QStringLiteral("carton.toml")).value(u"compression").toString(), QStringLiteral("zstd"));
    QCOMPARE(byPath.value(QStringLiteral("carton.toml")).value(u"size").toInt(), 1996);
    QCOMPARE(byPath.value(QStringLiteral("carton.toml")).value(u"sha256").toString().size(), 64);
    QVERIFY(byPath.value(QStringLiteral("MANIFEST")).value(u"sha256").isNull());

    QCOMPARE(o.value(u"tensors").toArray().size(), 4);
    QCOMPARE(o.value(u"self_tests").toArray().size(), 1);
    QCOMPARE(o.value(u"examples").toArray().size(), 1);

    // The known real-world inconsistency: input b is float64, its self-test tensor is a string tensor.
    bool sawWarning = false;
    for (const QJsonValue &v : o.value(u"diagnostics").toArray()) {
        const QJsonObject d = v.toObject();
        QVERIFY2(d.value(u"severity").toString() != u"error", qPrintable(d.value(u"message").toString()));
        if (d.value(u"severity").toString() == u"warning" && d.value(u"message").toString().contains(u"float64") &&
            d.value(u"message").toString().contains(u"string"))
            sawWarning = true;
    }
    QVERIFY(sawWarning);
}

void TestCli::infoHumanOnFolder()
{
    const RunResult r = runCarton({QStringLiteral("info"), kSampleDir});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("identity-demo"));
    QVERIFY(r.out.contains("[batch_size, 4]"));
    QVERIFY(r.out.contains("noop"));
}

// A carton source folder (no MANIFEST yet): not verified, and it says why,
// without a wall of "not in MANIFEST" errors.
// Issue 29 item 18: core's messages are translatable for the app, but the CLI
// loads no translator: its text and --json are the same in any locale.
void TestCli::outputIsEnglishInAnyLocale()
{
    // A carton source with problems core/validate reports.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile toml(dir.filePath(QStringLiteral("carton.toml")));
    QVERIFY(toml.open(QIODevice::WriteOnly));
    toml.write("spec_version = 2\nmodel_name = \"\"\n\n[runner]\nrunner_name = \"python\"\n"
               "required_framework_version = \"=3.11\"\nrunner_compat_version = 1\n");
    toml.close();
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("model")));
    QFile main(dir.filePath(QStringLiteral("model/main.py")));
    QVERIFY(main.open(QIODevice::WriteOnly));
    main.write("print(1)\n");
    main.close();

    QProcessEnvironment german = QProcessEnvironment::systemEnvironment();
    german.insert(QStringLiteral("LANG"), QStringLiteral("de_DE.UTF-8"));
    german.insert(QStringLiteral("LC_ALL"), QStringLiteral("de_DE.UTF-8"));
    german.insert(QStringLiteral("LANGUAGE"), QStringLiteral("de"));
    const QString carton = testutil::binaryPath(u"/bin/carton");
    bool sawCoreMessage = false;
    for (const QStringList &args : {QStringList{QStringLiteral("verify"), dir.path()},
                                    QStringList{QStringLiteral("verify"), QStringLiteral("--json"), dir.path()},
                                    QStringList{QStringLiteral("info"), dir.path()}}) {
        const RunResult plain = runCarton(args);
        const RunResult localized = runProgram(carton, args, german);
        QCOMPARE(localized.exitCode, plain.exitCode);
        QCOMPARE(localized.out, plain.out);
        QCOMPARE(localized.err, plain.err);
        sawCoreMessage = sawCoreMessage || plain.out.contains("spec_version is 2; expected 1") ||
                         plain.err.contains("spec_version is 2; expected 1");
    }
    QVERIFY(sawCoreMessage);
}

void TestCli::verifySourceFolder()
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

void TestCli::verifyUpstreamFixture()
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

void TestCli::tensorOnUpstreamFixture()
{
    if (!QFile::exists(kFixture))
        CARTON_MISSING_FIXTURE("../shared/fixtures/upstream/test.carton not present");
    RunResult r =
        runCarton({QStringLiteral("tensor"), QStringLiteral("--json"), kFixture, QStringLiteral("_tensor_0")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QJsonObject o = r.json();
    QCOMPARE(o.value(u"dtype").toString(), QStringLiteral("string"));
    QCOMPARE(o.value(u"shape").toArray().size(), 1);
    const QJsonArray data = o.value(u"data").toArray();
    QCOMPARE(data.size(), 3);
    // The exact strings upstream wrote (UTF-8 through and through: emoji, Telugu).
    QCOMPARE(data[0].toString(), QStringLiteral("Hello 💖 😂😍🎉👍 Unicode"));
    QCOMPARE(data[1].toString(), QStringLiteral("Some Telugu: గ ఘ ఙ చ ఛ జ ఝ ఞ ట ఠ డ ఢ ణ త థ ద ధ న ప ఫ బ భ మ య ర ఱ"));
    QVERIFY(data[2].toString().startsWith(QStringLiteral("Let's 🤑 make 🙋😬 sure 👍")));

    r = runCarton({QStringLiteral("tensor"), QStringLiteral("--json"), kFixture, QStringLiteral("_tensor_3")});
    QCOMPARE(r.exitCode, 0);
    o = r.json();
    QCOMPARE(o.value(u"dtype").toString(), QStringLiteral("int64"));
    QCOMPARE(o.value(u"shape").toArray().size(), 0);
    QCOMPARE(o.value(u"data").toArray().size(), 1);

    r = runCarton({QStringLiteral("tensor"), kFixture, QStringLiteral("no_such_tensor")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("no_such_tensor"));
}

void TestCli::packVerifyUnpackRoundTrip_data()
{
    QTest::addColumn<QString>("method");
    QTest::newRow("stored") << QStringLiteral("stored");
    QTest::newRow("deflate") << QStringLiteral("deflate");
    QTest::newRow("zstd") << QStringLiteral("zstd");
}

void TestCli::packVerifyUnpackRoundTrip()
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
    const QList<QByteArray> lines = readAll(unpacked + QStringLiteral("/MANIFEST")).split('\n');
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

void TestCli::packIsReproducible()
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

void TestCli::independentToolsReadOurCartons_data()
{
    QTest::addColumn<QString>("method");
    QTest::newRow("stored via python zipfile") << QStringLiteral("stored");
    QTest::newRow("deflate via python zipfile") << QStringLiteral("deflate");
    QTest::newRow("zstd via bsdtar") << QStringLiteral("zstd");
}

void TestCli::independentToolsReadOurCartons()
{
    QFETCH(QString, method);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("s.carton"));
    QCOMPARE(runCarton({QStringLiteral("pack"), kSampleDir, QStringLiteral("-o"), out, QStringLiteral("--compression"),
                        method})
                 .exitCode,
             0);
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

void TestCli::verifyDetectsTampering()
{
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("c"));
    copyTree(kSampleDir, folder);
    const QString out = dir.filePath(QStringLiteral("s.carton"));
    QCOMPARE(runCarton({QStringLiteral("pack"), folder, QStringLiteral("-o"), out, QStringLiteral("--compression"),
                        QStringLiteral("stored")})
                 .exitCode,
             0);
    // Unpack, change one byte of a model file, keep the old MANIFEST: verify must fail on that file.
    const QString unpacked = dir.filePath(QStringLiteral("u"));
    QCOMPARE(runCarton({QStringLiteral("unpack"), out, QStringLiteral("-o"), unpacked}).exitCode, 0);
    QByteArray model = readAll(unpacked + QStringLiteral("/model/README.txt"));
    model[0] = model[0] == 'X' ? 'Y' : 'X';
    QVERIFY(writeFile(unpacked + QStringLiteral("/model/README.txt"), model));
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

void TestCli::verifyReportsCrcMismatch_data()
{
    QTest::addColumn<QString>("compression");
    QTest::newRow("stored") << QStringLiteral("stored");
    QTest::newRow("deflate") << QStringLiteral("deflate");
}

void TestCli::verifyReportsCrcMismatch()
{
    // The data and MANIFEST agree, only the zip's CRC-32 of one entry is wrong (in the
    // local header and the central directory alike): every zip tool calls this corrupt.
    QFETCH(QString, compression);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("s.carton"));
    QCOMPARE(runCarton({QStringLiteral("pack"), kSampleDir, QStringLiteral("-o"), out, QStringLiteral("--compression"),
                        compression})
                 .exitCode,
             0);
    QByteArray bytes = readAll(out);
    QCOMPARE(testutil::flipZipCrc(bytes, "model/README.txt", 0x80000001u), 2);
    QVERIFY(writeFile(out, bytes));
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

void TestCli::infoReportsBrokenToml()
{
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("c"));
    copyTree(kSampleDir, folder);
    QVERIFY(writeFile(folder + QStringLiteral("/carton.toml"), "spec_version = 1\nmodel_name = \"unterminated\n"));
    const RunResult r = runCarton({QStringLiteral("info"), QStringLiteral("--json"), folder});
    QCOMPARE(r.exitCode, 1);
    bool found = false;
    for (const QJsonValue &v : r.json().value(u"diagnostics").toArray()) {
        const QJsonObject d = v.toObject();
        if (d.value(u"severity").toString() == u"error" &&
            d.value(u"location").toString().startsWith(u"carton.toml:2")) {
            // The parts of the location, next to its display text.
            QCOMPARE(d.value(u"file").toString(), QStringLiteral("carton.toml"));
            QCOMPARE(d.value(u"line").toInt(), 2);
            QVERIFY(d.value(u"column").toInt() > 0);
            QVERIFY(!d.contains(u"field"));
            found = true;
        }
    }
    QVERIFY2(found, r.out.constData());
    QVERIFY(r.json().value(u"model_name").isNull());
}

void TestCli::infoListsMiscMediaTypes()
{
    // Media types come from the first bytes, not from the names.
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("c"));
    copyTree(kSampleDir, folder);
    QByteArray mp3("ID3\x04\0\0\0\0\0\x10", 10);
    mp3 += QByteArray(16, '\0') + QByteArray("\xFF\xFB\x90\x64", 4) + QByteArray(413, 'U');
    QVERIFY(writeFile(folder + QStringLiteral("/misc/voice"), mp3));
    QVERIFY(writeFile(folder + QStringLiteral("/misc/clip.bin"), QByteArray("\0\0\0\x18"
                                                                            "ftypmp42\0\0\0\0mp42isom",
                                                                            24) +
                                                                     QByteArray(64, '\x01')));
    QVERIFY(writeFile(folder + QStringLiteral("/misc/notes.mp3"), "plain text, whatever the name says\n"));
    const QString out = dir.filePath(QStringLiteral("media.carton"));
    RunResult r = runCarton({QStringLiteral("pack"), folder, QStringLiteral("-o"), out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCarton({QStringLiteral("info"), QStringLiteral("--json"), out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QMap<QString, QJsonValue> types;
    for (const QJsonValue &v : r.json().value(u"files").toArray())
        types.insert(v.toObject().value(u"path").toString(), v.toObject().value(u"media_type"));
    QCOMPARE(types.value(QStringLiteral("misc/voice")).toString(), QStringLiteral("audio/mpeg"));
    QCOMPARE(types.value(QStringLiteral("misc/clip.bin")).toString(), QStringLiteral("video/mp4"));
    QCOMPARE(types.value(QStringLiteral("misc/notes.mp3")).toString(), QStringLiteral("text/plain"));
    QCOMPARE(types.value(QStringLiteral("misc/diagram.png")).toString(), QStringLiteral("image/png"));
    QVERIFY(types.contains(QStringLiteral("carton.toml")));
    QVERIFY(types.value(QStringLiteral("carton.toml")).isNull()); // only misc/ files are sniffed

    r = runCarton({QStringLiteral("info"), out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("Misc files:\n"), r.out.constData());
    QVERIFY2(r.out.contains("  misc/voice  audio/mpeg ("), r.out.constData());
    QVERIFY2(r.out.contains("  misc/notes.mp3  text/plain ("), r.out.constData());
}

void TestCli::packRefusesExistingOutput()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("s.carton"));
    QVERIFY(writeFile(out, "precious"));
    RunResult r = runCarton({QStringLiteral("pack"), kSampleDir, QStringLiteral("-o"), out});
    QVERIFY(r.exitCode != 0);
    QCOMPARE(readAll(out), QByteArray("precious"));
    r = runCarton({QStringLiteral("pack"), kSampleDir, QStringLiteral("-o"), out, QStringLiteral("--force")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(readAll(out).startsWith("PK"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1); // no temporary files left
}

void TestCli::tensorJsonNumericAndLimit()
{
    RunResult r = runCarton({QStringLiteral("tensor"), QStringLiteral("--json"), kSampleDir, QStringLiteral("x")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QJsonObject o = r.json();
    QCOMPARE(o.value(u"dtype").toString(), QStringLiteral("float32"));
    const QJsonArray data = o.value(u"data").toArray();
    QCOMPARE(data.size(), 8);
    QCOMPARE(data[0].toDouble(), 0.5);
    QCOMPARE(data[1].toDouble(), -1.25);
    QCOMPARE(data[7].toDouble(), 100.0);
    r = runCarton({QStringLiteral("tensor"), QStringLiteral("--json"), QStringLiteral("--limit"), QStringLiteral("3"),
                   kSampleDir, QStringLiteral("x")});
    QCOMPARE(r.json().value(u"data").toArray().size(), 3);
    r = runCarton({QStringLiteral("tensor"), QStringLiteral("--json"), kSampleDir, QStringLiteral("labels")});
    QCOMPARE(r.json().value(u"data").toArray()[1].toString(), QStringLiteral("తెలుగు"));
}

void TestCli::linkedFilesReportedAndFetched()
{
    if (!haveProgram(QStringLiteral("python3")))
        CARTON_MISSING_TOOL("python3");
    QTemporaryDir dir;
    const QString packed = dir.filePath(QStringLiteral("s.carton"));
    const QString folder = dir.filePath(QStringLiteral("u"));
    const QString served = dir.filePath(QStringLiteral("served"));
    QCOMPARE(runCarton({QStringLiteral("pack"), kSampleDir, QStringLiteral("-o"), packed}).exitCode, 0);
    QCOMPARE(runCarton({QStringLiteral("unpack"), packed, QStringLiteral("-o"), folder}).exitCode, 0);
    const QByteArray x = readAll(folder + QStringLiteral("/tensor_data/x.bin"));
    QVERIFY(!x.isEmpty());
    QVERIFY(writeFile(served + QStringLiteral("/x.bin"), x));
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
    QVERIFY(writeFile(folder + QStringLiteral("/LINKS"), "version = 1\n[urls]\n" +
                                                             sha256File(served + QStringLiteral("/x.bin")) + " = [\"" +
                                                             url.toUtf8() + "\"]\n"));

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
    QCOMPARE(readAll(out2 + QStringLiteral("/tensor_data/x.bin")), x);

    // A server that answers with other bytes: sha256 mismatch is an error.
    QVERIFY(writeFile(served + QStringLiteral("/x.bin"), "not the tensor"));
    r = runCarton({QStringLiteral("verify"), QStringLiteral("--fetch-links"), folder});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("tensor_data/x.bin"));
    server.kill();
    server.waitForFinished();
}

void TestCli::archiveWithoutManifest()
{
    if (!haveProgram(QStringLiteral("python3")))
        CARTON_MISSING_TOOL("python3");
    QTemporaryDir dir;
    const QString zip = dir.filePath(QStringLiteral("nomanifest.carton"));
    const QString script = QStringLiteral("import sys, zipfile, os\n"
                                          "root = sys.argv[2]\n"
                                          "with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:\n"
                                          "    for d, _, fs in os.walk(root):\n"
                                          "        for f in fs:\n"
                                          "            p = os.path.join(d, f)\n"
                                          "            z.write(p, os.path.relpath(p, root))\n");
    QCOMPARE(runProgram(QStringLiteral("python3"), {QStringLiteral("-c"), script, zip, kSampleDir}).exitCode, 0);
    const RunResult r = runCarton({QStringLiteral("info"), zip});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("error: MANIFEST: missing"), r.err.constData());
    // Everything else still reads: a Deflate carton made by another tool.
    QVERIFY(r.out.contains("identity-demo"));
}

void TestCli::unpackCapsAreConfigurable()
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

void TestCli::runnersListsPluginsAndProblems()
{
    // CARTON_RUNNER_PATH first (the test-only plugins and a broken file), then the
    // per-user folder (an empty HOME here), then ../lib/carton-studio/runners next
    // to the carton binary.
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("bad"))));
    QFile broken(dir.filePath(QStringLiteral("bad/libbroken.so")));
    QVERIFY(broken.open(QIODevice::WriteOnly) && broken.write("not a library") > 0);
    broken.close();
    const QString testRunners = testutil::binaryPath(u"/lib/carton-studio/test-runners");
    const QByteArray oldPath = qgetenv("CARTON_RUNNER_PATH");
    const QByteArray oldHome = qgetenv("XDG_DATA_HOME");
    qputenv("CARTON_RUNNER_PATH", (testRunners + QDir::listSeparator() + dir.filePath(QStringLiteral("bad"))).toUtf8());
    qputenv("XDG_DATA_HOME", dir.filePath(QStringLiteral("data")).toUtf8());
    const RunResult json = runCarton({QStringLiteral("runners"), QStringLiteral("--json")});
    const RunResult text = runCarton({QStringLiteral("runners")});
    qputenv("CARTON_RUNNER_PATH", oldPath);
    qputenv("XDG_DATA_HOME", oldHome);

    QCOMPARE(json.exitCode, 0);
    const QJsonObject o = json.json();
    const QJsonArray searched = o.value(QStringLiteral("search_paths")).toArray();
    QCOMPARE(searched.size(), 4);
    QCOMPARE(searched.at(0).toString(), testRunners);
    QCOMPARE(searched.at(2).toString(), dir.filePath(QStringLiteral("data/carton-studio/runners")));
    QCOMPARE(searched.at(3).toString(), testutil::binaryPath(u"/lib/carton-studio/runners"));
    QCOMPARE(o.value(QStringLiteral("runner_host")).toString(), testutil::binaryPath(u"/bin/carton-runner-host"));
    const QJsonArray plugins = o.value(QStringLiteral("plugins")).toArray();
    QStringList names;
    for (const QJsonValue &p : plugins)
        names << p[QStringLiteral("runner_name")].toString();
    QCOMPARE(names.first(), QStringLiteral("misbehave"));
    QVERIFY(names.contains(QStringLiteral("noop")));
    const QJsonObject misbehave = plugins.first().toObject();
    QCOMPARE(misbehave.value(QStringLiteral("framework_version")).toString(), QStringLiteral("1.0.0"));
    QCOMPARE(misbehave.value(QStringLiteral("runner_compat_versions")).toArray(), QJsonArray{1});
    QCOMPARE(misbehave.value(QStringLiteral("path")).toString(),
             testRunners + QStringLiteral("/libcarton_runner_misbehave.so"));
    const QJsonObject behaviour = misbehave.value(QStringLiteral("options")).toArray().first().toObject();
    QCOMPARE(behaviour.value(QStringLiteral("name")).toString(), QStringLiteral("behaviour"));
    QCOMPARE(behaviour.value(QStringLiteral("default")).toString(), QStringLiteral("none"));
    const QJsonArray problems = o.value(QStringLiteral("problems")).toArray();
    QCOMPARE(problems.size(), 1);
    QCOMPARE(problems.first()[QStringLiteral("path")].toString(), dir.filePath(QStringLiteral("bad/libbroken.so")));
    QCOMPARE(problems.first()[QStringLiteral("message")].toString(),
             QStringLiteral("not a Qt plugin (no plugin metadata)"));

    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("misbehave 1.0.0 (runner_compat_version 1)\n"), text.out.constData());
    QVERIFY2(text.out.contains("  option behaviour (string, default \"none\"): none, crash"), text.out.constData());
    QVERIFY2(text.out.contains("noop 1.0.0 (runner_compat_version 1)\n"), text.out.constData());
    QVERIFY2(text.out.contains(QByteArray("problem: " + dir.filePath(QStringLiteral("bad/libbroken.so")).toUtf8() +
                                          ": not a Qt plugin (no plugin metadata)\n")),
             text.out.constData());
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
