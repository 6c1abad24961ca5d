// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton import hf` (importHfRepo) against a local server speaking the Hub's API
// shape (tree listing, resolve) whose large files redirect to a second origin (a
// storage host): a tiny Hugging Face repository built here (config.json,
// tokenizer.json, a small safetensors, a card with an image, a pickle that is not
// taken). The token reaches the Hub only; 404, 401, size caps, a wrong sha256 and
// an interrupted download that resumes.
#include "base/sha256.h"
#include "clirunner.h"
#include "hub/hfimport.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "testhttpserver.h"
#include "testpaths.h"
#include "testutil.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

const QByteArray kToken = "hf_test_secret_0123456789";
const QByteArray kCommit = "0123456789abcdef0123456789abcdef01234567"; // what main resolves to

struct RepoFile {
    QByteArray path;
    QByteArray body;
    bool lfs = false; // served from the storage host after a redirect
};

QList<RepoFile> tinyRepo()
{
    QByteArray weights(4096, '\0');
    for (int i = 0; i < weights.size(); ++i)
        weights[i] = char(i * 7 + 3);
    return {
        {"config.json", R"({"model_type": "llama", "architectures": ["LlamaForCausalLM"], "hidden_size": 8,
            "num_hidden_layers": 1, "num_attention_heads": 2, "vocab_size": 3})"},
        {"tokenizer.json", R"({"model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": ["a b"]},
            "added_tokens": [{"id": 3.0, "content": "<s>", "special": true}]})"},
        {"README.md", "---\nlicense: apache-2.0\ntags:\n- tiny\n---\n# Tiny\n\nA tiny llama for tests.\n\n"
                      "![arch](images/arch.png)\n"},
        {"images/arch.png", QByteArray("\x89PNG\r\n\x1a\n", 8) + QByteArray(32, 'p'), true},
        {"model.safetensors",
         testutil::safetensorsFile(R"({"w":{"dtype":"U8","shape":[4096],"data_offsets":[0,4096]}})", weights), true},
        {"pytorch_model.bin", QByteArray(64, 'x'), true}, // safetensors are there: not taken
        {"onnx/model.onnx", QByteArray(16, 'o'), true},   // not top-level: not taken
    };
}

} // namespace

class TestHfImport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void parsesRepositoryNames();
    void importsATinyRepository();
    void missingRepositoryAndFile();
    void gatedRepository();
    void sizeCaps();
    void wrongSha256IsRefused();
    void interruptedDownloadResumes();
    void linksTheWeights();
    void previewReadsHeadersThroughRanges();
    void previewWhenTheServerIgnoresRange();
    void previewRefusesHostileHeaders();
    void resolveAnswersAreCrossChecked();
    void command();

private:
    // Serves `files` as acme/tiny at main (LFS files through the storage host).
    void serve(const QList<RepoFile> &files, const QByteArray &repo = "acme/tiny");
    HfImportOptions options() const;
    static QByteArray listingPath(const QByteArray &repo)
    {
        return "/api/models/" + repo + "/tree/main?recursive=true";
    }
    static QByteArray blobPath(const QByteArray &body) { return "/blobs/" + Sha256::hashHex(body); }
    static QByteArray resolvePath(const QByteArray &path, const QByteArray &revision = kCommit)
    {
        return "/acme/tiny/resolve/" + revision + "/" + path;
    }
    // What a preview reads of a safetensors file: its 8-byte length and its header.
    static qint64 headerBytes(const QByteArray &file) { return 8 + qFromLittleEndian<qint64>(file.constData()); }
    HfRepoRef tinyRef() const { return *HfRepoRef::parse(u"acme/tiny"_s, QUrl(m_hub.url("/"))); }
    HfHub hub() const { return HfHub(QUrl(m_hub.url("/")), QString::fromLatin1(kToken), 5000); }

    TestHttpServer m_hub;
    TestHttpServer m_storage;
    QTemporaryDir m_dir;
    QString m_out;
};

void TestHfImport::initTestCase()
{
    QVERIFY(m_hub.start());
    QVERIFY(m_storage.start());
    QVERIFY(m_dir.isValid());
}

void TestHfImport::init()
{
    m_out = m_dir.filePath(QString::fromLatin1(QTest::currentTestFunction()) + u".carton"_s);
    serve(tinyRepo());
    m_hub.resetCounts();
    m_storage.resetCounts();
}

