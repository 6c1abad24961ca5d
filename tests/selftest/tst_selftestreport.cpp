// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "package/carton.h"
#include "selftest/selftestengine.h"
#include "selftest/selftestreport.h"
#include "selftesttestutil.h"
#include "testsession.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <limits>

using namespace carton;
using namespace selftesttest;
using namespace Qt::StringLiterals;

namespace {

// Four self-tests (pass, fail by tolerance, cannot run, runner error) and one example.
struct Fixture {
    QTemporaryDir dir;
    std::unique_ptr<Carton> carton;
    SelfTestRun run;

    Fixture()
    {
        CartonFolder c;
        c.info.inputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::symbol(u"n"_s)}))};
        c.info.outputs = {spec(u"y"_s, DType::Float32, Shape::dims({Dim::symbol(u"n"_s)}))};
        c.add(f32({3}, {1, 2, 3}, u"x"_s));
        c.add(f32({3}, {2, 4, 6}, u"good"_s));
        c.add(f32({3}, {2, 4, 6.1}, u"off"_s));
        c.add(f32({2}, {9, 9}, u"crash"_s));
        c.add(f32({2}, {18, 18}, u"crashOut"_s));
        c.add(i32({3}, {1, 2, 3}, u"ints"_s));
        const auto test = [](const QString &name, const QString &x, const QString &y) {
            SelfTest t;
            t.name = name;
            t.inputs = {{u"x"_s, u"@tensor_data/"_s + x}};
            t.expectedOut = TensorRefs{{u"y"_s, u"@tensor_data/"_s + y}};
            return t;
        };
        c.info.selfTests = {test(u"pass"_s, u"x"_s, u"good"_s), test(u"<b>fail</b> & more"_s, u"x"_s, u"off"_s),
                            test(u"cannot"_s, u"ints"_s, u"good"_s), test(u"crash"_s, u"crash"_s, u"crashOut"_s)};
        Example e;
        e.name = u"example"_s;
        e.inputs = {{u"x"_s, u"@tensor_data/x"_s}};
        e.sampleOut = {{u"y"_s, u"@misc/y.png"_s}};
        c.info.examples = {e};
        if (!c.write(dir.path()))
            qFatal("cannot write the carton");
        carton = std::move(Carton::open(dir.path())).value();
        FunctionSession session([](const TensorMap &in) -> Result<TensorMap> {
            const Tensor &x = in.value(u"x"_s);
            if (x.shape() == QList<qint64>{2})
                return makeError(ErrorCode::Io, u"runner host killed by signal 6 (SIGABRT)"_s);
            QByteArray data = x.data();
            auto *f = reinterpret_cast<float *>(data.data());
            for (int i = 0; i < 3; ++i)
                f[i] *= 2;
            return TensorMap{{u"y"_s, Tensor::numeric(u"y"_s, DType::Float32, x.shape(), data)}};
        });
        run = std::move(runSelfTests(*carton, session, {})).value();
    }
};

} // namespace

class TestSelfTestReport : public QObject {
    Q_OBJECT
private slots:
    void json();
    void jsonNonFinite();
    void html();
    void writeAtomically();
};

