// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton.toml read as hostile input: a size cap, and nesting deep enough to
// overflow toml++'s stack refused before toml++ sees it.
#include "format/cartontoml.h"

#include <QByteArrayList>
#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

QString errorText(const Result<CartonInfo> &r)
{
    return r.ok() ? QString() : r.error().toString();
}

} // namespace

class TestCartonTomlLimits : public QObject {
    Q_OBJECT

private slots:
    void sizeLimit();
    void nestingGuard_data();
    void nestingGuard();
};

void TestCartonTomlLimits::sizeLimit()
{
    QByteArray huge = "spec_version = 1\n# ";
    huge.append(17 << 20, 'x');
    const Result<CartonInfo> r = parseCartonToml(huge);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Limit);
}

void TestCartonTomlLimits::nestingGuard_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<int>("line"); // where a rejected row fails
    auto repeat = [](const QByteArray &part, const QByteArray &sep, int n) {
        QByteArrayList parts;
        for (int i = 0; i < n; ++i)
            parts.append(part);
        return parts.join(sep);
    };
    // ~50,000 header parts crash toml++ itself (stack overflow) without the guard.
    QTest::newRow("deep header") << QByteArray("[" + repeat("a", ".", 60000) + "]\nx = 1\n") << false << 2;
    QTest::newRow("deep array header") << QByteArray("[[" + repeat("a", ".", 65) + "]]\n") << false << 2;
    QTest::newRow("deep dotted key") << QByteArray("\n" + repeat("k", ".", 70) + " = 1\n") << false << 3;
    QTest::newRow("dotted keys in inline tables")
        << QByteArray("x = " + repeat("{ a.b.c.d = ", "", 16) + "1" + repeat("}", " ", 16) + "\n") << false << 2;
    QTest::newRow("deep arrays") << QByteArray("x = " + repeat("[", "", 100) + repeat("]", "", 100) + "\n") << false
                                 << 2;
    QTest::newRow("many floats") << QByteArray("x = [" + repeat("1.5", ", ", 5000) + "]\n") << true << 0;
    QTest::newRow("dots in strings and comments")
        << QByteArray("x = \"" + repeat("a", ".", 500) + "\" # " + repeat("b", ".", 500) + "\ny = '''\n" +
                      repeat("c", ".", 500) + "\n'''\n\"" + repeat("q", ".", 100) + "\" = 1\nz = \"\"\"\n\\\"\"\"" +
                      repeat("d", ".", 100) + "\"\"\"\n")
        << true << 0;
    QTest::newRow("moderate nesting") << QByteArray("[a.b.c]\nd.e.f = { g.h = [[1.0, 2.0], [3.5]] }\n") << true << 0;
}

void TestCartonTomlLimits::nestingGuard()
{
    QFETCH(QByteArray, body);
    QFETCH(bool, accepted);
    QFETCH(int, line);
    // The body's keys are top-level (before any header) and its tables end where [runner] starts.
    const QByteArray doc =
        "spec_version = 1\n" + body +
        "\n[runner]\nrunner_name = \"r\"\nrequired_framework_version = \"1\"\nrunner_compat_version = 1\n";
    const Result<CartonInfo> r = parseCartonToml(doc);
    if (accepted) {
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QVERIFY(!r->unknownToml.isEmpty());
        const Result<CartonInfo> again = parseCartonToml(writeCartonToml(*r).value());
        QVERIFY2(again.ok(), qPrintable(errorText(again)));
        QCOMPARE(again->unknownToml, r->unknownToml);
    } else {
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::Limit);
        QCOMPARE(r.error().location, u"carton.toml:%1"_s.arg(line));
    }
}

QTEST_GUILESS_MAIN(TestCartonTomlLimits)
#include "tst_cartontomllimits.moc"
