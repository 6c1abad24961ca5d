// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// saveCarton(): edited cartons written with unchanged entries copied as their
// compressed bytes; checked with our reader and with independent tools (bsdtar,
// sha256sum).
#include "format/cartontoml.h"
#include "pack/cartonsaver.h"
#include "pack/packer.h"
#include "package/carton.h"
#include "package/cartonedits.h"
#include "package/verifier.h"
#include "packtestutil.h"
#include "savetestutil.h"
#include "testpaths.h"
#include "testutil.h"
#include "zip/seekablezstdsource.h"
#include "zip/zipreader.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace packtest;
using namespace savetest;

namespace {

const QString kFixture = testutil::sharedPath(u"/fixtures/upstream/test.carton");

// carton.toml of a torchscript model named `name`, for packModelFolder().
CartonInfo torchscriptInfo(const QString &name)
{
    CartonInfo info;
    info.modelName = name;
    info.runner.runnerName = QStringLiteral("torchscript");
    info.runner.requiredFrameworkVersion = QStringLiteral("=2.0.1");
    info.runner.runnerCompatVersion = 1;
    return info;
}

} // namespace

class tst_CartonSaver : public QObject {
    Q_OBJECT
private slots:
    void metadataEditCopiesUnchangedEntries_data();
    void metadataEditCopiesUnchangedEntries();
    void everyInfoFieldRoundTrips_data();
    void everyInfoFieldRoundTrips();
    void fileEdits();
    void reproducible();
    void largeFileSavedSeekable();
    void independentReaders();
    void refusesExistingOutput();
    void refusesInfoThatWouldLoseKeys();
    void verifyOriginalCatchesDamage();
    void indexAlwaysWrittenWithInner();
    void symlinksKeptOrMaterialized();
    void linkedFilesKept();
    void cancelLeavesNothing();
    void modelFolderPack();
    void modelFolderWithModelFolder();
    void storesWhatCompressionDoesNotShrink();
};

void tst_CartonSaver::metadataEditCopiesUnchangedEntries_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("method");
    QTest::newRow("basic zstd") << QStringLiteral("basic") << int(ZipMethod::Zstd);
    QTest::newRow("basic deflate") << QStringLiteral("basic") << int(ZipMethod::Deflate);
    QTest::newRow("non-ascii stored") << QStringLiteral("nonascii") << int(ZipMethod::Stored);
    if (QFileInfo::exists(kFixture))
        QTest::newRow("upstream fixture") << QStringLiteral("upstream") << int(ZipMethod::Zstd);
}

void tst_CartonSaver::metadataEditCopiesUnchangedEntries()
{
    QFETCH(QString, kind);
    QFETCH(int, method);
    QTemporaryDir tmp;
    QString input;
    if (kind == u"upstream") {
        input = tmp.filePath(QStringLiteral("up.carton"));
        QVERIFY(QFile::copy(kFixture, input));
    } else {
        input = packSample(tmp, kind, ZipMethod(method));
    }
    QVERIFY(!input.isEmpty());
    const QByteArray originalBytes = readFile(input);
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    const Carton &original = **opened;
    QVERIFY(original.info().has_value());

    CartonInfo info = *original.info();
    info.modelName = QStringLiteral("edited ✓");
    info.license = QStringLiteral("MIT");
    CartonEdits edits(&original);
    edits.setInfo(info);
    const QString out = tmp.filePath(QStringLiteral("out.carton"));
    Progress progress;
    auto saved = saveCarton(edits, out, {}, &progress);
    QVERIFY2(saved.ok(), qPrintable(saved ? QString() : errorText(saved.error())));
    QCOMPARE(readFile(input), originalBytes); // the original is untouched
    QCOMPARE(progress.done(), progress.total());

    // Every entry but carton.toml and MANIFEST is the original's compressed bytes.
    int compared = 0;
    for (const SourceFile &file : original.source().files()) {
        if (file.path == u"carton.toml" || file.path == u"MANIFEST")
            continue;
        const std::optional<RawBytes> before = rawBytes(input, file.path);
        const std::optional<RawBytes> after = rawBytes(out, file.path);
        QVERIFY2(before && after, qPrintable(file.path));
        QVERIFY2(*before == *after, qPrintable(file.path));
        ++compared;
    }
    QCOMPARE(saved->copiedEntries, compared);
    QVERIFY(compared >= 3);

    auto reopened = Carton::open(out);
    QVERIFY(reopened.ok());
    QCOMPARE((*reopened)->info()->modelName, info.modelName);
    QCOMPARE((*reopened)->info()->license, info.license);
    QCOMPARE((*reopened)->modelHash(), saved->modelHash);
    const VerifyReport report = verifyCarton(**reopened);
    QVERIFY(report.ok());
    // MANIFEST: the original's lines, carton.toml's hash changed.
    for (const ManifestEntry &e : original.manifest()->entries()) {
        const ManifestEntry *now = (*reopened)->manifest()->find(e.path);
        QVERIFY2(now, qPrintable(e.path));
        if (e.path == u"carton.toml")
            QCOMPARE(now->sha256, sha256Hex(writeCartonToml(info).value()));
        else
            QCOMPARE(now->sha256, e.sha256);
    }
}

