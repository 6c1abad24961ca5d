// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Runner plugins as the registry sees them: metadata, scanning real plugin
// folders, selection by name / semver / compat with exact reasons, options.

#include "runner/runnerplugin.h"
#include "runner/runnerregistry.h"
#include "runnertestutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::RunnerInfo)
Q_DECLARE_METATYPE(carton::RunnerChoice)

namespace {

RunnerPluginInfo plugin(const QString &name, const QString &version, QList<qint64> compat = {1})
{
    RunnerPluginInfo p;
    p.path = u"/plugins/lib%1.so"_s.arg(name);
    p.runnerName = name;
    p.frameworkVersion = version;
    p.compatVersions = compat;
    return p;
}

RunnerInfo runner(const QString &name, const QString &req, qint64 compat = 1)
{
    RunnerInfo r;
    r.runnerName = name;
    r.requiredFrameworkVersion = req;
    r.runnerCompatVersion = compat;
    return r;
}

RunnerRegistry sampleRegistry()
{
    return RunnerRegistry::fromPlugins({plugin(u"torchscript"_s, u"1.13.1"_s), plugin(u"python"_s, u"3.11.2"_s),
                                        plugin(u"noop"_s, u"1.0.0"_s), plugin(u"noop"_s, u"1.2.0"_s, {2})});
}

RunnerPluginInfo withOptions()
{
    RunnerPluginInfo p = plugin(u"torchscript"_s, u"1.13.1"_s);
    RunnerOptionSpec threads;
    threads.name = u"num_threads"_s;
    threads.type = RunnerOptionSpec::Type::Integer;
    threads.defaultValue = 0;
    RunnerOptionSpec scale;
    scale.name = u"scale"_s;
    scale.type = RunnerOptionSpec::Type::Float;
    RunnerOptionSpec model;
    model.name = u"model.*"_s;
    p.options = {threads, scale, model};
    return p;
}

} // namespace

class TestRunnerRegistry : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void metadata_data();
    void metadata();
    void scanFindsBuiltPlugins();
    void scanReportsProblems();
    void select_data();
    void select();
    void forceCandidate();
    void options();
    void optionErrors();
};

void TestRunnerRegistry::metadata_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("error");
    QTest::newRow("good") << QByteArray(R"({"runner_name": "x", "framework_version": "1.2.3",
        "runner_compat_versions": [1, 2], "options": [{"name": "n", "type": "integer", "default": 3}]})")
                          << QString();
    QTest::newRow("no name") << QByteArray(R"({"framework_version": "1.2.3", "runner_compat_versions": [1]})")
                             << u"\"runner_name\" must be a non-empty string"_s;
    QTest::newRow("bad version") << QByteArray(R"({"runner_name": "x", "framework_version": "1.2",
        "runner_compat_versions": [1]})")
                                 << u"\"framework_version\" must be a semantic version (\"1.2\""_s;
    QTest::newRow("no compat") << QByteArray(R"({"runner_name": "x", "framework_version": "1.2.3"})")
                               << u"\"runner_compat_versions\" must be a non-empty array"_s;
    QTest::newRow("compat not integer") << QByteArray(R"({"runner_name": "x", "framework_version": "1.2.3",
        "runner_compat_versions": [1.5]})")
                                        << u"must hold integers"_s;
    QTest::newRow("bad option type") << QByteArray(R"({"runner_name": "x", "framework_version": "1.2.3",
        "runner_compat_versions": [1], "options": [{"name": "n", "type": "int"}]})")
                                     << u"option \"n\" has type \"int\"; expected string, integer"_s;
}

void TestRunnerRegistry::metadata()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, error);
    Result<RunnerPluginInfo> r = parseRunnerPluginMetaData(QJsonDocument::fromJson(json).object(), u"/p/libx.so"_s);
    if (error.isEmpty()) {
        QVERIFY(r.ok());
        QCOMPARE(r->runnerName, u"x"_s);
        QCOMPARE(r->compatVersions, (QList<qint64>{1, 2}));
        QCOMPARE(r->options.size(), 1);
        QCOMPARE(r->options.first().type, RunnerOptionSpec::Type::Integer);
        QCOMPARE(r->options.first().defaultValue.toInt(), 3);
    } else {
        QVERIFY(!r.ok());
        QCOMPARE(r.error().location, u"/p/libx.so"_s);
        QVERIFY2(r.error().message.contains(error), qPrintable(r.error().message));
    }
}

