// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "oci/ociauth.h"
#include "oci/ocireference.h"

#include <QTest>

using namespace carton;

class TestOciReference : public QObject {
    Q_OBJECT

private slots:
    void valid_data();
    void valid();
    void invalid_data();
    void invalid();
    void challenge();
};

void TestOciReference::valid_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("registry");
    QTest::addColumn<QString>("repository");
    QTest::addColumn<QString>("tag");
    QTest::addColumn<QString>("digest");
    QTest::addColumn<QString>("url");
    const QString d = QStringLiteral("sha256:") + QString(64, u'a');
    QTest::newRow("tag") << "ghcr.io/org/model:v1"
                         << "ghcr.io"
                         << "org/model"
                         << "v1"
                         << ""
                         << "https://ghcr.io";
    QTest::newRow("latest") << "oci://localhost:5000/m"
                            << "localhost:5000"
                            << "m"
                            << "latest"
                            << ""
                            << "http://localhost:5000";
    QTest::newRow("digest") << "127.0.0.1:5000/a/b-c__d@" + d << "127.0.0.1:5000"
                            << "a/b-c__d"
                            << "" << d << "http://127.0.0.1:5000";
    QTest::newRow("both") << "Registry.Example.com/x.y:tag_1@" + d << "registry.example.com"
                          << "x.y"
                          << "tag_1" << d << "https://registry.example.com";
}

void TestOciReference::valid()
{
    QFETCH(QString, text);
    auto ref = OciReference::parse(text);
    QVERIFY2(ref, qPrintable(ref ? QString() : ref.error().message));
    QTEST(ref->registry, "registry");
    QTEST(ref->repository, "repository");
    QTEST(ref->tag, "tag");
    QTEST(ref->digest, "digest");
    QTEST(ref->baseUrl(false).toString(), "url");
    auto again = OciReference::parse(ref->toString());
    QVERIFY(again);
    QCOMPARE(again->toString(), ref->toString());
}

void TestOciReference::invalid_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("says");
    QTest::newRow("no host") << "model:v1"
                             << "no registry host";
    QTest::newRow("upper repo") << "ghcr.io/Org/model"
                                << "repository";
    QTest::newRow("dotdot") << "ghcr.io/a/../b"
                            << "repository";
    QTest::newRow("bad tag") << "ghcr.io/a:-x"
                             << "tag";
    QTest::newRow("short digest") << "ghcr.io/a@sha256:abc"
                                  << "digest";
    QTest::newRow("md5") << "ghcr.io/a@md5:" + QString(32, u'a') << "digest";
    QTest::newRow("bad host") << "gh_cr.io/a"
                              << "registry";
    QTest::newRow("empty repo") << "ghcr.io/"
                                << "repository";
}

void TestOciReference::invalid()
{
    QFETCH(QString, text);
    QFETCH(QString, says);
    auto ref = OciReference::parse(text);
    QVERIFY(!ref);
    QVERIFY2(ref.error().message.contains(says), qPrintable(ref.error().message));
}

void TestOciReference::challenge()
{
    const auto p = OciAuthenticator::parseChallenge(
        "Bearer realm=\"https://auth.example.com/token\",service=\"registry.example.com\","
        "scope=\"repository:a/b:pull,push\"");
    QCOMPARE(p.value(QByteArray()), QByteArray("bearer"));
    QCOMPARE(p.value("realm"), QByteArray("https://auth.example.com/token"));
    QCOMPARE(p.value("service"), QByteArray("registry.example.com"));
    QCOMPARE(p.value("scope"), QByteArray("repository:a/b:pull,push"));
    const auto basic = OciAuthenticator::parseChallenge("Basic realm=carton-test");
    QCOMPARE(basic.value(QByteArray()), QByteArray("basic"));
    QCOMPARE(basic.value("realm"), QByteArray("carton-test"));
}

QTEST_GUILESS_MAIN(TestOciReference)
#include "tst_ocireference.moc"
