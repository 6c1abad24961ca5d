// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "fixturepolicy.h"
#include "format/cartontoml.h"
#include "format/semver.h"
#include "format/targettriple.h"
#include "format/tomlutil.h"
#include "testpaths.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

QString upstreamTomlDir()
{
    return testutil::sharedPath(u"/fixtures/upstream/toml");
}

QString errorText(const Result<CartonInfo> &r)
{
    return r.ok() ? QString() : r.error().toString();
}

// The checks upstream makes beyond parsing that this area provides functions
// for (semver syntax, target triples) plus the reference prefixes that upstream
// checks while deserializing; validation proper belongs to carton_validate.
QStringList upstreamRejections(const CartonInfo &info)
{
    QStringList why;
    QString err;
    if (const Result<VersionReq> req = VersionReq::parse(info.runner.requiredFrameworkVersion); !req)
        why << u"semver: "_s + req.error().message;
    for (const QString &p : info.requiredPlatforms.value_or(QStringList()))
        if (!isValidTargetTriple(p, &err))
            why << u"target triple: "_s + err;
    for (const SelfTest &t : info.selfTests) {
        for (const auto &[name, ref] : t.inputs + t.expectedOut.value_or(TensorRefs()))
            if (!ref.startsWith(u"@tensor_data/"_s))
                why << u"self_test reference %1 = %2"_s.arg(name, ref);
    }
    for (const Example &e : info.examples) {
        for (const auto &[name, ref] : e.inputs + e.sampleOut)
            if (!ref.startsWith(u"@tensor_data/"_s) && !ref.startsWith(u"@misc/"_s))
                why << u"example reference %1 = %2"_s.arg(name, ref);
    }
    return why;
}

CartonInfo edgeDocument()
{
    CartonInfo info;
    info.specVersion = 1;
    info.modelName = u"quote \" backslash \\ tab \t end"_s;
    info.shortDescription = u"emoji 🥳🚀, Telugu తెలుగు, CJK 漢字, RTL עברית"_s;
    info.modelDescription = u"\n\nLeading blank lines.\nTriple quotes \"\"\" and four \"\"\"\" inside.\n"
                            u"Backslash at end \\\nCRLF here\r\nControl \x01\x1f\x7f chars, NUL-free.\n"
                            u"Ends with quotes \"\""_s;
    info.license = u"Apache-2.0 OR MIT"_s;
    info.repository = u"https://example.com/a?b=c&d=\"e\""_s;
    info.homepage = QString(); // present but empty
    info.requiredPlatforms = QStringList{u"x86_64-unknown-linux-gnu"_s, u"aarch64-apple-darwin"_s};
    TensorSpec in;
    in.name = u"image in"_s;
    in.dtype = DType::Uint8;
    in.dtypeText = u"uint8"_s;
    in.shape = Shape::dims({Dim::symbol(u"batch size"_s), Dim::value(3), Dim::any(), Dim::value(0)});
    in.description = u"line1\nline2"_s;
    in.internalName = u"ns/in:0"_s;
    TensorSpec s2;
    s2.name = u"scalar"_s;
    s2.dtype = DType::String;
    s2.shape = Shape::scalar();
    TensorSpec s3;
    s3.name = u"తెలుగు"_s;
    s3.dtype = DType::Float64;
    s3.shape = Shape::symbol(u"whole"_s);
    info.inputs = {in, s2, s3};
    TensorSpec out;
    out.name = u"out"_s;
    out.dtype = DType::Int64;
    out.shape = Shape::any();
    info.outputs = {out};
    SelfTest t;
    t.name = u""_s;
    t.inputs = {{u"tensor.with.dots"_s, u"@tensor_data/z"_s},
                {u"image in"_s, u"@tensor_data/a"_s},
                {u"scalar"_s, u"@tensor_data/b"_s}};
    t.expectedOut = TensorRefs{{u"out"_s, u"@tensor_data/c"_s}};
    SelfTest t2;
    t2.description = u"no expected_out"_s;
    t2.inputs = {};
    info.selfTests = {t, t2};
    Example e;
    e.name = u"ex"_s;
    e.inputs = {{u"image in"_s, u"@misc/x.png"_s}};
    e.sampleOut = {{u"out"_s, u"@misc/y"_s}};
    info.examples = {e};
    info.runner.runnerName = u"torchscript"_s;
    info.runner.requiredFrameworkVersion = u"=2.0.1"_s;
    info.runner.runnerCompatVersion = 1;
    info.runner.opts = {{u"a float"_s, 0.1},      {u"b_int"_s, qint64(-9223372036854775807LL - 1)},
                        {u"c"_s, 42.0},           {u"d"_s, true},
                        {u"e"_s, u"str \"q\""_s}, {u"f"_s, 1e300},
                        {u"g"_s, -2.5e-8},        {u"é"_s, false}};
    info.unknownToml = "future_key = [1, 2]\n\n[future_table]\nx = 1\n";
    return info;
}

} // namespace