void tst_CartonSaver::everyInfoFieldRoundTrips_data()
{
    QTest::addColumn<QString>("field");
    for (const char *f : {"model_name", "short_description", "model_description", "license", "repository", "homepage",
                          "runner_name", "required_framework_version", "runner_compat_version"})
        QTest::newRow(f) << QString::fromLatin1(f);
}

void tst_CartonSaver::everyInfoFieldRoundTrips()
{
    QFETCH(QString, field);
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("basic"));
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    CartonInfo info = *(*opened)->info();
    const CartonInfo before = info;
    if (field == u"model_name")
        info.modelName = QStringLiteral("name \"quoted\"");
    else if (field == u"short_description")
        info.shortDescription = QStringLiteral("short, ünïcode");
    else if (field == u"model_description")
        info.modelDescription = QStringLiteral("# Title\n\nSome *markdown*\nwith lines\n");
    else if (field == u"license")
        info.license = QStringLiteral("BSD-3-Clause");
    else if (field == u"repository")
        info.repository = QStringLiteral("https://example.org/repo");
    else if (field == u"homepage")
        info.homepage = QStringLiteral("https://example.org/");
    else if (field == u"runner_name")
        info.runner.runnerName = QStringLiteral("python");
    else if (field == u"required_framework_version")
        info.runner.requiredFrameworkVersion = QStringLiteral(">=3.8, <3.12");
    else if (field == u"runner_compat_version")
        info.runner.runnerCompatVersion = 7;
    QVERIFY(!(info == before));
    CartonEdits edits(opened->get());
    edits.setInfo(info);
    const QString out = tmp.filePath(QStringLiteral("out.carton"));
    auto saved = saveCarton(edits, out);
    QVERIFY2(saved.ok(), qPrintable(saved ? QString() : errorText(saved.error())));
    auto reopened = Carton::open(out);
    QVERIFY(reopened.ok());
    QVERIFY((*reopened)->info().has_value());
    QVERIFY(*(*reopened)->info() == info);
    QVERIFY(verify(out).ok());
}

