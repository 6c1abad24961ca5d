// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "format/cartontoml.h"
#include "selftest/tolerance.h"

#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::ToleranceSettings)
Q_DECLARE_METATYPE(carton::CartonTolerance)

namespace {

// The unknown TOML of the first [[self_test]] of a carton.toml whose self-test
// section ends with `extra` (tables) or starts with it (plain keys).
QByteArray selfTestExtra(const QByteArray &extra)
{
    const bool tables = extra.startsWith('[');
    const QByteArray text = "spec_version = 1\n[[self_test]]\n" + (tables ? QByteArray() : extra) +
                            "[self_test.inputs]\nx = \"@tensor_data/x\"\n" + (tables ? extra : QByteArray()) +
                            "\n[runner]\nrunner_name = \"r\"\nrequired_framework_version = \"1\"\n"
                            "runner_compat_version = 1\n";
    const Result<CartonInfo> info = parseCartonToml(text);
    if (!info)
        qFatal("%s", qPrintable(info.error().toString()));
    return info->selfTests.first().unknownToml;
}

ToleranceOverride ov(std::optional<double> rtol, std::optional<double> atol, std::optional<bool> equalNan = {})
{
    return ToleranceOverride{rtol, atol, equalNan};
}

} // namespace

class TestTolerance : public QObject {
    Q_OBJECT
private slots:
    void presets_data();
    void presets();
    void presetNames();
    void applyOption_data();
    void applyOption();
    void resolve_data();
    void resolve();
    void cartonTable_data();
    void cartonTable();
    void cartonTableErrors_data();
    void cartonTableErrors();
    void writeCartonTable();
    void writeRefusesBrokenOtherKeys();
};

void TestTolerance::presets_data()
{
    QTest::addColumn<TolerancePreset>("preset");
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<double>("rtol");
    QTest::addColumn<double>("atol");
    QTest::newRow("close f32") << TolerancePreset::Close << DType::Float32 << 1e-5 << 1e-8;
    QTest::newRow("close f64") << TolerancePreset::Close << DType::Float64 << 1e-5 << 1e-8;
    QTest::newRow("close f16") << TolerancePreset::Close << DType::Float16 << 1e-3 << 1e-5;
    QTest::newRow("close bf16") << TolerancePreset::Close << DType::BFloat16 << 1.6e-2 << 1e-5;
    QTest::newRow("exact f32") << TolerancePreset::Exact << DType::Float32 << 0.0 << 0.0;
    QTest::newRow("approximate f32") << TolerancePreset::Approximate << DType::Float32 << 1e-3 << 1e-5;
    QTest::newRow("approximate f16") << TolerancePreset::Approximate << DType::Float16 << 5e-2 << 1e-2;
    QTest::newRow("loose f64") << TolerancePreset::Loose << DType::Float64 << 1e-2 << 1e-3;
    QTest::newRow("loose bf16") << TolerancePreset::Loose << DType::BFloat16 << 1e-1 << 1e-2;
    QTest::newRow("loose int32 is exact") << TolerancePreset::Loose << DType::Int32 << 0.0 << 0.0;
    QTest::newRow("close string is exact") << TolerancePreset::Close << DType::String << 0.0 << 0.0;
}

void TestTolerance::presets()
{
    QFETCH(TolerancePreset, preset);
    QFETCH(DType, dtype);
    QFETCH(double, rtol);
    QFETCH(double, atol);
    const Tolerance t = tolerancePreset(preset, dtype);
    QCOMPARE(t.rtol, rtol);
    QCOMPARE(t.atol, atol);
    QVERIFY(!t.equalNan);
}

void TestTolerance::presetNames()
{
    for (TolerancePreset p :
         {TolerancePreset::Exact, TolerancePreset::Close, TolerancePreset::Approximate, TolerancePreset::Loose})
        QCOMPARE(parseTolerancePreset(tolerancePresetName(p)), p);
    QCOMPARE(tolerancePresetName(TolerancePreset::Approximate), u"approximate"_s);
    QVERIFY(!parseTolerancePreset(u"Close"));
    QVERIFY(!parseTolerancePreset(u""));
}

