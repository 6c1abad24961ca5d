// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// validateInfo(): carton.toml checks on CartonInfo values built in code.
#include "fixturepolicy.h"
#include "format/cartontoml.h"
#include "testpaths.h"
#include "validate/validator.h"
#include "validatetestutil.h"

#include <QDir>
#include <QFile>
#include <QTest>
#include <functional>

using namespace carton;
using namespace carton::testutil;
using namespace Qt::StringLiterals;

using InfoEdit = std::function<void(CartonInfo &)>;
Q_DECLARE_METATYPE(InfoEdit)

namespace {

TensorSpec spec(const QString &name, DType dtype, Shape shape)
{
    TensorSpec s;
    s.name = name;
    s.dtype = dtype;
    s.shape = std::move(shape);
    return s;
}

// A carton.toml that breaks no rule: every test below changes one thing.
CartonInfo validInfo()
{
    CartonInfo info;
    info.specVersion = 1;
    info.modelName = u"test model"_s;
    info.shortDescription = u"A model for the validator tests."_s;
    info.modelDescription = u"# Model\n\nAn image: ![arch](@misc/arch.png)\n\nSee [the site](https://carton.run) and "
                            "![remote](https://example.com/a.png). Code like `@misc/x` is not a link.\n"_s;
    info.repository = u"https://github.com/VivekPanyam/carton"_s;
    info.homepage = u"https://carton.run"_s;
    info.requiredPlatforms = QStringList{u"x86_64-unknown-linux-gnu"_s};
    info.inputs = {
        spec(u"x"_s, DType::Float32, Shape::dims({Dim::symbol(u"batch_size"_s), Dim::value(3)})),
        spec(u"y"_s, DType::Float32, Shape::dims({Dim::symbol(u"batch_size"_s), Dim::value(10)})),
    };
    info.outputs = {spec(u"out"_s, DType::Float32, Shape::dims({Dim::symbol(u"batch_size"_s), Dim::value(128)}))};
    SelfTest t;
    t.name = u"first"_s;
    t.inputs = {{u"x"_s, u"@tensor_data/t0"_s}, {u"y"_s, u"@tensor_data/t1"_s}};
    t.expectedOut = TensorRefs{{u"out"_s, u"@tensor_data/t2"_s}};
    info.selfTests = {t};
    Example e;
    e.inputs = {{u"x"_s, u"@misc/input.png"_s}, {u"y"_s, u"@tensor_data/t1"_s}};
    e.sampleOut = {{u"out"_s, u"@tensor_data/t2"_s}};
    info.examples = {e};
    info.runner.runnerName = u"torchscript"_s;
    info.runner.requiredFrameworkVersion = u"=2.0.1"_s;
    info.runner.runnerCompatVersion = 1;
    info.runner.opts = {{u"num_threads"_s, RunnerOpt(qint64(1))}};
    return info;
}

} // namespace

class TestValidator : public QObject {
    Q_OBJECT

private slots:
    void validInfoIsClean();
    void finds_data();
    void finds();
    void accepts_data();
    void accepts();
    void lineNumbers_data();
    void lineNumbers();
    void diagnosticsAreBounded();
    void upstreamTomlFixtures_data();
    void upstreamTomlFixtures();
};

void TestValidator::validInfoIsClean()
{
    const Diagnostics d = validateInfo(validInfo());
    QVERIFY2(d.isEmpty(), qPrintable(describe(d)));
}