void tst_CartonSaver::fileEdits()
{
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("basic"));
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    const QString disk = tmp.filePath(QStringLiteral("weights.bin"));
    const QByteArray weights = mixedData(2 * 1024 * 1024 + 5, 9);
    QVERIFY(writeFile(disk, weights));

    CartonEdits edits(opened->get());
    QVERIFY(edits.isUnchanged());
    QVERIFY(edits.rename(QStringLiteral("model/model.pt"), QStringLiteral("model/renamed.pt")).ok());
    QVERIFY(edits.remove(QStringLiteral("misc/readme.txt")).ok());
    QVERIFY(edits.putBytes(QStringLiteral("misc/new.txt"), "new bytes\n").ok());
    QVERIFY(edits.putFile(QStringLiteral("model/weights.bin"), disk).ok());
    QVERIFY(edits.putBytes(QStringLiteral("model/.carton/carton.lock"), "lock = 2\n").ok()); // replace
    QVERIFY(!edits.isUnchanged());
    // Refused edits.
    QCOMPARE(edits.remove(QStringLiteral("model/model.pt")).error().code, ErrorCode::NotFound);
    QVERIFY(!edits.rename(QStringLiteral("misc/new.txt"), QStringLiteral("model/renamed.pt")).ok());
    QVERIFY(!edits.putBytes(QStringLiteral("../escape"), "x").ok());
    QVERIFY(!edits.putBytes(QStringLiteral("MANIFEST"), "x").ok());

    const QString out = tmp.filePath(QStringLiteral("out.carton"));
    auto saved = saveCarton(edits, out);
    QVERIFY2(saved.ok(), qPrintable(saved ? QString() : errorText(saved.error())));
    // The renamed file is still its original compressed bytes.
    QCOMPARE(rawBytes(out, QStringLiteral("model/renamed.pt")), rawBytes(input, QStringLiteral("model/model.pt")));

    auto reopened = Carton::open(out);
    QVERIFY(reopened.ok());
    const CartonSource &source = (*reopened)->source();
    QVERIFY(!source.find(QStringLiteral("model/model.pt")));
    QVERIFY(!source.find(QStringLiteral("misc/readme.txt")));
    QCOMPARE(*source.read(QStringLiteral("misc/new.txt"), 100), QByteArray("new bytes\n"));
    QCOMPARE(*source.read(QStringLiteral("model/weights.bin"), 1 << 23), weights);
    QCOMPARE(*source.read(QStringLiteral("model/.carton/carton.lock"), 100), QByteArray("lock = 2\n"));
    QCOMPARE(*source.read(QStringLiteral("model/renamed.pt"), 1 << 20), mixedData(300 * 1024 + 17, 1));
    const Manifest &manifest = *(*reopened)->manifest();
    QCOMPARE(manifest.find(QStringLiteral("model/weights.bin"))->sha256, sha256Hex(weights));
    QCOMPARE(manifest.find(QStringLiteral("model/renamed.pt"))->sha256, sha256Hex(mixedData(300 * 1024 + 17, 1)));
    QVERIFY(!manifest.find(QStringLiteral("misc/readme.txt")));
    QVERIFY(verify(out).ok());
}

void tst_CartonSaver::reproducible()
{
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("nonascii"));
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    auto save = [&](const QString &name, int threads) {
        CartonEdits edits(opened->get());
        CartonInfo info = *(*opened)->info();
        info.homepage = QStringLiteral("https://example.org/");
        edits.setInfo(info);
        QVERIFY(edits.putBytes(QStringLiteral("misc/extra.txt"), mixedData(100000, 3)).ok());
        SaveOptions options;
        options.threads = threads;
        QVERIFY(saveCarton(edits, tmp.filePath(name), options).ok());
    };
    save(QStringLiteral("a.carton"), 1);
    save(QStringLiteral("b.carton"), 4);
    const QByteArray a = readFile(tmp.filePath(QStringLiteral("a.carton")));
    QVERIFY(a.size() > 1000);
    QCOMPARE(a, readFile(tmp.filePath(QStringLiteral("b.carton"))));
}

// Save writes a large new file in the seekable zstd format, byte for byte the same
// whatever the number of threads; the saved carton serves it by its seek table.
void tst_CartonSaver::largeFileSavedSeekable()
{
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("basic"));
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    const QString disk = tmp.filePath(QStringLiteral("big.bin"));
    const QByteArray big = mixedData(17 * 1024 * 1024 + 3, 5);
    QVERIFY(writeFile(disk, big));
    auto save = [&](const QString &name, int threads) {
        CartonEdits edits(opened->get());
        QVERIFY(edits.putFile(QStringLiteral("model/big.bin"), disk).ok());
        SaveOptions options;
        options.threads = threads;
        auto saved = saveCarton(edits, tmp.filePath(name), options);
        QVERIFY2(saved.ok(), qPrintable(saved ? QString() : errorText(saved.error())));
    };
    save(QStringLiteral("one.carton"), 1);
    save(QStringLiteral("three.carton"), 3);
    QCOMPARE(readFile(tmp.filePath(QStringLiteral("one.carton"))),
             readFile(tmp.filePath(QStringLiteral("three.carton"))));
    auto reopened = Carton::open(tmp.filePath(QStringLiteral("three.carton")));
    QVERIFY(reopened.ok());
    Result<ByteSourcePtr> bytes = (*reopened)->source().byteSource(QStringLiteral("model/big.bin"));
    QVERIFY(bytes);
    auto seekable = std::dynamic_pointer_cast<const SeekableZstdSource>(*bytes);
    QVERIFY(seekable);
    QCOMPARE(seekable->table().frames().size(), std::size_t(3)); // 8 + 8 + 1 MiB
    QByteArray middle(100, Qt::Uninitialized);
    QVERIFY(seekable->read(16 * 1024 * 1024 - 50, 100, middle.data()));
    QCOMPARE(middle, big.mid(16 * 1024 * 1024 - 50, 100));
    QCOMPARE(seekable->framesDecoded(), 2ull);
    QVERIFY(verify(tmp.filePath(QStringLiteral("three.carton"))).ok());
}

