// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Push and pull against a real registry (Debian's docker-registry on loopback),
// with skopeo as the independent client.
#include "base/sha256.h"
#include "fixturepolicy.h"
#include "oci/ocimodelpack.h"
#include "oci/ociregistry.h"
#include "oci/ocitransfer.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "testpaths.h"
#include "testregistry.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;

namespace {

QString fixture()
{
    return testutil::sharedPath(u"/fixtures/upstream/test.carton");
}

OciRegistry client(const TestRegistry &registry, const QString &repo, OciOptions options = {})
{
    auto ref = OciReference::parse(registry.address() + u'/' + repo);
    Q_ASSERT(ref);
    if (options.dockerConfigDir.isEmpty() && !options.credentials)
        options.useDockerConfig = false; // never the machine's own docker login
    return OciRegistry(*ref, options);
}

QJsonObject skopeoRawManifest(const QString &ref)
{
    QString error;
    const QByteArray raw = runTool(QStringLiteral("skopeo"),
                                   {QStringLiteral("inspect"), QStringLiteral("--tls-verify=false"),
                                    QStringLiteral("--raw"), QStringLiteral("docker://") + ref},
                                   &error);
    if (raw.isNull())
        qWarning("%s", qPrintable(error));
    return QJsonDocument::fromJson(raw).object();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestOciRegistry : public QObject {
    Q_OBJECT

private slots:
    // Every case pushes upstream's own test.carton (a real carton, 1.4 MiB).
    void init()
    {
        if (!QFileInfo::exists(fixture()))
            CARTON_MISSING_FIXTURE("fixtures/upstream/test.carton");
    }
    void pushSkopeoPull();
    void chunkedUploadAndMount();
    void basicAuth();
    void skopeoPushesWePull();
    void openOciUrl();
};

void TestOciRegistry::pushSkopeoPull()
{
    TestRegistry registry;
    QVERIFY2(registry.start(), qPrintable(registry.error()));
    auto carton = Carton::open(fixture());
    QVERIFY2(carton, qPrintable(carton ? QString() : carton.error().toString()));
    const CartonSource &source = (*carton)->source();

    OciRegistry first = client(registry, QStringLiteral("team/model:v1"));
    auto pushed = pushCarton(**carton, first);
    QVERIFY2(pushed, qPrintable(pushed ? QString() : pushed.error().toString()));
    QSet<QString> digests;
    for (const SourceFile &f : source.files())
        digests.insert(f.path);
    QCOMPARE(pushed->layers, source.files().size());
    QVERIFY(pushed->blobsUploaded >= 2);
    QCOMPARE(pushed->blobsSkipped, 0);
    QVERIFY(pushed->bytesUploaded > 1'000'000); // the fixture's files, 1.4 MiB

    // skopeo reads what we pushed: a ModelPack manifest, one layer per file.
    const QString ref = registry.address() + QStringLiteral("/team/model:v1");
    const QJsonObject manifest = skopeoRawManifest(ref);
    QCOMPARE(manifest.value(u"artifactType").toString(), QStringLiteral("application/vnd.cncf.model.manifest.v1+json"));
    QCOMPARE(manifest.value(u"config").toObject().value(u"mediaType").toString(),
             QStringLiteral("application/vnd.cncf.model.config.v1+json"));
    QCOMPARE(manifest.value(u"annotations").toObject().value(u"run.carton.model-hash").toString().toLatin1(),
             (*carton)->modelHash());
    const QJsonArray layers = manifest.value(u"layers").toArray();
    QCOMPARE(layers.size(), source.files().size());

    // skopeo copies it into an OCI layout: every layer's blob is the carton's file.
    QTemporaryDir dir;
    QString error;
    QVERIFY2(
        !runTool(QStringLiteral("skopeo"),
                 {QStringLiteral("copy"), QStringLiteral("--src-tls-verify=false"), QStringLiteral("docker://") + ref,
                  QStringLiteral("oci:") + dir.filePath(QStringLiteral("layout")) + u":v1"},
                 &error)
             .isNull(),
        qPrintable(error));
    QSet<QString> seen;
    for (const QJsonValue &v : layers) {
        const QJsonObject l = v.toObject();
        const QString path = l.value(u"annotations").toObject().value(u"org.cncf.model.filepath").toString();
        QVERIFY2(source.find(path), qPrintable(path));
        seen.insert(path);
        QFile blob(dir.filePath(QStringLiteral("layout/blobs/sha256/") + l.value(u"digest").toString().mid(7)));
        QVERIFY2(blob.open(QIODevice::ReadOnly), qPrintable(blob.fileName()));
        auto bytes = source.read(path, 64 << 20);
        QVERIFY(bytes);
        QVERIFY2(blob.readAll() == *bytes, qPrintable(path));
        if (path.startsWith(u"model/"))
            QCOMPARE(l.value(u"mediaType").toString(), QStringLiteral("application/vnd.cncf.model.weight.v1.raw"));
        if (path != u"MANIFEST" && path != u"LINKS")
            QCOMPARE(l.value(u"digest").toString().mid(7).toLatin1(), (*carton)->manifest()->find(path)->sha256);
    }
    QCOMPARE(seen, digests);

    // Pushing again uploads nothing.
    OciRegistry second = client(registry, QStringLiteral("team/model:v1"));
    auto again = pushCarton(**carton, second);
    QVERIFY2(again, qPrintable(again ? QString() : again.error().toString()));
    QCOMPARE(again->bytesUploaded, 0);
    QCOMPARE(again->blobsUploaded, 0);
    QCOMPARE(again->manifestDigest, pushed->manifestDigest);

    // Pull: a .carton and a folder with the same model hash.
    OciRegistry puller = client(registry, QStringLiteral("team/model@") + pushed->manifestDigest);
    const QString out = dir.filePath(QStringLiteral("pulled.carton"));
    auto pulled = pullCarton(puller, out);
    QVERIFY2(pulled, qPrintable(pulled ? QString() : pulled.error().toString()));
    QCOMPARE(pulled->modelHash, (*carton)->modelHash());
    auto reopened = Carton::open(out);
    QVERIFY(reopened);
    QCOMPARE((*reopened)->modelHash(), (*carton)->modelHash());
    QCOMPARE((*reopened)->source().files().size(), source.files().size());
    auto folder = pullCarton(puller, dir.filePath(QStringLiteral("pulled-dir/")));
    QVERIFY2(folder, qPrintable(folder ? QString() : folder.error().toString()));
    QFile model(dir.filePath(QStringLiteral("pulled-dir/carton.toml")));
    QVERIFY(model.open(QIODevice::ReadOnly));
    QCOMPARE(model.readAll(), *source.read(QStringLiteral("carton.toml"), 1 << 20));
    // An existing output is never replaced.
    auto refused = pullCarton(puller, out);
    QVERIFY(!refused);
    QVERIFY(refused.error().message.contains(u"already exists"));
    // ... unless asked to (the window's Save a Local Copy, after its file dialog).
    QVERIFY(writeFile(out, "old bytes"));
    auto replaced = pullCarton(puller, out, {}, nullptr, true);
    QVERIFY2(replaced, qPrintable(replaced ? QString() : replaced.error().toString()));
    auto replacedCarton = Carton::open(out);
    QVERIFY(replacedCarton);
    QCOMPARE((*replacedCarton)->modelHash(), (*carton)->modelHash());

    // Tags.
    auto tags = second.listTags();
    QVERIFY(tags);
    QCOMPARE(*tags, QStringList{QStringLiteral("v1")});
}

void TestOciRegistry::chunkedUploadAndMount()
{
    TestRegistry registry;
    QVERIFY2(registry.start(), qPrintable(registry.error()));
    auto carton = Carton::open(fixture());
    QVERIFY(carton);
    OciOptions small;
    small.chunkSize = 64 << 10; // the 1.4 MiB weight goes up in PATCH chunks
    OciRegistry chunked = client(registry, QStringLiteral("a/model:v1"), small);
    auto pushed = pushCarton(**carton, chunked);
    QVERIFY2(pushed, qPrintable(pushed ? QString() : pushed.error().toString()));
    // Another repository: mounted from the first, only the config... is already
    // mounted too: nothing is sent.
    OciRegistry other = client(registry, QStringLiteral("b/model:v1"));
    auto mounted = pushCarton(**carton, other, {QStringLiteral("a/model")});
    QVERIFY2(mounted, qPrintable(mounted ? QString() : mounted.error().toString()));
    QCOMPARE(mounted->blobsMounted + mounted->blobsUploaded, pushed->blobsUploaded);
    QVERIFY(mounted->blobsMounted >= pushed->blobsUploaded - 1);
    QVERIFY(mounted->bytesUploaded < 4096); // the config at most
    // A repository that does not have the blobs: the registry opens uploads instead.
    OciRegistry third = client(registry, QStringLiteral("c/model:v1"));
    auto fallback = pushCarton(**carton, third, {QStringLiteral("nothing/here")});
    QVERIFY2(fallback, qPrintable(fallback ? QString() : fallback.error().toString()));
    QCOMPARE(fallback->blobsMounted, 0);
    QCOMPARE(fallback->blobsUploaded, pushed->blobsUploaded);
    QCOMPARE(fallback->bytesUploaded, pushed->bytesUploaded);
    QTemporaryDir dir;
    OciRegistry puller = client(registry, QStringLiteral("b/model:v1"));
    auto pulled = pullCarton(puller, dir.filePath(QStringLiteral("x.carton")));
    QVERIFY2(pulled, qPrintable(pulled ? QString() : pulled.error().toString()));
    QCOMPARE(pulled->modelHash, (*carton)->modelHash());

    // A blob whose bytes do not match its digest is never committed.
    const QByteArray bytes(200'000, 'x');
    const QString wrong = QStringLiteral("sha256:") + QString(64, u'0');
    qint64 pos = 0;
    auto read = [&](char *buffer, qint64 max) -> Result<qint64> {
        const qint64 n = std::min<qint64>(max, bytes.size() - pos);
        memcpy(buffer, bytes.constData() + pos, size_t(n));
        pos += n;
        return n;
    };
    auto refused = chunked.uploadBlob(wrong, bytes.size(), read);
    QVERIFY(!refused);
    QCOMPARE(refused.error().code, ErrorCode::Integrity);
    auto absent = chunked.blobSize(wrong);
    QVERIFY(absent);
    QVERIFY(!absent->has_value());
}

void TestOciRegistry::basicAuth()
{
    const QString password = QStringLiteral("pa55-w0rd-not-in-messages");
    TestRegistry registry;
    QVERIFY2(registry.start(QStringLiteral("alice"), password), qPrintable(registry.error()));
    auto carton = Carton::open(fixture());
    QVERIFY(carton);

    OciRegistry anonymous = client(registry, QStringLiteral("team/model:v1"));
    auto refused = pushCarton(**carton, anonymous);
    QVERIFY(!refused);
    QVERIFY2(refused.error().toString().contains(u"401"), qPrintable(refused.error().toString()));

    OciOptions wrongOptions;
    wrongOptions.credentials = RegistryCredentials{QStringLiteral("alice"), QStringLiteral("wrong-secret-xyz"), false,
                                                   QStringLiteral("--username")};
    OciRegistry wrong = client(registry, QStringLiteral("team/model:v1"), wrongOptions);
    auto wrongPush = pushCarton(**carton, wrong);
    QVERIFY(!wrongPush);
    QVERIFY2(wrongPush.error().toString().contains(u"alice"), qPrintable(wrongPush.error().toString()));
    QVERIFY(!wrongPush.error().toString().contains(u"wrong-secret-xyz"));

    // Credentials from a docker config.json (auths).
    QTemporaryDir config;
    const QByteArray auth = QByteArray(QByteArray("alice:") + password.toUtf8()).toBase64();
    QVERIFY(writeFile(config.filePath(QStringLiteral("config.json")),
                      "{\"auths\": {\"" + registry.address().toUtf8() + "\": {\"auth\": \"" + auth + "\"}}}"));
    OciOptions fromConfig;
    fromConfig.dockerConfigDir = config.path();
    OciRegistry logged = client(registry, QStringLiteral("team/model:v1"), fromConfig);
    auto pushed = pushCarton(**carton, logged);
    QVERIFY2(pushed, qPrintable(pushed ? QString() : pushed.error().toString()));
    QVERIFY(pushed->blobsUploaded > 0);

    // skopeo with the same credentials sees it; anonymous pull is refused.
    QString error;
    const QByteArray raw = runTool(QStringLiteral("skopeo"),
                                   {QStringLiteral("inspect"), QStringLiteral("--tls-verify=false"),
                                    QStringLiteral("--raw"), QStringLiteral("--creds"), u"alice:" + password,
                                    QStringLiteral("docker://") + registry.address() + u"/team/model:v1"},
                                   &error);
    QVERIFY2(!raw.isNull(), qPrintable(error));
    QVERIFY(raw.contains("application/vnd.cncf.model.manifest.v1+json"));
    QTemporaryDir out;
    OciRegistry anonymousPull = client(registry, QStringLiteral("team/model:v1"));
    auto anonymousPulled = pullCarton(anonymousPull, out.filePath(QStringLiteral("a.carton")));
    QVERIFY(!anonymousPulled);
    QVERIFY(!QFile::exists(out.filePath(QStringLiteral("a.carton"))));
    OciRegistry loggedPull = client(registry, QStringLiteral("team/model:v1"), fromConfig);
    auto pulled = pullCarton(loggedPull, out.filePath(QStringLiteral("b.carton")));
    QVERIFY2(pulled, qPrintable(pulled ? QString() : pulled.error().toString()));
    QCOMPARE(pulled->modelHash, (*carton)->modelHash());
    for (const QString &text : QStringList{refused.error().toString(), anonymousPulled.error().toString()})
        QVERIFY(!text.contains(password));
}

void TestOciRegistry::skopeoPushesWePull()
{
    TestRegistry registry;
    QVERIFY2(registry.start(), qPrintable(registry.error()));
    auto carton = Carton::open(fixture());
    QVERIFY(carton);
    const CartonSource &source = (*carton)->source();
    // An OCI layout written here, pushed by skopeo.
    QTemporaryDir dir;
    const QString layout = dir.filePath(QStringLiteral("layout"));
    QList<OciLayer> layers;
    for (const SourceFile &f : source.files()) {
        auto bytes = source.read(f.path, 64 << 20);
        QVERIFY(bytes);
        const QByteArray hex = Sha256::hashHex(*bytes);
        QVERIFY(writeFile(layout + u"/blobs/sha256/" + QString::fromLatin1(hex), *bytes));
        layers.append(
            {f.path, QStringLiteral("sha256:") + QString::fromLatin1(hex), bytes->size(), modelPackMediaType(f.path)});
    }
    const ModelPackArtifact artifact = buildModelPackArtifact(nullptr, layers, (*carton)->modelHash());
    QVERIFY(writeFile(layout + u"/blobs/sha256/" + artifact.configDigest.mid(7), artifact.config));
    QVERIFY(writeFile(layout + u"/blobs/sha256/" + artifact.manifestDigest.mid(7), artifact.manifest));
    QVERIFY(writeFile(layout + u"/oci-layout", "{\"imageLayoutVersion\": \"1.0.0\"}"));
    const QJsonObject index{
        {QStringLiteral("schemaVersion"), 2},
        {QStringLiteral("manifests"),
         QJsonArray{
             QJsonObject{{QStringLiteral("mediaType"), QStringLiteral("application/vnd.oci.image.manifest.v1+json")},
                         {QStringLiteral("digest"), artifact.manifestDigest},
                         {QStringLiteral("size"), artifact.manifest.size()},
                         {QStringLiteral("annotations"),
                          QJsonObject{{QStringLiteral("org.opencontainers.image.ref.name"), QStringLiteral("v1")}}}}}}};
    QVERIFY(writeFile(layout + u"/index.json", QJsonDocument(index).toJson()));
    QString error;
    QVERIFY2(!runTool(QStringLiteral("skopeo"),
                      {QStringLiteral("copy"), QStringLiteral("--dest-tls-verify=false"), u"oci:" + layout + u":v1",
                       QStringLiteral("docker://") + registry.address() + u"/ext/model:v1"},
                      &error)
                  .isNull(),
             qPrintable(error));
    OciRegistry puller = client(registry, QStringLiteral("ext/model:v1"));
    const QString out = dir.filePath(QStringLiteral("pulled.carton"));
    auto pulled = pullCarton(puller, out);
    QVERIFY2(pulled, qPrintable(pulled ? QString() : pulled.error().toString()));
    QCOMPARE(pulled->modelHash, (*carton)->modelHash());
    QCOMPARE(pulled->files, int(source.files().size()));
    auto reopened = Carton::open(out);
    QVERIFY(reopened);
    QCOMPARE((*reopened)->modelHash(), (*carton)->modelHash());
}

void TestOciRegistry::openOciUrl()
{
    TestRegistry registry;
    QVERIFY2(registry.start(), qPrintable(registry.error()));
    auto local = Carton::open(fixture());
    QVERIFY(local);
    OciRegistry pusher = client(registry, QStringLiteral("team/model:v1"));
    QVERIFY(pushCarton(**local, pusher));
    const CartonSource &localSource = (*local)->source();

    // The card: the manifest and the small metadata layers, never the weights or misc/.
    RemoteOptions remote;
    remote.stats = std::make_shared<RemoteStats>();
    const QString url = QStringLiteral("oci://") + registry.address() + QStringLiteral("/team/model:v1");
    auto carton = Carton::open(url, {}, remote);
    QVERIFY2(carton, qPrintable(carton ? QString() : carton.error().toString()));
    QVERIFY((*carton)->source().isRemote());
    QCOMPARE((*carton)->path(), url);
    QCOMPARE((*carton)->modelHash(), (*local)->modelHash());
    QCOMPARE((*carton)->info()->modelName, (*local)->info()->modelName);
    QCOMPARE((*carton)->source().files().size(), localSource.files().size());
    qint64 metadata = 0;
    for (const QString &p : {QStringLiteral("carton.toml"), QStringLiteral("MANIFEST"),
                             QStringLiteral("tensor_data/index.toml"), QStringLiteral("LINKS")})
        if (const SourceFile *f = localSource.find(p))
            metadata += f->size;
    QVERIFY2(remote.stats->bytes.load() <= metadata + 8192,
             qPrintable(QStringLiteral("%1 bytes fetched at open").arg(remote.stats->bytes.load())));

    // A range of the biggest file costs about that range.
    const SourceFile *big = nullptr;
    for (const SourceFile &f : localSource.files())
        if (!big || f.size > big->size)
            big = &f;
    const qint64 before = remote.stats->bytes.load();
    auto range = (*carton)->source().readRange(big->path, 1000, 100);
    QVERIFY2(range, qPrintable(range ? QString() : range.error().toString()));
    QCOMPARE(*range, localSource.readRange(big->path, 1000, 100).value());
    QCOMPARE(remote.stats->bytes.load() - before, 100);

    // Tensors, and a full verification (every layer hashed against MANIFEST).
    auto tensor = (*carton)->loadTensor(QStringLiteral("_tensor_1"));
    QVERIFY2(tensor, qPrintable(tensor ? QString() : tensor.error().toString()));
    QCOMPARE(tensor->shape(), (*local)->loadTensor(QStringLiteral("_tensor_1"))->shape());
    const VerifyReport report = verifyCarton(**carton);
    QVERIFY(report.ok());
    QCOMPARE(report.files.size(), (*carton)->manifest()->entries().size());

    // Unknown tags and non-model artifacts are refused with the registry's words.
    auto missing = Carton::open(QStringLiteral("oci://") + registry.address() + QStringLiteral("/team/model:nope"));
    QVERIFY(!missing);
    QVERIFY2(missing.error().message.contains(u"MANIFEST_UNKNOWN"), qPrintable(missing.error().message));
}

QTEST_GUILESS_MAIN(TestOciRegistry)
#include "tst_ociregistry.moc"
