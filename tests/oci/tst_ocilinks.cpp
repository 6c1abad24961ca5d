// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Pushing a carton with a file only reachable through LINKS (served by the tests'
// HTTP server) to Debian's docker-registry: left in LINKS without consent, fetched
// (sha256 checked against MANIFEST) and pushed as a layer with `--fetch-links`;
// either way a pull has the same model hash.
#include "../cli/clirunner.h"
#include "../links/testhttpserver.h"
#include "base/sha256.h"
#include "oci/ociregistry.h"
#include "oci/ocitransfer.h"
#include "package/carton.h"
#include "testregistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;

namespace {

OciRegistry client(const TestRegistry &registry, const QString &repo)
{
    auto ref = OciReference::parse(registry.address() + u'/' + repo);
    Q_ASSERT(ref);
    OciOptions options;
    options.useDockerConfig = false;
    return OciRegistry(*ref, options);
}

// A carton whose model/linked.bin (`linked`'s bytes) is only in LINKS, at `url`.
QString linkedCarton(const QString &folder, const QByteArray &linked, const QString &url, QString *error)
{
    const QByteArray sha = Sha256::hashHex(linked);
    return packTestCarton(
        folder,
        {{QStringLiteral("model/small.bin"), QByteArray("small weights")},
         {QStringLiteral("MANIFEST"), "model/linked.bin=" + sha + '\n'},
         {QStringLiteral("LINKS"), "version = 1\n[urls]\n" + sha + " = [\"" + url.toUtf8() + "\"]\n"}},
        error);
}

} // namespace

class TestOciLinks : public QObject {
    Q_OBJECT

private slots:
    void leftInLinksOrFetched();
    void fetchedBytesAreChecked();
};

