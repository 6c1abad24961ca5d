// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The `carton` tool end to end (real binary, real files): mistakes on the command
// line, unreadable input, the same output in any locale, `carton runners`.
#include "clifixtures.h"
#include "clirunner.h"
#include "fixturepolicy.h"
#include "testpaths.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace clifixtures;

class TestCliUsage final : public QObject {
    Q_OBJECT

private slots:
    void usageErrors_data();
    void usageErrors();
    void unreadableInput_data();
    void unreadableInput();
    void outputIsEnglishInAnyLocale();
    void runnersListsPluginsAndProblems();
};

void TestCliUsage::usageErrors_data()
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

void TestCliUsage::usageErrors()
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

void TestCliUsage::unreadableInput_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QByteArray>("fragment");
    QTest::newRow("missing file") << QByteArray() << QByteArray("no such file");
    QTest::newRow("random bytes") << QByteArray("this is not a zip file at all, just text\n").repeated(40)
                                  << QByteArray("error:");
    QTest::newRow("empty file") << QByteArray("") << QByteArray("error:");
}

void TestCliUsage::unreadableInput()
{
    QFETCH(QByteArray, content);
    QFETCH(QByteArray, fragment);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.carton"));
    if (QByteArray(QTest::currentDataTag()) != "missing file")
        QVERIFY(testutil::writeFile(path, content));
    for (const QString &cmd : {QStringLiteral("info"), QStringLiteral("verify")}) {
        const RunResult r = runCarton({cmd, path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(fragment), r.err.constData());
        QVERIFY2(r.err.contains("broken.carton"), r.err.constData()); // names the file
    }
}

// Issue 29 item 18: core's messages are translatable for the app, but the CLI
// loads no translator: its text and --json are the same in any locale.
void TestCliUsage::outputIsEnglishInAnyLocale()
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

void TestCliUsage::runnersListsPluginsAndProblems()
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

QTEST_GUILESS_MAIN(TestCliUsage)
#include "tst_cliusage.moc"