void TestHfImport::serve(const QList<RepoFile> &files, const QByteArray &repo)
{
    QJsonArray listing{QJsonObject{{u"type"_s, u"directory"_s}, {u"path"_s, u"images"_s}}};
    for (const RepoFile &f : files) {
        QJsonObject entry{{u"type"_s, u"file"_s}, {u"path"_s, QString::fromLatin1(f.path)}};
        // As the Hub answers: the branch and the commit it resolves to, X-Repo-Commit on both.
        for (const QByteArray &revision : {QByteArray("main"), kCommit}) {
            const QByteArray resolve = "/" + repo + "/resolve/" + revision + "/" + f.path;
            TestRoute route = staticFileRoute(f.body);
            if (f.lfs) {
                route = TestRoute{};
                route.status = 302;
                route.headers.append({"Location", m_storage.url(blobPath(f.body)).toUtf8()});
                route.headers.append({"X-Linked-Size", QByteArray::number(f.body.size())});
                route.headers.append({"X-Linked-Etag", '"' + Sha256::hashHex(f.body) + '"'});
                route.headers.append(
                    {"ETag", QByteArray("\"0000000000000000000000000000000000000001\"")}); // the pointer's git oid
            } else {
                route.headers.append({"ETag", "\"" + QByteArray(40, 'e') + "\""});
            }
            route.headers.append({"X-Repo-Commit", kCommit});
            m_hub.setRoute(resolve, route);
        }
        if (f.lfs) {
            entry.insert(u"size"_s, 134); // the pointer's size; the LFS object's below
            entry.insert(u"lfs"_s, QJsonObject{{u"oid"_s, QString::fromLatin1(Sha256::hashHex(f.body))},
                                               {u"size"_s, f.body.size()},
                                               {u"pointerSize"_s, 134}});
            m_storage.setRoute(blobPath(f.body), staticFileRoute(f.body));
        } else {
            entry.insert(u"size"_s, f.body.size());
        }
        listing.append(entry);
    }
    TestRoute route;
    route.body = QJsonDocument(listing).toJson(QJsonDocument::Compact);
    route.headers.append(QPair<QByteArray, QByteArray>("Content-Type", "application/json"));
    m_hub.setRoute(listingPath(repo), route);
}

HfImportOptions TestHfImport::options() const
{
    HfImportOptions o;
    o.endpoint = QUrl(m_hub.url("/"));
    o.token = QString::fromLatin1(kToken);
    o.idleTimeoutMs = 5000;
    return o;
}

void TestHfImport::parsesRepositoryNames()
{
    const QUrl hub(u"https://huggingface.co"_s);
    Result<HfRepoRef> plain = HfRepoRef::parse(u"acme/tiny"_s, hub);
    QVERIFY(plain);
    QCOMPARE(plain->repo, u"acme/tiny"_s);
    QCOMPARE(plain->revision, u"main"_s);
    Result<HfRepoRef> at = HfRepoRef::parse(u"acme/tiny@v1.0"_s, hub);
    QVERIFY(at);
    QCOMPARE(at->revision, u"v1.0"_s);
    Result<HfRepoRef> url = HfRepoRef::parse(u"https://huggingface.co/acme/tiny/tree/refs%2Fpr%2F3"_s, hub);
    QVERIFY2(url, url ? "" : qPrintable(url.error().toString()));
    QCOMPARE(url->repo, u"acme/tiny"_s);
    QCOMPARE(url->revision, u"refs/pr/3"_s);
    QCOMPARE(HfHub(hub, {}).resolveUrl(*url, u"a b/c.json"_s).toString(QUrl::FullyEncoded),
             u"https://huggingface.co/acme/tiny/resolve/refs%2Fpr%2F3/a%20b/c.json"_s);
    for (const QString &bad : {u"../etc"_s, u"a/b/c"_s, u"acme/ti ny"_s, u"acme/tiny@"_s, u"acme/tiny@a/../b"_s,
                               u"https://evil.example/acme/tiny"_s, u"acme/.."_s}) {
        Result<HfRepoRef> refused = HfRepoRef::parse(bad, hub);
        QVERIFY2(!refused, qPrintable(bad));
        QCOMPARE(refused.error().code, ErrorCode::Format);
    }
}

