// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Cases follow the semver crate 1.0's own tests (test_version_req.rs).
#include "format/semver.h"

#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

class TestSemver : public QObject {
    Q_OBJECT
private slots:
    void parseVersion_data();
    void parseVersion();
    void versionOrder_data();
    void versionOrder();
    void reqErrors_data();
    void reqErrors();
    void reqMatches_data();
    void reqMatches();
    void tooManyComparators();
    void describe_data();
    void describe();
};

void TestSemver::parseVersion_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("normalized"); // empty = error expected
    QTest::addColumn<QString>("error");
    QTest::newRow("plain") << u"1.2.3"_s << u"1.2.3"_s << QString();
    QTest::newRow("pre") << u"1.0.0-alpha.1"_s << u"1.0.0-alpha.1"_s << QString();
    QTest::newRow("build dropped") << u"1.0.0-rc.1+build.5"_s << u"1.0.0-rc.1"_s << QString();
    QTest::newRow("build only") << u"2.0.1+x"_s << u"2.0.1"_s << QString();
    QTest::newRow("u64 max") << u"18446744073709551615.0.0"_s << u"18446744073709551615.0.0"_s << QString();
    QTest::newRow("empty") << QString() << QString() << u"empty string, expected a semver version"_s;
    QTest::newRow("two parts") << u"1.2"_s << QString()
                               << u"unexpected end of input while parsing minor version number"_s;
    QTest::newRow("leading zero") << u"01.2.3"_s << QString() << u"invalid leading zero in major version number"_s;
    QTest::newRow("leading space") << u" 1.2.3"_s << QString()
                                   << u"unexpected character ' ' while parsing major version number"_s;
    QTest::newRow("trailing junk") << u"1.2.3x"_s << QString()
                                   << u"unexpected character 'x' after patch version number"_s;
    QTest::newRow("overflow") << u"18446744073709551616.0.0"_s << QString()
                              << u"value of major version number exceeds u64::MAX"_s;
    QTest::newRow("empty pre") << u"1.2.3-"_s << QString() << u"empty identifier segment in pre-release identifier"_s;
    QTest::newRow("pre leading zero") << u"1.2.3-01"_s << QString()
                                      << u"invalid leading zero in pre-release identifier"_s;
    QTest::newRow("pre empty segment") << u"1.2.3-a..b"_s << QString()
                                       << u"empty identifier segment in pre-release identifier"_s;
}

void TestSemver::parseVersion()
{
    QFETCH(QString, text);
    QFETCH(QString, normalized);
    QFETCH(QString, error);
    const Result<SemVersion> v = parseSemVersion(text);
    if (normalized.isEmpty()) {
        QVERIFY(!v);
        QCOMPARE(v.error().code, ErrorCode::Format);
        QCOMPARE(v.error().message, error);
    } else {
        QVERIFY2(v, qPrintable(v ? QString() : v.error().message));
        QCOMPARE(v->toString(), normalized);
    }
}

void TestSemver::versionOrder_data()
{
    // Each row: a < b (SemVer §11 precedence).
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::newRow("patch") << u"1.0.0"_s << u"1.0.1"_s;
    QTest::newRow("minor beats patch") << u"1.0.9"_s << u"1.1.0"_s;
    QTest::newRow("numeric, not text") << u"1.9.0"_s << u"1.10.0"_s;
    QTest::newRow("pre below release") << u"1.0.0-alpha"_s << u"1.0.0"_s;
    QTest::newRow("alpha < alpha.1") << u"1.0.0-alpha"_s << u"1.0.0-alpha.1"_s;
    QTest::newRow("alpha.1 < alpha.beta") << u"1.0.0-alpha.1"_s << u"1.0.0-alpha.beta"_s;
    QTest::newRow("alpha.beta < beta") << u"1.0.0-alpha.beta"_s << u"1.0.0-beta"_s;
    QTest::newRow("beta.2 < beta.11") << u"1.0.0-beta.2"_s << u"1.0.0-beta.11"_s;
    QTest::newRow("beta.11 < rc.1") << u"1.0.0-beta.11"_s << u"1.0.0-rc.1"_s;
}

