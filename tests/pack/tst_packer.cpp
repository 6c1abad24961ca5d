// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "fixturepolicy.h"
#include "pack/packer.h"
#include "pack/unpacker.h"
#include "package/carton.h"
#include "package/cartonsource.h"
#include "packtestutil.h"
#include "zip/seekablezstdsource.h"
#include "zip/zipreader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace packtest;

class tst_Packer : public QObject {
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void reproducible_data();
    void reproducible();
    void pythonZipfileReadsOutput_data();
    void pythonZipfileReadsOutput();
    void bsdtarExtractsZstd();
    void largeZstdFilesAreSeekable();
    void storesWhatCompressionDoesNotShrink_data();
    void storesWhatCompressionDoesNotShrink();
    void linksKeptAndHashUnchanged();
    void staleManifestRegenerated();
    void cancelLeavesNothing();
    void existingOutput();
    void refusals_data();
    void refusals();

private:
    QString makeSample(const QTemporaryDir &tmp, const QString &kind)
    {
        const QString dir = tmp.filePath(QStringLiteral("src-") + kind);
        if (!makeFolder(dir, kind))
            return {};
        return dir;
    }
};

static QMap<QString, QByteArray> withoutManifest(QMap<QString, QByteArray> tree)
{
    tree.remove(QStringLiteral("MANIFEST"));
    return tree;
}

void tst_Packer::roundTrip_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("method");
    const QStringList kinds{QStringLiteral("basic"), QStringLiteral("nonascii"), QStringLiteral("emptytensors"),
                            QStringLiteral("symlink"), QStringLiteral("links")};
    const QList<std::pair<const char *, ZipMethod>> methods{
        {"stored", ZipMethod::Stored}, {"deflate", ZipMethod::Deflate}, {"zstd", ZipMethod::Zstd}};
    for (const QString &kind : kinds)
        for (const auto &[name, method] : methods)
            QTest::addRow("%s-%s", qPrintable(kind), name) << kind << int(method);
}

void tst_Packer::roundTrip()
{
    QFETCH(QString, kind);
    QFETCH(int, method);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString src = makeSample(tmp, kind);
    QVERIFY(!src.isEmpty());

    PackOptions options;
    options.method = ZipMethod(method);
    const QString out1 = tmp.filePath(QStringLiteral("one.carton"));
    auto packed = packFolder(src, out1, options);
    QVERIFY2(packed.ok(), qPrintable(packed ? QString() : packed.error().toString()));

    auto opened = Carton::open(out1);
    QVERIFY2(opened.ok(), qPrintable(opened ? QString() : opened.error().toString()));
    const Carton &carton = **opened;
    QVERIFY(carton.manifest().has_value());
    QCOMPARE(carton.modelHash(), packed->modelHash);
    QCOMPARE(sha256Hex(carton.manifestBytes()), packed->modelHash);

    // Every regular file of the folder is listed with the hash of its bytes
    // (symlinks with their target's), and the entries use the chosen method,
    // or Stored where it would not make them smaller.
    const QMap<QString, QByteArray> before = snapshot(src);
    for (auto it = before.cbegin(); it != before.cend(); ++it) {
        if (it.key().endsWith(u'/') || it.key() == u"MANIFEST")
            continue;
        const SourceFile *file = carton.source().find(it.key());
        QVERIFY2(file, qPrintable(it.key()));
        if (it.key() == u"LINKS") {
            QCOMPARE(file->method, 0);
            QVERIFY(!carton.manifest()->find(it.key()));
            continue;
        }
        const ManifestEntry *entry = carton.manifest()->find(it.key());
        QVERIFY2(entry, qPrintable(it.key()));
        const QByteArray bytes = readFile(src + u'/' + it.key());
        QCOMPARE(entry->sha256, sha256Hex(bytes));
        if (it.value().startsWith("symlink:")) {
            QVERIFY(file->isSymlink);
        } else {
            QCOMPARE(file->method, expectedMethod(bytes, method, options.level));
            QCOMPARE(file->size, bytes.size());
        }
    }
    QCOMPARE(carton.source().find(QStringLiteral("MANIFEST"))->method, 0);

    // Unpack: the same tree (plus the generated MANIFEST), then pack again: the same bytes.
    const QString dst = tmp.filePath(QStringLiteral("unpacked"));
    auto unpacked = unpackCarton(carton, dst);
    QVERIFY2(unpacked.ok(), qPrintable(unpacked ? QString() : unpacked.error().toString()));
    const QMap<QString, QByteArray> after = snapshot(dst);
    QCOMPARE(withoutManifest(after), withoutManifest(before));
    QCOMPARE(after.value(QStringLiteral("MANIFEST")), carton.manifestBytes());
    if (kind == u"links")
        QCOMPARE(unpacked->skippedLinked, QStringList{QStringLiteral("model/remote.bin")});

    const QString out2 = tmp.filePath(QStringLiteral("two.carton"));
    auto repacked = packFolder(dst, out2, options);
    QVERIFY2(repacked.ok(), qPrintable(repacked ? QString() : repacked.error().toString()));
    QCOMPARE(repacked->modelHash, packed->modelHash);
    QVERIFY(readFile(out1) == readFile(out2));
    QCOMPARE(packed->bytesWritten, QFileInfo(out1).size());
}