void TestHfImport::importsATinyRepository()
{
    Result<HfRepoRef> ref = HfRepoRef::parse(u"acme/tiny"_s, QUrl(m_hub.url("/")));
    QVERIFY(ref);
    Result<HfImportResult> imported = importHfRepo(*ref, m_out, options());
    QVERIFY2(imported, imported ? "" : qPrintable(imported.error().toString()));
    QStringList paths;
    for (const HfRepoFile &f : imported->files)
        paths.append(f.path);
    QCOMPARE(paths, (QStringList{u"README.md"_s, u"config.json"_s, u"model.safetensors"_s, u"tokenizer.json"_s}));
    QCOMPARE(imported->cardImages, QStringList{u"images/arch.png"_s});
    QVERIFY(!QFileInfo::exists(m_out + u".download"_s)); // the work folder goes once the carton is written

    // The token went to the Hub's origin only: the redirect to the storage host dropped it.
    QCOMPARE(m_hub.lastHeader(listingPath("acme/tiny"), "authorization"), "Bearer " + kToken);
    QCOMPARE(m_hub.lastHeader(resolvePath("model.safetensors"), "authorization"), "Bearer " + kToken);
    const QList<RepoFile> repo = tinyRepo();
    // The preview's two Range reads (length, header) at main, then the download at the commit main resolved to.
    QCOMPARE(imported->preview.commit, QString::fromLatin1(kCommit));
    QCOMPARE(m_hub.hits(resolvePath("model.safetensors", "main")), 2);
    QCOMPARE(m_hub.hits(resolvePath("model.safetensors")), 1);
    QCOMPARE(m_storage.hits(blobPath(repo[4].body)), 3);
    QCOMPARE(m_storage.bytesSent(blobPath(repo[4].body)), headerBytes(repo[4].body) + repo[4].body.size());
    // config.json and README.md were read whole by the preview: not fetched again.
    QCOMPARE(m_hub.hits(resolvePath("config.json", "main")), 1);
    QCOMPARE(m_hub.hits(resolvePath("config.json")), 0);
    QVERIFY(m_storage.lastHeader(blobPath(repo[4].body), "authorization").isEmpty());
    for (const QByteArray &revision : {QByteArray("main"), kCommit}) {
        QCOMPARE(m_hub.hits(resolvePath("pytorch_model.bin", revision)), 0);
        QCOMPARE(m_hub.hits(resolvePath("onnx/model.onnx", revision)), 0);
    }

    Result<std::unique_ptr<Carton>> carton = Carton::open(m_out);
    QVERIFY2(carton, carton ? "" : qPrintable(carton.error().toString()));
    const CartonSource &source = (*carton)->source();
    for (const RepoFile &f : repo) {
        const QString inModel = u"model/"_s + QString::fromLatin1(f.path);
        if (f.path == "images/arch.png") {
            QCOMPARE(source.read(u"misc/images/arch.png"_s, 1 << 20).value(), f.body);
            continue;
        }
        if (f.path == "pytorch_model.bin" || f.path.startsWith("onnx/")) {
            QVERIFY(!source.find(inModel));
            continue;
        }
        Result<QByteArray> bytes = source.read(inModel, 1 << 20);
        QVERIFY2(bytes, qPrintable(inModel));
        QCOMPARE(*bytes, f.body);
    }
    const CartonInfo &info = *(*carton)->info();
    QCOMPARE(info.modelName.value_or(QString()), u"tiny"_s);
    QCOMPARE(info.license.value_or(QString()), u"apache-2.0"_s);
    QCOMPARE(info.shortDescription.value_or(QString()), u"A tiny llama for tests."_s);
    QVERIFY(info.modelDescription.value_or(QString()).contains(u"](@misc/images/arch.png)"_s));
    QCOMPARE(info.repository.value_or(QString()), m_hub.url("/acme/tiny"));
    QCOMPARE(info.runner.runnerName, u"python"_s); // a Hugging Face folder without TorchScript or an entry point
    QCOMPARE(info.runner.requiredFrameworkVersion, u"*"_s);
    QStringList guessed;
    for (const HfImportGuess &g : imported->guesses)
        guessed.append(g.field);
    QCOMPARE(guessed,
             (QStringList{u"model_name"_s, u"repository"_s, u"license"_s, u"short_description"_s,
                          u"model_description"_s, u"runner.runner_name"_s, u"runner.required_framework_version"_s}));

    // An existing output is refused before anything is fetched; with overwrite, the runner given is used.
    m_hub.resetCounts();
    Result<HfImportResult> again = importHfRepo(*ref, m_out, options());
    QVERIFY(!again);
    QCOMPARE(m_hub.hits(listingPath("acme/tiny")), 0);
    HfImportOptions o = options();
    o.pack.overwrite = true;
    o.runner = u"torchscript"_s;
    o.include = {u"*.json"_s};
    again = importHfRepo(*ref, m_out, o);
    QVERIFY2(again, again ? "" : qPrintable(again.error().toString()));
    QCOMPARE(again->files.size(), 2); // config.json, tokenizer.json
    QCOMPARE((*Carton::open(m_out))->info()->runner.runnerName, u"torchscript"_s);
}

void TestHfImport::missingRepositoryAndFile()
{
    Result<HfImportResult> missing =
        importHfRepo(*HfRepoRef::parse(u"acme/missing"_s, QUrl(m_hub.url("/"))), m_out, options());
    QVERIFY(!missing);
    QCOMPARE(missing.error().code, ErrorCode::NotFound);
    QVERIFY2(missing.error().message.startsWith(u"not found (HTTP 404): no such repository, revision or file"_s),
             qPrintable(missing.error().toString()));
    QVERIFY2(missing.error().location.contains(u"/api/models/acme/missing/tree/main"_s),
             qPrintable(missing.error().location));

    // A listed file whose resolve answers 404: named; nothing written.
    QList<RepoFile> files = tinyRepo();
    serve(files);
    m_hub.setRoute(resolvePath("tokenizer.json"), TestRoute{404, {{"X-Error-Message", "Entry not found"}}});
    Result<HfImportResult> gone =
        importHfRepo(*HfRepoRef::parse(u"acme/tiny"_s, QUrl(m_hub.url("/"))), m_out, options());
    QVERIFY(!gone);
    QVERIFY2(gone.error().message.contains(u"(tokenizer.json); the server says: Entry not found"_s),
             qPrintable(gone.error().toString()));
    QVERIFY(!QFileInfo::exists(m_out));
}

