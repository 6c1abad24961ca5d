// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "fixturepolicy.h"
#include "pack/packer.h"
#include "pack/unpacker.h"
#include "package/carton.h"
#include "packtestutil.h"
#include "testpaths.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace packtest;

class tst_Unpacker : public QObject {
    Q_OBJECT

private slots:
    void hostile_data();
    void hostile();
    void replacesSymlinkedFileInsteadOfFollowing();
    void only_data();
    void only();
    void nonEmptyTarget();
    void cancelRemovesEverything();
    void fromFolderSource();
    void upstreamFixture();
    void pythonMadeCarton();
    void fetchLinks_data();
    void fetchLinks();
};

static QString errorText(const Error &e)
{
    return e.toString();
}

void tst_Unpacker::hostile_data()
{
    QTest::addColumn<QString>("name");
    const char *cases[] = {
        "dotdot",
        "nested dotdot",
        "absolute path",
        "backslash",
        "drive letter",
        "control character",
        "symlink escaping",
        "symlink absolute",
        "symlink loop",
        "symlink chain escaping",
        "duplicate names",
        "zstd bomb",
        "size larger than declared",
        "sha256 differs from MANIFEST",
        "crc mismatch",
        "symlinked subfolder in target",
        "file and folder with one name",
        "entry above the size limit",
        "symlink to a missing file",
    };
    for (const char *c : cases)
        QTest::newRow(c) << QString::fromLatin1(c);
}

// Each case: a zip built byte by byte, unpacked into work/out. Opening or
// unpacking must fail, and nothing may change anywhere under the temporary
// folder (which holds work/, outside/ and the zip).
void tst_Unpacker::hostile()
{
    QFETCH(QString, name);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString outside = tmp.filePath(QStringLiteral("outside"));
    QVERIFY(writeFile(outside + QStringLiteral("/keep.txt"), "keep"));
    const QString work = tmp.filePath(QStringLiteral("work"));
    QVERIFY(QDir().mkpath(work));
    const QString target = work + QStringLiteral("/out");
    const QByteArray outsideUtf8 = outside.toUtf8();

    QList<RawEntry> entries;
    Limits limits;
    bool overwrite = false;
    const RawEntry toml{"carton.toml", minimalToml()};
    auto link = [](QByteArray from, QByteArray to) {
        RawEntry e{std::move(from), std::move(to)};
        e.mode = 0120777;
        return e;
    };
    if (name == u"dotdot") {
        entries = {toml, {"../evil.txt", "evil"}};
    } else if (name == u"nested dotdot") {
        entries = {toml, {"model/../../evil.txt", "evil"}};
    } else if (name == u"absolute path") {
        entries = {toml, {outsideUtf8 + "/abs.txt", "evil"}};
    } else if (name == u"backslash") {
        entries = {toml, {"..\\..\\evil.txt", "evil"}};
    } else if (name == u"drive letter") {
        entries = {toml, {"C:/evil.txt", "evil"}};
    } else if (name == u"control character") {
        entries = {toml, {"model/a\x01z.txt", "evil"}};
    } else if (name == u"symlink escaping") {
        entries = {toml, link("model/link", "../../outside/keep.txt")};
    } else if (name == u"symlink absolute") {
        entries = {toml, link("model/link", outsideUtf8 + "/keep.txt")};
    } else if (name == u"symlink loop") {
        entries = {toml, link("model/a", "b"), link("model/b", "a")};
    } else if (name == u"symlink chain escaping") {
        entries = {toml, link("model/a", "b"), link("model/b", "../../x")};
    } else if (name == u"duplicate names") {
        entries = {toml, {"model/x.bin", "one"}, {"model/x.bin", "two"}};
    } else if (name == u"zstd bomb") {
        // 64 MiB of zeros is a legitimate tensor at the default cap; a caller that wants a
        // tight ratio cap (here 1000:1, configurable) gets the bomb refused.
        RawEntry bomb{"model/zeros.bin", QByteArray(64 * 1024 * 1024, '\0')};
        bomb.method = 93;
        limits.maxRatio = 1000;
        entries = {toml, bomb};
    } else if (name == u"size larger than declared") {
        RawEntry liar{"model/liar.bin", mixedData(200000, 9)};
        liar.method = 93;
        liar.size = 1000;
        entries = {toml, liar};
    } else if (name == u"sha256 differs from MANIFEST") {
        entries = {toml,
                   {"model/model.pt", "evil"},
                   {"MANIFEST", manifestFor({{"carton.toml", minimalToml()}, {"model/model.pt", "good"}})}};
    } else if (name == u"crc mismatch") {
        RawEntry bad{"model/model.pt", "some model bytes"};
        bad.crc = 0x12345678;
        entries = {toml, bad};
    } else if (name == u"symlinked subfolder in target") {
        QVERIFY(QDir().mkpath(target));
        QVERIFY(QFile::link(outside, target + QStringLiteral("/model")));
        overwrite = true;
        entries = {toml, {"model/evil.txt", "evil"}};
    } else if (name == u"file and folder with one name") {
        entries = {toml, {"model", "file"}, {"model/x.txt", "x"}};
    } else if (name == u"entry above the size limit") {
        limits.maxEntrySize = 1000;
        entries = {toml, {"model/big.bin", QByteArray(2000, 'b')}};
    } else if (name == u"symlink to a missing file") {
        entries = {toml, link("model/link", "nothing.bin")};
    } else {
        QFAIL("unknown case");
    }
    const QString zip = tmp.filePath(QStringLiteral("case.carton"));
    QVERIFY(writeFile(zip, buildZip(entries)));
    const QMap<QString, QByteArray> before = snapshot(tmp.path());

    auto opened = Carton::open(zip, limits);
    if (opened) {
        UnpackOptions options;
        options.overwrite = overwrite;
        auto unpacked = unpackCarton(**opened, target, options);
        QVERIFY2(!unpacked.ok(), "unpacking a hostile carton succeeded");
        QVERIFY(!unpacked.error().message.isEmpty());
        qDebug("unpack refused: %s", qPrintable(errorText(unpacked.error())));
    } else {
        qDebug("open refused: %s", qPrintable(errorText(opened.error())));
    }
    QCOMPARE(snapshot(tmp.path()), before);
    QCOMPARE(readFile(outside + QStringLiteral("/keep.txt")), QByteArray("keep"));
}