class TestCartonToml : public QObject {
    Q_OBJECT
private slots:
    void upstreamFixtures_data();
    void upstreamFixtures();
    void complete();
    void shapes();
    void optTypes();
    void testCarton();
    void malformed_data();
    void malformed();
    void fieldLines();
    void unknownKeys();
    void selfTestExtensionsRoundTrip();
    void roundTrip_data();
    void roundTrip();
    void writeEdgeDocument();
    void writerLayout();
    void mutationsNeverCrash_data();
    void mutationsNeverCrash();
    void unknownMultiLineStringKeepsLeadingNewline();
    void badUnknownTomlFailsTheWrite();
    void fileNameInLocation();
};

void TestCartonToml::upstreamFixtures_data()
{
    QTest::addColumn<QString>("path");
    const QDir dir(upstreamTomlDir());
    const QStringList files = dir.entryList({u"*.toml"_s}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        CARTON_MISSING_FIXTURE("fixtures/upstream/toml not available");
    for (const QString &f : files)
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
}

void TestCartonToml::upstreamFixtures()
{
    QFETCH(QString, path);
    const QByteArray text = testutil::readFile(path);
    QVERIFY(!text.isEmpty());
    const Result<CartonInfo> r = parseCartonToml(text, QFileInfo(path).fileName());
    const bool expectFailure = path.endsWith(u"_expect_failure.toml"_s);
    if (!expectFailure) {
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QCOMPARE(upstreamRejections(*r), QStringList());
        return;
    }
    // None of upstream's failure fixtures is a structural error: each parses, and
    // is rejected by a semantic check (target triple / reference prefix).
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    const QStringList why = upstreamRejections(*r);
    QVERIFY(!why.isEmpty());
    const QString name = QFileInfo(path).fileName();
    if (name == u"required_platforms_expect_failure.toml") {
        QCOMPARE(why.size(), 1);
        QVERIFY2(why.first().startsWith(u"target triple: "_s) && why.first().contains(u"aninvalidplatform"_s),
                 qPrintable(why.first()));
    } else if (name.startsWith(u"invalid_self_test"_s)) {
        QCOMPARE(why.size(), 1);
        QVERIFY2(why.first().startsWith(u"self_test reference x = "_s), qPrintable(why.first()));
    }
}

void TestCartonToml::complete()
{
    const QByteArray text = testutil::readFile(upstreamTomlDir() + u"/complete.toml"_s);
    if (text.isEmpty())
        CARTON_MISSING_FIXTURE("fixtures/upstream/toml/complete.toml not available");
    const Result<CartonInfo> r = parseCartonToml(text);
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    const CartonInfo &info = *r;
    QCOMPARE(info.specVersion, 1);
    QCOMPARE(info.modelName, u"super_awesome_test_model"_s);
    QVERIFY(!info.shortDescription);
    QVERIFY(info.modelDescription->startsWith(u"Some description of the model"_s));
    QVERIFY(info.modelDescription->endsWith(u"for more details\n"_s));
    QVERIFY(info.modelDescription->contains(u"\n\nThis can span multiple lines."_s));
    QCOMPARE(info.requiredPlatforms, QStringList());
    QVERIFY(info.requiredPlatforms.has_value());
    QCOMPARE(info.inputs.size(), 2);
    QCOMPARE(info.inputs[0].name, u"x"_s);
    QCOMPARE(info.inputs[0].dtype, DType::Float32);
    QCOMPARE(info.inputs[0].dtypeText, u"float32"_s);
    QCOMPARE(info.inputs[0].shape.toString(), u"[batch_size, 3, 512, 512]"_s);
    QCOMPARE(info.inputs[0].description, u"Something"_s);
    QCOMPARE(info.inputs[0].internalName, u"some_namespace/in_x:0"_s);
    QCOMPARE(info.inputs[1].name, u"y"_s);
    QVERIFY(!info.inputs[1].description);
    QCOMPARE(info.inputs[1].shape, Shape::dims({Dim::symbol(u"batch_size"_s), Dim::value(10)}));
    QCOMPARE(info.outputs.size(), 1);
    QCOMPARE(info.outputs[0].shape.toString(), u"[batch_size, 128]"_s);
    QCOMPARE(info.selfTests.size(), 1);
    QCOMPARE(info.selfTests[0].name, u""_s);
    QCOMPARE(info.selfTests[0].inputs,
             (TensorRefs{{u"x"_s, u"@tensor_data/self_test_tensor_0"_s}, {u"y"_s, u"@tensor_data/sometensor"_s}}));
    QCOMPARE(info.selfTests[0].expectedOut, (TensorRefs{{u"out"_s, u"@tensor_data/another_tensor"_s}}));
    QCOMPARE(info.examples.size(), 1);
    QCOMPARE(info.examples[0].inputs,
             (TensorRefs{{u"x"_s, u"@misc/input.png"_s}, {u"y"_s, u"@tensor_data/something"_s}}));
    QCOMPARE(info.examples[0].sampleOut, (TensorRefs{{u"out"_s, u"@misc/..."_s}}));
    QCOMPARE(info.runner.runnerName, u"torchscript"_s);
    QCOMPARE(info.runner.requiredFrameworkVersion, u"=1.12.1"_s);
    QCOMPARE(info.runner.runnerCompatVersion, 2);
    QCOMPARE(info.runner.opts, (RunnerOpts{{u"num_interop_threads"_s, qint64(4)}, {u"num_threads"_s, qint64(1)}}));
    QVERIFY(info.unknownToml.isEmpty());
    QVERIFY(info.ignoredKeys.isEmpty());
}

void TestCartonToml::shapes()
{
    const QByteArray text = testutil::readFile(upstreamTomlDir() + u"/shapes.toml"_s);
    if (text.isEmpty())
        CARTON_MISSING_FIXTURE("fixtures/upstream/toml/shapes.toml not available");
    const Result<CartonInfo> r = parseCartonToml(text);
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    const QList<Shape> expected = {
        Shape::any(),
        Shape::symbol(u"some_symbol"_s),
        Shape::dims({Dim::any()}),
        Shape::dims({Dim::symbol(u"some_symbol"_s)}),
        Shape::scalar(),
        Shape::dims({Dim::symbol(u"batch_size"_s), Dim::value(3), Dim::value(512), Dim::value(512)}),
        Shape::dims({Dim::any(), Dim::any(), Dim::any()}),
    };
    QCOMPARE(r->inputs.size(), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i) {
        QCOMPARE(r->inputs[i].name, QString(QChar(char16_t(u'A' + i))));
        QCOMPARE(r->inputs[i].shape, expected[i]);
    }
    QCOMPARE(r->inputs[0].shape.toString(), u"*"_s);
    QCOMPARE(r->inputs[4].shape.toString(), u"[]"_s);
}

void TestCartonToml::optTypes()
{
    const QByteArray text = testutil::readFile(upstreamTomlDir() + u"/opt_types.toml"_s);
    if (text.isEmpty())
        CARTON_MISSING_FIXTURE("fixtures/upstream/toml/opt_types.toml not available");
    const Result<CartonInfo> r = parseCartonToml(text);
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    // Sorted by key.
    QCOMPARE(
        r->runner.opts,
        (RunnerOpts{{u"bool"_s, false}, {u"float"_s, 4.23}, {u"integer"_s, qint64(42)}, {u"string"_s, u"string"_s}}));
    QVERIFY(std::holds_alternative<qint64>(r->runner.opts[2].second));
    QVERIFY(std::holds_alternative<double>(r->runner.opts[1].second));
}

void TestCartonToml::testCarton()
{
    const QString carton = testutil::sharedPath(u"/fixtures/upstream/test.carton");
    if (!QFile::exists(carton))
        CARTON_MISSING_FIXTURE("fixtures/upstream/test.carton not available");
    const QString bsdtar = QStandardPaths::findExecutable(u"bsdtar"_s);
    if (bsdtar.isEmpty())
        CARTON_MISSING_TOOL("bsdtar");
    QProcess p;
    p.start(bsdtar, {u"-xOf"_s, carton, u"carton.toml"_s});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const QByteArray text = p.readAllStandardOutput();
    const Result<CartonInfo> r = parseCartonToml(text);
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    const CartonInfo &info = *r;
    QCOMPARE(info.modelName, u"Test Model"_s);
    QCOMPARE(info.shortDescription->size(), 72);
    QVERIFY(
        info.modelDescription->startsWith(u"\nSome description"_s)); // the first newline is trimmed, the second kept
    QVERIFY(info.modelDescription->contains(u"![Model Architecture](@misc/model_architecture.png)"_s));
    QCOMPARE(info.requiredPlatforms->size(), 4);
    QCOMPARE(info.inputs.size(), 7);
    QCOMPARE(info.inputs[1].dtype, DType::Float64);
    QCOMPARE(info.inputs[3].dtype, DType::Int8);
    QCOMPARE(info.inputs[5].shape.toString(), u"[batch_size, 3, 512, 512]"_s);
    QCOMPARE(info.outputs.size(), 1);
    QCOMPARE(info.outputs[0].dtype, DType::Uint32);
    QCOMPARE(info.outputs[0].description, u"Some description of the output with emoji! 🥳"_s);
    // [self_test.inputs] as a sub-table, in file order (b before a).
    QCOMPARE(info.selfTests.size(), 1);
    QCOMPARE(info.selfTests[0].name, u"a_self_test"_s);
    QCOMPARE(info.selfTests[0].inputs,
             (TensorRefs{{u"b"_s, u"@tensor_data/_tensor_0"_s}, {u"a"_s, u"@tensor_data/_tensor_1"_s}}));
    QCOMPARE(info.examples[0].inputs, (TensorRefs{{u"f"_s, u"@misc/_example_misc_file_0"_s}}));
    QCOMPARE(info.runner.runnerName, u"python"_s);
    QCOMPARE(info.runner.requiredFrameworkVersion, u"=3.11"_s);
    QCOMPARE(info.runner.runnerCompatVersion, 1);
    QCOMPARE(info.runner.opts,
             (RunnerOpts{{u"entrypoint_fn"_s, u"get_model"_s}, {u"entrypoint_package"_s, u"main"_s}}));
    QCOMPARE(upstreamRejections(info), QStringList());
    const auto req = VersionReq::parse(info.runner.requiredFrameworkVersion);
    QVERIFY(req && req->matches(u"3.11.1"_s) && !req->matches(u"3.12.0"_s));
    // And it survives our writer.
    const Result<CartonInfo> again = parseCartonToml(writeCartonToml(info).value());
    QVERIFY2(again.ok(), qPrintable(errorText(again)));
    QVERIFY(*again == info);
}

void TestCartonToml::malformed_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("message");
    const QByteArray runner =
        "[runner]\nrunner_name = \"r\"\nrequired_framework_version = \"=1\"\nrunner_compat_version = 1\n";
    const QByteArray head = "spec_version = 1\n";
    const QByteArray input = "[[input]]\nname = \"x\"\ndtype = \"float32\"\n";
    QTest::newRow("syntax: unterminated string")
        << QByteArray("spec_version = 1\nmodel_name = \"abc\n") << u"carton.toml:2:18"_s << u"TOML syntax error"_s;
    QTest::newRow("syntax: duplicate key") << QByteArray(head + "model_name = \"a\"\nmodel_name = \"b\"\n" + runner)
                                           << u"carton.toml:3:14"_s << u"TOML syntax error"_s;
    QTest::newRow("syntax: invalid utf8")
        << QByteArray(head + "model_name = \"\xff\"\n") << u"carton.toml:2:14"_s << u"TOML syntax error"_s;
    QTest::newRow("missing spec_version")
        << QByteArray(runner) << u"carton.toml"_s << u"spec_version: missing required key"_s;
    QTest::newRow("spec_version string") << QByteArray("spec_version = \"1\"\n" + runner) << u"carton.toml:1:16"_s
                                         << u"spec_version: expected an integer, found a string"_s;
    QTest::newRow("model_name integer") << QByteArray(head + "model_name = 5\n" + runner) << u"carton.toml:2:14"_s
                                        << u"model_name: expected a string, found an integer"_s;
    QTest::newRow("missing runner") << QByteArray(head) << u"carton.toml"_s
                                    << u"runner: missing required table [runner]"_s;
    QTest::newRow("runner not a table") << QByteArray(head + "runner = \"torchscript\"\n") << u"carton.toml:2:10"_s
                                        << u"runner: expected a table ([runner]), found a string"_s;
    QTest::newRow("missing runner_name")
        << QByteArray(head + "\n[runner]\nrequired_framework_version = \"=1\"\nrunner_compat_version = 1\n")
        << u"carton.toml:3:1"_s << u"runner.runner_name: missing required key"_s;
    QTest::newRow("compat version float")
        << QByteArray(
               head +
               "[runner]\nrunner_name = \"r\"\nrequired_framework_version = \"=1\"\nrunner_compat_version = 1.5\n")
        << u"carton.toml:5:25"_s << u"runner.runner_compat_version: expected an integer, found a float"_s;
    QTest::newRow("opt array")
        << QByteArray(head + runner + "[runner.opts]\nok = 1\nthreads = [1, 2]\n") << u"carton.toml:8:11"_s
        << u"runner.opts.threads: expected an integer, float, string or boolean, found an array"_s;
    QTest::newRow("opt date") << QByteArray(head + runner + "[runner.opts]\nwhen = 1979-05-27\n")
                              << u"carton.toml:7:8"_s
                              << u"runner.opts.when: expected an integer, float, string or boolean, found a date"_s;
    QTest::newRow("opt table") << QByteArray(head + runner + "[runner.opts]\nsub = { a = 1 }\n") << u"carton.toml:7:7"_s
                               << u"runner.opts.sub: expected an integer, float, string or boolean, found a table"_s;
    QTest::newRow("shape float")
        << QByteArray(head + input + "shape = \"*\"\n" + input + "shape = 1.5\n" + runner) << u"carton.toml:9:9"_s
        << u"input[1].shape: expected a string or an array of integers/strings, found a float"_s;
    QTest::newRow("negative dim") << QByteArray(head + input + "shape = [1, -3]\n" + runner) << u"carton.toml:5:13"_s
                                  << u"input[0].shape[1]: negative dimension -3"_s;
    QTest::newRow("float dim")
        << QByteArray(head + input + "shape = [2.0]\n" + runner) << u"carton.toml:5:10"_s
        << u"input[0].shape[0]: expected an integer >= 0, a symbol string or \"*\", found a float"_s;
    QTest::newRow("nested dims")
        << QByteArray(head + input + "shape = [[1, 2]]\n" + runner) << u"carton.toml:5:10"_s
        << u"input[0].shape[0]: expected an integer >= 0, a symbol string or \"*\", found an array"_s;
    QTest::newRow("unknown dtype") << QByteArray(head + "[[output]]\nname = \"y\"\ndtype = \"float128\"\nshape = []\n" +
                                                 runner)
                                   << u"carton.toml:4:9"_s << u"output[0].dtype: unknown dtype \"float128\""_s;
    QTest::newRow("preview-only dtype") << QByteArray(head +
                                                      "[[output]]\nname = \"y\"\ndtype = \"bfloat16\"\nshape = []\n" +
                                                      runner)
                                        << u"carton.toml:4:9"_s << u"output[0].dtype: unknown dtype \"bfloat16\""_s;
    QTest::newRow("missing shape") << QByteArray(head + runner + "\n" + input) << u"carton.toml:7:1"_s
                                   << u"input[0].shape: missing required key"_s;
    QTest::newRow("missing name") << QByteArray(head + "[[input]]\ndtype = \"int8\"\nshape = []\n" + runner)
                                  << u"carton.toml:2:1"_s << u"input[0].name: missing required key"_s;
    QTest::newRow("input as table") << QByteArray(head + "[input]\nname = \"x\"\n" + runner) << u"carton.toml:2:1"_s
                                    << u"input: expected an array of tables ([[input]]), found a table"_s;
    QTest::newRow("input array of strings") << QByteArray(head + "input = [\"x\"]\n" + runner) << u"carton.toml:2:10"_s
                                            << u"input[0]: expected a table, found a string"_s;
    QTest::newRow("self_test without inputs") << QByteArray(head + runner + "\n[[self_test]]\nname = \"t\"\n")
                                              << u"carton.toml:7:1"_s << u"self_test[0].inputs: missing required key"_s;
    QTest::newRow("self_test ref not a string")
        << QByteArray(head + runner + "[[self_test]]\ninputs = { x = \"@tensor_data/a\", y = 3 }\n")
        << u"carton.toml:7:38"_s << u"self_test[0].inputs.y: expected a string, found an integer"_s;
    QTest::newRow("expected_out array")
        << QByteArray(head + runner + "[[self_test]]\ninputs = {}\nexpected_out = [\"@tensor_data/a\"]\n")
        << u"carton.toml:8:16"_s << u"self_test[0].expected_out: expected a table of tensor name"_s;
    QTest::newRow("example without sample_out")
        << QByteArray(head + runner + "[[example]]\ninputs = { x = \"@misc/a.png\" }\n") << u"carton.toml:6:1"_s
        << u"example[0].sample_out: missing required key"_s;
    QTest::newRow("required_platforms string")
        << QByteArray(head + "required_platforms = \"x86_64-unknown-linux-gnu\"\n" + runner) << u"carton.toml:2:22"_s
        << u"required_platforms: expected an array of target triple strings, found a string"_s;
    QTest::newRow("required_platforms entry integer")
        << QByteArray(head + "required_platforms = [\"x86_64-apple-darwin\", 7]\n" + runner) << u"carton.toml:2:46"_s
        << u"required_platforms[1]: expected a string, found an integer"_s;
}

