// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "fixturepolicy.h"
#include "format/manifest.h"
#include "package/carton.h"
#include "package/cartonsource.h"
#include "packagetestutil.h"
#include "testpaths.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace testutil;

namespace {

QMap<QString, QByteArray> sampleFiles()
{
    QByteArray big(300 * 1024, Qt::Uninitialized);
    for (int i = 0; i < big.size(); ++i)
        big[i] = char((qint64(i) * 7919) % 251);
    return {{QStringLiteral("carton.toml"), minimalToml()},
            {QStringLiteral("model/model.pt"), big},
            {QStringLiteral("model/.carton/x"), "dot"},
            {QStringLiteral("misc/తెలుగు.txt"), "telugu"},
            {QStringLiteral("model/main.py"), "print('hi')\n"}};
}

} // namespace

class TestCartonSource final : public QObject {
    Q_OBJECT
private slots:
    // Archives list their entries in MANIFEST order but MANIFEST (last); files() must
    // be in MANIFEST order whatever the archive's: a few entries out of place are
    // merged back, many make a whole sort. filesOf() pairs MANIFEST entries with them.
    void filesInManifestOrderWhateverTheArchiveOrder()
    {
        QStringList sorted;
        for (int i = 0; i < 400; ++i)
            sorted << QStringLiteral("model/f%1").arg(i, 4, 10, QLatin1Char('0'));
        QStringList fewLast = sorted; // three early names last (as MANIFEST is): merged back
        for (int i : {200, 20, 10})
            fewLast.append(fewLast.takeAt(i));
        QStringList reversed(sorted.crbegin(), sorted.crend()); // sorted whole
        for (const QStringList &order : {fewLast, reversed}) {
            QTemporaryDir dir;
            const QString path = dir.filePath(QStringLiteral("order.zip"));
            {
                QFile out(path);
                QVERIFY(out.open(QIODevice::WriteOnly));
                ZipWriter writer(&out);
                for (const QString &name : std::as_const(order))
                    QVERIFY(writer.addEntry(name, name.toUtf8(), ZipWriteOptions()).ok());
                QVERIFY(writer.close().ok());
            }
            auto source = CartonSource::load(path);
            QVERIFY2(source, source ? "" : qPrintable(source.error().toString()));
            QStringList listed;
            for (const SourceFile &f : (*source)->files())
                listed << f.path;
            QCOMPARE(listed, sorted);
            const QList<ManifestEntry> entries{
                {sorted.at(5), {}}, {sorted.at(399), {}}, {QStringLiteral("model/g"), {}}};
            QCOMPARE((*source)->filesOf(entries), (QList<qsizetype>{5, 399, -1}));
        }
    }
    void zipAndFolderAgree_data()
    {
        QTest::addColumn<int>("method");
        QTest::newRow("stored") << int(ZipMethod::Stored);
        QTest::newRow("deflate") << int(ZipMethod::Deflate);
        QTest::newRow("zstd") << int(ZipMethod::Zstd);
    }
    void zipAndFolderAgree()
    {
        QFETCH(int, method);
        QTemporaryDir dir;
        const auto files = sampleFiles();
        const QString zip = dir.filePath(QStringLiteral("c.carton"));
        QVERIFY(writeCarton(zip, files, ZipMethod(method)));
        const QString folder = dir.filePath(QStringLiteral("folder"));
        for (auto it = files.cbegin(); it != files.cend(); ++it)
            QVERIFY(writeFile(folder + u'/' + it.key(), it.value()));

        auto z = CartonSource::load(zip);
        QVERIFY2(z, qPrintable(z ? QString() : z.error().toString()));
        auto f = CartonSource::load(folder);
        QVERIFY2(f, qPrintable(f ? QString() : f.error().toString()));
        QVERIFY((*z)->isArchive());
        QVERIFY(!(*f)->isArchive());
        QCOMPARE((*z)->files().size(), files.size() + 1); // + MANIFEST
        QCOMPARE((*f)->files().size(), files.size());

        // Sorted like MANIFEST (byte-wise), so "MANIFEST" < "carton.toml" < "misc/..." < "model/.carton/x".
        QStringList paths;
        for (const SourceFile &s : (*z)->files())
            paths.append(s.path);
        QCOMPARE(paths.first(), QStringLiteral("MANIFEST"));
        QVERIFY(paths.indexOf(QStringLiteral("model/.carton/x")) < paths.indexOf(QStringLiteral("model/main.py")));

        for (auto it = files.cbegin(); it != files.cend(); ++it) {
            for (const auto *src : {z->get(), f->get()}) {
                const SourceFile *sf = src->find(it.key());
                QVERIFY(sf);
                QCOMPARE(sf->size, it.value().size());
                auto bytes = src->read(it.key(), 1 << 20);
                QVERIFY(bytes);
                QCOMPARE(*bytes, it.value());
                if (it.value().size() > 100) {
                    const qint64 len = std::min<qint64>(1000, it.value().size() - 77);
                    auto range = src->readRange(it.key(), 77, len);
                    QVERIFY(range);
                    QCOMPARE(*range, it.value().mid(77, len));
                }
                auto dev = src->open(it.key());
                QVERIFY(dev);
                QCOMPARE((*dev)->readAll(), it.value());
            }
        }
        // Raw regions: folders always, zips only for Stored entries.
        QVERIFY((*f)->rawRegion(QStringLiteral("model/model.pt")).has_value());
        QCOMPARE((*z)->rawRegion(QStringLiteral("model/model.pt")).has_value(), method == int(ZipMethod::Stored));
        if (method == int(ZipMethod::Stored)) {
            const auto region = *(*z)->rawRegion(QStringLiteral("model/model.pt"));
            QFile raw(region.diskPath);
            QVERIFY(raw.open(QIODevice::ReadOnly));
            QVERIFY(raw.seek(region.offset));
            QCOMPARE(raw.read(region.size), files.value(QStringLiteral("model/model.pt")));
        }
    }
    void readLimits()
    {
        QTemporaryDir dir;
        const QString zip = dir.filePath(QStringLiteral("c.carton"));
        QVERIFY(writeCarton(zip, sampleFiles(), ZipMethod::Zstd));
        auto z = CartonSource::load(zip);
        QVERIFY(z);
        auto r = (*z)->read(QStringLiteral("model/model.pt"), 1000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::Limit);
        auto missing = (*z)->read(QStringLiteral("nope"), 1000);
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, ErrorCode::NotFound);
        QVERIFY(missing.error().message.contains(u"nope"));
        auto outside = (*z)->readRange(QStringLiteral("carton.toml"), 10, 1 << 20);
        QVERIFY(!outside);
    }
    void folderSymlinks()
    {
#ifndef Q_OS_UNIX
        QSKIP("symlinks need a unix file system");
#endif
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("c"));
        QVERIFY(writeFile(folder + QStringLiteral("/carton.toml"), minimalToml()));
        QVERIFY(writeFile(folder + QStringLiteral("/model/real.bin"), "real bytes"));
        QVERIFY(QFile::link(QStringLiteral("real.bin"), folder + QStringLiteral("/model/link.bin")));
        auto ok = CartonSource::load(folder);
        QVERIFY(ok);
        const SourceFile *link = (*ok)->find(QStringLiteral("model/link.bin"));
        QVERIFY(link && link->isSymlink);
        QCOMPARE(link->linkTarget, QStringLiteral("model/real.bin"));
        QCOMPARE(*(*ok)->read(QStringLiteral("model/link.bin"), 100), QByteArray("real bytes"));

        QVERIFY(writeFile(dir.filePath(QStringLiteral("secret")), "outside"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("secret")), folder + QStringLiteral("/model/escape")));
        auto bad = CartonSource::load(folder);
        QVERIFY(!bad);
        QCOMPARE(bad.error().code, ErrorCode::Unsafe);
        QVERIFY(bad.error().message.contains(u"model/escape"));
    }
    void notACarton_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("text") << QByteArray("hello, I am not a zip\n");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("truncated zip") << QByteArray("PK\x03\x04\x14\x00\x00\x00", 8);
    }
    void notACarton()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("x.carton"));
        QVERIFY(writeFile(path, content));
        auto c = Carton::open(path);
        QVERIFY(!c);
        QVERIFY(!c.error().message.isEmpty());
        QVERIFY(c.error().toString().contains(u"x.carton"));
        QVERIFY(!Carton::open(dir.filePath(QStringLiteral("missing.carton"))));
    }
    void cartonReadsMetadataAndReportsBrokenFiles()
    {
        QTemporaryDir dir;
        auto files = sampleFiles();
        files.insert(QStringLiteral("tensor_data/index.toml"), "[[tensor]\nname = broken");
        files.insert(QStringLiteral("LINKS"), "version = 2\n");
        const QString zip = dir.filePath(QStringLiteral("c.carton"));
        QVERIFY(writeCarton(zip, files, ZipMethod::Zstd));
        auto c = Carton::open(zip);
        QVERIFY(c);
        QVERIFY((*c)->info());
        QCOMPARE((*c)->info()->modelName, QStringLiteral("t"));
        QVERIFY((*c)->manifest());
        QCOMPARE((*c)->modelHash(), Sha256::hashHex((*c)->manifestBytes()));
        QVERIFY(!(*c)->tensorIndex());
        QVERIFY(!(*c)->links());
        QStringList locations;
        for (const Diagnostic &d : (*c)->loadDiagnostics())
            locations.append(d.location.toString());
        QCOMPARE(locations.size(), 2);
        QVERIFY2(locations[0].startsWith(u"tensor_data/index.toml"), qPrintable(locations.join(u',')));
        QVERIFY2(locations[1].startsWith(u"LINKS"), qPrintable(locations.join(u',')));
    }
    void upstreamFixture()
    {
        const QString path = testutil::sharedPath(u"/fixtures/upstream/test.carton");
        if (!QFile::exists(path))
            CARTON_MISSING_FIXTURE("upstream fixture not present");
        auto c = Carton::open(path);
        QVERIFY(c);
        QCOMPARE((*c)->modelHash(), QByteArray("f1cae5143a92a44e3a7e1d9c32a0245065dfb6e0f1e91c18b5e44356d081dfb5"));
        QVERIFY((*c)->loadDiagnostics().isEmpty());
        QCOMPARE((*c)->info()->inputs.size(), 7);
        QCOMPARE((*c)->tensorIndex()->entries().size(), 4);
        auto t = (*c)->loadTensor(QStringLiteral("_tensor_0"));
        QVERIFY(t);
        QCOMPARE(t->dtype(), DType::String);
        QCOMPARE(t->stringValues().size(), 3);
    }
};

QTEST_GUILESS_MAIN(TestCartonSource)
#include "tst_cartonsource.moc"
