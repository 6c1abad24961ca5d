// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// DescriptionBrowser's remote images come through carton::HttpClient under the
// browser's policy: fetched when allowed, refused by host, scheme and size.
#include "description/descriptionbrowser.h"
#include "testhttpserver.h"

#include <QBuffer>
#include <QImage>
#include <QTest>

using namespace studio;
using namespace Qt::StringLiterals;

class TestDescriptionBrowser final : public QObject {
    Q_OBJECT

private slots:
    void defaultPolicyIsHttpsOnly();
    void remoteImagesFollowThePolicy();
};

void TestDescriptionBrowser::defaultPolicyIsHttpsOnly()
{
    const carton::HttpPolicy policy = DescriptionBrowser::remoteImagePolicy();
    QCOMPARE(policy.schemes, QStringList{u"https"_s});
    QCOMPARE(policy.maxBodyBytes, DescriptionBrowser::maxRemoteImageBytes);
    QVERIFY(!policy.allows(QUrl(u"http://example.com/a.png"_s)));
    QVERIFY(policy.allows(QUrl(u"https://example.com/a.png"_s)));
}

void TestDescriptionBrowser::remoteImagesFollowThePolicy()
{
    TestHttpServer server;
    QVERIFY(server.start());
    QImage image(40, 20, QImage::Format_RGB32);
    image.fill(Qt::darkCyan);
    QByteArray png;
    QBuffer buffer(&png);
    QVERIFY(buffer.open(QIODevice::WriteOnly) && image.save(&buffer, "PNG"));
    QVERIFY(png.size() < 1000);
    TestRoute ok;
    ok.body = png;
    server.setRoute("/a.png", ok);
    TestRoute big;
    big.body = png + QByteArray(2000, '\0');
    server.setRoute("/big.png", big);
    TestRoute toFtp;
    toFtp.status = 302;
    toFtp.headers.append({QByteArray("Location"), QByteArray("ftp://127.0.0.1/a.png")});
    server.setRoute("/to-ftp.png", toFtp);

    // A local server speaks http: the test's policy allows it for 127.0.0.1 only.
    carton::HttpPolicy policy = DescriptionBrowser::remoteImagePolicy();
    policy.schemes = {u"http"_s};
    policy.hosts = {u"127.0.0.1"_s};
    policy.maxBodyBytes = 1000;
    DescriptionBrowser browser;
    browser.setRemoteImagePolicy(policy);
    browser.setRemoteImagesAllowed(true);
    browser.resize(600, 400);
    browser.show();
    QVERIFY(QTest::qWaitForWindowExposed(&browser));
    const QUrl a(server.url("/a.png"));
    const QUrl tooBig(server.url("/big.png"));
    const QUrl redirected(server.url("/to-ftp.png"));
    const QUrl otherHost(u"http://localhost:%1/a.png"_s.arg(server.port()));
    browser.showSafeHtml(u"<p><img src=\"%1\"> <img src=\"%2\"> <img src=\"%3\"> <img src=\"%4\"></p>"_s.arg(
        a.toString(), tooBig.toString(), redirected.toString(), otherHost.toString()));
    QTRY_VERIFY_WITH_TIMEOUT(!browser.loadedImage(a).isNull() && !browser.imageError(tooBig).isEmpty() &&
                                 !browser.imageError(redirected).isEmpty(),
                             10000);
    QCOMPARE(browser.pendingImageCount(), 0);
    QCOMPARE(browser.loadedImage(a).size(), QSize(40, 20));
    QVERIFY2(browser.imageError(tooBig).startsWith(u"larger than "_s), qPrintable(browser.imageError(tooBig)));
    QVERIFY(browser.loadedImage(tooBig).isNull());
    QVERIFY2(browser.imageError(redirected).startsWith(u"refused redirect to \"ftp://127.0.0.1/a.png\""_s),
             qPrintable(browser.imageError(redirected)));
    // Another host is not fetched at all.
    QVERIFY(browser.loadedImage(otherHost).isNull());
    QCOMPARE(server.hits("/a.png"), 1);
}

QTEST_MAIN(TestDescriptionBrowser)
#include "tst_descriptionbrowser.moc"