void TestCartonToml::malformed()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, location);
    QFETCH(QString, message);
    const Result<CartonInfo> r = parseCartonToml(text);
    QVERIFY2(!r.ok(), "parsed, but should have failed");
    QCOMPARE(r.error().code, ErrorCode::Format);
    QCOMPARE(r.error().location, location);
    QVERIFY2(r.error().message.startsWith(message), qPrintable(r.error().message));
}

void TestCartonToml::fieldLines()
{
    const QByteArray text = "spec_version = 1\n"                   // 1
                            "model_name = \"m\"\n"                 // 2
                            "required_platforms = [\n"             // 3
                            "  \"x86_64-apple-darwin\",\n"         // 4
                            "]\n"                                  // 5
                            "[[input]]\n"                          // 6
                            "name = \"a\"\n"                       // 7
                            "dtype = \"int8\"\n"                   // 8
                            "shape = []\n"                         // 9
                            "[[input]]\n"                          // 10
                            "name = \"b\"\n"                       // 11
                            "dtype = \"int8\"\n"                   // 12
                            "shape = [\n"                          // 13
                            "  1,\n"                               // 14
                            "]\n"                                  // 15
                            "description = \"d\"\n"                // 16
                            "[[self_test]]\n"                      // 17
                            "[self_test.inputs]\n"                 // 18
                            "b = \"@tensor_data/b\"\n"             // 19
                            "a = \"@tensor_data/a\"\n"             // 20
                            "[runner]\n"                           // 21
                            "runner_name = \"r\"\n"                // 22
                            "required_framework_version = \"1\"\n" // 23
                            "runner_compat_version = 1\n"          // 24
                            "[runner.opts]\n"                      // 25
                            "num_threads = 4\n";                   // 26
    const Result<CartonInfo> r = parseCartonToml(text);
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    const QHash<QString, int> expected = {
        {u"spec_version"_s, 1},
        {u"model_name"_s, 2},
        {u"required_platforms"_s, 3},
        {u"required_platforms[0]"_s, 4},
        {u"input[0]"_s, 6},
        {u"input[0].name"_s, 7},
        {u"input[0].dtype"_s, 8},
        {u"input[0].shape"_s, 9},
        {u"input[1]"_s, 10},
        {u"input[1].shape"_s, 13},
        {u"input[1].description"_s, 16},
        {u"self_test[0]"_s, 17},
        {u"self_test[0].inputs"_s, 18},
        {u"self_test[0].inputs.b"_s, 19},
        {u"self_test[0].inputs.a"_s, 20},
        {u"runner"_s, 21},
        {u"runner.runner_name"_s, 22},
        {u"runner.required_framework_version"_s, 23},
        {u"runner.runner_compat_version"_s, 24},
        {u"runner.opts"_s, 25},
        {u"runner.opts.num_threads"_s, 26},
    };
    for (auto it = expected.cbegin(); it != expected.cend(); ++it)
        QVERIFY2(r->fieldLines.value(it.key()) == it.value(),
                 qPrintable(u"%1: got %2, want %3"_s.arg(it.key()).arg(r->fieldLines.value(it.key())).arg(it.value())));
    QCOMPARE(r->selfTests[0].inputs.first().first, u"b"_s);
}

