// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton diff A B --run` (issue 41): two python-runner cartons whose models differ
// (y = 2x against y = 2.001x) run on A's self-test inputs through the sandboxed
// runner host, B's outputs compared with A's: the figures are those of the two
// models' float32 arithmetic, in text, --json and --html; `--inputs-from both` runs
// both sides' self-tests, each row saying whose; a bare file refuses --run.
#include "clirunner.h"
#include "scalecartons.h"
#include "selftesttestutil.h"
#include "testpaths.h"
#include "testsession.h"

#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QtEndian>
#ifdef CARTON_TEST_QTGUI
#include <QImage>
#endif
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <tuple>

using namespace carton;
using namespace selftesttest;
using namespace Qt::StringLiterals;

class TestCliDiffRun : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void outputsJson();
    void textAndHtml();
    void inputsFromBoth();
    void bareFileRefusesRun();

private:
    QTemporaryDir m_dir;
    QString m_a, m_b;
    const QList<float> &m_x = difftest::kScaleX;
};

void TestCliDiffRun::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("XDG_DATA_HOME", m_dir.filePath(u"data"_s).toLocal8Bit());
    m_a = difftest::writeScaleCarton(m_dir.filePath(u"a"_s), u"a"_s, "2.0");
    m_b = difftest::writeScaleCarton(m_dir.filePath(u"b"_s), u"b"_s, "2.001");
    QVERIFY(!m_a.isEmpty() && !m_b.isEmpty());
}

void TestCliDiffRun::outputsJson()
{
    const RunResult r =
        runCarton({u"diff"_s, m_a, m_b, u"--run"_s, u"--json"_s, u"--rtol"_s, u"1e-4"_s, u"--atol"_s, u"0"_s});
    QVERIFY2(r.exitCode == 1, r.err.constData());
    const QJsonObject o = r.json();
    QCOMPARE(o[u"outputs_inputs_from"_s].toString(), u"a"_s);
    QCOMPARE(o[u"outputs_agree"_s].toBool(true), false);
    QVERIFY2(o[u"sandbox"_s].toString().contains(u"sandboxed"_s), r.out.constData());
    const QJsonArray outputs = o[u"outputs"_s].toArray();
    QCOMPARE(outputs.size(), 1);
    const QJsonObject y = outputs.at(0).toObject();
    QCOMPARE(y[u"test"_s].toString(), u"t_a"_s);
    QCOMPARE(y[u"output"_s].toString(), u"y"_s);
    QCOMPARE(y[u"inputs"_s].toString(), u"a"_s);
    // What numpy's float32 arithmetic gives for the two models on x.
    double maxAbs = 0, meanAbs = 0, maxRel = 0;
    int off = 0;
    for (float x : m_x) {
        const float a = x * 2.0f, b = x * 2.001f;
        const double d = std::abs(double(b) - double(a));
        const double rel = a == 0 ? 0 : d / std::abs(double(a));
        maxAbs = std::max(maxAbs, d);
        meanAbs += d / double(m_x.size());
        maxRel = std::max(maxRel, rel);
        off += d > 1e-4 * std::abs(double(a));
    }
    QCOMPARE(off, 3);
    QVERIFY(std::abs(y[u"max_abs_diff"_s].toDouble() - maxAbs) < 1e-9);
    QVERIFY(std::abs(y[u"mean_abs_diff"_s].toDouble() - meanAbs) < 1e-9);
    QVERIFY(std::abs(y[u"max_rel_diff"_s].toDouble() - maxRel) < 1e-9);
    QCOMPARE(y[u"elements_off"_s].toInt(), off);
    QCOMPARE(y[u"elements"_s].toInt(), 4);
    QCOMPARE(y[u"passed"_s].toBool(true), false);
    // The same models within a looser tolerance agree: the outputs decide the exit code no more.
    const RunResult loose = runCarton({u"diff"_s, m_a, m_b, u"--run"_s, u"--json"_s, u"--rtol"_s, u"1e-3"_s});
    QVERIFY2(loose.exitCode == 1, loose.err.constData()); // the cartons still differ (their model files)
    QCOMPARE(loose.json()[u"outputs_agree"_s].toBool(false), true);
    QCOMPARE(loose.json()[u"outputs"_s].toArray().at(0)[u"elements_off"_s].toInt(), 0);
    // On B's self-test inputs: B's test named.
    const RunResult fromB = runCarton({u"diff"_s, m_a, m_b, u"--run"_s, u"--json"_s, u"--inputs-from"_s, u"b"_s});
    QCOMPARE(fromB.json()[u"outputs_inputs_from"_s].toString(), u"b"_s);
    QCOMPARE(fromB.json()[u"outputs"_s].toArray().size(), 1);
    QCOMPARE(fromB.json()[u"outputs"_s].toArray().at(0)[u"test"_s].toString(), u"t_b"_s);
    QCOMPARE(fromB.json()[u"outputs"_s].toArray().at(0)[u"inputs"_s].toString(), u"b"_s);
    const RunResult bad = runCarton({u"diff"_s, m_a, m_b, u"--run"_s, u"--inputs-from"_s, u"c"_s});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("--inputs-from: expected a, b or both, got \"c\""), bad.err.constData());
}

