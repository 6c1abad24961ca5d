// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// A hostile registry (a small fake server): oversize manifests, blobs that are not
// what their digest says, wrong Content-Length, endless bodies, redirect loops, a
// 1 TB layer. Clear errors, bounded time and memory, nothing under the output name.
#include "../links/testhttpserver.h"
#include "base/sha256.h"
#include "oci/ocimodelpack.h"
#include "oci/ociregistry.h"
#include "oci/ocitransfer.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;

namespace {

const QByteArray kManifestPath = "/v2/hostile/model/manifests/v1";

QString digestOf(const QByteArray &bytes)
{
    return QStringLiteral("sha256:") + QString::fromLatin1(Sha256::hashHex(bytes));
}

TestRoute manifestRoute(const QByteArray &body)
{
    TestRoute r;
    r.body = body;
    r.headers.append(QPair<QByteArray, QByteArray>("Content-Type", "application/vnd.oci.image.manifest.v1+json"));
    return r;
}

} // namespace

class TestOciHostile : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void oversizeManifest();
    void endlessManifest();
    void blobNotItsDigest();
    void wrongContentLength();
    void endlessBlob();
    void redirectLoop();
    void terabyteLayer();
    void pathEscape();

private:
    // A manifest with one model/ layer of `content` (its real digest and size, or
    // `size` when given), the blob route serving `served`.
    QString serveArtifact(const QByteArray &content, const TestRoute &blob, qint64 size = -1);
    Result<OciPullResult> pull();

    std::unique_ptr<TestHttpServer> m_server;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_output;
};

void TestOciHostile::init()
{
    m_server = std::make_unique<TestHttpServer>();
    QVERIFY(m_server->start());
    m_dir = std::make_unique<QTemporaryDir>();
    m_output = m_dir->filePath(QStringLiteral("out.carton"));
}