void TestTolerance::applyOption_data()
{
    QTest::addColumn<QStringList>("options"); // option, value, option, value...
    QTest::addColumn<ToleranceSettings>("want");
    QTest::addColumn<QString>("error");

    ToleranceSettings rtolAll;
    rtolAll.all.rtol = 1e-4;
    QTest::newRow("rtol for all") << QStringList{u"--rtol"_s, u"1e-4"_s} << rtolAll << QString();
    ToleranceSettings perOutput;
    perOutput.all.rtol = 1e-4;
    perOutput.perOutput[u"y"_s].atol = 1e-3;
    perOutput.perOutput[u"a:b"_s].rtol = 0.5;
    QTest::newRow("per output, last colon splits")
        << QStringList{u"--rtol"_s, u"1e-4"_s, u"--atol"_s, u"y:1e-3"_s, u"rtol"_s, u"a:b:0.5"_s} << perOutput
        << QString();
    ToleranceSettings later;
    later.all.atol = 2;
    QTest::newRow("later value wins") << QStringList{u"--atol"_s, u"1"_s, u"--atol"_s, u"2"_s} << later << QString();
    QTest::newRow("negative") << QStringList{u"--rtol"_s, u"-1e-4"_s} << ToleranceSettings{}
                              << u"--rtol -1e-4: expected a number >= 0 (e.g. 1e-4), or OUTPUT:NUMBER"_s;
    QTest::newRow("not a number") << QStringList{u"--atol"_s, u"y:small"_s} << ToleranceSettings{}
                                  << u"--atol y:small: expected a number >= 0 (e.g. 1e-4), or OUTPUT:NUMBER"_s;
    QTest::newRow("infinite") << QStringList{u"--atol"_s, u"inf"_s} << ToleranceSettings{}
                              << u"--atol inf: expected a number >= 0 (e.g. 1e-4), or OUTPUT:NUMBER"_s;
    QTest::newRow("nan") << QStringList{u"--atol"_s, u"nan"_s} << ToleranceSettings{}
                         << u"--atol nan: expected a number >= 0 (e.g. 1e-4), or OUTPUT:NUMBER"_s;
    QTest::newRow("empty output") << QStringList{u"--atol"_s, u":1e-3"_s} << ToleranceSettings{}
                                  << u"--atol :1e-3: expected OUTPUT:VALUE with an output name"_s;
    QTest::newRow("unknown option") << QStringList{u"--tol"_s, u"1"_s} << ToleranceSettings{}
                                    << u"unknown tolerance option '--tol'; expected --rtol or --atol"_s;
}

void TestTolerance::applyOption()
{
    QFETCH(QStringList, options);
    QFETCH(ToleranceSettings, want);
    QFETCH(QString, error);
    ToleranceSettings settings;
    QString got;
    for (qsizetype i = 0; i + 1 < options.size(); i += 2) {
        const Status s = settings.applyOption(options.at(i), options.at(i + 1));
        if (!s) {
            QCOMPARE(s.error().code, ErrorCode::Usage);
            got = s.error().message;
            break;
        }
    }
    QCOMPARE(got, error);
    QVERIFY(settings == want);
}

