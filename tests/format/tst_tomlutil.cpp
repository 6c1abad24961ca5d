// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The shared toml++ helpers (format/tomlutil.h) used by carton.toml, index.toml,
// string tensor files and LINKS.
#include "base/limits.h"
#include "format/tomlutil.h"

#include <QTest>
#include <limits>

using namespace carton;
using namespace Qt::StringLiterals;

class TestTomlUtil final : public QObject {
    Q_OBJECT
private slots:
    void quoteRoundTrip_data();
    void quoteRoundTrip();
    void parseErrors_data();
    void parseErrors();
    void parseLocations();
    void typeNames_data();
    void typeNames();
    void formatTable();
    void floatText_data();
    void floatText();
    void formatWritesShortestFloats();
};

void TestTomlUtil::quoteRoundTrip_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << QString();
    QTest::newRow("plain") << u"hello world"_s;
    QTest::newRow("quotes and backslashes") << u"say \"hi\" \\ C:\\path\\"_s;
    QTest::newRow("control characters") << u"a\tb\nc\rd\be\ff\x01g\x1fh\x7f"_s;
    QTest::newRow("non-ASCII") << u"é 漢字 🎉"_s;
    QTest::newRow("quote runs") << u"\"\"\" '''  \"\"\"\"\"\""_s;
    QTest::newRow("multi-line with trailing quote") << u"line 1\nline \"2\"\n\"\"\""_s;
    QTest::newRow("leading newline") << u"\nstarts with a newline"_s;
}

void TestTomlUtil::quoteRoundTrip()
{
    QFETCH(QString, text);
    for (bool multiLine : {false, true}) {
        const QByteArray value = multiLine ? tomlutil::quoteMultiLine(text) : tomlutil::quote(text);
        if (!multiLine)
            QVERIFY2(!value.contains('\n'), value.constData());
        const Result<toml::table> parsed = tomlutil::parse(QByteArray("v = " + value + '\n'), u"t.toml"_s);
        QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().toString()));
        const auto *s = parsed->get("v") ? parsed->get("v")->as_string() : nullptr;
        QVERIFY(s);
        QCOMPARE(tomlutil::toQString(s->get()), text);
    }
}

void TestTomlUtil::parseErrors_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("location"); // prefix
    QTest::addColumn<QString>("message");  // substring
    QTest::newRow("unterminated string") << QByteArray("a = 1\nb = \"x\n") << int(ErrorCode::Format) << u"f.toml:2:"_s
                                         << u"invalid TOML: "_s;
    QTest::newRow("duplicate key") << QByteArray("a = 1\na = 2\n") << int(ErrorCode::Format) << u"f.toml:2:"_s
                                   << u"invalid TOML: "_s;
    QTest::newRow("bad UTF-8") << QByteArray("a = \"\xff\"\n") << int(ErrorCode::Format) << u"f.toml:1:"_s
                               << u"invalid TOML: "_s;
    QByteArray deep = "a";
    for (int i = 0; i < Limits().maxTomlNesting + 1; ++i)
        deep += ".a";
    QTest::newRow("nesting refused before toml++")
        << QByteArray("x = 1\n" + deep + " = 1\n") << int(ErrorCode::Limit) << u"f.toml:2"_s << u"nested deeper than"_s;
}

void TestTomlUtil::parseErrors()
{
    QFETCH(QByteArray, text);
    QFETCH(int, code);
    QFETCH(QString, location);
    QFETCH(QString, message);
    const Result<toml::table> parsed = tomlutil::parse(text, u"f.toml"_s);
    QVERIFY(!parsed.ok());
    QCOMPARE(int(parsed.error().code), code);
    QVERIFY2(parsed.error().location.startsWith(location), qPrintable(parsed.error().location));
    QVERIFY2(parsed.error().message.contains(message), qPrintable(parsed.error().message));

    const Result<toml::table> named = tomlutil::parse(text, u"f.toml"_s, u"TOML syntax error");
    QVERIFY(!named.ok());
    if (code == int(ErrorCode::Format))
        QVERIFY2(named.error().message.startsWith(u"TOML syntax error: "_s), qPrintable(named.error().message));
}

void TestTomlUtil::parseLocations()
{
    const Result<toml::table> parsed = tomlutil::parse("a = 1\n\n  b = \"x\"\n", u"f.toml"_s);
    QVERIFY(parsed.ok());
    QCOMPARE(tomlutil::location(u"f.toml"_s, *parsed->get("a")), u"f.toml:1:5"_s);
    QCOMPARE(tomlutil::location(u"f.toml"_s, *parsed->get("b")), u"f.toml:3:7"_s);
    const toml::table builtInCode; // no source position
    QCOMPARE(tomlutil::location(u"f.toml"_s, builtInCode), u"f.toml"_s);
}