void tst_Packer::reproducible_data()
{
    QTest::addColumn<int>("method");
    QTest::addRow("stored") << int(ZipMethod::Stored);
    QTest::addRow("deflate") << int(ZipMethod::Deflate);
    QTest::addRow("zstd") << int(ZipMethod::Zstd);
}

void tst_Packer::reproducible()
{
    QFETCH(int, method);
    QTemporaryDir tmp;
    const QString src = makeSample(tmp, QStringLiteral("nonascii"));
    QVERIFY(!src.isEmpty());
    // A large file spanning several chunks and zstd jobs.
    QVERIFY(writeFile(src + QStringLiteral("/model/big.bin"), mixedData(11 * 1024 * 1024 + 3, 7)));
    // Files of one zstd frame are compressed several at once: still the same bytes.
    for (int i = 0; i < 3; ++i)
        QVERIFY(writeFile(src + QStringLiteral("/model/frame%1.bin").arg(i), mixedData(8 * 1024 * 1024, 20 + i)));
    PackOptions one;
    one.method = ZipMethod(method);
    one.threads = 1;
    PackOptions two = one;
    two.threads = 2;
    auto a = packFolder(src, tmp.filePath(QStringLiteral("a.carton")), one);
    QVERIFY2(a.ok(), qPrintable(a ? QString() : a.error().toString()));
    // Different modification times and modes on disk do not change the bytes.
    QFile::setPermissions(src + QStringLiteral("/model/model.pt"),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup);
    QFile touch(src + QStringLiteral("/carton.toml"));
    QVERIFY(touch.open(QIODevice::ReadWrite));
    QVERIFY(touch.setFileTime(QDateTime::currentDateTime().addDays(-3), QFileDevice::FileModificationTime));
    touch.close();
    auto b = packFolder(src, tmp.filePath(QStringLiteral("b.carton")), two);
    QVERIFY2(b.ok(), qPrintable(b ? QString() : b.error().toString()));
    QCOMPARE(a->modelHash, b->modelHash);
    QVERIFY(readFile(tmp.filePath(QStringLiteral("a.carton"))) == readFile(tmp.filePath(QStringLiteral("b.carton"))));
}

void tst_Packer::storesWhatCompressionDoesNotShrink_data()
{
    QTest::addColumn<int>("method");
    QTest::addRow("zstd") << int(ZipMethod::Zstd);
    QTest::addRow("deflate") << int(ZipMethod::Deflate);
}