void TestCartonToml::unknownKeys()
{
    const QByteArray text =
        "spec_version = 1\n"
        "zz_future = \"kept\"\n"
        "aa_list = [1, 2.5, \"three\"]\n"
        "[[input]]\nname = \"x\"\ndtype = \"int8\"\nshape = []\ndtyep = \"typo\"\n"
        "[runner]\nrunner_name = \"r\"\nrequired_framework_version = \"1\"\nrunner_compat_version = 1\n"
        "extra = true\n"
        "[misc_files]\nlogo = \"@misc/logo.png\"\n"
        "[[future_array]]\nk = 1\n[[future_array]]\nk = 2\n";
    const Result<CartonInfo> r = parseCartonToml(text);
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    QCOMPARE(r->ignoredKeys, (QStringList{u"input[0].dtyep"_s, u"runner.extra"_s}));
    QVERIFY(r->unknownToml.contains("zz_future"));
    QVERIFY(r->unknownToml.contains("[misc_files]"));
    QVERIFY(r->unknownToml.contains("[[future_array]]"));
    const QByteArray written = writeCartonToml(*r).value();
    const Result<CartonInfo> again = parseCartonToml(written);
    QVERIFY2(again.ok(), qPrintable(errorText(again) + u"\n"_s + QString::fromUtf8(written)));
    QVERIFY(*again == *r);
    QCOMPARE(again->unknownToml, r->unknownToml);
    QVERIFY(again->ignoredKeys.isEmpty()); // dropped keys are not written back
    QVERIFY(!written.contains("dtyep"));
    // Plain unknown keys come before the first table so they stay top-level.
    QVERIFY(written.indexOf("zz_future") < written.indexOf("[[input]]"));
    QVERIFY(written.indexOf("[misc_files]") > written.indexOf("[runner]"));
}