void tst_CartonSaver::independentReaders()
{
    if (QStandardPaths::findExecutable(QStringLiteral("bsdtar")).isEmpty() ||
        QStandardPaths::findExecutable(QStringLiteral("sha256sum")).isEmpty())
        QFAIL("bsdtar and sha256sum are needed (scripts/install-deps.sh installs them)");
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("basic"));
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    CartonEdits edits(opened->get());
    CartonInfo info = *(*opened)->info();
    info.shortDescription = QStringLiteral("checked by bsdtar");
    edits.setInfo(info);
    QVERIFY(edits.putBytes(QStringLiteral("misc/added.bin"), mixedData(70000, 5)).ok());
    const QString out = tmp.filePath(QStringLiteral("out.carton"));
    QVERIFY(saveCarton(edits, out).ok());

    const QString dir = tmp.filePath(QStringLiteral("x"));
    // carton.toml, index.toml, model.pt, carton.lock, readme.txt, added.bin
    QCOMPARE(testutil::checkWithBsdtarAndSha256sum(out, dir), 6);
    QCOMPARE(readFile(dir + QStringLiteral("/tensor_data/index.toml")), QByteArray("tensor = []\n"));
}
void tst_CartonSaver::refusesExistingOutput()
{
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("basic"));
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    const QString out = tmp.filePath(QStringLiteral("exists.carton"));
    QVERIFY(writeFile(out, "precious"));
    CartonEdits edits(opened->get());
    auto refused = saveCarton(edits, out);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Usage);
    QCOMPARE(readFile(out), QByteArray("precious"));
    SaveOptions overwrite;
    overwrite.overwrite = true;
    QVERIFY(saveCarton(edits, out, overwrite).ok());
    QVERIFY(verify(out).ok());
}

// A carton.toml edit whose kept keys cannot be written (they would be dropped)
// fails the save with the writer's message; nothing is written. A later edit that
// can be written clears it.
void tst_CartonSaver::refusesInfoThatWouldLoseKeys()
{
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("basic"));
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    CartonInfo info = *(*opened)->info();
    info.unknownToml = "future_key = [ 1 ";
    CartonEdits edits(opened->get());
    edits.setInfo(info);
    QVERIFY(edits.infoError().has_value());
    const QString out = tmp.filePath(QStringLiteral("edited.carton"));
    auto refused = saveCarton(edits, out);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Format);
    QCOMPARE(refused.error().location, QStringLiteral("carton.toml"));
    QVERIFY2(refused.error().message.startsWith(u"top level: the keys kept from the file are not valid TOML"),
             qPrintable(refused.error().toString()));
    QVERIFY(!QFileInfo::exists(out));

    info.unknownToml = "future_key = [ 1 ]\n";
    edits.setInfo(info);
    QVERIFY(!edits.infoError().has_value());
    auto saved = saveCarton(edits, out);
    QVERIFY2(saved.ok(), qPrintable(saved.ok() ? QString() : errorText(saved.error())));
    auto again = Carton::open(out);
    QVERIFY(again.ok());
    QVERIFY((*again)->info()->unknownToml.contains("future_key"));
}

void tst_CartonSaver::verifyOriginalCatchesDamage()
{
    // model/a.bin does not match its MANIFEST line.
    const QByteArray toml = minimalToml();
    const QByteArray good = "good bytes\n";
    const QByteArray manifest = manifestFor({{"carton.toml", toml},
                                             {"model/a.bin", "what MANIFEST promised\n"},
                                             {"model/b.bin", good},
                                             {"tensor_data/index.toml", "tensor = []\n"}});
    const QByteArray zip = buildZip({{"carton.toml", toml, 93},
                                     {"model/a.bin", "tampered bytes!\n", 93},
                                     {"model/b.bin", good, 0},
                                     {"tensor_data/index.toml", "tensor = []\n", 0},
                                     {"MANIFEST", manifest, 0}});
    QTemporaryDir tmp;
    const QString input = tmp.filePath(QStringLiteral("damaged.carton"));
    QVERIFY(writeFile(input, zip));
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    CartonEdits edits(opened->get());
    CartonInfo info = *(*opened)->info();
    info.modelName = QStringLiteral("x");
    edits.setInfo(info);

    const QString out = tmp.filePath(QStringLiteral("out.carton"));
    SaveOptions check;
    check.verifyOriginal = true;
    auto refused = saveCarton(edits, out, check);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Format);
    QCOMPARE(refused.error().location, QStringLiteral("model/a.bin"));
    QVERIFY(refused.error().message.contains(QStringLiteral("does not match MANIFEST")));
    QVERIFY(!QFileInfo::exists(out));
    QCOMPARE(topFiles(tmp.path()), QStringList{QStringLiteral("damaged.carton")});

    // Without the check the MANIFEST hash is trusted (the verifier then reports it).
    QVERIFY(saveCarton(edits, out).ok());
    const VerifyReport report = verify(out);
    QVERIFY(!report.ok());
    int mismatches = 0;
    for (const FileCheck &f : report.files)
        if (f.state == FileState::Mismatch) {
            QCOMPARE(f.path, QStringLiteral("model/a.bin"));
            ++mismatches;
        }
    QCOMPARE(mismatches, 1);
}