// Already compressed media and tiny files are Stored (a 320-byte file was 330
// bytes under zstd), on both paths: small files compressed whole on worker
// threads, and files over 4 MiB streamed (then read again). Text is still
// compressed, and the output stays reproducible.
void tst_Packer::storesWhatCompressionDoesNotShrink()
{
    QFETCH(int, method);
    QTemporaryDir tmp;
    const QString src = tmp.filePath(QStringLiteral("src"));
    QVERIFY(writeFile(src + QStringLiteral("/carton.toml"), minimalToml()));
    const QMap<QString, QByteArray> files{
        {QStringLiteral("model/model.pt"), mixedData(300 * 1024, 1)},      // small, compressible
        {QStringLiteral("model/big.txt"), QByteArray(6 << 20, 't')},       // streamed, compressible
        {QStringLiteral("misc/tiny.bin"), randomData(320, 2)},             // small, random
        {QStringLiteral("misc/photo.jpg"), randomData(200 * 1024, 3)},     // small, random
        {QStringLiteral("misc/clip.mp4"), randomData((6 << 20) + 123, 4)}, // streamed, random
        {QStringLiteral("misc/empty.txt"), QByteArray()},                  // nothing to compress
    };
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        QVERIFY(writeFile(src + u'/' + it.key(), it.value()));

    PackOptions options;
    options.method = ZipMethod(method);
    const QString out1 = tmp.filePath(QStringLiteral("one.carton"));
    auto packed = packFolder(src, out1, options);
    QVERIFY2(packed.ok(), qPrintable(packed ? QString() : packed.error().toString()));
    auto reader = ZipReader::open(out1);
    QVERIFY(reader.ok());
    const QSet<QString> stored{QStringLiteral("misc/tiny.bin"), QStringLiteral("misc/photo.jpg"),
                               QStringLiteral("misc/clip.mp4"), QStringLiteral("misc/empty.txt")};
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        const ZipEntry *entry = (*reader)->find(it.key());
        QVERIFY2(entry, qPrintable(it.key()));
        QCOMPARE(entry->uncompressedSize, quint64(it.value().size()));
        if (stored.contains(it.key())) {
            QVERIFY2(entry->method == 0, qPrintable(it.key()));
            QCOMPARE(entry->compressedSize, entry->uncompressedSize); // 320 bytes stay 320 bytes
        } else {
            QVERIFY2(entry->method == method, qPrintable(it.key()));
            QVERIFY(entry->compressedSize < entry->uncompressedSize * 3 / 4);
        }
    }

    // The bytes read back are the files', the hashes match MANIFEST.
    auto opened = Carton::open(out1);
    QVERIFY(opened.ok());
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        auto bytes = (*opened)->source().read(it.key(), 8 << 20);
        QVERIFY2(bytes.ok(), qPrintable(it.key()));
        QVERIFY2(*bytes == it.value(), qPrintable(it.key()));
        QCOMPARE((*opened)->manifest()->find(it.key())->sha256, sha256Hex(it.value()));
    }
    // The stored clip's data is page-aligned, as any large Stored entry.
    auto offset = (*reader)->dataOffset(*(*reader)->find(QStringLiteral("misc/clip.mp4")));
    QVERIFY(offset.ok());
    QCOMPARE(*offset % 4096, 0);
    // Nothing of a first, compressed attempt is left: the archive's entries and
    // central directory account for every byte.
    qint64 accounted = 0;
    for (const ZipEntry &e : (*reader)->entries())
        accounted += qint64(e.compressedSize);
    QVERIFY(packed->bytesWritten - accounted < 64 * 1024);

    // Reproducible: the same folder packs to the same bytes.
    const QString out2 = tmp.filePath(QStringLiteral("two.carton"));
    options.threads = 1;
    QVERIFY(packFolder(src, out2, options).ok());
    QVERIFY(readFile(out1) == readFile(out2));
}

void tst_Packer::pythonZipfileReadsOutput_data()
{
    QTest::addColumn<int>("method");
    QTest::addRow("stored") << int(ZipMethod::Stored);
    QTest::addRow("deflate") << int(ZipMethod::Deflate);
}