void TestSemver::versionOrder()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    const auto va = parseSemVersion(a), vb = parseSemVersion(b);
    QVERIFY(va && vb);
    QVERIFY(*va < *vb);
    QVERIFY(*vb > *va);
    QVERIFY(*va != *vb);
}

void TestSemver::reqErrors_data()
{
    QTest::addColumn<QString>("req");
    QTest::addColumn<QString>("error");
    QTest::newRow("nul") << u"\0"_s << u"unexpected character '\\0' while parsing major version number"_s;
    QTest::newRow("double op") << u">= >= 0.0.2"_s << u"unexpected character '>' while parsing major version number"_s;
    QTest::newRow(">==") << u">== 0.0.2"_s << u"unexpected character '=' while parsing major version number"_s;
    QTest::newRow("letter major") << u"a.0.0"_s << u"unexpected character 'a' while parsing major version number"_s;
    QTest::newRow("empty pre") << u"1.0.0-"_s << u"empty identifier segment in pre-release identifier"_s;
    QTest::newRow("op only") << u">="_s << u"unexpected end of input while parsing major version number"_s;
    QTest::newRow("empty") << QString() << u"unexpected end of input while parsing major version number"_s;
    QTest::newRow("trailing comma") << u"> 0.1.0,"_s << u"unexpected end of input while parsing major version number"_s;
    QTest::newRow("double comma") << u"> 0.3.0, ,"_s
                                  << u"unexpected character ',' while parsing major version number"_s;
    QTest::newRow("hyphen range") << u"1.2.3 - 2.3.4"_s << u"expected comma after patch version number, found '-'"_s;
    QTest::newRow("space list") << u">=1.0 <2.0"_s << u"expected comma after minor version number, found '<'"_s;
    QTest::newRow("wildcard first") << u"*, 0.20.0-any"_s
                                    << u"wildcard req (*) must be the only comparator in the version req"_s;
    QTest::newRow("wildcard last") << u"0.20.0-any, *"_s
                                   << u"wildcard req (*) must be the only comparator in the version req"_s;
    QTest::newRow("wildcard middle") << u"0.20.0-any, *, 1.0"_s
                                     << u"wildcard req (*) must be the only comparator in the version req"_s;
    QTest::newRow("x wildcard") << u"1.0, x"_s << u"wildcard req (x) must be the only comparator in the version req"_s;
    QTest::newRow("after wildcard") << u"*.1"_s << u"unexpected character after wildcard in version req"_s;
    QTest::newRow("number after minor wildcard")
        << u"1.*.3"_s << u"unexpected character after wildcard in version req"_s;
    QTest::newRow("leading zero") << u"=01.2.3"_s << u"invalid leading zero in major version number"_s;
    QTest::newRow("leading zero minor") << u"1.02"_s << u"invalid leading zero in minor version number"_s;
    QTest::newRow("op wildcard") << u">=*"_s << u"unexpected character '*' while parsing major version number"_s;
    QTest::newRow("tab") << u"\t1.0"_s << u"unexpected character '\\t' while parsing major version number"_s;
    QTest::newRow("v prefix") << u"v1.2.3"_s << u"unexpected character 'v' while parsing major version number"_s;
    QTest::newRow("overflow") << u"=18446744073709551616"_s << u"value of major version number exceeds u64::MAX"_s;
    QTest::newRow("dot end") << u"1."_s << u"unexpected end of input while parsing minor version number"_s;
    QTest::newRow("pre leading zero") << u"=1.2.3-01"_s << u"invalid leading zero in pre-release identifier"_s;
    QTest::newRow("pre without patch") << u"1.2-alpha"_s << u"expected comma after minor version number, found '-'"_s;
    QTest::newRow("unicode op") << u"≥1.0"_s << u"unexpected character '≥' while parsing major version number"_s;
    QTest::newRow("or operator") << u"^1.0 || ^2.0"_s << u"expected comma after minor version number, found '|'"_s;
}

void TestSemver::reqErrors()
{
    QFETCH(QString, req);
    QFETCH(QString, error);
    const Result<VersionReq> r = VersionReq::parse(req);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Format);
    QCOMPARE(r.error().message, error);
}