void tst_CartonSaver::indexAlwaysWrittenWithInner()
{
    const QByteArray toml = minimalToml();
    const QByteArray model = "model bytes\n";
    const QByteArray withoutInner = "[[tensor]]\nname = \"t\"\ndtype = \"float32\"\nshape = [1]\nfile = \"t.bin\"\n";
    const QByteArray tensor("\0\0\x80\x3f", 4);
    QTemporaryDir tmp;
    struct Row {
        QString name;
        QList<RawEntry> entries;
        QByteArray expectedIndex;
    };
    const QList<Row> rows{
        {QStringLiteral("none"), {{"carton.toml", toml, 0}, {"model/m.bin", model, 0}}, "tensor = []\n"},
        {QStringLiteral("no inner"),
         {{"carton.toml", toml, 0},
          {"model/m.bin", model, 0},
          {"tensor_data/index.toml", withoutInner, 93},
          {"tensor_data/t.bin", tensor, 0}},
         "[[tensor]]\nname = \"t\"\ndtype = \"float32\"\nshape = [1]\nfile = \"t.bin\"\ninner = []\n"},
        {QStringLiteral("no tensor key"),
         {{"carton.toml", toml, 0}, {"model/m.bin", model, 0}, {"tensor_data/index.toml", "# empty\n", 0}},
         "tensor = []\n"},
    };
    for (const Row &row : rows) {
        const QString input = tmp.filePath(row.name + QStringLiteral(".carton"));
        QVERIFY(writeFile(input, buildZip(row.entries)));
        auto opened = Carton::open(input);
        QVERIFY2(opened.ok(), qPrintable(row.name));
        CartonEdits edits(opened->get());
        const QString out = tmp.filePath(row.name + QStringLiteral("-out.carton"));
        QVERIFY2(saveCarton(edits, out).ok(), qPrintable(row.name));
        auto reopened = Carton::open(out);
        QVERIFY(reopened.ok());
        const QByteArray index = *(*reopened)->source().read(QStringLiteral("tensor_data/index.toml"), 4096);
        QCOMPARE(index, row.expectedIndex);
        QVERIFY2(verify(out).ok(), qPrintable(row.name));
    }
}

void tst_CartonSaver::symlinksKeptOrMaterialized()
{
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("symlink"));
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    const QByteArray model = mixedData(300 * 1024 + 17, 1);
    {
        CartonEdits edits(opened->get()); // unchanged: the symlinks stay symlinks
        const QString out = tmp.filePath(QStringLiteral("same.carton"));
        QVERIFY(saveCarton(edits, out).ok());
        auto reader = ZipReader::open(out);
        QVERIFY(reader.ok());
        QVERIFY((*reader)->find(QStringLiteral("model/alias.pt"))->isSymlink());
        QVERIFY((*reader)->find(QStringLiteral("misc/deep.pt"))->isSymlink());
        auto reopened = Carton::open(out);
        QCOMPARE((*reopened)->manifest()->find(QStringLiteral("model/alias.pt"))->sha256, sha256Hex(model));
        QVERIFY(verify(out).ok());
    }
    {
        CartonEdits edits(opened->get()); // the target moves: the links become copies of its bytes
        QVERIFY(edits.rename(QStringLiteral("model/model.pt"), QStringLiteral("model/moved.pt")).ok());
        QVERIFY(edits.rename(QStringLiteral("misc/deep.pt"), QStringLiteral("misc/deeper.pt")).ok());
        const QString out = tmp.filePath(QStringLiteral("moved.carton"));
        auto saved = saveCarton(edits, out);
        QVERIFY2(saved.ok(), qPrintable(saved ? QString() : errorText(saved.error())));
        auto reader = ZipReader::open(out);
        QVERIFY(!(*reader)->find(QStringLiteral("model/alias.pt"))->isSymlink());
        QVERIFY(!(*reader)->find(QStringLiteral("misc/deeper.pt"))->isSymlink());
        auto reopened = Carton::open(out);
        QCOMPARE(*(*reopened)->source().read(QStringLiteral("model/alias.pt"), 1 << 20), model);
        QVERIFY(verify(out).ok());
    }
}