void TestValidator::finds_data()
{
    QTest::addColumn<InfoEdit>("edit");
    QTest::addColumn<Severity>("severity");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("fragment");

    const Severity E = Severity::Error, W = Severity::Warning, I = Severity::Info;

    QTest::newRow("spec_version 2") << InfoEdit([](CartonInfo &i) { i.specVersion = 2; }) << E
                                    << u"carton.toml: spec_version"_s << u"spec_version is 2; expected 1"_s;
    QTest::newRow("spec_version 0") << InfoEdit([](CartonInfo &i) { i.specVersion = 0; }) << E
                                    << u"carton.toml: spec_version"_s << u"spec_version is 0"_s;
    QTest::newRow("runner_name empty") << InfoEdit([](CartonInfo &i) { i.runner.runnerName.clear(); }) << E
                                       << u"carton.toml: runner.runner_name"_s << u"runner_name is empty"_s;
    QTest::newRow("runner_name blank") << InfoEdit([](CartonInfo &i) { i.runner.runnerName = u"  "_s; }) << E
                                       << u"carton.toml: runner.runner_name"_s << u"runner_name is empty"_s;
    QTest::newRow("runner unknown") << InfoEdit([](CartonInfo &i) { i.runner.runnerName = u"tensorflow"_s; }) << W
                                    << u"carton.toml: runner.runner_name"_s << u"unknown runner \"tensorflow\""_s;
    QTest::newRow("runner case matters") << InfoEdit([](CartonInfo &i) { i.runner.runnerName = u"TorchScript"_s; }) << W
                                         << u"carton.toml: runner.runner_name"_s << u"unknown runner \"TorchScript\""_s;
    QTest::newRow("semver garbage") << InfoEdit([](CartonInfo &i) {
        i.runner.requiredFrameworkVersion = u"one point two"_s;
    }) << E << u"carton.toml: runner.required_framework_version"_s
                                    << u"\"one point two\" is not a valid semver version requirement"_s;
    QTest::newRow("semver bad operator") << InfoEdit([](CartonInfo &i) {
        i.runner.requiredFrameworkVersion = u"==1.2.3"_s;
    }) << E << u"carton.toml: runner.required_framework_version"_s
                                         << u"is not a valid semver version requirement"_s;
    QTest::newRow("semver empty") << InfoEdit([](CartonInfo &i) { i.runner.requiredFrameworkVersion.clear(); }) << E
                                  << u"carton.toml: runner.required_framework_version"_s
                                  << u"required_framework_version is empty"_s;
    QTest::newRow("compat negative") << InfoEdit([](CartonInfo &i) { i.runner.runnerCompatVersion = -1; }) << E
                                     << u"carton.toml: runner.runner_compat_version"_s
                                     << u"runner_compat_version is -1"_s;
    QTest::newRow("input name empty") << InfoEdit([](CartonInfo &i) { i.inputs[1].name.clear(); }) << E
                                      << u"carton.toml: input[1].name"_s << u"input name is empty"_s;
    QTest::newRow("input name duplicate")
        << InfoEdit([](CartonInfo &i) { i.inputs[1].name = u"x"_s; }) << E << u"carton.toml: input[1].name"_s
        << u"duplicate input name \"x\" (also input[0])"_s;
    QTest::newRow("output name duplicate") << InfoEdit([](CartonInfo &i) { i.outputs.append(i.outputs.first()); }) << E
                                           << u"carton.toml: output[1].name"_s << u"duplicate output name \"out\""_s;
    QTest::newRow("dtype float16") << InfoEdit([](CartonInfo &i) { i.inputs[0].dtype = DType::Float16; }) << E
                                   << u"carton.toml: input[0].dtype"_s << u"\"float16\" is not allowed in [[input]]"_s;
    QTest::newRow("dtype nested") << InfoEdit([](CartonInfo &i) { i.outputs[0].dtype = DType::Nested; }) << E
                                  << u"carton.toml: output[0].dtype"_s << u"\"nested\" is not allowed in [[output]]"_s;
    QTest::newRow("dtype text unknown") << InfoEdit([](CartonInfo &i) { i.inputs[1].dtypeText = u"float"_s; }) << E
                                        << u"carton.toml: input[1].dtype"_s
                                        << u"unknown dtype \"float\"; expected one of float32, float64, string"_s;
    QTest::newRow("negative dim") << InfoEdit([](CartonInfo &i) {
        i.inputs[0].shape = Shape::dims({Dim::value(2), Dim::value(-3)});
    }) << E << u"carton.toml: input[0].shape[1]"_s
                                  << u"dimension 1 is -3"_s;
    QTest::newRow("quoted number dim") << InfoEdit([](CartonInfo &i) {
        i.outputs[0].shape = Shape::dims({Dim::symbol(u"128"_s)});
    }) << W << u"carton.toml: output[0].shape[0]"_s
                                       << u"not the size 128; write 128 without quotes"_s;
    QTest::newRow("empty symbol dim") << InfoEdit([](CartonInfo &i) {
        i.inputs[1].shape = Shape::dims({Dim::symbol(QString()), Dim::value(10)});
    }) << W << u"carton.toml: input[1].shape[0]"_s
                                      << u"a symbol without a name"_s;
    QTest::newRow("empty whole-shape symbol")
        << InfoEdit([](CartonInfo &i) { i.inputs[1].shape = Shape::symbol(QString()); }) << W
        << u"carton.toml: input[1].shape"_s << u"a symbol without a name"_s;
    QTest::newRow("symbol whole vs dim")
        << InfoEdit([](CartonInfo &i) { i.inputs[0].shape = Shape::symbol(u"batch_size"_s); }) << I
        << u"carton.toml: input[1].shape"_s
        << u"symbol 'batch_size' names one dimension of input 'y' but the whole shape of input 'x'"_s;
    QTest::newRow("symbol dim vs whole in output")
        << InfoEdit([](CartonInfo &i) { i.outputs[0].shape = Shape::symbol(u"batch_size"_s); }) << I
        << u"carton.toml: output[0].shape"_s
        << u"symbol 'batch_size' names the whole shape of output 'out' but one dimension of input 'x'"_s;
    QTest::newRow("self_test unknown input") << InfoEdit([](CartonInfo &i) {
        i.selfTests[0].inputs.append({u"z"_s, u"@tensor_data/t9"_s});
    }) << E << u"carton.toml: self_test[0].inputs.z"_s
                                             << u"\"z\" is not a declared input (declared: x, y)"_s;
    QTest::newRow("self_test unknown output") << InfoEdit([](CartonInfo &i) {
        i.selfTests[0].expectedOut = TensorRefs{{u"x"_s, u"@tensor_data/t2"_s}};
    }) << E << u"carton.toml: self_test[0].expected_out.x"_s
                                              << u"\"x\" is not a declared output (declared: out)"_s;
    QTest::newRow("self_test references misc") << InfoEdit([](CartonInfo &i) {
        i.selfTests[0].inputs[0].second = u"@misc/self_tests_cannot_reference_misc"_s;
    }) << E << u"carton.toml: self_test[0].inputs.x"_s
                                               << u"must start with @tensor_data/"_s;
    QTest::newRow("self_test reference @...")
        << InfoEdit([](CartonInfo &i) { i.selfTests[0].inputs[0].second = u"@..."_s; }) << E
        << u"carton.toml: self_test[0].inputs.x"_s << u"\"@...\" must start with @tensor_data/"_s;
    QTest::newRow("self_test expected_out plain") << InfoEdit([](CartonInfo &i) {
        i.selfTests[0].expectedOut = TensorRefs{{u"out"_s, u"tensor_data/t2"_s}};
    }) << E << u"carton.toml: self_test[0].expected_out.out"_s
                                                  << u"must start with @tensor_data/"_s;
    QTest::newRow("self_test names nothing")
        << InfoEdit([](CartonInfo &i) { i.selfTests[0].inputs[1].second = u"@tensor_data/"_s; }) << E
        << u"carton.toml: self_test[0].inputs.y"_s << u"names nothing"_s;
    QTest::newRow("self_test key twice") << InfoEdit([](CartonInfo &i) {
        i.selfTests[0].inputs.append({u"x"_s, u"@tensor_data/t5"_s});
    }) << E << u"carton.toml: self_test[0].inputs.x"_s
                                         << u"\"x\" is given twice"_s;
    QTest::newRow("self_test without inputs") << InfoEdit([](CartonInfo &i) { i.selfTests[0].inputs.clear(); }) << W
                                              << u"carton.toml: self_test[0].inputs"_s << u"self_test has no inputs"_s;
    QTest::newRow("self_test leaves input out")
        << InfoEdit([](CartonInfo &i) { i.selfTests[0].inputs.removeLast(); }) << I
        << u"carton.toml: self_test[0].inputs"_s << u"no tensor for declared input y"_s;
    QTest::newRow("self_test with nothing declared")
        << InfoEdit([](CartonInfo &i) {
               i.inputs.clear();
               i.outputs.clear();
               i.examples.clear();
           })
        << E << u"carton.toml: self_test[0]"_s
        << u"declares no [[input]] or [[output]]; inputs and outputs must be specified"_s;
    QTest::newRow("expected_out without outputs") << InfoEdit([](CartonInfo &i) {
        i.outputs.clear();
        i.examples.clear();
    }) << E << u"carton.toml: self_test[0].expected_out"_s
                                                  << u"declares no [[output]]"_s;
    QTest::newRow("example with nothing declared") << InfoEdit([](CartonInfo &i) {
        i.inputs.clear();
        i.outputs.clear();
        i.selfTests.clear();
    }) << E << u"carton.toml: example[0]"_s << u"example given but carton.toml declares no [[input]] or [[output]]"_s;
    QTest::newRow("example plain path") << InfoEdit([](CartonInfo &i) {
        i.examples[0].inputs[0].second = u"input.png"_s;
    }) << E << u"carton.toml: example[0].inputs.x"_s
                                        << u"\"input.png\" must start with @tensor_data/ or @misc/"_s;
    QTest::newRow("example misc escapes")
        << InfoEdit([](CartonInfo &i) { i.examples[0].inputs[0].second = u"@misc/../carton.toml"_s; }) << E
        << u"carton.toml: example[0].inputs.x"_s << u"is not a safe relative path inside misc/"_s;
    QTest::newRow("example unknown output") << InfoEdit([](CartonInfo &i) {
        i.examples[0].sampleOut.append({u"logits"_s, u"@misc/l.png"_s});
    }) << E << u"carton.toml: example[0].sample_out.logits"_s
                                            << u"\"logits\" is not a declared output"_s;
    QTest::newRow("short_description 101")
        << InfoEdit([](CartonInfo &i) { i.shortDescription = QString(101, u'a'); }) << E
        << u"carton.toml: short_description"_s << u"short_description is 101 characters long; at most 100"_s;
    QTest::newRow("short_description 101 emoji")
        << InfoEdit([](CartonInfo &i) { i.shortDescription = u"🥳"_s.repeated(101); }) << E
        << u"carton.toml: short_description"_s << u"is 101 characters long"_s;
    QTest::newRow("platform invalid") << InfoEdit([](CartonInfo &i) {
        i.requiredPlatforms->append(u"aninvalidplatform"_s);
    }) << E << u"carton.toml: required_platforms[1]"_s
                                      << u"\"aninvalidplatform\" is not a valid target triple"_s;
    QTest::newRow("platform twice") << InfoEdit([](CartonInfo &i) {
        i.requiredPlatforms->append(u"x86_64-unknown-linux-gnu"_s);
    }) << W << u"carton.toml: required_platforms[1]"_s
                                    << u"listed twice (also required_platforms[0])"_s;
    QTest::newRow("image http")
        << InfoEdit([](CartonInfo &i) { *i.modelDescription += u"\n![x](http://example.com/x.png)\n"_s; }) << E
        << u"carton.toml: model_description"_s
        << u"image \"http://example.com/x.png\" (line 7 of the description) must be a complete https URL or an @misc/ file"_s;
    QTest::newRow("image relative") << InfoEdit([](CartonInfo &i) { i.modelDescription = u"![x](images/x.png)"_s; })
                                    << E << u"carton.toml: model_description"_s << u"image \"images/x.png\" (line 1"_s;
    QTest::newRow("image reference style")
        << InfoEdit([](CartonInfo &i) { i.modelDescription = u"Text\n\n![diagram][d]\n\n[d]: ftp://host/d.png\n"_s; })
        << E << u"carton.toml: model_description"_s << u"image \"ftp://host/d.png\" (line 3"_s;
    QTest::newRow("image misc empty") << InfoEdit([](CartonInfo &i) { i.modelDescription = u"![x](@misc/)"_s; }) << E
                                      << u"carton.toml: model_description"_s << u"image \"@misc/\""_s;
    QTest::newRow("link javascript") << InfoEdit([](CartonInfo &i) {
        i.modelDescription = u"[click](javascript:alert(1))"_s;
    }) << W << u"carton.toml: model_description"_s
                                     << u"link \"javascript:alert(1)\""_s;
    QTest::newRow("link autolink http") << InfoEdit([](CartonInfo &i) {
        i.modelDescription = u"See <http://example.com>."_s;
    }) << W << u"carton.toml: model_description"_s
                                        << u"link \"http://example.com\""_s;
    QTest::newRow("repository not a url")
        << InfoEdit([](CartonInfo &i) { i.repository = u"github.com/owner/model"_s; }) << W
        << u"carton.toml: repository"_s << u"repository is \"github.com/owner/model\"; expected an http(s) URL"_s;
    QTest::newRow("homepage ftp") << InfoEdit([](CartonInfo &i) { i.homepage = u"ftp://carton.run"_s; }) << W
                                  << u"carton.toml: homepage"_s << u"homepage is \"ftp://carton.run\""_s;
    QTest::newRow("model_name blank") << InfoEdit([](CartonInfo &i) { i.modelName = u" "_s; }) << W
                                      << u"carton.toml: model_name"_s << u"model_name is empty"_s;
    QTest::newRow("ignored key") << InfoEdit([](CartonInfo &i) { i.ignoredKeys = {u"input[0].dtyep"_s}; }) << W
                                 << u"carton.toml: input[0].dtyep"_s << u"unknown key \"dtyep\" is ignored"_s;
    QTest::newRow("runner opt unknown to torchscript")
        << InfoEdit([](CartonInfo &i) {
               i.runner.opts.append({u"threads"_s, RunnerOpt(qint64(2))});
           })
        << I << u"carton.toml: runner.opts.threads"_s
        << u"the torchscript runner is not known to read option \"threads\" (it reads num_threads, num_interop_threads)"_s;
    QTest::newRow("runner opt unknown to python") << InfoEdit([](CartonInfo &i) {
        i.runner.runnerName = u"python"_s;
        i.runner.requiredFrameworkVersion = u"=3.11"_s;
        i.runner.opts = {{u"entrypoint_fn"_s, RunnerOpt(u"get_model"_s)}, {u"num_threads"_s, RunnerOpt(qint64(1))}};
    }) << I << u"carton.toml: runner.opts.num_threads"_s
                                                  << u"the python runner is not known to read option \"num_threads\""_s;
    QTest::newRow("runner opt twice") << InfoEdit([](CartonInfo &i) {
        i.runner.opts.append({u"num_threads"_s, RunnerOpt(qint64(2))});
    }) << E << u"carton.toml: runner.opts.num_threads"_s
                                      << u"option \"num_threads\" is given twice"_s;
    // [self_test.tolerance] (issue 29, item 13): a tolerance for an output that does
    // not exist never applies; one that does not read cannot run.
    QTest::newRow("tolerance for an undeclared output") << InfoEdit([](CartonInfo &i) {
        i.selfTests[0].unknownToml = "[tolerance]\natol = 1e-6\n[tolerance.outt]\natol = 1e-3\n";
    }) << E << u"carton.toml: self_test[0].tolerance.outt"_s
                                                        << u"tolerance for output \"outt\", which carton.toml does not "
                                                           "declare; the outputs are out"_s;
    QTest::newRow("tolerance without outputs") << InfoEdit([](CartonInfo &i) {
        i.outputs.clear();
        i.examples.clear();
        i.selfTests[0].expectedOut.reset();
        i.selfTests[0].unknownToml = "[tolerance.out]\nrtol = 1e-3\n";
    }) << E << u"carton.toml: self_test[0].tolerance.out"_s
                                               << u"but carton.toml declares no [[output]]"_s;
    QTest::newRow("tolerance unreadable")
        << InfoEdit([](CartonInfo &i) { i.selfTests[0].unknownToml = "[tolerance]\natol = \"small\"\n"; }) << E
        << u"carton.toml: self_test[0].tolerance"_s << u"tolerance.atol: expected a number >= 0, found a string"_s;
}