void TestSemver::reqMatches_data()
{
    QTest::addColumn<QString>("req");
    QTest::addColumn<QStringList>("matching");
    QTest::addColumn<QStringList>("notMatching");
    auto row = [](const char *name, const QString &req, const QStringList &yes, const QStringList &no) {
        QTest::newRow(name) << req << yes << no;
    };
    row("star", u"*"_s, {u"0.9.1"_s, u"2.9.0"_s, u"0.0.9"_s, u"1.0.1"_s, u"1.1.1"_s}, {u"1.0.0-pre"_s});
    row("x", u"x"_s, {u"3.4.5"_s}, {u"3.4.5-rc.1"_s});
    row("spaces star", u"  *  "_s, {u"0.0.0"_s}, {});
    row("exact", u"=1.0.0"_s, {u"1.0.0"_s}, {u"1.0.1"_s, u"0.9.9"_s, u"0.10.0"_s, u"0.1.0"_s, u"1.0.0-pre"_s});
    row("exact 0.9.0", u"=0.9.0"_s, {u"0.9.0"_s}, {u"0.9.1"_s, u"1.9.0"_s, u"0.0.9"_s, u"0.9.0-pre"_s});
    row("exact pre", u"=0.1.0-beta2.a"_s, {u"0.1.0-beta2.a"_s},
        {u"0.9.1"_s, u"0.1.0"_s, u"0.1.1-beta2.a"_s, u"0.1.0-beta2"_s});
    row("exact minor (=3.11)", u"=3.11"_s, {u"3.11.0"_s, u"3.11.1"_s, u"3.11.99"_s},
        {u"3.10.9"_s, u"3.12.0"_s, u"3.11.0-rc1"_s, u"4.11.0"_s});
    row("exact major", u"=1"_s, {u"1.0.0"_s, u"1.99.3"_s}, {u"0.9.9"_s, u"2.0.0"_s});
    row("exact with space", u"= 1.12.1"_s, {u"1.12.1"_s}, {u"1.12.2"_s});
    row("greater", u">1.0.0"_s, {u"1.0.1"_s, u"1.1.0"_s},
        {u"1.0.0"_s, u"0.9.9"_s, u"0.1.0"_s, u"1.0.0-pre"_s, u"1.0.1-pre"_s});
    row("greater major", u">1"_s, {u"2.0.0"_s}, {u"1.9.9"_s, u"1.0.0"_s});
    row("greater-eq", u">= 1.0.0"_s, {u"1.0.0"_s, u"2.0.0"_s},
        {u"0.1.0"_s, u"0.0.1"_s, u"1.0.0-pre"_s, u"2.0.0-pre"_s});
    row("greater-eq pre", u">=2.1.0-alpha"_s, {u"2.1.0-alpha"_s, u"2.1.0-beta"_s, u"2.1.0"_s, u"3.0.0"_s},
        {u"2.0.0"_s, u"2.1.0-a"_s, u"2.1.1-beta"_s, u"3.0.0-alpha"_s});
    row("less", u"<1.0.0"_s, {u"0.1.0"_s, u"0.0.1"_s}, {u"1.0.0"_s, u"1.0.0-beta"_s, u"1.0.1"_s, u"0.9.9-alpha"_s});
    row("less-eq pre", u"<=2.1.0-alpha2"_s, {u"2.1.0-alpha2"_s, u"2.1.0-alpha1"_s, u"2.0.0"_s, u"1.0.0"_s},
        {u"2.1.0"_s, u"2.2.0-alpha1"_s, u"2.0.0-alpha2"_s, u"1.0.0-alpha2"_s});
    row("range", u">1.0.0-alpha, <1.0.0"_s, {u"1.0.0-beta"_s}, {u"1.0.0"_s, u"1.0.0-alpha"_s});
    row("range pre", u">=0.5.1-alpha3, <0.6"_s,
        {u"0.5.1-alpha3"_s, u"0.5.1-alpha4"_s, u"0.5.1-beta"_s, u"0.5.1"_s, u"0.5.5"_s},
        {u"0.5.1-alpha1"_s, u"0.5.2-alpha3"_s, u"0.5.5-pre"_s, u"0.5.0-pre"_s, u"0.6.0"_s, u"0.6.0-pre"_s});
    row("multiple", u"> 0.0.9, <= 2.5.3"_s, {u"0.0.10"_s, u"1.0.0"_s, u"2.5.3"_s}, {u"0.0.8"_s, u"2.5.4"_s});
    row("multiple disjoint", u"<= 0.2.0, >= 0.5.0"_s, {}, {u"0.0.8"_s, u"0.3.0"_s, u"0.5.1"_s});
    row("multiple carets", u"0.1.0, 0.1.4, 0.1.6"_s, {u"0.1.6"_s, u"0.1.9"_s}, {u"0.1.0"_s, u"0.1.4"_s, u"0.2.0"_s});
    row("tilde patch", u"~1.0.0"_s, {u"1.0.0"_s, u"1.0.1"_s}, {u"0.1.0"_s, u"1.1.0"_s, u"1.0.0-pre"_s});
    row("tilde minor", u"~1.2"_s, {u"1.2.0"_s, u"1.2.9"_s}, {u"1.1.9"_s, u"1.3.0"_s});
    row("tilde major", u"~1"_s, {u"1.0.0"_s, u"1.9.9"_s}, {u"0.9.9"_s, u"2.0.0"_s});
    row("tilde pre", u"~1.2.3-beta"_s, {u"1.2.3-beta"_s, u"1.2.3"_s, u"1.2.4"_s},
        {u"1.3.0"_s, u"1.2.4-beta"_s, u"1.2.3-alpha"_s});
    row("tilde 0.5", u"~0.5.4-alpha"_s, {u"0.5.5"_s, u"0.5.4"_s}, {u"0.5.6-alpha"_s, u"0.6.0"_s});
    row("caret default", u"1.0.0"_s, {u"1.0.0"_s, u"1.1.0"_s, u"1.0.1"_s},
        {u"0.9.9"_s, u"0.10.0"_s, u"0.1.0"_s, u"1.0.0-pre"_s, u"1.0.1-pre"_s, u"2.0.0"_s});
    row("caret 1", u"^1"_s, {u"1.1.2"_s, u"1.1.0"_s, u"1.2.1"_s, u"1.0.1"_s},
        {u"0.9.1"_s, u"2.9.0"_s, u"0.1.4"_s, u"1.0.0-beta1"_s, u"0.1.0-alpha"_s, u"1.0.1-pre"_s});
    row("caret 1.1", u"^1.1"_s, {u"1.1.2"_s, u"1.1.0"_s, u"1.2.1"_s}, {u"0.9.1"_s, u"2.9.0"_s, u"1.0.1"_s, u"0.1.4"_s});
    row("caret 1.1.2", u"^1.1.2"_s, {u"1.1.2"_s, u"1.1.4"_s, u"1.2.1"_s},
        {u"0.9.1"_s, u"2.9.0"_s, u"1.1.1"_s, u"0.0.1"_s, u"1.1.2-alpha1"_s, u"1.1.3-alpha1"_s, u"2.9.0-alpha1"_s});
    row("caret 0.1.2", u"^0.1.2"_s, {u"0.1.2"_s, u"0.1.4"_s},
        {u"0.9.1"_s, u"2.9.0"_s, u"1.1.1"_s, u"0.0.1"_s, u"0.1.2-beta"_s, u"0.1.3-alpha"_s, u"0.2.0-pre"_s});
    row("caret 0.5.1-alpha3", u"^0.5.1-alpha3"_s,
        {u"0.5.1-alpha3"_s, u"0.5.1-alpha4"_s, u"0.5.1-beta"_s, u"0.5.1"_s, u"0.5.5"_s},
        {u"0.5.1-alpha1"_s, u"0.5.2-alpha3"_s, u"0.5.5-pre"_s, u"0.5.0-pre"_s, u"0.6.0"_s});
    row("caret 0.0.2", u"^0.0.2"_s, {u"0.0.2"_s}, {u"0.9.1"_s, u"2.9.0"_s, u"1.1.1"_s, u"0.0.1"_s, u"0.1.4"_s});
    row("caret 0.0", u"^0.0"_s, {u"0.0.2"_s, u"0.0.0"_s}, {u"0.9.1"_s, u"2.9.0"_s, u"1.1.1"_s, u"0.1.4"_s});
    row("caret 0", u"^0"_s, {u"0.9.1"_s, u"0.0.2"_s, u"0.0.0"_s}, {u"2.9.0"_s, u"1.1.1"_s});
    row("caret 1.4.2-beta.5", u"^1.4.2-beta.5"_s,
        {u"1.4.2"_s, u"1.4.3"_s, u"1.4.2-beta.5"_s, u"1.4.2-beta.6"_s, u"1.4.2-c"_s},
        {u"0.9.9"_s, u"2.0.0"_s, u"1.4.2-alpha"_s, u"1.4.2-beta.4"_s, u"1.4.3-beta.5"_s});
    row("wildcard minor", u"1.*"_s, {u"1.2.0"_s, u"1.2.1"_s, u"1.1.1"_s, u"1.3.0"_s}, {u"0.0.9"_s, u"2.0.0"_s});
    row("wildcard patch", u"1.2.*"_s, {u"1.2.0"_s, u"1.2.2"_s, u"1.2.4"_s},
        {u"1.9.0"_s, u"1.0.9"_s, u"2.0.1"_s, u"0.1.3"_s});
    row("wildcard X", u"1.2.X"_s, {u"1.2.7"_s}, {u"1.3.0"_s});
    row("wildcard x", u"1.x.x"_s, {u"1.9.0"_s}, {u"2.0.0"_s});
    row("wildcard 0.*", u"0.*"_s, {u"0.1.0"_s, u"0.9.9"_s}, {u"1.0.0"_s});
    row(">= wildcard", u">=1.*"_s, {u"1.0.0"_s, u"5.0.0"_s}, {u"0.9.0"_s});
    row("< wildcard", u"<1.2.*"_s, {u"1.1.9"_s}, {u"1.2.0"_s, u"1.3.0"_s});
    row("build ignored", u"=1.2.3+build"_s, {u"1.2.3"_s, u"1.2.3+other"_s}, {u"1.2.4"_s});
    row("spaces", u"  >=  1.2.3 ,  <  2  "_s, {u"1.2.3"_s, u"1.9.0"_s}, {u"2.0.0"_s, u"1.2.2"_s});
    row("no space comma", u">=1.0,<1.5"_s, {u"1.4.9"_s}, {u"1.5.0"_s});
    row("python 3.8..3.11", u">=3.8, <3.12"_s, {u"3.8.16"_s, u"3.11.1"_s}, {u"3.7.9"_s, u"3.12.0"_s});
    row("invalid version never matches", u"*"_s, {}, {u"1.2"_s, u"latest"_s, QString()});
}