void TestHfImport::gatedRepository()
{
    TestRoute gated{401, {{"X-Error-Message", "Access to model acme/tiny is restricted."}}};
    m_hub.setRoute(listingPath("acme/tiny"), gated);
    HfImportOptions o = options();
    o.token.clear();
    Result<HfImportResult> refused = importHfRepo(*HfRepoRef::parse(u"acme/tiny"_s, QUrl(m_hub.url("/"))), m_out, o);
    QVERIFY(!refused);
    QVERIFY2(refused.error().message.startsWith(u"access refused (HTTP 401): the repository is gated or private; a "
                                                u"token with access is read from HF_TOKEN"_s),
             qPrintable(refused.error().toString()));
    QVERIFY(refused.error().message.endsWith(u"the server says: Access to model acme/tiny is restricted."_s));
    gated.status = 403;
    m_hub.setRoute(listingPath("acme/tiny"), gated);
    refused = importHfRepo(*HfRepoRef::parse(u"acme/tiny"_s, QUrl(m_hub.url("/"))), m_out, options());
    QVERIFY(!refused);
    QVERIFY(refused.error().message.contains(u"the token sent has no access to it"_s));
    QVERIFY(!refused.error().toString().contains(QString::fromLatin1(kToken)));
}

void TestHfImport::sizeCaps()
{
    const HfRepoRef ref = *HfRepoRef::parse(u"acme/tiny"_s, QUrl(m_hub.url("/")));
    const qint64 weights = tinyRepo()[4].body.size();
    // A file over the per-file cap is refused from the listing, before any download.
    HfImportOptions o = options();
    o.maxFileBytes = weights - 1;
    Result<HfImportResult> refused = importHfRepo(ref, m_out, o);
    QVERIFY(!refused);
    QCOMPARE(refused.error().code, ErrorCode::Limit);
    QCOMPARE(refused.error().message,
             u"model.safetensors is %1 bytes, more than the limit of %2 bytes a file"_s.arg(weights).arg(weights - 1));
    QCOMPARE(m_hub.hits(resolvePath("tokenizer.json")), 0);
    QCOMPARE(m_storage.bytesSent(blobPath(tinyRepo()[4].body)), headerBytes(tinyRepo()[4].body)); // the preview's

    // A storage host sending more than the listing gives (no Content-Length) is cut off at it
    // (the download at the commit; the preview at main reads a well-behaved copy).
    QList<RepoFile> files = tinyRepo();
    serve(files);
    TestRoute endless;
    endless.mode = TestRoute::Mode::Endless;
    endless.sendContentLength = false;
    endless.body = files[4].body;
    m_storage.setRoute("/endless", endless);
    TestRoute redirect{302, {{"Location", m_storage.url("/endless").toUtf8()}, {"X-Repo-Commit", kCommit}}};
    m_hub.setRoute(resolvePath("model.safetensors"), redirect);
    refused = importHfRepo(ref, m_out, options());
    QVERIFY(!refused);
    QVERIFY2(refused.error().message.contains(u"the size the listing gives"_s), qPrintable(refused.error().toString()));
    QCOMPARE(refused.error().code, ErrorCode::Limit);
    QVERIFY(!QFileInfo::exists(m_out));
}

void TestHfImport::wrongSha256IsRefused()
{
    QList<RepoFile> files = tinyRepo();
    serve(files);
    const QByteArray tampered = QByteArray(files[4].body).replace(100, 1, "!");
    TestRoute route = staticFileRoute(tampered);
    m_storage.setRoute(blobPath(files[4].body), route);
    const QString work = m_out + u".download"_s;
    Result<HfImportResult> refused =
        importHfRepo(*HfRepoRef::parse(u"acme/tiny"_s, QUrl(m_hub.url("/"))), m_out, options());
    QVERIFY(!refused);
    QCOMPARE(refused.error().message,
             u"model.safetensors: sha256 %1, the listing says %2 (the download was removed)"_s.arg(
                 QString::fromLatin1(Sha256::hashHex(tampered)), QString::fromLatin1(Sha256::hashHex(files[4].body))));
    QVERIFY(!QFileInfo::exists(work + u"/partial/model/model.safetensors.part"_s));
    QVERIFY(!QFileInfo::exists(work + u"/carton/model/model.safetensors"_s));
    QVERIFY(!QFileInfo::exists(m_out));
    QVERIFY(QDir(work).removeRecursively());
}

void TestHfImport::interruptedDownloadResumes()
{
    // An earlier run got the first 1,000 bytes of the weights before the connection broke.
    const QByteArray weights = tinyRepo()[4].body;
    const QString work = m_out + u".download"_s;
    QVERIFY(QDir().mkpath(work));
    QVERIFY(testutil::writeFile(work + u"/.carton-hf-import"_s, {}));
    QVERIFY(testutil::writeFile(work + u"/partial/model/model.safetensors.part"_s, weights.left(1000)));
    Result<HfImportResult> imported =
        importHfRepo(*HfRepoRef::parse(u"acme/tiny"_s, QUrl(m_hub.url("/"))), m_out, options());
    QVERIFY2(imported, imported ? "" : qPrintable(imported.error().toString()));
    QCOMPARE(m_storage.lastHeader(blobPath(weights), "range"), QByteArray("bytes=1000-"));
    QCOMPARE(m_storage.bytesSent(blobPath(weights)), headerBytes(weights) + weights.size() - 1000);
    QCOMPARE((*Carton::open(m_out))->source().read(u"model/model.safetensors"_s, 1 << 20).value(), weights);

    // A folder of that name that an import did not make is not used (nor removed).
    QVERIFY(QDir().mkpath(work));
    QVERIFY(testutil::writeFile(work + u"/mine.txt"_s, "keep"));
    HfImportOptions o = options();
    o.pack.overwrite = true;
    Result<HfImportResult> refused = importHfRepo(*HfRepoRef::parse(u"acme/tiny"_s, QUrl(m_hub.url("/"))), m_out, o);
    QVERIFY(!refused);
    QVERIFY(refused.error().message.contains(u"was not made by an import"_s));
    QVERIFY(QFileInfo::exists(work + u"/mine.txt"_s));
}