// Python's zipfile (an independent reader) and sha256sum (an independent hasher).
void tst_Packer::pythonZipfileReadsOutput()
{
    QFETCH(int, method);
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    const QString sha256sum = QStandardPaths::findExecutable(QStringLiteral("sha256sum"));
    if (python.isEmpty() || sha256sum.isEmpty())
        CARTON_MISSING_TOOL("python3 or sha256sum");
    QTemporaryDir tmp;
    const QString src = makeSample(tmp, QStringLiteral("nonascii"));
    QVERIFY(!src.isEmpty());
    QVERIFY(writeFile(src + QStringLiteral("/misc/big.bin"), mixedData(5 * 1024 * 1024, 3)));
    PackOptions options;
    options.method = ZipMethod(method);
    const QString out = tmp.filePath(QStringLiteral("p.carton"));
    auto packed = packFolder(src, out, options);
    QVERIFY2(packed.ok(), qPrintable(packed ? QString() : packed.error().toString()));

    QProcess py;
    py.start(python,
             {QStringLiteral("-c"),
              QStringLiteral("import hashlib, json, sys, zipfile\n"
                             "z = zipfile.ZipFile(sys.argv[1])\n"
                             "assert z.testzip() is None\n"
                             "print(json.dumps({i.filename: [hashlib.sha256(z.read(i)).hexdigest(), i.compress_type]"
                             " for i in z.infolist()}))\n"),
              out});
    QVERIFY(py.waitForFinished(60000));
    QCOMPARE(py.exitCode(), 0);
    const QJsonObject entries = QJsonDocument::fromJson(py.readAllStandardOutput()).object();

    QStringList files;
    for (const QString &path : snapshot(src).keys())
        if (!path.endsWith(u'/'))
            files.append(path);
    QProcess sum;
    sum.setWorkingDirectory(src);
    sum.start(sha256sum, files);
    QVERIFY(sum.waitForFinished(60000));
    QCOMPARE(sum.exitCode(), 0);
    const QList<QByteArray> lines = sum.readAllStandardOutput().split('\n');
    int checked = 0;
    for (const QByteArray &line : lines) {
        if (line.isEmpty())
            continue;
        const QByteArray hash = line.left(64);
        const QString path = QString::fromUtf8(line.mid(66));
        QVERIFY2(entries.contains(path), qPrintable(path));
        const QJsonArray info = entries.value(path).toArray();
        QCOMPARE(info.at(0).toString().toLatin1(), hash);
        QCOMPARE(info.at(1).toInt(), expectedMethod(readFile(src + u'/' + path), method, options.level));
        ++checked;
    }
    QCOMPARE(checked, files.size());
    QCOMPARE(entries.size(), files.size() + 1); // + MANIFEST
    QCOMPARE(entries.value(QStringLiteral("MANIFEST")).toArray().at(0).toString().toLatin1(), packed->modelHash);
}

// bsdtar (libarchive) reads zstd entries: extraction must match the folder.
void tst_Packer::bsdtarExtractsZstd()
{
    const QString bsdtar = QStandardPaths::findExecutable(QStringLiteral("bsdtar"));
    if (bsdtar.isEmpty())
        CARTON_MISSING_TOOL("bsdtar");
    QTemporaryDir tmp;
    const QString src = makeSample(tmp, QStringLiteral("symlink"));
    QVERIFY(!src.isEmpty());
    QVERIFY(writeFile(src + QStringLiteral("/model/模型.bin"), mixedData(6 * 1024 * 1024 + 5, 4)));
    const QString out = tmp.filePath(QStringLiteral("z.carton"));
    PackOptions options;
    options.method = ZipMethod::Zstd;
    auto packed = packFolder(src, out, options);
    QVERIFY2(packed.ok(), qPrintable(packed ? QString() : packed.error().toString()));
    const QString dst = tmp.filePath(QStringLiteral("x"));
    QVERIFY(QDir().mkpath(dst));
    QProcess tar;
    tar.start(bsdtar, {QStringLiteral("-xf"), out, QStringLiteral("-C"), dst});
    QVERIFY(tar.waitForFinished(60000));
    QVERIFY2(tar.exitCode() == 0, tar.readAllStandardError().constData());
    const QMap<QString, QByteArray> extracted = snapshot(dst);
    QCOMPARE(withoutManifest(extracted), snapshot(src));
    QCOMPARE(sha256Hex(extracted.value(QStringLiteral("MANIFEST"))), packed->modelHash);
}