void TestSelfTestReport::json()
{
    Fixture f;
    const QJsonObject j = selfTestRunToJson(f.run);
    // Round-trips through text (what the CLI prints).
    const QJsonObject back = QJsonDocument::fromJson(QJsonDocument(j).toJson()).object();
    QCOMPARE(back, j);
    QCOMPARE(j[u"model_name"_s].toString(), u"test model"_s);
    QCOMPARE(j[u"exit_code"_s].toInt(), 1);
    const QJsonObject summary = j[u"summary"_s].toObject();
    QCOMPARE(summary[u"total"_s].toInt(), 4);
    QCOMPARE(summary[u"passed"_s].toInt(), 1);
    QCOMPARE(summary[u"failed"_s].toInt(), 1);
    QCOMPARE(summary[u"cannot_run"_s].toInt(), 1);
    QCOMPARE(summary[u"error"_s].toInt(), 1);
    QCOMPARE(j[u"timings_ms"_s].toObject()[u"model_load"_s].toDouble(), 5.0);
    QCOMPARE(j[u"timings_ms"_s].toObject()[u"later_inferences"_s].toArray().size(), 3); // fail, crash, example
    QCOMPARE(j[u"tolerances"_s].toObject()[u"preset"_s].toString(), u"close"_s);

    const QJsonArray tests = j[u"self_tests"_s].toArray();
    const QJsonObject failed = tests.at(1).toObject();
    QCOMPARE(failed[u"status"_s].toString(), u"failed"_s);
    QCOMPARE(failed[u"reason"_s].toString(), u"output 'y': 1 of 3 elements (33.3%) outside rtol 1e-05, atol 1e-08"_s);
    const QJsonObject out = failed[u"outputs"_s].toArray().at(0).toObject();
    QCOMPARE(out[u"kind"_s].toString(), u"compared"_s);
    QCOMPARE(out[u"actual"_s].toObject()[u"shape"_s].toArray(), QJsonArray{3});
    const QJsonObject c = out[u"comparison"_s].toObject();
    QCOMPARE(c[u"verdict"_s].toString(), u"failed"_s);
    QCOMPARE(c[u"mismatch_count"_s].toInt(), 1);
    QCOMPARE(c[u"element_count"_s].toInt(), 3);
    QVERIFY(qAbs(c[u"mismatch_fraction"_s].toDouble() - 1.0 / 3) < 1e-12);
    QVERIFY(qAbs(c[u"abs_error"_s].toObject()[u"max"_s].toDouble() - qAbs(double(float(6.1)) - 6)) < 1e-12);
    QCOMPARE(c[u"abs_error"_s].toObject()[u"median"_s].toDouble(), 0.0);
    QVERIFY(c[u"min_atol"_s].toDouble() > 0.09 && c[u"min_atol"_s].toDouble() < 0.11);
    QCOMPARE(c[u"worst"_s].toArray().at(0).toObject()[u"index"_s].toArray(), QJsonArray{2});
    QCOMPARE(c[u"worst"_s].toArray().at(0).toObject()[u"mismatch"_s].toBool(), true);
    QCOMPARE(c[u"histogram"_s].toObject()[u"bins"_s].toArray().size(), ErrorHistogram::kBins);
    QCOMPARE(c[u"histogram"_s].toObject()[u"abs"_s].toArray().at(0).toInt(), 2); // two exact elements
    QCOMPARE(c[u"non_finite"_s].toObject()[u"actual"_s].toObject()[u"nan"_s].toInt(), 0);

    QCOMPARE(tests.at(2).toObject()[u"status"_s].toString(), u"cannot run"_s);
    QCOMPARE(tests.at(2).toObject()[u"reason"_s].toString(),
             u"input 'x' is an int32 tensor but [[input]] declares float32"_s);
    QCOMPARE(tests.at(3).toObject()[u"status"_s].toString(), u"error"_s);
    QVERIFY(tests.at(3).toObject()[u"runner_log"_s].toString().contains(u"infer"_s));
    const QJsonObject example = j[u"examples"_s].toArray().at(0).toObject();
    QCOMPARE(example[u"status"_s].toString(), u"ran"_s);
    QCOMPARE(example[u"outputs"_s].toArray().at(0).toObject()[u"sample_ref"_s].toString(), u"@misc/y.png"_s);
}

void TestSelfTestReport::jsonNonFinite()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const TensorComparison c = compareTensors(f64({2}, {1, nan}), f64({2}, {0, 1}), Tolerance{});
    const QJsonObject j = comparisonToJson(c);
    QCOMPARE(j[u"min_atol"_s].toString(), u"inf"_s);
    QCOMPARE(j[u"rel_error"_s].toObject()[u"max"_s].toString(), u"inf"_s);
    QCOMPARE(j[u"non_finite"_s].toObject()[u"actual"_s].toObject()[u"nan"_s].toInt(), 1);
    QCOMPARE(j[u"worst"_s].toArray().at(0).toObject()[u"actual"_s].toString(), u"nan"_s);
    QCOMPARE(QJsonDocument::fromJson(QJsonDocument(j).toJson()).object(), j);
}

void TestSelfTestReport::html()
{
    Fixture f;
    const QByteArray html = selfTestReportHtml(f.run);
    const QString text = QString::fromUtf8(html);
    QVERIFY(html.startsWith("<!DOCTYPE html>"));
    QVERIFY(text.contains(u"<style>"_s));
    // Self-contained: no scripts and no external resources (the SVG namespace is not fetched).
    QVERIFY(!text.contains(u"<script"_s));
    QVERIFY(!text.contains(u"src="_s));
    QVERIFY(!text.contains(u"href="_s));
    QCOMPARE(text.count(u"http"_s), text.count(u"xmlns=\"http://www.w3.org/2000/svg\""_s));
    // One histogram pair per compared output with elements: pass and fail.
    QCOMPARE(text.count(u"<svg"_s), 4);
    // Carton text is escaped.
    QVERIFY(text.contains(u"&lt;b&gt;fail&lt;/b&gt; &amp; more"_s));
    QVERIFY(!text.contains(u"<b>fail</b>"_s));
    QVERIFY(text.contains(u"1 passed · 1 failed · 1 cannot run · 1 error · 0 not run"_s));
    QVERIFY(text.contains(u"input 'x' is an int32 tensor but [[input]] declares float32"_s));
    QVERIFY(text.contains(u"runner host killed by signal 6 (SIGABRT)"_s));
    QVERIFY(text.contains(u"<span class=\"badge failed\">failed</span>"_s));
    QVERIFY(text.contains(u"@misc/y.png"_s));
}

void TestSelfTestReport::writeAtomically()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"report.html"_s);
    QVERIFY(writeReportFile(path, "first").ok());
    QVERIFY(writeReportFile(path, "second, longer").ok());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("second, longer"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{u"report.html"_s});

    const QString bad = dir.filePath(u"no/such/folder/report.json"_s);
    const Status s = writeReportFile(bad, "x");
    QVERIFY(!s.ok());
    QCOMPARE(s.error().code, ErrorCode::Io);
    QCOMPARE(s.error().location, bad);
}

QTEST_GUILESS_MAIN(TestSelfTestReport)
#include "tst_selftestreport.moc"