// A file of the carton whose name exists in the target as a symlink to a file
// outside: the symlink is replaced, the outside file is not written through it.
void tst_Unpacker::replacesSymlinkedFileInsteadOfFollowing()
{
    QTemporaryDir tmp;
    const QString outside = tmp.filePath(QStringLiteral("outside.txt"));
    QVERIFY(writeFile(outside, "keep"));
    const QString src = tmp.filePath(QStringLiteral("src"));
    QVERIFY(makeFolder(src, QStringLiteral("basic")));
    const QString zip = tmp.filePath(QStringLiteral("a.carton"));
    QVERIFY(packFolder(src, zip).ok());
    const QString target = tmp.filePath(QStringLiteral("out"));
    QVERIFY(QDir().mkpath(target + QStringLiteral("/model")));
    QVERIFY(QFile::link(outside, target + QStringLiteral("/model/model.pt")));
    auto opened = Carton::open(zip);
    QVERIFY(opened.ok());
    UnpackOptions options;
    options.overwrite = true;
    auto unpacked = unpackCarton(**opened, target, options);
    QVERIFY2(unpacked.ok(), qPrintable(unpacked ? QString() : unpacked.error().toString()));
    QCOMPARE(readFile(outside), QByteArray("keep"));
    QVERIFY(!QFileInfo(target + QStringLiteral("/model/model.pt")).isSymLink());
    QCOMPARE(readFile(target + QStringLiteral("/model/model.pt")), readFile(src + QStringLiteral("/model/model.pt")));
}

void tst_Unpacker::only_data()
{
    QTest::addColumn<QStringList>("only");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<bool>("ok");
    QTest::newRow("one file") << QStringList{QStringLiteral("model/model.pt")}
                              << QStringList{QStringLiteral("model"), QStringLiteral("model/model.pt")} << true;
    QTest::newRow("folder") << QStringList{QStringLiteral("misc")}
                            << QStringList{QStringLiteral("misc"), QStringLiteral("misc/deep.pt")} << true;
    QTest::newRow("symlink without its target")
        << QStringList{QStringLiteral("model/alias.pt")}
        << QStringList{QStringLiteral("model"), QStringLiteral("model/alias.pt")} << true;
    QTest::newRow("symlink with its target")
        << QStringList{QStringLiteral("model/alias.pt"), QStringLiteral("model/model.pt")}
        << QStringList{QStringLiteral("model"), QStringLiteral("model/alias.pt"), QStringLiteral("model/model.pt")}
        << true;
    QTest::newRow("missing path") << QStringList{QStringLiteral("model/nope.pt")} << QStringList{} << false;
}