void TestCliDiffRun::inputsFromBoth()
{
    // Each model loads once and runs on A's self-test, then B's: a row per side, saying whose.
    const RunResult r = runCarton({u"diff"_s, m_a, m_b, u"--run"_s, u"--json"_s, u"--inputs-from"_s, u"both"_s,
                                   u"--rtol"_s, u"1e-4"_s, u"--atol"_s, u"0"_s});
    QVERIFY2(r.exitCode == 1, r.err.constData());
    const QJsonObject o = r.json();
    QCOMPARE(o[u"outputs_inputs_from"_s].toString(), u"both"_s);
    QCOMPARE(o[u"outputs_agree"_s].toBool(true), false);
    const QJsonArray outputs = o[u"outputs"_s].toArray();
    QCOMPARE(outputs.size(), 2);
    double maxAbs = 0;
    for (float x : m_x)
        maxAbs = std::max(maxAbs, std::abs(double(x * 2.001f) - double(x * 2.0f)));
    for (const auto &[i, test, side] : {std::tuple{0, u"t_a"_s, u"a"_s}, std::tuple{1, u"t_b"_s, u"b"_s}}) {
        const QJsonObject row = outputs.at(i).toObject();
        QCOMPARE(row[u"test"_s].toString(), test);
        QCOMPARE(row[u"inputs"_s].toString(), side);
        QCOMPARE(row[u"output"_s].toString(), u"y"_s);
        QVERIFY(std::abs(row[u"max_abs_diff"_s].toDouble() - maxAbs) < 1e-9);
        QVERIFY(row.contains(u"max_rel_diff"_s));
        QCOMPARE(row[u"elements_off"_s].toInt(), 3);
    }
    // Text and HTML name each side's inputs, A's first.
    const QString html = m_dir.filePath(u"both.html"_s);
    const RunResult t = runCarton({u"diff"_s, m_a, m_b, u"--run"_s, u"--inputs-from"_s, u"both"_s, u"--rtol"_s,
                                   u"1e-4"_s, u"--atol"_s, u"0"_s, u"--html"_s, html});
    QVERIFY2(t.exitCode == 1, t.err.constData());
    const qsizetype onA = t.out.indexOf("Outputs (both models on A's self-test inputs; B against A):\n  FAIL t_a y:");
    const qsizetype onB = t.out.indexOf("Outputs (both models on B's self-test inputs; B against A):\n  FAIL t_b y:");
    QVERIFY2(onA >= 0 && onB > onA, t.out.constData());
    QVERIFY2(t.out.contains("1 of 1 self-tests on B's inputs disagree"), t.out.constData());
    QFile page(html);
    QVERIFY(page.open(QIODevice::ReadOnly));
    const QByteArray text = page.readAll();
    QCOMPARE(text.count("<h2>Outputs</h2>"), 1);
    const qsizetype hA = text.indexOf("<h3>On A's self-test inputs</h3>");
    const qsizetype hB = text.indexOf("<h3>On B's self-test inputs</h3>");
    QVERIFY(hA >= 0 && hB > hA);
    // The package half lists the self-tests too: each side's row is in its own table.
    const qsizetype rowA = text.indexOf("<td class=\"name\">t_a</td>", hA);
    const qsizetype rowB = text.indexOf("<td class=\"name\">t_b</td>", hA);
    QVERIFY(rowA > hA && rowA < hB && rowB > hB);
    QCOMPARE(text.count("<figure class=\"errormap\">"), 2);
    QVERIFY(text.contains("A's inputs · t_a · y") && text.contains("B's inputs · t_b · y"));
}