// options.link: the weights become a LINKS entry (the Hub's resolve URL, the LFS
// sha256) and a MANIFEST line, never fetched by the import; the small files are in
// the carton, which verifies as linked and, fetching, from the same servers.
void TestHfImport::linksTheWeights()
{
    Result<HfRepoRef> ref = HfRepoRef::parse(u"acme/tiny"_s, QUrl(m_hub.url("/")));
    QVERIFY(ref);
    HfImportOptions o = options();
    o.link = true;
    o.maxFileBytes = 1024; // the weights (4 KB and more) are not downloaded: not capped
    Result<HfImportResult> imported = importHfRepo(*ref, m_out, o);
    QVERIFY2(imported, imported ? "" : qPrintable(imported.error().toString()));
    QStringList paths;
    for (const HfRepoFile &f : imported->files)
        paths.append(f.path);
    QCOMPARE(paths, (QStringList{u"README.md"_s, u"config.json"_s, u"tokenizer.json"_s}));
    QCOMPARE(imported->linked.size(), 1);
    QCOMPARE(imported->linked.first().path, u"model.safetensors"_s);
    const QByteArray weights = tinyRepo()[4].body;
    const QByteArray sha = Sha256::hashHex(weights);
    // Only the preview's Range reads of the header touched the weights.
    QCOMPARE(m_hub.hits(resolvePath("model.safetensors", "main")), 2);
    QCOMPARE(m_hub.hits(resolvePath("model.safetensors")), 0);
    QCOMPARE(m_storage.bytesSent(blobPath(weights)), headerBytes(weights));
    QCOMPARE(imported->preview.shards.size(), 1);
    QCOMPARE(imported->preview.shards.first().parameters, 4096);
    QVERIFY(QFileInfo(m_out).size() < 8 * 1024);

    Result<std::unique_ptr<Carton>> carton = Carton::open(m_out);
    QVERIFY2(carton, carton ? "" : qPrintable(carton.error().toString()));
    const Carton &c = **carton;
    QVERIFY2(c.loadDiagnostics().isEmpty(),
             c.loadDiagnostics().isEmpty() ? "" : qPrintable(c.loadDiagnostics().first().toString()));
    QVERIFY(!c.source().find(u"model/model.safetensors"_s));
    QVERIFY(c.isLinked(u"model/model.safetensors"_s));
    QVERIFY(c.links());
    QCOMPARE(c.links()->urls().size(), 1);
    // The link names the commit main resolved to, not the branch: the carton does not move with it.
    QCOMPARE(c.links()->urlsFor(sha), QStringList{m_hub.url(resolvePath("model.safetensors"))});
    const auto entries = c.manifest()->entries();
    const auto it = std::find_if(entries.begin(), entries.end(),
                                 [](const ManifestEntry &e) { return e.path == u"model/model.safetensors"_s; });
    QVERIFY(it != entries.end());
    QCOMPARE(it->sha256, sha);
    QCOMPARE(c.source().read(u"model/config.json"_s, 1 << 20).value(), tinyRepo()[0].body);
    QCOMPARE(c.info()->license.value_or(QString()), u"apache-2.0"_s); // the card was read as without --link
    QCOMPARE(c.info()->runner.runnerName, u"python"_s);

    auto stateOf = [](const VerifyReport &report, const QString &path) {
        for (const FileCheck &f : report.files)
            if (f.path == path)
                return f.state;
        return FileState::Unverified;
    };
    const VerifyReport offline = verifyCarton(c);
    QVERIFY(offline.ok());
    QCOMPARE(stateOf(offline, u"model/model.safetensors"_s), FileState::Linked);
    VerifyOptions fetching;
    fetching.fetchLinks = true;
    fetching.fetch.timeoutMs = 5000;
    const VerifyReport fetched = verifyCarton(c, fetching);
    QVERIFY(fetched.ok());
    QCOMPARE(stateOf(fetched, u"model/model.safetensors"_s), FileState::Ok);
    QCOMPARE(m_storage.hits(blobPath(weights)), 3); // the preview's 2, then through the commit's redirect
    QCOMPARE(m_hub.hits(resolvePath("model.safetensors")), 1);
    QVERIFY(!QFileInfo::exists(m_out + u".download"_s));

    // Imported again without --link over the same output: the weights are downloaded, LINKS is gone.
    o.link = false;
    o.maxFileBytes = 1 << 20;
    o.pack.overwrite = true;
    imported = importHfRepo(*ref, m_out, o);
    QVERIFY2(imported, imported ? "" : qPrintable(imported.error().toString()));
    QVERIFY(imported->linked.isEmpty());
    carton = Carton::open(m_out);
    QVERIFY(carton);
    QVERIFY(!(*carton)->links());
    QCOMPARE((*carton)->source().read(u"model/model.safetensors"_s, 1 << 20).value(), weights);
}