void TestTolerance::resolve_data()
{
    QTest::addColumn<ToleranceSettings>("settings");
    QTest::addColumn<CartonTolerance>("carton");
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<double>("rtol");
    QTest::addColumn<double>("atol");
    QTest::addColumn<bool>("equalNan");

    CartonTolerance carton;
    carton.all = ov(1e-3, 1e-4, true);
    carton.perOutput[u"y"_s] = ov({}, 0.5);
    carton.perOutput[u"z"_s] = ov(0.25, {});

    QTest::newRow("preset only") << ToleranceSettings{} << CartonTolerance{} << DType::Float16 << 1e-3 << 1e-5 << false;
    QTest::newRow("carton per output over carton all")
        << ToleranceSettings{} << carton << DType::Float32 << 1e-3 << 0.5 << true;
    ToleranceSettings userAll;
    userAll.all = ov(2e-2, {});
    QTest::newRow("user all over carton") << userAll << carton << DType::Float32 << 2e-2 << 0.5 << true;
    ToleranceSettings userY = userAll;
    userY.perOutput[u"y"_s] = ov(0.125, 0.75, false);
    QTest::newRow("user per output over everything") << userY << carton << DType::Float32 << 0.125 << 0.75 << false;
    ToleranceSettings noCarton = userAll;
    noCarton.useCartonTolerances = false;
    QTest::newRow("carton ignored on request") << noCarton << carton << DType::Float32 << 2e-2 << 1e-8 << false;
    ToleranceSettings loose;
    loose.preset = TolerancePreset::Loose;
    QTest::newRow("preset under carton") << loose << carton << DType::Float64 << 1e-3 << 0.5 << true;
    QTest::newRow("integers exact whatever is set") << userY << carton << DType::Int64 << 0.0 << 0.0 << false;
}

// Resolved for output "y".
void TestTolerance::resolve()
{
    QFETCH(ToleranceSettings, settings);
    QFETCH(CartonTolerance, carton);
    QFETCH(DType, dtype);
    QFETCH(double, rtol);
    QFETCH(double, atol);
    QFETCH(bool, equalNan);
    QCOMPARE(resolveTolerance(settings, carton, u"y"_s, dtype), (Tolerance{rtol, atol, equalNan}));
}

void TestTolerance::cartonTable_data()
{
    QTest::addColumn<QByteArray>("toml");
    QTest::addColumn<CartonTolerance>("want");
    QTest::newRow("none") << QByteArray() << CartonTolerance{};
    QTest::newRow("other extension only") << QByteArray("[self_test.other]\nk = 1\n") << CartonTolerance{};
    CartonTolerance full;
    full.all = ov(1e-4, 1e-6, true);
    full.perOutput[u"y"_s] = ov({}, 1e-3);
    full.perOutput[u"out put"_s] = ov(2, {}, false);
    QTest::newRow("all fields") << QByteArray("[self_test.tolerance]\nrtol = 1e-4\natol = 1e-6\nequal_nan = true\n"
                                              "[self_test.tolerance.y]\natol = 1e-3\n"
                                              "[self_test.tolerance.\"out put\"]\nrtol = 2\nequal_nan = false\n")
                                << full;
    CartonTolerance outputOnly;
    outputOnly.perOutput[u"y"_s] = ov({}, 0);
    QTest::newRow("per output only, integer value") << QByteArray("[self_test.tolerance.y]\natol = 0\n") << outputOnly;
}

void TestTolerance::cartonTable()
{
    QFETCH(QByteArray, toml);
    QFETCH(CartonTolerance, want);
    const Result<CartonTolerance> got = parseCartonTolerance(selfTestExtra(toml), u"carton.toml: self_test[0]"_s);
    QVERIFY2(got.ok(), qPrintable(got.ok() ? QString() : got.error().toString()));
    QVERIFY(*got == want);
}

void TestTolerance::cartonTableErrors_data()
{
    QTest::addColumn<QByteArray>("toml");
    QTest::addColumn<QString>("message");
    QTest::newRow("string rtol") << QByteArray("[self_test.tolerance]\nrtol = \"1e-4\"\n")
                                 << u"tolerance.rtol: expected a number >= 0, found a string"_s;
    QTest::newRow("negative atol") << QByteArray("[self_test.tolerance.y]\natol = -0.5\n")
                                   << u"tolerance.y.atol: expected a number >= 0, found -0.5"_s;
    QTest::newRow("nan rtol") << QByteArray("[self_test.tolerance]\nrtol = nan\n")
                              << u"tolerance.rtol: expected a number >= 0, found nan"_s;
    QTest::newRow("typo") << QByteArray("[self_test.tolerance]\nrtl = 1e-4\n")
                          << u"tolerance.rtl: unknown key; expected rtol, atol, equal_nan or a table per output name"_s;
    QTest::newRow("typo in output") << QByteArray("[self_test.tolerance.y]\nmax = 1\n")
                                    << u"tolerance.y.max: unknown key; expected rtol, atol or equal_nan"_s;
    QTest::newRow("nested deeper") << QByteArray("[self_test.tolerance.y.z]\natol = 1\n")
                                   << u"tolerance.y.z: unknown key; expected rtol, atol or equal_nan"_s;
    QTest::newRow("equal_nan not bool") << QByteArray("[self_test.tolerance]\nequal_nan = 1\n")
                                        << u"tolerance.equal_nan: expected a boolean, found an integer"_s;
    QTest::newRow("not a table") << QByteArray("tolerance = 1e-3\n")
                                 << u"tolerance: expected a table ([self_test.tolerance]), found a float"_s;
}