void tst_Unpacker::only()
{
    QFETCH(QStringList, only);
    QFETCH(QStringList, expected);
    QFETCH(bool, ok);
    QTemporaryDir tmp;
    const QString src = tmp.filePath(QStringLiteral("src"));
    QVERIFY(makeFolder(src, QStringLiteral("symlink")));
    const QString zip = tmp.filePath(QStringLiteral("a.carton"));
    QVERIFY(packFolder(src, zip).ok());
    auto opened = Carton::open(zip);
    QVERIFY(opened.ok());
    UnpackOptions options;
    options.only = only;
    const QString target = tmp.filePath(QStringLiteral("out"));
    auto unpacked = unpackCarton(**opened, target, options);
    QCOMPARE(unpacked.ok(), ok);
    if (!ok) {
        QCOMPARE(unpacked.error().code, ErrorCode::NotFound);
        QVERIFY(!QFileInfo::exists(target));
        return;
    }
    QCOMPARE(listing(target), expected);
    const QByteArray model = readFile(src + QStringLiteral("/model/model.pt"));
    for (const QString &path : expected)
        if (path.endsWith(QStringLiteral(".pt")))
            QCOMPARE(readFile(target + u'/' + path), model);
    const bool keepsLink =
        only.contains(QStringLiteral("model/model.pt")) && only.contains(QStringLiteral("model/alias.pt"));
    if (expected.contains(QStringLiteral("model/alias.pt")))
        QCOMPARE(QFileInfo(target + QStringLiteral("/model/alias.pt")).isSymLink(), keepsLink);
}

void tst_Unpacker::nonEmptyTarget()
{
    QTemporaryDir tmp;
    const QString src = tmp.filePath(QStringLiteral("src"));
    QVERIFY(makeFolder(src, QStringLiteral("basic")));
    const QString zip = tmp.filePath(QStringLiteral("a.carton"));
    QVERIFY(packFolder(src, zip).ok());
    auto opened = Carton::open(zip);
    QVERIFY(opened.ok());
    const QString target = tmp.filePath(QStringLiteral("out"));
    QVERIFY(writeFile(target + QStringLiteral("/mine.txt"), "mine"));
    QVERIFY(writeFile(target + QStringLiteral("/carton.toml"), "old"));
    const QMap<QString, QByteArray> before = snapshot(target);
    auto refused = unpackCarton(**opened, target);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Usage);
    QCOMPARE(snapshot(target), before);

    UnpackOptions options;
    options.overwrite = true;
    auto done = unpackCarton(**opened, target, options);
    QVERIFY2(done.ok(), qPrintable(done ? QString() : done.error().toString()));
    QCOMPARE(readFile(target + QStringLiteral("/mine.txt")), QByteArray("mine"));
    QCOMPARE(readFile(target + QStringLiteral("/carton.toml")), minimalToml());
    QCOMPARE(done->filesWritten, int((*opened)->source().files().size()));
}

void tst_Unpacker::cancelRemovesEverything()
{
    QTemporaryDir tmp;
    const QString src = tmp.filePath(QStringLiteral("src"));
    QVERIFY(makeFolder(src, QStringLiteral("nonascii")));
    QVERIFY(writeFile(src + QStringLiteral("/model/weights.bin"), mixedData(40 * 1024 * 1024, 11)));
    const QString zip = tmp.filePath(QStringLiteral("a.carton"));
    QVERIFY(packFolder(src, zip).ok());
    auto opened = Carton::open(zip);
    QVERIFY(opened.ok());
    const QString work = tmp.filePath(QStringLiteral("work"));
    QVERIFY(QDir().mkpath(work));
    Progress *self = nullptr;
    qint64 doneAtCancel = -1;
    Progress progress([&](qint64 done, qint64, const QString &) {
        if (done > 0 && doneAtCancel < 0) {
            doneAtCancel = done;
            self->cancel();
        }
    });
    self = &progress;
    auto unpacked = unpackCarton(**opened, work + QStringLiteral("/deep/out"), {}, &progress);
    QVERIFY(!unpacked.ok());
    QCOMPARE(unpacked.error().code, ErrorCode::Cancelled);
    QVERIFY(doneAtCancel > 0);
    QCOMPARE(listing(work), QStringList());
}