// A file larger than one zstd frame is packed in the seekable format: the carton's
// byte source reads its last bytes by decoding one frame, and bsdtar still
// extracts it as an ordinary zstd entry.
void tst_Packer::largeZstdFilesAreSeekable()
{
    QTemporaryDir tmp;
    const QString src = makeSample(tmp, QStringLiteral("symlink"));
    QVERIFY(!src.isEmpty());
    const QByteArray big = mixedData(20 * 1024 * 1024 + 7, 9);
    QVERIFY(writeFile(src + QStringLiteral("/model/big.bin"), big));
    // One frame's worth (8 MiB) is compressed whole beside other files, as one
    // frame with no seek table; a byte more makes two frames and a seek table.
    const QByteArray oneFrame = mixedData(8 * 1024 * 1024, 10);
    const QByteArray twoFrames = mixedData(8 * 1024 * 1024 + 1, 11);
    QVERIFY(writeFile(src + QStringLiteral("/model/oneframe.bin"), oneFrame));
    QVERIFY(writeFile(src + QStringLiteral("/model/twoframes.bin"), twoFrames));
    const QString out = tmp.filePath(QStringLiteral("s.carton"));
    PackOptions options;
    options.method = ZipMethod::Zstd;
    options.threads = 2;
    auto packed = packFolder(src, out, options);
    QVERIFY2(packed.ok(), qPrintable(packed ? QString() : packed.error().toString()));
    auto source = CartonSource::load(out);
    QVERIFY2(source, qPrintable(source ? QString() : source.error().toString()));
    Result<ByteSourcePtr> bytes = (*source)->byteSource(QStringLiteral("model/big.bin"));
    QVERIFY(bytes);
    auto seekable = std::dynamic_pointer_cast<const SeekableZstdSource>(*bytes);
    QVERIFY(seekable);
    QCOMPARE(seekable->table().frames().size(), std::size_t(3)); // 8 + 8 + 4 MiB
    QByteArray tail(1000, Qt::Uninitialized);
    QVERIFY(seekable->read(big.size() - 1000, 1000, tail.data()));
    QCOMPARE(tail, big.right(1000));
    QCOMPARE(seekable->framesDecoded(), 1ull);
    const Result<QByteArray> head = (*source)->readRange(QStringLiteral("model/big.bin"), 8 * 1024 * 1024 - 10, 20);
    QVERIFY(head);
    QCOMPARE(*head, big.mid(8 * 1024 * 1024 - 10, 20));

    Result<ByteSourcePtr> one = (*source)->byteSource(QStringLiteral("model/oneframe.bin"));
    QVERIFY(one);
    QVERIFY(!std::dynamic_pointer_cast<const SeekableZstdSource>(*one));
    const Result<QByteArray> oneTail =
        (*source)->readRange(QStringLiteral("model/oneframe.bin"), oneFrame.size() - 5, 5);
    QVERIFY(oneTail);
    QCOMPARE(*oneTail, oneFrame.right(5));
    Result<ByteSourcePtr> two = (*source)->byteSource(QStringLiteral("model/twoframes.bin"));
    QVERIFY(two);
    auto twoSeekable = std::dynamic_pointer_cast<const SeekableZstdSource>(*two);
    QVERIFY(twoSeekable);
    QCOMPARE(twoSeekable->table().frames().size(), std::size_t(2));
    const Result<QByteArray> twoTail =
        (*source)->readRange(QStringLiteral("model/twoframes.bin"), twoFrames.size() - 5, 5);
    QVERIFY(twoTail);
    QCOMPARE(*twoTail, twoFrames.right(5));

    const QString bsdtar = QStandardPaths::findExecutable(QStringLiteral("bsdtar"));
    if (bsdtar.isEmpty())
        CARTON_MISSING_TOOL("bsdtar");
    QProcess tar;
    tar.start(bsdtar, {QStringLiteral("-xOf"), out, QStringLiteral("model/big.bin")});
    QVERIFY(tar.waitForFinished(60000));
    QVERIFY2(tar.exitCode() == 0, tar.readAllStandardError().constData());
    QCOMPARE(tar.readAllStandardOutput(), big);
    // libarchive 3.6 writes every byte of an entry whose size is a multiple of its
    // 256 KiB buffer, then reports "Truncated zstd file body" (it takes the end of
    // the frame for the end of the entry only when its buffer is not full; any zstd
    // entry of such a size, whatever the encoder settings): the bytes are checked.
    tar.start(bsdtar, {QStringLiteral("-xOf"), out, QStringLiteral("model/oneframe.bin")});
    QVERIFY(tar.waitForFinished(60000));
    QCOMPARE(tar.readAllStandardOutput(), oneFrame);
}