void tst_CartonSaver::linkedFilesKept()
{
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("links"));
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    const QByteArray remoteSha = sha256Hex("remote file bytes\n");
    CartonEdits edits(opened->get());
    QCOMPARE(edits.find(QStringLiteral("model/remote.bin"))->kind, CartonEdits::FileSource::Kind::Linked);
    QVERIFY(edits.rename(QStringLiteral("model/remote.bin"), QStringLiteral("model/far.bin")).ok());
    const QString out = tmp.filePath(QStringLiteral("out.carton"));
    QVERIFY(saveCarton(edits, out).ok());
    auto reopened = Carton::open(out);
    QVERIFY(reopened.ok());
    QCOMPARE((*reopened)->manifest()->find(QStringLiteral("model/far.bin"))->sha256, remoteSha);
    QVERIFY((*reopened)->isLinked(QStringLiteral("model/far.bin")));
    QCOMPARE(rawBytes(out, QStringLiteral("LINKS")), rawBytes(input, QStringLiteral("LINKS")));
    QVERIFY(!(*reopened)->manifest()->find(QStringLiteral("LINKS")));
}

void tst_CartonSaver::cancelLeavesNothing()
{
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("basic"));
    const QByteArray before = readFile(input);
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    CartonEdits edits(opened->get());
    QVERIFY(edits.putBytes(QStringLiteral("model/big.bin"), mixedData(3 << 20, 4)).ok());
    int calls = 0;
    Progress *self = nullptr;
    Progress progress([&](qint64, qint64, const QString &) {
        if (++calls == 1)
            self->cancel();
    });
    self = &progress;
    auto cancelled = saveCarton(edits, input, {}, &progress); // in place
    QVERIFY(!cancelled.ok());
    QCOMPARE(cancelled.error().code, ErrorCode::Cancelled);
    QCOMPARE(readFile(input), before);
    QCOMPARE(topFiles(tmp.path()), QStringList{QStringLiteral("basic.carton")});
}

void tst_CartonSaver::modelFolderPack()
{
    QTemporaryDir tmp;
    const QString folder = tmp.filePath(QStringLiteral("exported"));
    QVERIFY(writeFile(folder + QStringLiteral("/model.pt"), mixedData(50000, 8)));
    QVERIFY(writeFile(folder + QStringLiteral("/sub/config.json"), "{}\n"));
    CartonInfo info = torchscriptInfo(QStringLiteral("bare"));
    const QString out = tmp.filePath(QStringLiteral("bare.carton"));
    auto packed = packModelFolder(folder, info, out);
    QVERIFY2(packed.ok(), qPrintable(packed ? QString() : errorText(packed.error())));
    auto opened = Carton::open(out);
    QVERIFY(opened.ok());
    QStringList paths;
    for (const SourceFile &f : (*opened)->source().files())
        paths.append(f.path);
    QCOMPARE(paths,
             (QStringList{QStringLiteral("MANIFEST"), QStringLiteral("carton.toml"), QStringLiteral("model/model.pt"),
                          QStringLiteral("model/sub/config.json"), QStringLiteral("tensor_data/index.toml")}));
    QVERIFY(*(*opened)->info() == info);
    QVERIFY(verify(out).ok());

    // Invalid metadata: nothing written.
    info.runner.requiredFrameworkVersion = QStringLiteral("not a version");
    const QString bad = tmp.filePath(QStringLiteral("bad.carton"));
    auto refused = packModelFolder(folder, info, bad);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Format);
    QVERIFY(refused.error().message.contains(QStringLiteral("runner.required_framework_version")));
    QVERIFY(!QFileInfo::exists(bad));
}