void TestTolerance::cartonTableErrors()
{
    QFETCH(QByteArray, toml);
    QFETCH(QString, message);
    const Result<CartonTolerance> got = parseCartonTolerance(selfTestExtra(toml), u"carton.toml: self_test[0]"_s);
    QVERIFY(!got.ok());
    QCOMPARE(got.error().code, ErrorCode::Format);
    QCOMPARE(got.error().message, message);
    QCOMPARE(got.error().location, u"carton.toml: self_test[0]"_s);
}

// Written into a self-test's unknown TOML, the table reads back the same and the
// other extensions stay; through a whole carton.toml too.
void TestTolerance::writeCartonTable()
{
    CartonTolerance t;
    t.all = ov(1e-4, {}, true);
    t.perOutput[u"y"_s] = ov({}, 0.25);
    const QByteArray base = selfTestExtra("[self_test.other]\nk = 1\n");
    const Result<QByteArray> mergedOk = withCartonTolerance(base, t);
    QVERIFY2(mergedOk.ok(), qPrintable(mergedOk.ok() ? QString() : mergedOk.error().toString()));
    const QByteArray merged = *mergedOk;
    QVERIFY(merged.contains("[other]"));
    const Result<CartonTolerance> back = parseCartonTolerance(merged, u"x"_s);
    QVERIFY(back.ok());
    QVERIFY(*back == t);

    Result<CartonInfo> info = parseCartonToml(
        "spec_version = 1\n[[self_test]]\n[self_test.inputs]\nx = \"@tensor_data/x\"\n[runner]\nrunner_name = \"r\"\n"
        "required_framework_version = \"1\"\nrunner_compat_version = 1\n");
    QVERIFY(info.ok());
    info->selfTests[0].unknownToml = merged;
    const Result<QByteArray> writtenOk = writeCartonToml(*info);
    QVERIFY(writtenOk.ok());
    const QByteArray written = *writtenOk;
    QVERIFY2(written.contains("[self_test.tolerance]") && written.contains("[self_test.tolerance.y]"),
             written.constData());
    const Result<CartonInfo> again = parseCartonToml(written);
    QVERIFY(again.ok());
    const Result<CartonTolerance> reread = parseCartonTolerance(again->selfTests[0].unknownToml, u"x"_s);
    QVERIFY(reread.ok());
    QVERIFY(*reread == t);

    const Result<QByteArray> removed = withCartonTolerance(merged, CartonTolerance{});
    QVERIFY(removed.ok());
    QCOMPARE(*removed, base); // removing it leaves the rest
}

// Other keys that are not TOML would be lost by the merge: the edit fails and says
// so, rather than keeping the old text and dropping the new tolerance.
void TestTolerance::writeRefusesBrokenOtherKeys()
{
    CartonTolerance t;
    t.all = ov(1e-4, {}, {});
    const Result<QByteArray> merged = withCartonTolerance("this is = = not toml [", t);
    QVERIFY(!merged.ok());
    QCOMPARE(merged.error().code, ErrorCode::Format);
    QVERIFY2(merged.error().message.startsWith(u"tolerance: the self-test's other keys are not valid TOML"_s),
             qPrintable(merged.error().message));
}

QTEST_GUILESS_MAIN(TestTolerance)
#include "tst_tolerance.moc"
