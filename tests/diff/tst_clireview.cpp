// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton diff A B --json / --html` at the model level, end to end: the real binary on
// ResNet-18/34 checkpoints and ONNX exports made by reviewmodels.py, bare and in cartons.
#include "clirunner.h"
#include "difftestutil.h"
#include "reviewmodels.h"

#include <QFile>
#ifdef CARTON_TEST_QTGUI
#include <QColor>
#include <QImage>
#endif
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

class TestCliReview : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void bareCheckpointsJson();
    void sameFileExitsZero();
    void graphJson();
    void cartonsNameWeightsAsTensorsDoes();
    void unreadableIsExitTwo();
    void htmlReportIsSelfContained();
    void htmlReportRendersInChromium();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QTemporaryDir m_dir;
    QJsonObject m_expect;
};

void TestCliReview::initTestCase()
{
    QVERIFY(m_dir.isValid());
    REVIEW_MAKE_MODELS(m_dir.path());
    m_expect = reviewtest::expectation(m_dir.path());
    QVERIFY(!m_expect.isEmpty());
}

void TestCliReview::bareCheckpointsJson()
{
    const RunResult r = runCarton({QStringLiteral("diff"), path(QStringLiteral("r18.pt")),
                                   path(QStringLiteral("r18ft.pt")), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    const QJsonObject o = r.json();
    QCOMPARE(o.value(u"identical").toBool(), false);
    QCOMPARE(o[u"a"][u"model_hash"].toString(), QString::fromLatin1(sha256File(path(QStringLiteral("r18.pt")))));
    const QJsonArray weights = o.value(u"weights").toArray();
    QCOMPARE(weights.size(), m_expect.value(u"r18_tensors").toInt());
    const QJsonObject changed = m_expect.value(u"changed").toObject();
    int changedSeen = 0;
    for (const QJsonValue &v : weights) {
        const QJsonObject w = v.toObject();
        for (const char *key : {"name", "status", "shape_a", "shape_b", "dtype_a", "dtype_b", "max_abs_diff", "rel_l2",
                                "changed_fraction"})
            QVERIFY2(w.contains(QLatin1String(key)), key);
        const QString name = w.value(u"name").toString();
        if (w.value(u"status").toString() == u"unchanged") {
            QVERIFY(!changed.contains(name));
            QCOMPARE(w.value(u"max_abs_diff").toDouble(-1), 0.0);
            continue;
        }
        ++changedSeen;
        QCOMPARE(w.value(u"status").toString(), QStringLiteral("changed"));
        const QJsonObject e = changed.value(name).toObject();
        QVERIFY2(!e.isEmpty(), qPrintable(name));
        QCOMPARE(w.value(u"shape_a").toArray(), w.value(u"shape_b").toArray());
        QCOMPARE(w.value(u"dtype_a").toString(), QStringLiteral("float32"));
        for (const char *key : {"max_abs_diff", "rel_l2", "changed_fraction"}) {
            const double got = w.value(QLatin1String(key)).toDouble(), want = e.value(QLatin1String(key)).toDouble();
            QVERIFY2(
                std::abs(got - want) <= 1e-7 * std::abs(want) + 1e-12,
                qPrintable(QStringLiteral("%1 %2: %3 vs numpy %4").arg(name, QLatin1String(key)).arg(got).arg(want)));
        }
    }
    QCOMPARE(changedSeen, 2);
}

void TestCliReview::sameFileExitsZero()
{
    QVERIFY(QFile::copy(path(QStringLiteral("r18.pt")), path(QStringLiteral("copy.pt"))));
    const RunResult r = runCarton({QStringLiteral("diff"), path(QStringLiteral("r18.pt")),
                                   path(QStringLiteral("copy.pt")), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.json().value(u"identical").toBool(), true);
    for (const QJsonValue &w : r.json().value(u"weights").toArray())
        QCOMPARE(w[u"status"].toString(), QStringLiteral("unchanged"));
}

void TestCliReview::graphJson()
{
    const RunResult r = runCarton({QStringLiteral("diff"), path(QStringLiteral("r18.onnx")),
                                   path(QStringLiteral("r18_strides.onnx")), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    const QJsonObject g = r.json().value(u"graph").toObject();
    QCOMPARE(g.value(u"matched").toInt(), m_expect.value(u"r18_onnx_nodes").toInt());
    QCOMPARE(g.value(u"added").toArray().size(), 0);
    QCOMPARE(g.value(u"removed").toArray().size(), 0);
    const QJsonArray changed = g.value(u"changed").toArray();
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.at(0)[u"a"].toString(), m_expect.value(u"strides_conv").toString());
    QCOMPARE(changed.at(0)[u"b"].toString(), m_expect.value(u"strides_conv").toString());
    QCOMPARE(changed.at(0)[u"op_type"].toString(), QStringLiteral("Conv"));
    QCOMPARE(changed.at(0)[u"changes"].toArray(), QJsonArray{QStringLiteral("strides: [1, 1] -> [2, 2]")});
    // Human output says the same.
    const RunResult h =
        runCarton({QStringLiteral("diff"), path(QStringLiteral("r18.onnx")), path(QStringLiteral("r18_strides.onnx"))});
    QCOMPARE(h.exitCode, 1);
    QVERIFY2(h.out.contains("strides: [1, 1] -> [2, 2]"), h.out.constData());
}

void TestCliReview::cartonsNameWeightsAsTensorsDoes()
{
    QString cartons[2];
    const char *models[2] = {"r18.pt", "r18ft.pt"};
    for (int k = 0; k < 2; ++k) {
        QFile f(path(QLatin1String(models[k])));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QMap<QString, QByteArray> files = difftest::baseFiles();
        files.remove(QStringLiteral("model/weights.bin"));
        files.insert(QStringLiteral("model/resnet.pt"), f.readAll());
        const QString folder = path(QStringLiteral("carton%1").arg(k));
        QVERIFY(difftest::writeFolder(folder, files));
        cartons[k] = folder + QStringLiteral(".carton");
        QCOMPARE(difftest::pack(folder, cartons[k], carton::ZipMethod::Zstd), QString());
    }
    const RunResult r = runCarton({QStringLiteral("diff"), cartons[0], cartons[1], QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    const RunResult t = runCarton({QStringLiteral("tensors"), cartons[1], QStringLiteral("--json")});
    QCOMPARE(t.exitCode, 0);
    QSet<QString> listed;
    for (const QJsonValue &v : t.json().value(u"tensors").toArray())
        listed.insert(v[u"name"].toString());
    QStringList changed;
    const QJsonArray weights = r.json().value(u"weights").toArray();
    QCOMPARE(weights.size(), m_expect.value(u"r18_tensors").toInt());
    for (const QJsonValue &w : weights) {
        QVERIFY2(listed.contains(w[u"name"].toString()), qPrintable(w[u"name"].toString()));
        if (w[u"status"].toString() != u"unchanged")
            changed.append(w[u"name"].toString());
    }
    changed.sort();
    QCOMPARE(changed, (QStringList{QStringLiteral("model/resnet.pt:fc.weight"),
                                   QStringLiteral("model/resnet.pt:layer4.1.conv2.weight")}));
    // The package half is still there: the model file changed.
    bool fileListed = false;
    for (const QJsonValue &f : r.json().value(u"files").toArray())
        fileListed = fileListed || f[u"path"].toString() == u"model/resnet.pt";
    QVERIFY(fileListed);
}

void TestCliReview::unreadableIsExitTwo()
{
    const RunResult r =
        runCarton({QStringLiteral("diff"), path(QStringLiteral("r18.pt")), path(QStringLiteral("missing.pt"))});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(!r.err.isEmpty());
}

// What a page must not hold to be self-contained: anything that fetches.
static QStringList externalReferences(const QByteArray &page)
{
    QStringList found;
    const QString text = QString::fromUtf8(page);
    const auto ci = QRegularExpression::CaseInsensitiveOption;
    static const QRegularExpression patterns[] = {
        QRegularExpression(QStringLiteral("(https?|ftp|file):"), ci),
        QRegularExpression(QStringLiteral("\\b(src|href|srcset|poster|data|action)\\s*="), ci),
        QRegularExpression(QStringLiteral("url\\s*\\(|@import"), ci),
        QRegularExpression(QStringLiteral("<\\s*(script|link|iframe|object|embed|img)\\b"), ci),
        QRegularExpression(QStringLiteral("//[a-z0-9.-]+\\.[a-z]{2,}"), ci)};
    for (const QRegularExpression &p : patterns)
        for (auto it = p.globalMatch(text); it.hasNext();)
            found.append(it.next().captured());
    return found;
}

void TestCliReview::htmlReportIsSelfContained()
{
    const QString out = path(QStringLiteral("review.html"));
    const RunResult r = runCarton({QStringLiteral("diff"), path(QStringLiteral("r18.onnx")),
                                   path(QStringLiteral("r34.onnx")), QStringLiteral("--html"), out});
    QCOMPARE(r.exitCode, 1);
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray page = f.readAll();
    QVERIFY(page.startsWith("<!DOCTYPE html>"));
    QCOMPARE(externalReferences(page), QStringList());
    // Summary first, then the package half, weights with the chart, graph.
    const qsizetype summary = page.indexOf("<h2>Summary</h2>"), package = page.indexOf("<h2>Package</h2>"),
                    weights = page.indexOf("<h2>Weights</h2>"), chart = page.indexOf("<svg class=\"chart\""),
                    graph = page.indexOf("<h2>Graph");
    QVERIFY(summary > 0);
    QVERIFY(package > summary);
    QVERIFY(weights > package);
    QVERIFY(chart > weights);
    QVERIFY(graph > chart);
    QVERIFY(page.contains("<span class=\"badge structure\">structure</span>"));
    // One bar per weight (none removed here), one "added" row per added weight and node.
    const RunResult j = runCarton({QStringLiteral("diff"), path(QStringLiteral("r18.onnx")),
                                   path(QStringLiteral("r34.onnx")), QStringLiteral("--json")});
    const QJsonArray weightRows = j.json().value(u"weights").toArray();
    QCOMPARE(int(page.count("<rect class=\"")), weightRows.size());
    int addedWeights = 0;
    for (const QJsonValue &w : weightRows)
        addedWeights += w[u"status"].toString() == u"added";
    QVERIFY(addedWeights > 0);
    QCOMPARE(int(page.count("<span class=\"badge added\">added</span>")),
             addedWeights + int(j.json()[u"graph"][u"added"].toArray().size()));
    // A fine-tune is "weights only".
    const QString ft = path(QStringLiteral("ft.html"));
    QCOMPARE(runCarton({QStringLiteral("diff"), path(QStringLiteral("r18.pt")), path(QStringLiteral("r18ft.pt")),
                        QStringLiteral("--html"), ft})
                 .exitCode,
             1);
    QFile g(ft);
    QVERIFY(g.open(QIODevice::ReadOnly));
    const QByteArray ftPage = g.readAll();
    QVERIFY(ftPage.contains("<span class=\"badge weights-only\">weights only</span>"));
    QCOMPARE(externalReferences(ftPage), QStringList());
}

void TestCliReview::htmlReportRendersInChromium()
{
    if (!haveProgram(QStringLiteral("chromium")))
        CARTON_MISSING_TOOL("chromium");
    const QString out = path(QStringLiteral("render.html"));
    QCOMPARE(runCarton({QStringLiteral("diff"), path(QStringLiteral("r18.onnx")), path(QStringLiteral("r34.onnx")),
                        QStringLiteral("--html"), out})
                 .exitCode,
             1);
    const QString png = path(QStringLiteral("report.png"));
    const RunResult c =
        runProgram(QStringLiteral("chromium"),
                   {QStringLiteral("--headless"), QStringLiteral("--no-sandbox"), QStringLiteral("--disable-gpu"),
                    QStringLiteral("--disable-background-networking"), QStringLiteral("--no-first-run"),
                    QStringLiteral("--user-data-dir=") + path(QStringLiteral("chromium-profile")),
                    QStringLiteral("--window-size=1366,2000"), QStringLiteral("--screenshot=") + png,
                    QStringLiteral("file://") + out},
                   180'000);
    QVERIFY2(c.exitCode == 0, c.err.constData());
    // The PNG's own header says its width (IHDR, big-endian at byte 16), in every tree.
    QFile shot(png);
    QVERIFY2(shot.open(QIODevice::ReadOnly), c.err.constData());
    const QByteArray head = shot.read(24);
    QVERIFY2(head.startsWith("\x89PNG\r\n\x1a\n"), c.err.constData());
    const quint32 width = (quint32(quint8(head[16])) << 24) | (quint32(quint8(head[17])) << 16) |
                          (quint32(quint8(head[18])) << 8) | quint32(quint8(head[19]));
    QCOMPARE(width, 1366u);
#ifdef CARTON_TEST_QTGUI
    QImage image(png);
    QVERIFY2(!image.isNull(), c.err.constData());
    // Not blank: the page's colours are there (the orange of changed bars or badges, the green of added).
    int green = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2) {
            const QColor p = image.pixelColor(x, y);
            green += p.green() > 100 && p.red() < 60 && p.blue() < 90;
        }
    QVERIFY2(green > 200, qPrintable(QString::number(green)));
#endif
    const QString keep = qEnvironmentVariable("CARTON_REVIEW_SCREENSHOT");
    if (!keep.isEmpty())
        QFile::copy(png, keep);
}

QTEST_GUILESS_MAIN(TestCliReview)
#include "tst_clireview.moc"