// Unknown keys and sub-tables of a [[self_test]] (the [self_test.tolerance]
// extension) belong to that self-test and survive a write and a read.
void TestCartonToml::selfTestExtensionsRoundTrip()
{
    const QByteArray text = "spec_version = 1\n"
                            "[[self_test]]\nname = \"first\"\nfuture_flag = true\n"
                            "[self_test.inputs]\nx = \"@tensor_data/a\"\n"
                            "[self_test.expected_out]\ny = \"@tensor_data/b\"\n"
                            "[self_test.tolerance]\nrtol = 1e-4\natol = 0.5\n"
                            "[self_test.tolerance.y]\natol = 0.25\n"
                            "[[self_test]]\nname = \"second\"\n"
                            "[self_test.inputs]\nx = \"@tensor_data/a\"\n"
                            "[runner]\nrunner_name = \"r\"\nrequired_framework_version = \"1\"\n"
                            "runner_compat_version = 1\n";
    const Result<CartonInfo> r = parseCartonToml(text);
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    QVERIFY(r->ignoredKeys.isEmpty());
    QVERIFY(r->unknownToml.isEmpty());
    QCOMPARE(r->selfTests.size(), 2);
    const QByteArray &extra = r->selfTests[0].unknownToml;
    QVERIFY2(extra.contains("future_flag = true") && extra.contains("[tolerance]") && extra.contains("[tolerance.y]"),
             extra.constData());
    QVERIFY(r->selfTests[1].unknownToml.isEmpty());
    QCOMPARE(r->selfTests[0].expectedOut->first().first, u"y"_s);

    const QByteArray written = writeCartonToml(*r).value();
    QVERIFY2(written.contains("[self_test.tolerance]\n") && written.contains("[self_test.tolerance.y]\n"),
             written.constData());
    // The plain key stays inside its [[self_test]]; the sub-tables follow its references.
    const qsizetype first = written.indexOf("[[self_test]]"), second = written.indexOf("[[self_test]]", first + 1);
    QVERIFY(written.indexOf("future_flag") > first &&
            written.indexOf("future_flag") < written.indexOf("[self_test.inputs]"));
    QVERIFY(written.indexOf("[self_test.tolerance]") > written.indexOf("[self_test.expected_out]"));
    QVERIFY(written.indexOf("[self_test.tolerance.y]") < second);
    const Result<CartonInfo> again = parseCartonToml(written);
    QVERIFY2(again.ok(), qPrintable(errorText(again) + u"\n"_s + QString::fromUtf8(written)));
    QCOMPARE(again->selfTests[0].unknownToml, extra);
    QVERIFY(again->selfTests[1].unknownToml.isEmpty());
    QVERIFY(*again == *r);
    QCOMPARE(writeCartonToml(*again).value(), written);
}