void TestCliDiffRun::textAndHtml()
{
    const QString html = m_dir.filePath(u"run.html"_s);
    const RunResult r =
        runCarton({u"diff"_s, m_a, m_b, u"--run"_s, u"--rtol"_s, u"1e-4"_s, u"--atol"_s, u"0"_s, u"--html"_s, html});
    QVERIFY2(r.exitCode == 1, r.err.constData());
    QVERIFY2(r.out.contains("Outputs (both models on A's self-test inputs; B against A):"), r.out.constData());
    QVERIFY2(r.out.contains("FAIL t_a y: max abs 0.004"), r.out.constData());
    QVERIFY2(r.out.contains("3 of 4 elements off"), r.out.constData());
    QFile page(html);
    QVERIFY(page.open(QIODevice::ReadOnly));
    const QByteArray text = page.readAll();
    QVERIFY(text.contains("<h2>Outputs</h2><h3>On A's self-test inputs</h3>"));
    QVERIFY(text.contains("3 of 4"));
    QVERIFY(!text.contains("http://") && !text.contains("https://"));
    // One inline error map per compared output (here y), with its colour scale, fetching nothing.
    QCOMPARE(text.count("<figure class=\"errormap\">"), 1);
    QCOMPARE(text.count("</figure>"), 1);
    QVERIFY(text.contains("<span class=\"scale\">0 <i style=\"background:linear-gradient(to right,#470155"));
    static const QRegularExpression fetches(
        u"(https?|ftp|file)://|url\\s*\\(|@import|<\\s*(script|link|iframe|object|embed)\\b"_s,
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch fetch = fetches.match(QString::fromUtf8(text));
    QVERIFY2(!fetch.hasMatch(), qPrintable(QString::fromUtf8(text).mid(fetch.capturedStart() - 80, 160)));
    static const QRegularExpression refs(u"\\b(src|href|srcset|poster|action)\\s*=\\s*\"([^\"]*)\""_s);
    QStringList images;
    for (auto it = refs.globalMatch(QString::fromUtf8(text)); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QCOMPARE(m.captured(1), u"src"_s);
        QVERIFY(m.captured(2).startsWith(u"data:image/png;base64,"_s));
        images.append(m.captured(2).mid(22));
    }
    QCOMPARE(images.size(), 1);
    // The PNG: one row of 4 cells, |B−A| = 0.001·|x| for x = 0, 1, 2, -4 on viridis from 0 to the largest.
    const QByteArray png = QByteArray::fromBase64(images.first().toLatin1());
    QVERIFY(png.startsWith("\x89PNG\r\n\x1a\n"));
    QCOMPARE(qFromBigEndian<quint32>(png.constData() + 16), 4u);
    QCOMPARE(qFromBigEndian<quint32>(png.constData() + 20), 1u);
#ifdef CARTON_TEST_QTGUI
    const QImage map = QImage::fromData(png, "PNG");
    QCOMPARE(map.size(), QSize(4, 1));
    QCOMPARE(map.pixelColor(0, 0), QColor(0x47, 0x01, 0x55)); // x = 0: no difference
    QCOMPARE(map.pixelColor(3, 0), QColor(0xfc, 0xe7, 0x21)); // x = -4: the largest
    QVERIFY(map.pixelColor(1, 0) != map.pixelColor(2, 0));
#endif
}

void TestCliDiffRun::bareFileRefusesRun()
{
    const QString bare = m_dir.filePath(u"m.safetensors"_s);
    QByteArray header = R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})";
    QByteArray file(8, '\0');
    qToLittleEndian<quint64>(quint64(header.size()), file.data());
    QVERIFY(testutil::writeFile(bare, file + header + QByteArray(4, '\0')));
    const RunResult r = runCarton({u"diff"_s, bare, m_b, u"--run"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("is a bare model file; both sides must be cartons"), r.err.constData());
}

QTEST_MAIN(TestCliDiffRun)
#include "tst_clidiffrun.moc"