// The preview reads the card and config whole and of the weights only the 8-byte
// length and the header, each with a Range request answered 206; the storage host
// serves those bytes and no more. Nothing is written.
void TestHfImport::previewReadsHeadersThroughRanges()
{
    const QByteArray weights = tinyRepo()[4].body;
    Result<HfPreview> preview = previewHfRepo(hub(), tinyRef(), {}, /*link=*/false);
    QVERIFY2(preview, preview ? "" : qPrintable(preview.error().toString()));
    QCOMPARE(preview->commit, QString::fromLatin1(kCommit));
    QCOMPARE(preview->pinned().revision, QString::fromLatin1(kCommit));
    QCOMPARE(preview->downloads.size(), 4);
    QVERIFY(preview->linked.isEmpty());
    QVERIFY(preview->info);
    QCOMPARE(preview->info->modelType, u"llama"_s);
    QCOMPARE(preview->info->hiddenSize.value_or(0), 8);
    QCOMPARE(preview->license(), u"apache-2.0"_s);
    QVERIFY(!preview->info->hasTokenizer); // tokenizer.json is not read by a preview
    QCOMPARE(preview->shards.size(), 1);
    const HfShardPreview &shard = preview->shards.first();
    QCOMPARE(shard.path, u"model.safetensors"_s);
    QCOMPARE(shard.tensors, 1);
    QCOMPARE(shard.parameters, 4096);
    QCOMPARE(shard.dtypeText(), u"U8 \u00d71"_s);
    QCOMPARE(shard.headerBytes, headerBytes(weights));
    QVERIFY(preview->rangeIgnored.isEmpty());

    // Two requests for the weights: bytes 0-7, then exactly the header; 8 + N bytes served of 4,176.
    QCOMPARE(m_storage.hits(blobPath(weights)), 2);
    QCOMPARE(m_storage.lastHeader(blobPath(weights), "range"),
             "bytes=8-" + QByteArray::number(headerBytes(weights) - 1));
    QCOMPARE(m_storage.bytesSent(blobPath(weights)), headerBytes(weights));
    QVERIFY(headerBytes(weights) < 100);
    QCOMPARE(m_hub.lastHeader(resolvePath("model.safetensors", "main"), "range"),
             "bytes=8-" + QByteArray::number(headerBytes(weights) - 1));
    QVERIFY(m_storage.lastHeader(blobPath(weights), "authorization").isEmpty()); // the token stays with the Hub
    QCOMPARE(m_hub.hits(resolvePath("tokenizer.json", "main")), 0);
    QCOMPARE(m_hub.hits(resolvePath("pytorch_model.bin", "main")), 0);
    QCOMPARE(preview->bytesRead, headerBytes(weights) + tinyRepo()[0].body.size() + tinyRepo()[2].body.size());
    QVERIFY(preview->wholeFiles.contains(u"README.md"_s));
    QVERIFY(!QFileInfo::exists(m_out));
}

// A storage host that ignores Range (200, the whole 8 MiB file, paced as a real
// one): the preview takes the bytes it needs from the start of the body and leaves,
// says so, and far less than the file was sent.
void TestHfImport::previewWhenTheServerIgnoresRange()
{
    QList<RepoFile> files = tinyRepo();
    const qint64 big = 8ll << 20;
    files[4].body = testutil::safetensorsFile(
        QByteArray(R"({"w":{"dtype":"F32","shape":[2097152],"data_offsets":[0,)") + QByteArray::number(big) + "]}}",
        QByteArray(big, '\0'));
    serve(files);
    TestRoute whole = staticFileRoute(files[4].body, /*ranges=*/false);
    whole.paced = true;
    m_storage.setRoute(blobPath(files[4].body), whole);
    Result<HfPreview> preview = previewHfRepo(hub(), tinyRef(), {u"*.safetensors"_s}, /*link=*/true);
    QVERIFY2(preview, preview ? "" : qPrintable(preview.error().toString()));
    QCOMPARE(preview->shards.size(), 1);
    QCOMPARE(preview->shards.first().parameters, 2097152);
    QCOMPARE(preview->rangeIgnored.size(), 1);
    QCOMPARE(preview->rangeIgnored.first().path, u"model.safetensors"_s);
    QCOMPARE(preview->rangeIgnored.first().size, files[4].body.size());
    const qint64 sent = m_storage.bytesSent(blobPath(files[4].body));
    QCOMPARE(m_storage.hits(blobPath(files[4].body)), 2);
    QVERIFY2(sent < files[4].body.size() / 4, QByteArray::number(sent).constData());
    QVERIFY(preview->rangeIgnored.first().received >= headerBytes(files[4].body));
    QVERIFY(preview->rangeIgnored.first().received <= sent);
}