void TestValidator::finds()
{
    QFETCH(InfoEdit, edit);
    QFETCH(Severity, severity);
    QFETCH(QString, location);
    QFETCH(QString, fragment);

    // The diagnostic must come from the edit, not from the base document.
    QVERIFY(!findDiagnostic(validateInfo(validInfo()), severity, location, fragment));
    CartonInfo info = validInfo();
    edit(info);
    const Diagnostics d = validateInfo(info);
    QVERIFY2(findDiagnostic(d, severity, location, fragment),
             qPrintable(u"expected %1 at \"%2\" containing \"%3\"; got:\n%4"_s.arg(severityName(severity), location,
                                                                                   fragment, describe(d))));
}

void TestValidator::accepts_data()
{
    QTest::addColumn<InfoEdit>("edit");

    QTest::newRow("minimal") << InfoEdit([](CartonInfo &i) {
        CartonInfo m;
        m.runner = i.runner;
        i = m;
    });
    QTest::newRow("short_description 100 emoji")
        << InfoEdit([](CartonInfo &i) { i.shortDescription = u"🥳"_s.repeated(100); });
    QTest::newRow("short_description 100 ascii")
        << InfoEdit([](CartonInfo &i) { i.shortDescription = QString(100, u'x'); });
    QTest::newRow("upstream shape forms") << InfoEdit([](CartonInfo &i) {
        i.selfTests.clear();
        i.examples.clear();
        i.inputs = {
            spec(u"A"_s, DType::Float32, Shape::any()),
            spec(u"C"_s, DType::Float32, Shape::dims({Dim::any()})),
            spec(u"E"_s, DType::Float32, Shape::scalar()),
            spec(u"F"_s, DType::Float32,
                 Shape::dims({Dim::symbol(u"batch_size"_s), Dim::value(3), Dim::value(512), Dim::value(512)})),
            spec(u"G"_s, DType::Float32, Shape::dims({Dim::any(), Dim::any(), Dim::any()})),
            spec(u"H"_s, DType::Uint64, Shape::dims({Dim::value(0)})),
        };
    });
    QTest::newRow("all spec dtypes") << InfoEdit([](CartonInfo &i) {
        i.selfTests.clear();
        i.examples.clear();
        i.inputs.clear();
        int n = 0;
        for (DType d : {DType::Float32, DType::Float64, DType::String, DType::Int8, DType::Int16, DType::Int32,
                        DType::Int64, DType::Uint8, DType::Uint16, DType::Uint32, DType::Uint64})
            i.inputs.append(spec(u"in%1"_s.arg(n++), d, Shape::any()));
    });
    QTest::newRow("platforms") << InfoEdit([](CartonInfo &i) {
        i.requiredPlatforms = QStringList{u"x86_64-unknown-linux-gnu"_s, u"aarch64-unknown-linux-gnu"_s,
                                          u"x86_64-apple-darwin"_s, u"aarch64-apple-darwin"_s};
    });
    QTest::newRow("no platforms") << InfoEdit([](CartonInfo &i) { i.requiredPlatforms = QStringList(); });
    for (const QString &name : {u"python"_s, u"rust-bert"_s, u"wasm"_s, u"noop"_s})
        QTest::addRow("runner %s", qPrintable(name)) << InfoEdit([name](CartonInfo &i) { i.runner.runnerName = name; });
    for (const QString &req : {u"=3.11"_s, u">=1.2, <2"_s, u"*"_s, u"^1.2"_s, u"~1.2"_s, u"1.2.3"_s})
        QTest::addRow("semver %s", qPrintable(req))
            << InfoEdit([req](CartonInfo &i) { i.runner.requiredFrameworkVersion = req; });
    QTest::newRow("description without targets") << InfoEdit([](CartonInfo &i) {
        i.modelDescription = u"Plain text, `![not](http://an.image)` in code, <img src=\"http://raw.html/x.png\">\n"_s;
    });
    QTest::newRow("self_test without expected_out")
        << InfoEdit([](CartonInfo &i) { i.selfTests[0].expectedOut.reset(); });
    QTest::newRow("self_test with inputs only declared") << InfoEdit([](CartonInfo &i) {
        // upstream's self_test.toml: one input, no outputs, a self_test
        i.outputs.clear();
        i.examples.clear();
        i.selfTests[0].expectedOut.reset();
    });
    QTest::newRow("input and output share a name") << InfoEdit([](CartonInfo &i) {
        i.outputs[0].name = u"x"_s;
        i.selfTests[0].expectedOut = TensorRefs{{u"x"_s, u"@tensor_data/t2"_s}};
        i.examples[0].sampleOut = {{u"x"_s, u"@tensor_data/t2"_s}};
    });
    QTest::newRow("star symbol dims") << InfoEdit([](CartonInfo &i) {
        i.inputs[0].shape = Shape::dims({Dim::symbol(u"*"_s), Dim::value(3)});
    });
    QTest::newRow("tolerance for declared outputs") << InfoEdit([](CartonInfo &i) {
        i.selfTests[0].unknownToml = "[tolerance]\nrtol = 1e-4\n[tolerance.out]\natol = 1e-3\nequal_nan = true\n";
    });
    QTest::newRow("http homepage") << InfoEdit([](CartonInfo &i) { i.homepage = u"http://carton.run/page"_s; });
}