void tst_Unpacker::fromFolderSource()
{
    QTemporaryDir tmp;
    const QString src = tmp.filePath(QStringLiteral("src"));
    QVERIFY(makeFolder(src, QStringLiteral("symlink")));
    auto opened = Carton::open(src);
    QVERIFY(opened.ok());
    const QString target = tmp.filePath(QStringLiteral("copy"));
    auto copied = unpackCarton(**opened, target);
    QVERIFY2(copied.ok(), qPrintable(copied ? QString() : copied.error().toString()));
    QCOMPARE(snapshot(target), snapshot(src));
    UnpackOptions options;
    options.overwrite = true;
    QVERIFY(!unpackCarton(**opened, src + QStringLiteral("/model"), options).ok());
}

void tst_Unpacker::upstreamFixture()
{
    const QString fixture = testutil::sharedPath(u"/fixtures/upstream/test.carton");
    if (!QFileInfo::exists(fixture))
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    auto opened = Carton::open(fixture);
    QVERIFY(opened.ok());
    QTemporaryDir tmp;
    const QString target = tmp.filePath(QStringLiteral("out"));
    auto unpacked = unpackCarton(**opened, target);
    QVERIFY2(unpacked.ok(), qPrintable(unpacked ? QString() : unpacked.error().toString()));
    QCOMPARE(unpacked->filesWritten, 12);
    const QByteArray manifest = readFile(target + QStringLiteral("/MANIFEST"));
    QCOMPARE(sha256Hex(manifest), QByteArray("f1cae5143a92a44e3a7e1d9c32a0245065dfb6e0f1e91c18b5e44356d081dfb5"));
    int checked = 0;
    for (const QByteArray &line : manifest.split('\n')) {
        if (line.isEmpty())
            continue;
        const qsizetype eq = line.lastIndexOf('=');
        QCOMPARE(sha256Hex(readFile(target + u'/' + QString::fromUtf8(line.left(eq)))), line.mid(eq + 1));
        ++checked;
    }
    QCOMPARE(checked, 11);

    // Repacking the upstream carton gives a carton with the same model hash.
    const QString repacked = tmp.filePath(QStringLiteral("re.carton"));
    auto packed = packFolder(target, repacked);
    QVERIFY2(packed.ok(), qPrintable(packed ? QString() : packed.error().toString()));
    QCOMPARE(packed->modelHash, QByteArray("f1cae5143a92a44e3a7e1d9c32a0245065dfb6e0f1e91c18b5e44356d081dfb5"));
}

// A carton written by an independent writer (python's zipfile, Deflate and
// Stored, with directory entries and real timestamps) unpacks to its files.
void tst_Unpacker::pythonMadeCarton()
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty())
        CARTON_MISSING_TOOL("python3");
    QTemporaryDir tmp;
    const QString zip = tmp.filePath(QStringLiteral("py.carton"));
    QProcess py;
    py.start(python, {QStringLiteral("-c"),
                      QStringLiteral(
                          "import hashlib, sys, zipfile\n"
                          "files = {'carton.toml': sys.argv[2].encode(), 'model/model.pt': bytes(range(256)) * 4000,\n"
                          "         'misc/\u00e9t\u00e9.txt': b'summer\\n'}\n"
                          "m = ''.join('%s=%s\\n' % (p, hashlib.sha256(d).hexdigest()) for p, d in\n"
                          "            sorted(files.items(), key=lambda kv: kv[0].encode()))\n"
                          "with zipfile.ZipFile(sys.argv[1], 'w') as z:\n"
                          "    z.writestr('model/', b'')\n"
                          "    for p, d in files.items():\n"
                          "        z.writestr(p, d, compress_type=zipfile.ZIP_DEFLATED)\n"
                          "    z.writestr('MANIFEST', m, compress_type=zipfile.ZIP_STORED)\n"),
                      zip, QString::fromUtf8(minimalToml())});
    QVERIFY(py.waitForFinished(60000));
    QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
    auto opened = Carton::open(zip);
    QVERIFY2(opened.ok(), qPrintable(opened ? QString() : opened.error().toString()));
    const QString target = tmp.filePath(QStringLiteral("out"));
    auto unpacked = unpackCarton(**opened, target);
    QVERIFY2(unpacked.ok(), qPrintable(unpacked ? QString() : unpacked.error().toString()));
    QCOMPARE(unpacked->filesWritten, 4);
    QByteArray model;
    for (int i = 0; i < 4000; ++i)
        for (int b = 0; b < 256; ++b)
            model.append(char(b));
    QCOMPARE(readFile(target + QStringLiteral("/model/model.pt")), model);
    QCOMPARE(readFile(target + QStringLiteral("/misc/\u00e9t\u00e9.txt")), QByteArray("summer\n"));
    QCOMPARE(readFile(target + QStringLiteral("/carton.toml")), minimalToml());
    QCOMPARE(listing(target), (QStringList{QStringLiteral("MANIFEST"), QStringLiteral("carton.toml"),
                                           QStringLiteral("misc"), QStringLiteral("misc/\u00e9t\u00e9.txt"),
                                           QStringLiteral("model"), QStringLiteral("model/model.pt")}));
}