void TestTomlUtil::typeNames_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QString>("name");
    QTest::newRow("string") << QByteArray("\"s\"") << u"a string"_s;
    QTest::newRow("integer") << QByteArray("1") << u"an integer"_s;
    QTest::newRow("float") << QByteArray("1.5") << u"a float"_s;
    QTest::newRow("boolean") << QByteArray("true") << u"a boolean"_s;
    QTest::newRow("date") << QByteArray("2024-01-02") << u"a date"_s;
    QTest::newRow("time") << QByteArray("10:00:00") << u"a time"_s;
    QTest::newRow("date-time") << QByteArray("2024-01-02T10:00:00Z") << u"a date-time"_s;
    QTest::newRow("array") << QByteArray("[1]") << u"an array"_s;
    QTest::newRow("table") << QByteArray("{ x = 1 }") << u"a table"_s;
}

void TestTomlUtil::typeNames()
{
    QFETCH(QByteArray, value);
    QFETCH(QString, name);
    const Result<toml::table> parsed = tomlutil::parse(QByteArray("v = " + value + '\n'), u"t.toml"_s);
    QVERIFY(parsed.ok());
    QCOMPARE(tomlutil::typeName(*parsed->get("v")), name);
}

void TestTomlUtil::formatTable()
{
    QCOMPARE(tomlutil::format(toml::table{}), QByteArray());
    const Result<toml::table> parsed = tomlutil::parse("b = 2\na = \"x\"\n[t]\nc = [1, 2]\n", u"t.toml"_s);
    QVERIFY(parsed.ok());
    const QByteArray text = tomlutil::format(*parsed);
    QVERIFY(text.endsWith('\n'));
    QVERIFY(!text.endsWith("\n\n"));
    QVERIFY2(text.indexOf("a = ") < text.indexOf("b = "), text.constData()); // keys sorted
    const Result<toml::table> again = tomlutil::parse(text, u"t.toml"_s);
    QVERIFY(again.ok());
    QVERIFY(*again == *parsed);
}

void TestTomlUtil::floatText_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("1e-6") << 1e-6 << QByteArray("1e-6"); // toml++ alone: 9.9999999999999995e-07
    QTest::newRow("1e-4") << 1e-4 << QByteArray("1e-4");
    QTest::newRow("0.001") << 0.001 << QByteArray("1e-3"); // shorter than 0.001
    QTest::newRow("0.1") << 0.1 << QByteArray("0.1");
    QTest::newRow("0.5") << 0.5 << QByteArray("0.5");
    QTest::newRow("whole") << 100.0 << QByteArray("100.0");
    QTest::newRow("zero") << 0.0 << QByteArray("0.0");
    QTest::newRow("negative zero") << -0.0 << QByteArray("-0.0");
    QTest::newRow("1e20") << 1e20 << QByteArray("1e20");
    QTest::newRow("negative") << -2.5e-8 << QByteArray("-2.5e-8");
    QTest::newRow("17 digits") << 0.1 + 0.2 << QByteArray("0.30000000000000004");
    QTest::newRow("max") << 1.7976931348623157e308 << QByteArray("1.7976931348623157e308");
    QTest::newRow("denormal") << 5e-324 << QByteArray("5e-324");
    QTest::newRow("inf") << std::numeric_limits<double>::infinity() << QByteArray("inf");
}

void TestTomlUtil::floatText()
{
    QFETCH(double, value);
    QFETCH(QByteArray, text);
    QCOMPARE(tomlutil::floatText(value), text);
    // Reads back to the same double as TOML.
    const Result<toml::table> parsed = tomlutil::parse(QByteArray("v = " + text + '\n'), u"t.toml"_s);
    QVERIFY(parsed.ok());
    QCOMPARE(parsed->get("v")->value<double>().value_or(-1), value);
}

// Every float of a formatted table in the shortest form; strings, keys, integers
// and dates untouched, also in arrays over several lines and inline tables.
void TestTomlUtil::formatWritesShortestFloats()
{
    const QByteArray source = "atol = 1e-6\nrtol = 0.0001\nn = 100\nd = 1979-05-27T07:32:00.5Z\n"
                              "s = \"= 9.9999999999999995e-07, x\"\n\"1e5\" = 0.1\n"
                              "a = [1e-6, 2.5, 3]\nt = [{ x = 1e-7 }, { x = 3.0 }]\n[sub]\natol = 1e-3\n";
    const Result<toml::table> parsed = tomlutil::parse(source, u"t.toml"_s);
    QVERIFY(parsed.ok());
    const QByteArray text = tomlutil::format(*parsed);
    QVERIFY2(text.contains("atol = 1e-6\n"), text.constData());
    QVERIFY2(text.contains("rtol = 1e-4\n"), text.constData());
    QVERIFY2(text.contains("n = 100\n"), text.constData());
    QVERIFY2(text.contains("\"= 9.9999999999999995e-07, x\""), text.constData());
    QVERIFY2(text.contains("1e-7"), text.constData());
    QVERIFY2(text.contains("atol = 1e-3\n"), text.constData());
    QVERIFY2(!text.contains("0000000"), text.constData());
    const Result<toml::table> again = tomlutil::parse(text, u"t.toml"_s);
    QVERIFY2(again.ok(), text.constData());
    QVERIFY(*again == *parsed);
}

QTEST_GUILESS_MAIN(TestTomlUtil)
#include "tst_tomlutil.moc"