void tst_Packer::linksKeptAndHashUnchanged()
{
    QTemporaryDir tmp;
    const QString src = makeSample(tmp, QStringLiteral("links"));
    QVERIFY(!src.isEmpty());
    const QByteArray links = readFile(src + QStringLiteral("/LINKS"));
    auto with = packFolder(src, tmp.filePath(QStringLiteral("with.carton")));
    QVERIFY2(with.ok(), qPrintable(with ? QString() : with.error().toString()));
    auto opened = Carton::open(tmp.filePath(QStringLiteral("with.carton")));
    QVERIFY(opened.ok());
    QCOMPARE((*opened)->source().read(QStringLiteral("LINKS"), 1 << 20).value(), links);
    QVERIFY((*opened)->isLinked(QStringLiteral("model/remote.bin")));
    // The MANIFEST written by hand in makeFolder() is exactly what the packer generates.
    QCOMPARE((*opened)->manifestBytes(), readFile(src + QStringLiteral("/MANIFEST")));

    // Without the linked file, LINKS and MANIFEST: the model hash covers only the
    // files present, and does not depend on LINKS.
    QVERIFY(QFile::remove(src + QStringLiteral("/LINKS")));
    QVERIFY(QFile::remove(src + QStringLiteral("/MANIFEST")));
    auto without = packFolder(src, tmp.filePath(QStringLiteral("without.carton")));
    QVERIFY2(without.ok(), qPrintable(without ? QString() : without.error().toString()));
    QVERIFY(without->modelHash != with->modelHash);
    QVERIFY(!Carton::open(tmp.filePath(QStringLiteral("without.carton")))
                 .value()
                 ->manifest()
                 ->find(QStringLiteral("model/remote.bin")));
}

void tst_Packer::staleManifestRegenerated()
{
    QTemporaryDir tmp;
    const QString src = makeSample(tmp, QStringLiteral("basic"));
    QVERIFY(!src.isEmpty());
    auto fresh = packFolder(src, tmp.filePath(QStringLiteral("fresh.carton")));
    QVERIFY(fresh.ok());
    QVERIFY(writeFile(src + QStringLiteral("/MANIFEST"),
                      "carton.toml=0000000000000000000000000000000000000000000000000000000000000000\n"));
    auto stale = packFolder(src, tmp.filePath(QStringLiteral("stale.carton")));
    QVERIFY2(stale.ok(), qPrintable(stale ? QString() : stale.error().toString()));
    QCOMPARE(stale->modelHash, fresh->modelHash);
    QVERIFY(readFile(tmp.filePath(QStringLiteral("fresh.carton"))) ==
            readFile(tmp.filePath(QStringLiteral("stale.carton"))));
}