void TestValidator::accepts()
{
    QFETCH(InfoEdit, edit);
    CartonInfo info = validInfo();
    edit(info);
    const Diagnostics d = problems(validateInfo(info));
    QVERIFY2(d.isEmpty(), qPrintable(describe(d)));
}

void TestValidator::lineNumbers_data()
{
    QTest::addColumn<InfoEdit>("edit");
    QTest::addColumn<QString>("location");

    QTest::newRow("exact key") << InfoEdit([](CartonInfo &i) { i.specVersion = 3; })
                               << u"carton.toml:2: spec_version"_s;
    QTest::newRow("parent key") << InfoEdit([](CartonInfo &i) {
        i.inputs[0].shape = Shape::dims({Dim::value(-1), Dim::value(3)});
    }) << u"carton.toml:12: input[0].shape[0]"_s;
    QTest::newRow("table line") << InfoEdit([](CartonInfo &i) { i.inputs[0].dtype = DType::Bool; })
                                << u"carton.toml:9: input[0].dtype"_s;
    QTest::newRow("nested table key") << InfoEdit([](CartonInfo &i) { i.selfTests[0].inputs[1].second = u"@misc/y"_s; })
                                      << u"carton.toml:31: self_test[0].inputs.y"_s;
    QTest::newRow("no line known") << InfoEdit([](CartonInfo &i) { i.homepage = u"nope"_s; })
                                   << u"carton.toml: homepage"_s;
}