void TestCartonToml::roundTrip_data()
{
    QTest::addColumn<QByteArray>("text");
    const QDir dir(upstreamTomlDir());
    for (const QString &f : dir.entryList({u"*.toml"_s}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(f)) << testutil::readFile(dir.filePath(f));
    QTest::newRow("edge strings") << writeCartonToml(edgeDocument()).value();
    QTest::newRow("literal strings") << QByteArray(
        "spec_version = 2\nmodel_name = 'C:\\path\\to'\nmodel_description = '''\nraw \\n text \"\"\" x\n'''\n"
        "[runner]\nrunner_name = 'a'\nrequired_framework_version = '*'\nrunner_compat_version = -1\n"
        "[runner.opts]\n\"quoted key\" = 1e10\nneg = -0.0\nbig = 9223372036854775807\n");
    QTest::newRow("inline arrays of tables") << QByteArray(
        "spec_version = 1\ninput = [{ name = \"a\", dtype = \"string\", shape = \"s\" }]\n"
        "output = [{ name = \"b\", dtype = \"uint64\", shape = [\"*\", 0] }]\n"
        "[runner]\nrunner_name = \"noop\"\nrequired_framework_version = \"^1\"\nrunner_compat_version = 1\n");
    QTest::newRow("crlf line ends") << QByteArray(
        "spec_version = 1\r\nmodel_description = \"\"\"\r\na\r\nb\"\"\"\r\n[runner]\r\nrunner_name = \"r\"\r\n"
        "required_framework_version = \"1\"\r\nrunner_compat_version = 1\r\n");
    QTest::newRow("unicode escapes") << QByteArray(
        "spec_version = 1\nmodel_name = \"\\u0000nul \\U0001F973 \\u0C24\\u0C46\"\nlicense = \"\\t\\b\\f\"\n"
        "[runner]\nrunner_name = \"r\"\nrequired_framework_version = \"1\"\nrunner_compat_version = 1\n"
        "[future]\nwhen = 1979-05-27T07:32:00Z\nhex = 0xff\nnested = { a = { b = [1, [2, 3]] } }\n");
}

void TestCartonToml::roundTrip()
{
    QFETCH(QByteArray, text);
    const Result<CartonInfo> first = parseCartonToml(text);
    QVERIFY2(first.ok(), qPrintable(errorText(first)));
    const QByteArray written = writeCartonToml(*first).value();
    const Result<CartonInfo> second = parseCartonToml(written);
    QVERIFY2(second.ok(), qPrintable(errorText(second) + u"\n"_s + QString::fromUtf8(written)));
    QVERIFY2(*second == *first, written.constData());
    QCOMPARE(writeCartonToml(*second).value(), written); // deterministic and stable
    QVERIFY(written.startsWith("spec_version = "));
}

void TestCartonToml::writeEdgeDocument()
{
    const CartonInfo info = edgeDocument();
    const QByteArray written = writeCartonToml(info).value();
    const Result<CartonInfo> r = parseCartonToml(written);
    QVERIFY2(r.ok(), qPrintable(errorText(r) + u"\n"_s + QString::fromUtf8(written)));
    QCOMPARE(r->modelName, info.modelName);
    QCOMPARE(r->shortDescription, info.shortDescription);
    QCOMPARE(r->modelDescription, info.modelDescription);
    QCOMPARE(r->repository, info.repository);
    QCOMPARE(r->homepage, info.homepage);
    QCOMPARE(r->inputs, info.inputs);
    QCOMPARE(r->selfTests, info.selfTests);
    QCOMPARE(r->examples, info.examples);
    // Opts come back sorted by UTF-8 key; the document lists them sorted already.
    QCOMPARE(r->runner.opts, info.runner.opts);
    QCOMPARE(r->unknownToml, QByteArray("future_key = [ 1, 2 ]\n\n[future_table]\nx = 1\n"));
    CartonInfo normalized = info;
    normalized.unknownToml = r->unknownToml;
    QVERIFY(*r == normalized);
    // Non-ASCII text is written as UTF-8, not as escapes.
    QVERIFY(written.contains("తెలుగు"));
    QVERIFY(written.contains("🥳"));
    QVERIFY(written.contains("\\u0001"));
}

void TestCartonToml::writerLayout()
{
    CartonInfo info;
    info.modelName = u"m"_s;
    info.modelDescription = u"line one\nline two\n"_s;
    info.runner.runnerName = u"noop"_s;
    info.runner.requiredFrameworkVersion = u"1.0.0"_s;
    info.runner.runnerCompatVersion = 1;
    info.runner.opts = {{u"zeta"_s, qint64(1)}, {u"alpha"_s, 2.0}, {u"Mid"_s, u"x"_s}};
    const QByteArray expected = "spec_version = 1\n"
                                "model_name = \"m\"\n"
                                "model_description = \"\"\"\n"
                                "line one\n"
                                "line two\n"
                                "\"\"\"\n"
                                "\n"
                                "[runner]\n"
                                "runner_name = \"noop\"\n"
                                "required_framework_version = \"1.0.0\"\n"
                                "runner_compat_version = 1\n"
                                "\n"
                                "[runner.opts]\n"
                                "Mid = \"x\"\n"
                                "alpha = 2.0\n"
                                "zeta = 1\n";
    QCOMPARE(writeCartonToml(info).value(), expected);
    CartonInfo shuffled = info;
    std::reverse(shuffled.runner.opts.begin(), shuffled.runner.opts.end());
    QCOMPARE(writeCartonToml(shuffled).value(), expected);
}

void TestCartonToml::mutationsNeverCrash_data()
{
    // Both bases always: the fixture is not there on a fresh clone, and the edge
    // document found a round-trip bug the fixture never reached.
    QTest::addColumn<QByteArray>("base");
    QTest::newRow("edge document") << writeCartonToml(edgeDocument()).value();
    if (QFileInfo::exists(testutil::sharedPath())) // there, a missing file fails below
        QTest::newRow("upstream complete.toml") << testutil::readFile(upstreamTomlDir() + u"/complete.toml"_s);
}

void TestCartonToml::mutationsNeverCrash()
{
    QFETCH(QByteArray, base);
    QVERIFY2(!base.isEmpty(), "fixture missing: ../shared/fixtures/upstream/toml/complete.toml");
    // Truncations and single-byte changes at a stride: no crash; a failure always
    // names this file; whatever parses survives write + parse unchanged.
    int failures = 0;
    for (qsizetype cut = 0; cut <= base.size(); cut += 7) {
        const Result<CartonInfo> r = parseCartonToml(base.left(cut));
        if (!r.ok()) {
            ++failures;
            QVERIFY(r.error().location.startsWith(u"carton.toml"_s));
        }
    }
    const char replacements[] = {'[', ']', '{', '"', '\'', '\\', '=', '\n', '\0', '\xff', '.', '-', '#'};
    for (qsizetype pos = 0; pos < base.size(); pos += 13) {
        for (char c : replacements) {
            QByteArray m = base;
            m[pos] = c;
            const Result<CartonInfo> r = parseCartonToml(m);
            if (r.ok()) {
                const Result<CartonInfo> again = parseCartonToml(writeCartonToml(*r).value());
                QVERIFY2(again.ok(), qPrintable(errorText(again)));
                QVERIFY(*again == *r);
            } else {
                ++failures;
                QVERIFY(!r.error().message.isEmpty());
            }
        }
    }
    QVERIFY(failures > 0);
}

void TestCartonToml::unknownMultiLineStringKeepsLeadingNewline()
{
    // Found by mutationsNeverCrash on the edge document: a dotted key turned the
    // description into an unknown table whose multi-line value starts with "\n".
    const QByteArray doc = "spec_version = 1\nfuture.text = \"\"\"\n\n\nthree\\nlines\"\"\"\n"
                           "[runner]\nrunner_name = \"r\"\nrequired_framework_version = \"1\"\n"
                           "runner_compat_version = 1\n";
    const Result<CartonInfo> r = parseCartonToml(doc);
    QVERIFY2(r.ok(), qPrintable(errorText(r)));
    const Result<toml::table> unknown = tomlutil::parse(r->unknownToml, QString());
    QVERIFY(unknown.ok());
    QCOMPARE(QString::fromStdString(std::string((*unknown)["future"]["text"].value_or(std::string_view()))),
             u"\n\nthree\nlines"_s);
    const Result<CartonInfo> again = parseCartonToml(writeCartonToml(*r).value());
    QVERIFY2(again.ok(), qPrintable(errorText(again)));
    QCOMPARE(again->unknownToml, r->unknownToml);
    QVERIFY(*again == *r);
}

// Kept keys that are not TOML, or that have a known field's name, would be lost on
// writing: the write fails and names the table, so a save never drops them.
// Kept keys that are not TOML, or that have a known field's name, would be lost on
// writing: the write fails and names the table, so a save never drops them.
void TestCartonToml::badUnknownTomlFailsTheWrite()
{
    CartonInfo info = edgeDocument();
    info.unknownToml = "this is = = not toml [";
    const Result<QByteArray> r = writeCartonToml(info);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Format);
    QCOMPARE(r.error().location, u"carton.toml"_s);
    QVERIFY2(r.error().message.startsWith(u"top level: the keys kept from the file are not valid TOML"_s),
             qPrintable(r.error().message));

    info.unknownToml = "model_name = \"shadow\"\nother = 1\n";
    const Result<QByteArray> r2 = writeCartonToml(info);
    QVERIFY(!r2.ok());
    QCOMPARE(r2.error().message,
             u"top level: the kept key model_name has the name of a known field, so writing would lose it"_s);

    info.unknownToml.clear();
    info.selfTests.append(SelfTest{});
    info.selfTests.last().unknownToml = "name = \"again\"\n";
    const Result<QByteArray> r3 = writeCartonToml(info);
    QVERIFY(!r3.ok());
    QVERIFY2(r3.error().message.startsWith(u"self_test[%1]: the kept key name"_s.arg(info.selfTests.size() - 1)),
             qPrintable(r3.error().message));

    info.selfTests.last().unknownToml = "other = 1\n";
    const Result<QByteArray> fine = writeCartonToml(info);
    QVERIFY2(fine.ok(), qPrintable(fine.ok() ? QString() : fine.error().toString()));
    QVERIFY(fine->contains("other = 1"));
}

void TestCartonToml::fileNameInLocation()
{
    const Result<CartonInfo> r = parseCartonToml("spec_version = 1\nmodel_name = []\n", u"model dir/carton.toml"_s);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().location, u"model dir/carton.toml:2:14"_s);
    QCOMPARE(r.error().toString(), u"model dir/carton.toml:2:14: model_name: expected a string, found an array"_s);
}

QTEST_GUILESS_MAIN(TestCartonToml)
#include "tst_cartontoml.moc"