void TestOciHostile::cleanup()
{
    // Nothing under the final name, nothing left next to it.
    QVERIFY(!QFile::exists(m_output));
    QCOMPARE(QDir(m_dir->path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList());
    m_server.reset();
}

QString TestOciHostile::serveArtifact(const QByteArray &content, const TestRoute &blob, qint64 size)
{
    const QString digest = digestOf(content);
    const QByteArray manifest = "model/w.bin=" + Sha256::hashHex(content) + "\n";
    QList<OciLayer> layers{
        {QStringLiteral("MANIFEST"), digestOf(manifest), manifest.size(), modelpack::kWeightConfigRaw},
        {QStringLiteral("model/w.bin"), digest, size >= 0 ? size : content.size(), modelpack::kWeightRaw}};
    const ModelPackArtifact a = buildModelPackArtifact(nullptr, layers, Sha256::hashHex(manifest));
    m_server->setRoute(kManifestPath, manifestRoute(a.manifest));
    m_server->setRoute("/v2/hostile/model/blobs/" + digestOf(manifest).toLatin1(), staticFileRoute(manifest));
    m_server->setRoute("/v2/hostile/model/blobs/" + digest.toLatin1(), blob);
    return digest;
}

Result<OciPullResult> TestOciHostile::pull()
{
    auto ref = OciReference::parse(QStringLiteral("127.0.0.1:%1/hostile/model:v1").arg(m_server->port()));
    Q_ASSERT(ref);
    OciOptions options;
    options.useDockerConfig = false;
    options.remote.timeoutMs = 5000;
    OciRegistry registry(*ref, options);
    return pullCarton(registry, m_output);
}

void TestOciHostile::oversizeManifest()
{
    m_server->setRoute(kManifestPath, manifestRoute(QByteArray(5 << 20, ' ')));
    auto pulled = pull();
    QVERIFY(!pulled);
    QCOMPARE(pulled.error().code, ErrorCode::Limit);
    QVERIFY2(pulled.error().message.contains(u"limit of 4194304 bytes"), qPrintable(pulled.error().message));
}

void TestOciHostile::endlessManifest()
{
    TestRoute r = manifestRoute({});
    r.mode = TestRoute::Mode::Endless;
    m_server->setRoute(kManifestPath, r);
    QElapsedTimer clock;
    clock.start();
    auto pulled = pull();
    QVERIFY(!pulled);
    QCOMPARE(pulled.error().code, ErrorCode::Limit);
    QVERIFY(clock.elapsed() < 10'000);
    QVERIFY(m_server->bytesSent(kManifestPath) < (64 << 20)); // stopped near the cap, not at the server's end
}

void TestOciHostile::blobNotItsDigest()
{
    const QByteArray content(1000, 'w');
    serveArtifact(content, staticFileRoute(QByteArray(1000, 'X')));
    auto pulled = pull();
    QVERIFY(!pulled);
    QCOMPARE(pulled.error().code, ErrorCode::Integrity);
    QVERIFY2(pulled.error().message.contains(u"model/w.bin") && pulled.error().message.contains(u"digest"),
             qPrintable(pulled.error().message));
}

void TestOciHostile::wrongContentLength()
{
    const QByteArray content(1000, 'w');
    serveArtifact(content, staticFileRoute(content + "more"));
    auto pulled = pull();
    QVERIFY(!pulled);
    QVERIFY2(pulled.error().message.contains(u"Content-Length 1004"), qPrintable(pulled.error().message));
}

void TestOciHostile::endlessBlob()
{
    const QByteArray content(1000, 'w');
    TestRoute r;
    r.mode = TestRoute::Mode::Endless;
    const QString digest = serveArtifact(content, r);
    auto pulled = pull();
    QVERIFY(!pulled);
    QVERIFY2(pulled.error().message.contains(u"more than the 1000 bytes"), qPrintable(pulled.error().message));
    QVERIFY(m_server->bytesSent("/v2/hostile/model/blobs/" + digest.toLatin1()) < (64 << 20));
}

void TestOciHostile::redirectLoop()
{
    const QByteArray content(1000, 'w');
    const QString digest = digestOf(content);
    const QByteArray path = "/v2/hostile/model/blobs/" + digest.toLatin1();
    TestRoute loop;
    loop.status = 302;
    loop.headers.append(QPair<QByteArray, QByteArray>("Location", path));
    serveArtifact(content, loop);
    auto pulled = pull();
    QVERIFY(!pulled);
    QVERIFY2(pulled.error().message.contains(u"too many redirects"), qPrintable(pulled.error().message));
    QCOMPARE(m_server->hits(path), 6); // the first request and 5 redirects
}

void TestOciHostile::terabyteLayer()
{
    const QByteArray content(1000, 'w');
    const QString digest = serveArtifact(content, staticFileRoute(content), 1ll << 40);
    auto pulled = pull();
    QVERIFY(!pulled);
    QCOMPARE(pulled.error().code, ErrorCode::Limit);
    QVERIFY2(pulled.error().message.contains(u"layers[1].size 1099511627776"), qPrintable(pulled.error().message));
    QCOMPARE(m_server->hits("/v2/hostile/model/blobs/" + digest.toLatin1()), 0); // refused before any blob
}

void TestOciHostile::pathEscape()
{
    const QByteArray content = "evil";
    QList<OciLayer> layers{{QStringLiteral("../evil"), digestOf(content), content.size(), modelpack::kWeightRaw}};
    const ModelPackArtifact a = buildModelPackArtifact(nullptr, layers, {});
    m_server->setRoute(kManifestPath, manifestRoute(a.manifest));
    auto pulled = pull();
    QVERIFY(!pulled);
    QVERIFY2(pulled.error().message.contains(u"org.cncf.model.filepath"), qPrintable(pulled.error().message));
}

QTEST_GUILESS_MAIN(TestOciHostile)
#include "tst_ocihostile.moc"