void TestSemver::reqMatches()
{
    QFETCH(QString, req);
    QFETCH(QStringList, matching);
    QFETCH(QStringList, notMatching);
    const Result<VersionReq> r = VersionReq::parse(req);
    QVERIFY2(r, qPrintable(r ? QString() : r.error().message));
    QCOMPARE(r->toString(), req);
    for (const QString &v : matching)
        QVERIFY2(r->matches(v), qPrintable(u"%1 should match %2"_s.arg(req, v)));
    for (const QString &v : notMatching)
        QVERIFY2(!r->matches(v), qPrintable(u"%1 should not match %2"_s.arg(req, v)));
}

void TestSemver::tooManyComparators()
{
    QStringList parts;
    for (int i = 0; i < 32; ++i)
        parts.append(u">=1.0.%1"_s.arg(i));
    QVERIFY(VersionReq::parse(parts.join(u", "_s)).ok());
    parts.append(u"<9"_s);
    const Result<VersionReq> r = VersionReq::parse(parts.join(u", "_s));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().message, u"excessive number of version comparators"_s);
}

void TestSemver::describe_data()
{
    QTest::addColumn<QString>("req");
    QTest::addColumn<QString>("text");
    // Versions the text says are in and out; checked with matches() so that the
    // hint and the matcher cannot disagree.
    QTest::addColumn<QStringList>("inside");
    QTest::addColumn<QStringList>("outside");
    auto row = [](const char *name, const QString &req, const QString &text, const QStringList &in,
                  const QStringList &out) { QTest::newRow(name) << req << text << in << out; };
    row("exact", u"=1.13.1"_s, u"exactly 1.13.1"_s, {u"1.13.1"_s}, {u"1.13.0"_s, u"1.13.2"_s});
    row("exact minor", u"=1.13"_s, u"1.13.x"_s, {u"1.13.0"_s, u"1.13.9"_s}, {u"1.12.9"_s, u"1.14.0"_s});
    row("tilde minor", u"~1.13"_s, u"1.13.x"_s, {u"1.13.0"_s, u"1.13.7"_s}, {u"1.14.0"_s});
    row("tilde patch", u"~1.13.2"_s, u"1.13.x ≥ 1.13.2"_s, {u"1.13.2"_s, u"1.13.9"_s}, {u"1.13.1"_s, u"1.14.0"_s});
    row("caret minor", u"^1.13"_s, u"1.x ≥ 1.13.0"_s, {u"1.13.0"_s, u"1.99.0"_s}, {u"1.12.9"_s, u"2.0.0"_s});
    row("bare major", u"1"_s, u"1.x"_s, {u"1.0.0"_s, u"1.9.9"_s}, {u"0.9.9"_s, u"2.0.0"_s});
    row("caret 0.2.3", u"^0.2.3"_s, u"0.2.x ≥ 0.2.3"_s, {u"0.2.3"_s, u"0.2.9"_s}, {u"0.2.2"_s, u"0.3.0"_s});
    row("caret 0.0.3", u"^0.0.3"_s, u"exactly 0.0.3"_s, {u"0.0.3"_s}, {u"0.0.4"_s, u"0.0.2"_s});
    row("wildcard", u"1.2.*"_s, u"1.2.x"_s, {u"1.2.0"_s, u"1.2.5"_s}, {u"1.3.0"_s});
    row("at least", u">=3.8"_s, u"≥ 3.8.0"_s, {u"3.8.0"_s, u"9.0.0"_s}, {u"3.7.9"_s});
    row("greater", u">1.2.3"_s, u"> 1.2.3"_s, {u"1.2.4"_s}, {u"1.2.3"_s});
    row("greater minor", u">1.2"_s, u"≥ 1.3.0"_s, {u"1.3.0"_s}, {u"1.2.9"_s});
    row("range", u">=1.0, <2.5"_s, u"≥ 1.0.0, < 2.5.0"_s, {u"1.0.0"_s, u"2.4.9"_s}, {u"0.9.9"_s, u"2.5.0"_s});
    row("at most minor", u"<=1.2"_s, u"< 1.3.0"_s, {u"1.2.9"_s, u"0.0.1"_s}, {u"1.3.0"_s});
    row("at most", u"<=1.2.3"_s, u"≤ 1.2.3"_s, {u"1.2.3"_s}, {u"1.2.4"_s});
    row("star", u"*"_s, u"any version"_s, {u"0.0.0"_s, u"99.0.0"_s}, {});
    row(">= 0", u">=0"_s, u"any version"_s, {u"0.0.0"_s}, {});
    row("disjoint", u">2, <1"_s, u"no version"_s, {}, {u"0.5.0"_s, u"1.5.0"_s, u"3.0.0"_s});
    row("touching", u">1.0.0, <1.0.0"_s, u"no version"_s, {}, {u"1.0.0"_s});
    row("caret u64 max", u"^18446744073709551615"_s, u"≥ 18446744073709551615.0.0"_s, {u"18446744073709551615.3.0"_s},
        {u"18446744073709551614.0.0"_s});
}

void TestSemver::describe()
{
    QFETCH(QString, req);
    QFETCH(QString, text);
    QFETCH(QStringList, inside);
    QFETCH(QStringList, outside);
    const Result<VersionReq> r = VersionReq::parse(req);
    QVERIFY2(r, qPrintable(r ? QString() : r.error().message));
    QCOMPARE(r->describe(), text);
    for (const QString &v : inside)
        QVERIFY2(r->matches(v), qPrintable(u"%1 should match %2"_s.arg(req, v)));
    for (const QString &v : outside)
        QVERIFY2(!r->matches(v), qPrintable(u"%1 should not match %2"_s.arg(req, v)));
}

QTEST_GUILESS_MAIN(TestSemver)
#include "tst_semver.moc"