// The header is parsed by SafetensorsFile with its caps: a length over the cap is
// refused after the 8 bytes that say it, one past the file's end likewise, and a
// malformed header is the reader's own error.
void TestHfImport::previewRefusesHostileHeaders()
{
    struct Case {
        QByteArray body;
        QString message;
        qint64 served;
    };
    QByteArray huge(16, ' ');
    qToLittleEndian<quint64>(quint64(1) << 40, huge.data());
    QByteArray past(16, ' ');
    qToLittleEndian<quint64>(4000, past.data());
    const QByteArray badJson =
        testutil::safetensorsFile(R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,4]}})", QByteArray(4, '\0'));
    const QList<Case> cases{
        {huge, u"the header length 1099511627776 is more than the limit of 100000000 bytes"_s, 8},
        {past, u"the header length 4000 goes past the end of the file (16 bytes)"_s, 8},
        {badJson, u"data_offsets"_s, headerBytes(badJson)},
    };
    for (const Case &c : cases) {
        QList<RepoFile> files = tinyRepo();
        files[4].body = c.body;
        serve(files);
        m_storage.resetCounts();
        Result<HfPreview> preview = previewHfRepo(hub(), tinyRef(), {u"*.safetensors"_s}, true);
        QVERIFY(!preview);
        QVERIFY2(preview.error().message.contains(c.message), qPrintable(preview.error().toString()));
        QVERIFY2(preview.error().location.contains(u"/resolve/main/model.safetensors"_s),
                 qPrintable(preview.error().location));
        QCOMPARE(m_storage.bytesSent(blobPath(c.body)), c.served);
    }
}

// X-Linked-Size, X-Linked-Etag and the commit against the listing: a mismatch names
// the file and both values, in the preview and in a download.
void TestHfImport::resolveAnswersAreCrossChecked()
{
    const QByteArray weights = tinyRepo()[4].body;
    auto redirectWith = [&](const QByteArray &name, const QByteArray &value) {
        TestRoute r{302, {{"Location", m_storage.url(blobPath(weights)).toUtf8()}, {"X-Repo-Commit", kCommit}}};
        r.headers.append({name, value});
        return r;
    };
    m_hub.setRoute(resolvePath("model.safetensors", "main"), redirectWith("X-Linked-Size", "4000"));
    Result<HfPreview> preview = previewHfRepo(hub(), tinyRef(), {}, true);
    QVERIFY(!preview);
    QCOMPARE(preview.error().message,
             u"model.safetensors: the Hub's answer gives 4000 bytes, the listing %1"_s.arg(weights.size()));
    QCOMPARE(m_storage.hits(blobPath(weights)), 0); // refused at the Hub's redirect: the storage host never asked

    const QByteArray other(64, 'a');
    m_hub.setRoute(resolvePath("model.safetensors", "main"), redirectWith("X-Linked-Etag", '"' + other + '"'));
    preview = previewHfRepo(hub(), tinyRef(), {}, true);
    QVERIFY(!preview);
    QCOMPARE(preview.error().message,
             u"model.safetensors: the Hub's X-Linked-Etag is %1, the listing's LFS sha256 %2"_s.arg(
                 QString::fromLatin1(other), QString::fromLatin1(Sha256::hashHex(weights))));

    // Two answers naming different commits: the branch moved while the import ran.
    serve(tinyRepo());
    TestRoute readme = staticFileRoute(tinyRepo()[2].body);
    readme.headers.append({"X-Repo-Commit", QByteArray(40, 'f')});
    m_hub.setRoute(resolvePath("README.md", "main"), readme);
    preview = previewHfRepo(hub(), tinyRef(), {}, true);
    QVERIFY(!preview);
    QVERIFY2(preview.error().message.contains(u"the Hub resolved main to commit"_s),
             qPrintable(preview.error().toString()));

    // The download checks its resolve answer too (the commit's, here with another size).
    serve(tinyRepo());
    m_hub.setRoute(resolvePath("model.safetensors"), redirectWith("X-Linked-Size", "4097"));
    Result<HfImportResult> imported = importHfRepo(tinyRef(), m_out, options());
    QVERIFY(!imported);
    QCOMPARE(imported.error().message,
             u"model.safetensors: the Hub's answer gives 4097 bytes, the listing %1"_s.arg(weights.size()));
    QCOMPARE(m_hub.hits(resolvePath("model.safetensors")), 1);
    QCOMPARE(m_storage.bytesSent(blobPath(weights)), headerBytes(weights)); // the preview's, at main
    QVERIFY(!QFileInfo::exists(m_out));
    QVERIFY(QDir(m_out + u".download"_s).removeRecursively());
}