void TestRunnerRegistry::scanFindsBuiltPlugins()
{
    const RunnerRegistry r =
        RunnerRegistry::scan({runnertest::testPluginDir(), runnertest::pluginDir(), u"/nonexistent"_s});
    QVERIFY2(r.problems().isEmpty(), qPrintable(r.problems().value(0).message));
    QStringList names;
    for (const RunnerPluginInfo &p : r.plugins())
        names << p.runnerName;
    // Test plugins first (their folder comes first), then name order within a folder.
    QCOMPARE(names.first(), u"misbehave"_s);
    QVERIFY(names.contains(u"noop"_s));
    const RunnerPluginInfo noop = *r.select(runner(u"noop"_s, u"=1.0.0"_s));
    QCOMPARE(noop.frameworkVersion, u"1.0.0"_s);
    QCOMPARE(noop.compatVersions, QList<qint64>{1});
    QVERIFY(noop.path.startsWith(runnertest::pluginDir()));
    const RunnerPluginInfo misbehave = *r.select(runner(u"misbehave"_s, u"*"_s));
    QCOMPARE(misbehave.options.size(), 3);
    QCOMPARE(misbehave.options.first().name, u"behaviour"_s);
    QCOMPARE(misbehave.options.first().defaultValue.toString(), u"none"_s);
    // The same scan twice gives the same order.
    const RunnerRegistry again = RunnerRegistry::scan({runnertest::testPluginDir(), runnertest::pluginDir()});
    QCOMPARE(again.plugins().size(), r.plugins().size());
    for (qsizetype i = 0; i < r.plugins().size(); ++i)
        QCOMPARE(again.plugins().at(i).path, r.plugins().at(i).path);
}

void TestRunnerRegistry::scanReportsProblems()
{
    QTemporaryDir dir;
    QVERIFY(testutil::writeFile(dir.filePath(u"libbroken.so"_s), "not an ELF file"));
    QVERIFY(testutil::writeFile(dir.filePath(u"README.txt"_s), "ignored: not a library name"));
    // A real Qt plugin of another interface: the host executable is not one, so
    // use a plugin copied under another name to prove names do not matter.
    QVERIFY(QFile::copy(runnertest::pluginDir() + u"/libcarton_runner_noop.so"_s, dir.filePath(u"libzcopy.so"_s)));
    const RunnerRegistry r = RunnerRegistry::scan({dir.path()});
    QCOMPARE(r.problems().size(), 1);
    QCOMPARE(r.problems().first().path, dir.filePath(u"libbroken.so"_s));
    QCOMPARE(r.problems().first().message, u"not a Qt plugin (no plugin metadata)"_s);
    QCOMPARE(r.plugins().size(), 1);
    QCOMPARE(r.plugins().first().runnerName, u"noop"_s);
}

void TestRunnerRegistry::select_data()
{
    QTest::addColumn<RunnerInfo>("carton");
    QTest::addColumn<RunnerChoice>("choice");
    QTest::addColumn<QString>("version"); // chosen framework version, or empty
    QTest::addColumn<QString>("error");
    const RunnerChoice none;
    QTest::newRow("exact") << runner(u"torchscript"_s, u"=1.13.1"_s) << none << u"1.13.1"_s << QString();
    QTest::newRow("python =3.11 (upstream)") << runner(u"python"_s, u"=3.11"_s) << none << u"3.11.2"_s << QString();
    QTest::newRow("caret") << runner(u"torchscript"_s, u"1.13"_s) << none << u"1.13.1"_s << QString();
    QTest::newRow("torch too old")
        << runner(u"torchscript"_s, u">= 2.0.0"_s) << none << QString()
        << u"no installed runner matches: torchscript 1.13.1 is installed; the carton requires torchscript >= 2.0.0"_s;
    QTest::newRow("python =3.10") << runner(u"python"_s, u"=3.10"_s) << none << QString()
                                  << u"python 3.11.2 is installed; the carton requires python =3.10"_s;
    QTest::newRow("compat mismatch") << runner(u"torchscript"_s, u"*"_s, 2) << none << QString()
                                     << u"torchscript 1.13.1 loads runner_compat_version 1; the carton has 2"_s;
    QTest::newRow("second of a name") << runner(u"noop"_s, u"*"_s, 2) << none << u"1.2.0"_s << QString();
    QTest::newRow("unknown runner") << runner(u"wasm"_s, u"0.0.1"_s) << none << QString()
                                    << u"no runner plugin named \"wasm\" is installed (installed: torchscript 1.13.1, "
                                       "python 3.11.2, noop 1.0.0, noop 1.2.0"_s;
    QTest::newRow("bad requirement") << runner(u"noop"_s, u"abc"_s) << none << QString()
                                     << u"required_framework_version \"abc\" is not a version requirement"_s;
    RunnerChoice forced;
    forced.runnerName = u"torchscript"_s;
    forced.force = true;
    QTest::newRow("forced") << runner(u"torchscript"_s, u">=2.0.0"_s) << forced << u"1.13.1"_s << QString();
    RunnerChoice forcedNoop;
    forcedNoop.runnerName = u"noop"_s;
    forcedNoop.force = true;
    QTest::newRow("forced other name, highest version")
        << runner(u"torchscript"_s, u"=2.0.1"_s) << forcedNoop << u"1.2.0"_s << QString();
    RunnerChoice other;
    other.runnerName = u"noop"_s;
    QTest::newRow("other name without force") << runner(u"torchscript"_s, u"*"_s) << other << QString()
                                              << u"the carton needs runner \"torchscript\", not \"noop\""_s;
}

