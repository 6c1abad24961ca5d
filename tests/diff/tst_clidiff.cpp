// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton diff A B [--json]` end to end: the real binary on cartons built in code.
#include "clirunner.h"
#include "difftestutil.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class TestCliDiff : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void identical();
    void different();
    void differentJson();
    void errors_data();
    void errors();

private:
    QTemporaryDir m_dir;
    QString m_a, m_a2, m_b;
};

void TestCliDiff::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString a = m_dir.filePath(QStringLiteral("a")), b = m_dir.filePath(QStringLiteral("b"));
    QMap<QString, QByteArray> fb = difftest::baseFiles();
    QVERIFY(difftest::writeFolder(a, fb));
    fb[QStringLiteral("carton.toml")] = difftest::toml("model", "float32", "[\"n\", 4]");
    fb[QStringLiteral("tensor_data/index.toml")] = difftest::index("[2, 4]");
    fb[QStringLiteral("tensor_data/x.bin")] = difftest::floats({0, 1, 2, 3, 4, 5, 6, 7});
    fb[QStringLiteral("tensor_data/y.bin")] = difftest::floats({0, 2, 4, 6, 8, 10, 12, 14});
    QVERIFY(difftest::writeFolder(b, fb));
    m_a = a + QStringLiteral(".carton");
    m_a2 = a + QStringLiteral("-again.carton");
    m_b = b + QStringLiteral(".carton");
    QCOMPARE(difftest::pack(a, m_a), QString());
    QCOMPARE(difftest::pack(a, m_a2, carton::ZipMethod::Zstd), QString());
    QCOMPARE(difftest::pack(b, m_b), QString());
}

void TestCliDiff::identical()
{
    const RunResult r = runCarton({QStringLiteral("diff"), m_a, m_a2});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("Identical: same model hash."));
    const RunResult j = runCarton({QStringLiteral("diff"), m_a, m_a2, QStringLiteral("--json")});
    QCOMPARE(j.exitCode, 0);
    QCOMPARE(j.json().value(u"identical").toBool(), true);
    QCOMPARE(j.json().value(u"changes").toArray().size(), 0);
}

void TestCliDiff::different()
{
    const RunResult r = runCarton({QStringLiteral("diff"), m_a, m_b});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("Changes: 2 breaking, 4 compatible"), r.out.constData());
    QVERIFY(r.out.contains("[breaking] changed x.shape[1]: 3 -> 4\n      fixed dimension 1 changed from 3 to 4\n"));
    QVERIFY(r.out.contains("-shape = [\"n\", 3]\n"));
    QVERIFY(r.out.contains("tensor data: shape changed from [2, 3] to [2, 4]"));
}

void TestCliDiff::differentJson()
{
    const RunResult r = runCarton({QStringLiteral("diff"), m_a, m_b, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    const QJsonObject o = r.json();
    QCOMPARE(o.value(u"identical").toBool(), false);
    QCOMPARE(o[u"a"][u"path"].toString(), m_a);
    QCOMPARE(o[u"a"][u"model_hash"].toString().size(), 64);
    QCOMPARE(o.value(u"breaking").toInt(), 2);
    QCOMPARE(o.value(u"compatible").toInt(), 4);
    QStringList seen;
    for (const QJsonValue &c : o.value(u"changes").toArray())
        seen.append(
            QStringList{c[u"section"].toString(), c[u"item"].toString(), c[u"field"].toString(), c[u"class"].toString()}
                .join(u'|'));
    QCOMPARE(seen, (QStringList{"inputs|x|shape[1]|breaking", "outputs|y|shape[1]|breaking",
                                "files|carton.toml||compatible", "files|tensor_data/index.toml||compatible",
                                "files|tensor_data/x.bin||compatible", "files|tensor_data/y.bin||compatible"}));
}

void TestCliDiff::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("stderrHas");
    QTest::newRow("one file") << QStringList{QStringLiteral("diff"), QStringLiteral("x.carton")} << QByteArray("diff");
    QTest::newRow("missing") << QStringList{QStringLiteral("diff"), QStringLiteral("/nonexistent/a.carton"),
                                            QStringLiteral("/nonexistent/b.carton")}
                             << QByteArray("/nonexistent/a.carton");
    QTest::newRow("bad option") << QStringList{QStringLiteral("diff"), QStringLiteral("a"), QStringLiteral("b"),
                                               QStringLiteral("--frobnicate")}
                                << QByteArray("frobnicate");
}

void TestCliDiff::errors()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, stderrHas);
    const RunResult r = runCarton(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(stderrHas), r.err.constData());
}

QTEST_GUILESS_MAIN(TestCliDiff)
#include "tst_clidiff.moc"