// `carton import hf` on the same servers: HF_TOKEN sent to the Hub only and never
// printed, the guesses listed, the carton written; a 404 named with exit code 2.
void TestHfImport::command()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HF_TOKEN"_s, QString::fromLatin1(kToken));
    env.insert(u"HF_HOME"_s, m_dir.filePath(u"hf-home"_s));
    env.remove(u"HF_ENDPOINT"_s);
    const QString endpoint = m_hub.url("/");
    const RunResult r = runProgram(testutil::binaryPath(u"/bin/carton"),
                                   {u"import"_s, u"hf"_s, endpoint + u"acme/tiny/tree/main"_s, u"-o"_s, m_out,
                                    u"--endpoint"_s, endpoint, u"--include"_s, u"*.json"_s, u"--include"_s,
                                    u"*.safetensors"_s, u"--include"_s, u"README.md"_s},
                                   env, 60'000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("  license = apache-2.0  (README.md front matter: license)"), r.out.constData());
    QVERIFY2(r.out.contains("  runner.runner_name = python  (a Hugging Face model folder"), r.out.constData());
    QVERIFY2(r.out.contains(QByteArray("Wrote " + m_out.toUtf8() + " (5 files from acme/tiny@main")),
             r.out.constData());
    QVERIFY(!r.out.contains(kToken) && !r.err.contains(kToken));
    QCOMPARE(m_hub.lastHeader(listingPath("acme/tiny"), "authorization"), "Bearer " + kToken);
    QVERIFY(m_storage.lastHeader(blobPath(tinyRepo()[4].body), "authorization").isEmpty());
    Result<std::unique_ptr<Carton>> carton = Carton::open(m_out);
    QVERIFY(carton);
    QCOMPARE((*carton)->source().read(u"model/model.safetensors"_s, 1 << 20).value(), tinyRepo()[4].body);

    const RunResult missing = runProgram(testutil::binaryPath(u"/bin/carton"),
                                         {u"import"_s, u"hf"_s, u"acme/missing"_s, u"-o"_s,
                                          m_dir.filePath(u"missing.carton"_s), u"--endpoint"_s, endpoint},
                                         env, 60'000);
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("not found (HTTP 404): no such repository, revision or file"),
             missing.err.constData());
    const QString linkedOut = m_dir.filePath(u"linked.carton"_s);
    m_storage.resetCounts();
    const RunResult link =
        runProgram(testutil::binaryPath(u"/bin/carton"),
                   {u"import"_s, u"hf"_s, u"acme/tiny"_s, u"-o"_s, linkedOut, u"--endpoint"_s, endpoint, u"--link"_s},
                   env, 60'000);
    QVERIFY2(link.exitCode == 0, link.err.constData());
    QVERIFY2(link.out.contains(" (4 files from acme/tiny@main, 1 linked (4.1 KiB)"), link.out.constData());
    QVERIFY2(
        link.out.contains(QByteArray("Fetched at commit " + kCommit + " (what main resolved to); the links name it")),
        link.out.constData());
    QCOMPARE(m_storage.bytesSent(blobPath(tinyRepo()[4].body)), headerBytes(tinyRepo()[4].body));
    QVERIFY((*Carton::open(linkedOut))->isLinked(u"model/model.safetensors"_s));
    const RunResult verified =
        runProgram(testutil::binaryPath(u"/bin/carton"), {u"verify"_s, linkedOut, u"--fetch-links"_s}, env, 60'000);
    QVERIFY2(verified.exitCode == 0, verified.err.constData());
    QCOMPARE(m_storage.hits(blobPath(tinyRepo()[4].body)), 3);

    // --dry-run: what would be imported, nothing written; the weights' header only.
    m_storage.resetCounts();
    const QString dryOut = m_dir.filePath(u"dry.carton"_s);
    const RunResult dry = runProgram(
        testutil::binaryPath(u"/bin/carton"),
        {u"import"_s, u"hf"_s, u"acme/tiny"_s, u"--dry-run"_s, u"--link"_s, u"--endpoint"_s, endpoint}, env, 60'000);
    QVERIFY2(dry.exitCode == 0, dry.err.constData());
    for (const QByteArray &line :
         {QByteArray("acme/tiny@main = commit " + kCommit),
          QByteArray("Architecture (config.json): llama (LlamaForCausalLM), layers 1, hidden 8, heads 2, vocab 3"),
          QByteArray("License (README.md): apache-2.0"), QByteArray("Files: 3 to download (417 B)"),
          QByteArray(", 1 to link (4.1 KiB)"),
          QByteArray("  link         4.1 KiB  model.safetensors  1 tensors, 4096 parameters (U8 \xc3\x97"
                     "1)"),
          QByteArray("  download       159 B  config.json\n"), QByteArray("Parameters: 4096 in 1 safetensors file(s)"),
          QByteArray("nothing written.")})
        QVERIFY2(dry.out.contains(line), QByteArray(line + "\n---\n" + dry.out).constData());
    QVERIFY(!dry.out.contains("pytorch_model.bin"));
    QCOMPARE(m_storage.bytesSent(blobPath(tinyRepo()[4].body)), headerBytes(tinyRepo()[4].body));
    QVERIFY(!QFileInfo::exists(dryOut));
}

QTEST_GUILESS_MAIN(TestHfImport)
#include "tst_hfimport.moc"
