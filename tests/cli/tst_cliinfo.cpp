// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The `carton` tool end to end (real binary, real files): `carton info` and
// `carton tensor` on the upstream fixture, folders and cartons made by other tools.
#include "clifixtures.h"
#include "clirunner.h"
#include "fixturepolicy.h"
#include "testpaths.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace clifixtures;

class TestCliInfo final : public QObject {
    Q_OBJECT

private slots:
    void infoJsonOnUpstreamFixture();
    void infoHumanOnFolder();
    void infoReportsBrokenToml();
    void infoListsMiscMediaTypes();
    void archiveWithoutManifest();
    void tensorOnUpstreamFixture();
    void tensorJsonNumericAndLimit();
};

void TestCliInfo::infoJsonOnUpstreamFixture()
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

void TestCliInfo::infoHumanOnFolder()
{
    const RunResult r = runCarton({QStringLiteral("info"), kSampleDir});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("identity-demo"));
    QVERIFY(r.out.contains("[batch_size, 4]"));
    QVERIFY(r.out.contains("noop"));
}

void TestCliInfo::infoReportsBrokenToml()
{
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("c"));
    copyTree(kSampleDir, folder);
    QVERIFY(testutil::writeFile(folder + QStringLiteral("/carton.toml"),
                                "spec_version = 1\nmodel_name = \"unterminated\n"));
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

void TestCliInfo::infoListsMiscMediaTypes()
{
    // Media types come from the first bytes, not from the names.
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("c"));
    copyTree(kSampleDir, folder);
    QByteArray mp3("ID3\x04\0\0\0\0\0\x10", 10);
    mp3 += QByteArray(16, '\0') + QByteArray("\xFF\xFB\x90\x64", 4) + QByteArray(413, 'U');
    QVERIFY(testutil::writeFile(folder + QStringLiteral("/misc/voice"), mp3));
    QVERIFY(testutil::writeFile(folder + QStringLiteral("/misc/clip.bin"), QByteArray("\0\0\0\x18"
                                                                                      "ftypmp42\0\0\0\0mp42isom",
                                                                                      24) +
                                                                               QByteArray(64, '\x01')));
    QVERIFY(testutil::writeFile(folder + QStringLiteral("/misc/notes.mp3"), "plain text, whatever the name says\n"));
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

void TestCliInfo::archiveWithoutManifest()
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

void TestCliInfo::tensorOnUpstreamFixture()
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

void TestCliInfo::tensorJsonNumericAndLimit()
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

QTEST_GUILESS_MAIN(TestCliInfo)
#include "tst_cliinfo.moc"