void TestRunnerRegistry::select()
{
    QFETCH(RunnerInfo, carton);
    QFETCH(RunnerChoice, choice);
    QFETCH(QString, version);
    QFETCH(QString, error);
    Result<RunnerPluginInfo> r = sampleRegistry().select(carton, choice);
    if (error.isEmpty()) {
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
        QCOMPARE(r->frameworkVersion, version);
    } else {
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.contains(error), qPrintable(r.error().message));
    }
}

// A forced run is offered only where forcing overcomes the mismatch.
void TestRunnerRegistry::forceCandidate()
{
    const RunnerRegistry registry = sampleRegistry();
    const auto tooOld = registry.forceCandidate(runner(u"torchscript"_s, u">= 2.0.0"_s));
    QVERIFY(tooOld.has_value());
    QCOMPARE(tooOld->runnerName, u"torchscript"_s);
    QCOMPARE(tooOld->frameworkVersion, u"1.13.1"_s);
    const auto compat = registry.forceCandidate(runner(u"noop"_s, u"*"_s, 7)); // newest of the name
    QVERIFY(compat.has_value());
    QCOMPARE(compat->frameworkVersion, u"1.2.0"_s);
    QVERIFY(!registry.forceCandidate(runner(u"torchscript"_s, u"=1.13.1"_s))); // it matches
    QVERIFY(!registry.forceCandidate(runner(u"wasm"_s, u"*"_s)));              // none of that name
    RunnerChoice forced;
    forced.force = true;
    QVERIFY(!registry.forceCandidate(runner(u"torchscript"_s, u">= 2.0.0"_s), forced)); // forced already
    RunnerChoice other;
    other.runnerName = u"noop"_s;
    const auto named = registry.forceCandidate(runner(u"torchscript"_s, u"*"_s), other); // another name, chosen
    QVERIFY(named.has_value());
    QCOMPARE(named->runnerName, u"noop"_s);
}

void TestRunnerRegistry::options()
{
    const RunnerOpts carton{{u"num_threads"_s, qint64(2)}, {u"model.size"_s, u"large"_s}, {u"colour"_s, u"red"_s}};
    const RunnerOpts overrides{{u"num_threads"_s, u"4"_s}, {u"scale"_s, u"0.5"_s}, {u"colour"_s, u"blue"_s}};
    Result<ResolvedRunnerOptions> r = resolveRunnerOptions(withOptions(), carton, overrides);
    QVERIFY(r.ok());
    QCOMPARE(r->options.value(u"num_threads"_s), QJsonValue(4));
    QCOMPARE(r->options.value(u"scale"_s), QJsonValue(0.5));
    QCOMPARE(r->options.value(u"model.size"_s), QJsonValue(u"large"_s));
    QCOMPARE(r->options.value(u"colour"_s), QJsonValue(u"blue"_s));
    QCOMPARE(r->warnings,
             (QStringList{
                 u"runner option 'colour' (from [runner.opts]) is not known to runner torchscript 1.13.1"_s,
                 u"runner option 'colour' (given for this run) is not known to runner torchscript 1.13.1"_s,
             }));
    // Defaults apply when nothing is given.
    r = resolveRunnerOptions(withOptions(), {}, {});
    QVERIFY(r.ok());
    QCOMPARE(r->options, (QJsonObject{{u"num_threads"_s, 0}}));
    QVERIFY(r->warnings.isEmpty());
    // An integer is accepted for a float option.
    r = resolveRunnerOptions(withOptions(), {{u"scale"_s, qint64(2)}}, {});
    QVERIFY(r.ok());
    QCOMPARE(r->options.value(u"scale"_s), QJsonValue(2.0));
}

void TestRunnerRegistry::optionErrors()
{
    Result<ResolvedRunnerOptions> r = resolveRunnerOptions(withOptions(), {{u"num_threads"_s, u"four"_s}}, {});
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Usage);
    QCOMPARE(r.error().message, u"runner option 'num_threads' (from [runner.opts]) must be of type integer, not the "
                                "string \"four\""_s);
    r = resolveRunnerOptions(withOptions(), {}, {{u"num_threads"_s, u"4x"_s}});
    QVERIFY(!r.ok());
    QVERIFY(r.error().message.contains(u"(given for this run) must be of type integer"));
    QVERIFY(!parseRunnerOptionOverride(u"=3"_s).ok());
    Result<QPair<QString, RunnerOpt>> o = parseRunnerOptionOverride(u"a=b=c"_s);
    QVERIFY(o.ok());
    QCOMPARE(o->first, u"a"_s);
    QCOMPARE(std::get<QString>(o->second), u"b=c"_s);
}

QTEST_GUILESS_MAIN(TestRunnerRegistry)
#include "tst_runnerregistry.moc"