void TestValidator::lineNumbers()
{
    QFETCH(InfoEdit, edit);
    QFETCH(QString, location);
    CartonInfo info = validInfo();
    info.fieldLines = {{u"spec_version"_s, 2},
                       {u"input[0]"_s, 9},
                       {u"input[0].shape"_s, 12},
                       {u"self_test[0]"_s, 30},
                       {u"self_test[0].inputs.y"_s, 31}};
    edit(info);
    const Diagnostics d = validateInfo(info);
    QCOMPARE(d.size(), 1);
    QCOMPARE(d.first().location.toString(), location);
    QCOMPARE(d.first().location, parseErrorLocation(location));
}

// Upstream's own carton.toml test files: files named *_expect_failure.toml must
// be rejected (by the parser or by validation), the others accepted without
// errors.
void TestValidator::diagnosticsAreBounded()
{
    // One input with a 100k-character name and 40,000 self-test keys that are not
    // inputs: each diagnostic stays short and the rule reports 20 keys and a count.
    CartonInfo info = validInfo();
    const QString longName(100000, u'n');
    for (TensorRefs *refs : {&info.selfTests[0].inputs, &info.examples[0].inputs})
        for (auto &kv : *refs)
            if (kv.first == info.inputs[0].name)
                kv.first = longName;
    info.inputs[0].name = longName;
    for (int k = 0; k < 40000; ++k)
        info.selfTests[0].inputs.append({u"k%1"_s.arg(k), u"@tensor_data/t1"_s});
    info.selfTests[0].inputs.append({u"bad"_s, u"nope"_s});
    const Diagnostics d = validateInfo(info);
    int undeclared = 0;
    qsizetype total = 0;
    for (const Diagnostic &x : d) {
        QVERIFY2(x.message.size() + x.location.toString().size() < 1000, qPrintable(x.message.left(300)));
        total += x.message.size() + x.location.toString().size();
        if (x.message.contains(u"is not a declared input (declared: nnnn"_s)) {
            QVERIFY2(x.message.contains(u"… (100000 characters)"_s), qPrintable(x.message));
            ++undeclared;
        }
    }
    QCOMPARE(undeclared, 20);
    QVERIFY2(findDiagnostic(d, Severity::Error, u"carton.toml: self_test[0].inputs"_s,
                            u"… and 39981 more keys that are not a declared input (only the first 20 are listed)"_s),
             qPrintable(describe(d).left(3000)));
    QVERIFY2(findDiagnostic(d, Severity::Error, u"carton.toml: self_test[0].inputs.bad"_s,
                            u"\"nope\" must start with @tensor_data/"_s),
             qPrintable(describe(d).left(3000)));
    QVERIFY(total < 50000);
}

void TestValidator::upstreamTomlFixtures_data()
{
    QTest::addColumn<QString>("path");
    const QDir dir(::testutil::sharedPath(u"/fixtures/upstream/toml"));
    const QStringList files = dir.entryList({u"*.toml"_s}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        QTest::newRow("absent") << QString();
    for (const QString &f : files)
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
}

void TestValidator::upstreamTomlFixtures()
{
    QFETCH(QString, path);
    if (path.isEmpty())
        CARTON_MISSING_FIXTURE("fixtures/upstream/toml not found");
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const Result<CartonInfo> info = parseCartonToml(file.readAll());
    const bool expectFailure = path.endsWith(u"_expect_failure.toml"_s);
    if (!info) {
        QVERIFY2(expectFailure, qPrintable(info.error().toString()));
        return;
    }
    const Diagnostics errors = withSeverity(validateInfo(*info), Severity::Error);
    if (expectFailure)
        QVERIFY2(!errors.isEmpty(), "an upstream _expect_failure file passed parsing and validation");
    else
        QVERIFY2(errors.isEmpty(), qPrintable(describe(errors)));
}

QTEST_GUILESS_MAIN(TestValidator)
#include "tst_validator.moc"
