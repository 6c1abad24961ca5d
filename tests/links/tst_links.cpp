// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/sha256.h"
#include "links/links.h"

#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {
const QByteArray kShaA = Sha256::hashHex("a");
const QByteArray kShaB = Sha256::hashHex("b");
} // namespace

class TestLinks final : public QObject {
    Q_OBJECT

private slots:
    void parseSpecExample();
    void parseValid_data();
    void parseValid();
    void serializeDeterministic();
    void roundTrip_data();
    void roundTrip();
    void hostile_data();
    void hostile();
};

void TestLinks::parseSpecExample()
{
    const QByteArray text = "version = 1\n[urls]\n"
                            "e550f6224a5133f597d823ab4590f369e0b20e3c6446488225fc6f7a372b9fe2 = "
                            "[\"https://example.com/file\"]\n";
    const Result<Links> links = Links::parse(text);
    QVERIFY2(links.ok(), qPrintable(links.ok() ? QString() : links.error().toString()));
    QCOMPARE(links->urls().size(), 1);
    QCOMPARE(links->urlsFor("e550f6224a5133f597d823ab4590f369e0b20e3c6446488225fc6f7a372b9fe2"),
             QStringList{u"https://example.com/file"_s});
    QVERIFY(links->urlsFor(kShaA).isEmpty());
}

void TestLinks::parseValid_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("count");
    QTest::addRow("no urls table") << QByteArray("version = 1\n") << 0;
    QTest::addRow("empty urls") << QByteArray("version = 1\n[urls]\n") << 0;
    QTest::addRow("two, several urls") << "version = 1\n[urls]\n" + kShaA +
                                              " = ['http://a.example/x', 'https://b.example:8443/y?z=1']\n" + kShaB +
                                              " = [\"https://c.example/\"]\n"
                                       << 2;
    QTest::addRow("inline table") << "version = 1\nurls = { " + kShaA + " = ['http://127.0.0.1:8080/f'] }\n" << 1;
    QTest::addRow("unknown top-level key ignored")
        << "version = 1\nfuture = true\n[urls]\n" + kShaA + " = ['http://h/f']\n"
        << 1;
}

void TestLinks::parseValid()
{
    QFETCH(QByteArray, text);
    QFETCH(int, count);
    const Result<Links> links = Links::parse(text);
    QVERIFY2(links.ok(), qPrintable(links.ok() ? QString() : links.error().toString()));
    QCOMPARE(links->urls().size(), count);
    QCOMPARE(links->isEmpty(), count == 0);
}

void TestLinks::serializeDeterministic()
{
    Links one;
    one.setUrls(kShaB, {u"https://b.example/1"_s});
    one.setUrls(kShaA, {u"https://a.example/1"_s, u"http://a.example/2"_s});
    Links two;
    two.setUrls(kShaA, {u"https://a.example/1"_s, u"http://a.example/2"_s});
    two.setUrls(kShaB, {u"https://b.example/1"_s});
    QCOMPARE(one.serialize(), two.serialize());
    const QByteArray bytes = one.serialize();
    QVERIFY(bytes.startsWith("version = 1\n"));
    // Sorted by sha256.
    const QByteArray first = qMin(kShaA, kShaB);
    const QByteArray second = qMax(kShaA, kShaB);
    QVERIFY(bytes.indexOf(first) < bytes.indexOf(second));
    QVERIFY(bytes.contains(QByteArray(kShaA + " = [\"https://a.example/1\", \"http://a.example/2\"]\n")));
}

void TestLinks::roundTrip_data()
{
    QTest::addColumn<QStringList>("urls");
    QTest::addRow("one") << QStringList{u"https://example.com/model.pt"_s};
    QTest::addRow("several") << QStringList{u"https://a.example/x"_s, u"http://[::1]:8080/y"_s,
                                            u"https://b.example/%20z?q=1#f"_s};
}

void TestLinks::roundTrip()
{
    QFETCH(QStringList, urls);
    Links links;
    links.setUrls(kShaA, urls);
    links.setUrls(kShaB, urls.mid(0, 1));
    const QByteArray bytes = links.serialize();
    const Result<Links> parsed = Links::parse(bytes);
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().toString()));
    QCOMPARE(parsed->urls(), links.urls());
    QCOMPARE(parsed->serialize(), bytes);
}

void TestLinks::hostile_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("messagePart");
    const QByteArray v = "version = 1\n[urls]\n";
    QTest::addRow("broken toml") << QByteArray("version = 1\n[urls\n") << u"LINKS:2:"_s << u"invalid TOML"_s;
    QTest::addRow("missing version") << "[urls]\n" + kShaA + " = ['http://h/f']\n"
                                     << u"LINKS"_s << u"missing required field \"version\""_s;
    QTest::addRow("version 2") << QByteArray("version = 2\n") << u"LINKS:1:11"_s << u"unsupported LINKS version 2"_s;
    QTest::addRow("version string") << QByteArray("version = '1'\n") << u"LINKS:1:11"_s
                                    << u"must be the integer 1, found a string"_s;
    QTest::addRow("urls not table") << QByteArray("version = 1\nurls = []\n") << u"LINKS:2:8"_s << u"must be a table"_s;
    QTest::addRow("key not sha") << v + "abc = ['http://h/f']\n"
                                 << u"LINKS:3:1"_s << u"key \"abc\" in [urls] is not a sha256"_s;
    QTest::addRow("uppercase sha") << v + kShaA.toUpper() + " = ['http://h/f']\n"
                                   << u"LINKS:3:1"_s << u"not a sha256"_s;
    QTest::addRow("value not array") << v + kShaA + " = 'http://h/f'\n"
                                     << u"LINKS:3:68"_s << u"must be an array of URL strings, found a string"_s;
    QTest::addRow("empty array") << v + kShaA + " = []\n" << u"LINKS:3:68"_s << u"at least one URL"_s;
    QTest::addRow("number url") << v + kShaA + " = [5]\n"
                                << u"LINKS:3:69"_s << u"entries must be strings, found an integer"_s;
    QTest::addRow("ftp url") << v + kShaA + " = ['ftp://h/f']\n" << u"LINKS:3:69"_s << u"only http and https"_s;
    QTest::addRow("file url") << v + kShaA + " = ['file:///etc/passwd']\n"
                              << u"LINKS:3:69"_s << u"only http and https"_s;
    QTest::addRow("relative url") << v + kShaA + " = ['model/model.pt']\n"
                                  << u"LINKS:3:69"_s << u"only http and https"_s;
    QTest::addRow("no host") << v + kShaA + " = ['http:///x']\n" << u"LINKS:3:69"_s << u"no host"_s;
    QTest::addRow("space in url") << v + kShaA + " = ['http://h/a b']\n" << u"LINKS:3:69"_s << u"space"_s;
    QTest::addRow("newline in url") << v + kShaA + " = [\"http://h/a\\nb\"]\n"
                                    << u"LINKS:3:69"_s << u"control character"_s;
}

void TestLinks::hostile()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, location);
    QFETCH(QString, messagePart);
    const Result<Links> links = Links::parse(text);
    QVERIFY(!links.ok());
    QCOMPARE(links.error().code, ErrorCode::Format);
    QVERIFY2(links.error().location.startsWith(location), qPrintable(links.error().toString()));
    QVERIFY2(links.error().message.contains(messagePart), qPrintable(links.error().toString()));
}

QTEST_GUILESS_MAIN(TestLinks)
#include "tst_links.moc"