// A folder without carton.toml that already has model/ (an unpacked carton whose
// carton.toml was left out, files arranged by hand): model/ is the carton's
// model/, not model/model/; tensor_data/ and misc/ keep their places, a stale
// MANIFEST is written again.
void tst_CartonSaver::modelFolderWithModelFolder()
{
    QTemporaryDir tmp;
    const QString folder = tmp.filePath(QStringLiteral("arranged"));
    const QByteArray weights = mixedData(50000, 8);
    QVERIFY(writeFile(folder + QStringLiteral("/model/model.pt"), weights));
    QVERIFY(writeFile(folder + QStringLiteral("/model/sub/config.json"), "{}\n"));
    QVERIFY(writeFile(folder + QStringLiteral("/misc/readme.md"), "# readme\n"));
    QVERIFY(writeFile(folder + QStringLiteral("/MANIFEST"), "model/model.pt=stale\n"));
    const CartonInfo info = torchscriptInfo(QStringLiteral("arranged"));
    const QString out = tmp.filePath(QStringLiteral("arranged.carton"));
    auto packed = packModelFolder(folder, info, out);
    QVERIFY2(packed.ok(), qPrintable(packed ? QString() : errorText(packed.error())));
    auto opened = Carton::open(out);
    QVERIFY(opened.ok());
    QStringList paths;
    for (const SourceFile &f : (*opened)->source().files())
        paths.append(f.path);
    QCOMPARE(paths, (QStringList{QStringLiteral("MANIFEST"), QStringLiteral("carton.toml"),
                                 QStringLiteral("misc/readme.md"), QStringLiteral("model/model.pt"),
                                 QStringLiteral("model/sub/config.json"), QStringLiteral("tensor_data/index.toml")}));
    QCOMPARE(*(*opened)->source().read(QStringLiteral("model/model.pt"), 1 << 20), weights);
    QCOMPARE((*opened)->manifest()->find(QStringLiteral("model/model.pt"))->sha256, sha256Hex(weights));
    QVERIFY(verify(out).ok());
}

// Save writes Stored what the method would not make smaller (random bytes like
// media, tiny files; a 320-byte file was 330 bytes), compresses the rest, and
// stays reproducible.
void tst_CartonSaver::storesWhatCompressionDoesNotShrink()
{
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("basic"));
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    const QString disk = tmp.filePath(QStringLiteral("clip.mp4"));
    const QByteArray clip = randomData(5 * 1024 * 1024 + 7, 11);
    QVERIFY(writeFile(disk, clip));
    const QByteArray tiny = randomData(320, 12);
    const QByteArray text(100000, 't');
    QStringList outputs;
    for (const QString &name : {QStringLiteral("one.carton"), QStringLiteral("two.carton")}) {
        CartonEdits edits(opened->get());
        QVERIFY(edits.putBytes(QStringLiteral("misc/tiny.bin"), tiny).ok());
        QVERIFY(edits.putBytes(QStringLiteral("misc/text.txt"), text).ok());
        QVERIFY(edits.putFile(QStringLiteral("misc/clip.mp4"), disk).ok());
        const QString out = tmp.filePath(name);
        auto saved = saveCarton(edits, out);
        QVERIFY2(saved.ok(), qPrintable(saved ? QString() : errorText(saved.error())));
        outputs.append(out);
    }
    const std::optional<RawBytes> storedTiny = rawBytes(outputs[0], QStringLiteral("misc/tiny.bin"));
    QVERIFY(storedTiny);
    QCOMPARE(storedTiny->method, quint16(0));
    QCOMPARE(storedTiny->data, tiny); // 320 bytes stay 320 bytes
    const std::optional<RawBytes> storedClip = rawBytes(outputs[0], QStringLiteral("misc/clip.mp4"));
    QVERIFY(storedClip);
    QCOMPARE(storedClip->method, quint16(0));
    QVERIFY(storedClip->data == clip);
    const std::optional<RawBytes> compressedText = rawBytes(outputs[0], QStringLiteral("misc/text.txt"));
    QVERIFY(compressedText);
    QCOMPARE(compressedText->method, quint16(ZipMethod::Zstd));
    QVERIFY(compressedText->data.size() < 1000);
    QVERIFY(verify(outputs[0]).ok());
    QVERIFY(readFile(outputs[0]) == readFile(outputs[1]));
}

QTEST_GUILESS_MAIN(tst_CartonSaver)
#include "tst_cartonsaver.moc"