void TestOciLinks::leftInLinksOrFetched()
{
    TestRegistry registry;
    QVERIFY2(registry.start(), qPrintable(registry.error()));
    TestHttpServer server;
    QVERIFY(server.start());
    QByteArray linked(3 << 20, Qt::Uninitialized);
    QRandomGenerator(5).fillRange(reinterpret_cast<quint32 *>(linked.data()), linked.size() / 4);
    server.setRoute("/weights.bin", staticFileRoute(linked));
    const QString digest = u"sha256:" + QString::fromLatin1(Sha256::hashHex(linked));
    QTemporaryDir dir;
    QString error;
    const QString path = linkedCarton(dir.filePath(QStringLiteral("c")), linked, server.url("/weights.bin"), &error);
    QVERIFY2(!path.isEmpty(), qPrintable(error));
    auto carton = Carton::open(path);
    QVERIFY2(carton, qPrintable(carton ? QString() : carton.error().toString()));
    QVERIFY(!(*carton)->source().find(QStringLiteral("model/linked.bin")));
    const qsizetype files = (*carton)->source().files().size();

    // Without consent: nothing fetched, the file stays in LINKS.
    OciRegistry kept = client(registry, QStringLiteral("team/kept:v1"));
    auto pushed = pushCarton(**carton, kept);
    QVERIFY2(pushed, qPrintable(pushed ? QString() : pushed.error().toString()));
    QCOMPARE(pushed->linkedOnly, 1);
    QCOMPARE(pushed->linkedFetched, 0);
    QCOMPARE(pushed->layers, int(files));
    QCOMPARE(server.hits("/weights.bin"), 0);
    auto absent = kept.blobSize(digest);
    QVERIFY(absent && !absent->has_value());
    const QString keptOut = dir.filePath(QStringLiteral("kept.carton"));
    auto pulledKept = pullCarton(kept, keptOut);
    QVERIFY2(pulledKept, qPrintable(pulledKept ? QString() : pulledKept.error().toString()));
    QCOMPARE(pulledKept->modelHash, (*carton)->modelHash());
    auto reopened = Carton::open(keptOut);
    QVERIFY(reopened);
    QCOMPARE((*reopened)->modelHash(), (*carton)->modelHash());
    QVERIFY((*reopened)->manifest()->find(QStringLiteral("model/linked.bin")));
    QVERIFY(!(*reopened)->source().find(QStringLiteral("model/linked.bin")));
    QCOMPARE((*reopened)->links()->urlsFor(Sha256::hashHex(linked)), QStringList{server.url("/weights.bin")});

    // With consent (carton push --fetch-links): fetched once, pushed as its own layer.
    const QString ref = registry.address() + QStringLiteral("/team/fetched:v1");
    const RunResult cli =
        runCarton({QStringLiteral("push"), path, ref, QStringLiteral("--fetch-links"), QStringLiteral("--json")});
    QVERIFY2(cli.exitCode == 0, cli.err.constData());
    QCOMPARE(cli.json().value(u"linkedFetched").toInt(), 1);
    QCOMPARE(cli.json().value(u"linkedOnly").toInt(), 0);
    QCOMPARE(cli.json().value(u"layers").toInt(), int(files) + 1);
    QCOMPARE(server.hits("/weights.bin"), 1);
    const QByteArray raw = runTool(QStringLiteral("skopeo"),
                                   {QStringLiteral("inspect"), QStringLiteral("--tls-verify=false"),
                                    QStringLiteral("--raw"), QStringLiteral("docker://") + ref},
                                   &error);
    QVERIFY2(!raw.isNull(), qPrintable(error));
    bool found = false;
    for (const QJsonValue &v : QJsonDocument::fromJson(raw).object().value(u"layers").toArray()) {
        const QJsonObject l = v.toObject();
        if (l.value(u"digest").toString() == digest) {
            found = true;
            QCOMPARE(l.value(u"size").toInteger(), linked.size());
            QCOMPARE(l.value(u"annotations").toObject().value(u"org.cncf.model.filepath").toString(),
                     QStringLiteral("model/linked.bin"));
        }
    }
    QVERIFY2(found, raw.constData());
    OciRegistry fetched = client(registry, QStringLiteral("team/fetched:v1"));
    const QString fetchedOut = dir.filePath(QStringLiteral("fetched.carton"));
    auto pulled = pullCarton(fetched, fetchedOut);
    QVERIFY2(pulled, qPrintable(pulled ? QString() : pulled.error().toString()));
    QCOMPARE(pulled->modelHash, (*carton)->modelHash());
    auto full = Carton::open(fetchedOut);
    QVERIFY(full);
    QCOMPARE((*full)->modelHash(), (*carton)->modelHash());
    auto bytes = (*full)->source().read(QStringLiteral("model/linked.bin"), 64 << 20);
    QVERIFY2(bytes, qPrintable(bytes ? QString() : bytes.error().toString()));
    QVERIFY(*bytes == linked);

    // Again: the repository has the blob, so it is neither fetched nor sent.
    OciRegistry again = client(registry, QStringLiteral("team/fetched:v1"));
    auto second = pushCarton(**carton, again, {}, nullptr, true);
    QVERIFY2(second, qPrintable(second ? QString() : second.error().toString()));
    QCOMPARE(second->linkedFetched, 1);
    QCOMPARE(second->bytesUploaded, 0);
    QCOMPARE(server.hits("/weights.bin"), 1);
}

void TestOciLinks::fetchedBytesAreChecked()
{
    TestRegistry registry;
    QVERIFY2(registry.start(), qPrintable(registry.error()));
    TestHttpServer server;
    QVERIFY(server.start());
    server.setRoute("/changed.bin", staticFileRoute(QByteArray(100'000, 'y')));
    QTemporaryDir dir;
    QString error;
    const QByteArray listed(100'000, 'x'); // MANIFEST's sha256 is of these bytes
    const QString path = linkedCarton(dir.filePath(QStringLiteral("c")), listed, server.url("/changed.bin"), &error);
    QVERIFY2(!path.isEmpty(), qPrintable(error));
    auto carton = Carton::open(path);
    QVERIFY(carton);
    OciRegistry registryClient = client(registry, QStringLiteral("team/changed:v1"));
    auto refused = pushCarton(**carton, registryClient, {}, nullptr, true);
    QVERIFY(!refused);
    QCOMPARE(refused.error().code, ErrorCode::Integrity);
    QVERIFY2(refused.error().message.contains(u"model/linked.bin"), qPrintable(refused.error().toString()));
    QCOMPARE(server.hits("/changed.bin"), 1);
    // Nothing tagged, no blob of the wrong bytes.
    QVERIFY(!registryClient.fetchManifest(QStringLiteral("v1")));
    auto wrong = registryClient.blobSize(u"sha256:" + QString::fromLatin1(Sha256::hashHex(QByteArray(100'000, 'y'))));
    QVERIFY(wrong && !wrong->has_value());
}

QTEST_GUILESS_MAIN(TestOciLinks)
#include "tst_ocilinks.moc"