void tst_Packer::cancelLeavesNothing()
{
    QTemporaryDir tmp;
    const QString src = makeSample(tmp, QStringLiteral("basic"));
    QVERIFY(!src.isEmpty());
    QVERIFY(writeFile(src + QStringLiteral("/model/weights.bin"), mixedData(96 * 1024 * 1024, 5)));
    const QString outDir = tmp.filePath(QStringLiteral("out"));
    QVERIFY(QDir().mkpath(outDir));
    qint64 doneAtCancel = -1;
    qint64 total = 0;
    Progress *self = nullptr;
    Progress progress([&](qint64 done, qint64 all, const QString &) {
        total = all;
        if (done > 0 && doneAtCancel < 0) {
            doneAtCancel = done;
            self->cancel();
        }
    });
    self = &progress;
    PackOptions options;
    options.method = ZipMethod::Deflate;
    options.level = 6;
    auto packed = packFolder(src, outDir + QStringLiteral("/c.carton"), options, &progress);
    QVERIFY(!packed.ok());
    QCOMPARE(packed.error().code, ErrorCode::Cancelled);
    QVERIFY(doneAtCancel > 0);
    QVERIFY2(doneAtCancel < total, "cancelled only at the very end");
    QCOMPARE(listing(outDir), QStringList());
}

void tst_Packer::existingOutput()
{
    QTemporaryDir tmp;
    const QString src = makeSample(tmp, QStringLiteral("basic"));
    QVERIFY(!src.isEmpty());
    const QString out = tmp.filePath(QStringLiteral("out/e.carton"));
    QVERIFY(writeFile(out, "precious"));
    auto refused = packFolder(src, out);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Usage);
    QCOMPARE(readFile(out), QByteArray("precious"));
    QCOMPARE(listing(tmp.filePath(QStringLiteral("out"))), QStringList{QStringLiteral("e.carton")});

    PackOptions options;
    options.overwrite = true;
    auto replaced = packFolder(src, out, options);
    QVERIFY2(replaced.ok(), qPrintable(replaced ? QString() : replaced.error().toString()));
    QVERIFY(Carton::open(out).ok());
    QCOMPARE(listing(tmp.filePath(QStringLiteral("out"))), QStringList{QStringLiteral("e.carton")});
}

void tst_Packer::refusals_data()
{
    QTest::addColumn<QString>("what");
    QTest::addRow("no carton.toml") << QStringLiteral("notoml");
    QTest::addRow("broken carton.toml") << QStringLiteral("badtoml");
    QTest::addRow("symlink escaping the folder") << QStringLiteral("escape");
    QTest::addRow("output inside the folder") << QStringLiteral("inside");
    QTest::addRow("not a folder") << QStringLiteral("nofolder");
}

void tst_Packer::refusals()
{
    QFETCH(QString, what);
    QTemporaryDir tmp;
    QString src = makeSample(tmp, QStringLiteral("basic"));
    QVERIFY(!src.isEmpty());
    const QString outDir = tmp.filePath(QStringLiteral("out"));
    QVERIFY(QDir().mkpath(outDir));
    QString out = outDir + QStringLiteral("/r.carton");
    if (what == u"notoml")
        QVERIFY(QFile::remove(src + QStringLiteral("/carton.toml")));
    else if (what == u"badtoml")
        QVERIFY(writeFile(src + QStringLiteral("/carton.toml"), "spec_version = [\n"));
    else if (what == u"escape")
        QVERIFY(QFile::link(tmp.filePath(QStringLiteral("secret")), src + QStringLiteral("/model/leak")) &&
                writeFile(tmp.filePath(QStringLiteral("secret")), "secret"));
    else if (what == u"inside")
        out = src + QStringLiteral("/misc/self.carton");
    else if (what == u"nofolder")
        src = tmp.filePath(QStringLiteral("missing"));
    const QStringList before = listing(src);
    auto packed = packFolder(src, out);
    QVERIFY(!packed.ok());
    QVERIFY(!packed.error().message.isEmpty());
    QCOMPARE(listing(outDir), QStringList());
    QCOMPARE(listing(src), before);
}

QTEST_GUILESS_MAIN(tst_Packer)
#include "tst_packer.moc"