void tst_Unpacker::fetchLinks_data()
{
    QTest::addColumn<QByteArray>("served");
    QTest::addColumn<bool>("ok");
    QTest::newRow("right bytes") << QByteArray("remote model bytes\n") << true;
    QTest::newRow("wrong bytes") << QByteArray("tampered model bytes\n") << false;
}

// A linked file is fetched over http from a local server only with fetchLinks;
// bytes whose sha256 differs from MANIFEST fail and leave nothing behind.
void tst_Unpacker::fetchLinks()
{
    QFETCH(QByteArray, served);
    QFETCH(bool, ok);
    const QByteArray remote = "remote model bytes\n";
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    connect(&server, &QTcpServer::newConnection, &server, [&] {
        QTcpSocket *socket = server.nextPendingConnection();
        connect(socket, &QTcpSocket::readyRead, socket, [socket, served] {
            // Answer once the request's header is complete.
            const QByteArray request = socket->property("request").toByteArray() + socket->readAll();
            socket->setProperty("request", request);
            if (!request.contains("\r\n\r\n") || socket->property("answered").toBool())
                return;
            socket->setProperty("answered", true);
            socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: " +
                          QByteArray::number(served.size()) + "\r\nConnection: close\r\n\r\n" + served);
            socket->disconnectFromHost();
        });
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    });
    const QByteArray url = "http://127.0.0.1:" + QByteArray::number(server.serverPort()) + "/remote.bin";
    const QList<RawEntry> entries{
        {"carton.toml", minimalToml()},
        {"model/model.pt", "model"},
        {"LINKS", "version = 1\n\n[urls]\n" + sha256Hex(remote) + " = [\"" + url + "\"]\n"},
        {"MANIFEST",
         manifestFor({{"carton.toml", minimalToml()}, {"model/model.pt", "model"}, {"model/remote.bin", remote}})},
    };
    QTemporaryDir tmp;
    const QString zip = tmp.filePath(QStringLiteral("l.carton"));
    QVERIFY(writeFile(zip, buildZip(entries)));
    auto opened = Carton::open(zip);
    QVERIFY(opened.ok());
    QVERIFY((*opened)->isLinked(QStringLiteral("model/remote.bin")));

    const QString skipped = tmp.filePath(QStringLiteral("skipped"));
    auto withoutFetch = unpackCarton(**opened, skipped);
    QVERIFY(withoutFetch.ok());
    QCOMPARE(withoutFetch->skippedLinked, QStringList{QStringLiteral("model/remote.bin")});
    QVERIFY(!QFileInfo::exists(skipped + QStringLiteral("/model/remote.bin")));

    const QString work = tmp.filePath(QStringLiteral("work"));
    QVERIFY(QDir().mkpath(work));
    UnpackOptions options;
    options.fetchLinks = true;
    options.fetch.timeoutMs = 10000;
    auto fetched = unpackCarton(**opened, work + QStringLiteral("/out"), options);
    QCOMPARE(fetched.ok(), ok);
    if (ok) {
        QVERIFY(fetched->skippedLinked.isEmpty());
        QCOMPARE(readFile(work + QStringLiteral("/out/model/remote.bin")), remote);
        QCOMPARE(readFile(work + QStringLiteral("/out/model/model.pt")), QByteArray("model"));
    } else {
        QCOMPARE(fetched.error().code, ErrorCode::Integrity);
        QCOMPARE(listing(work), QStringList());
    }
}

QTEST_GUILESS_MAIN(tst_Unpacker)
#include "tst_unpacker.moc"
