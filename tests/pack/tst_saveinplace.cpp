// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// saveCarton() over the file its original was read from: a document keeps the
// carton it opened and saves in place again and again.
#include "pack/cartonsaver.h"
#include "package/cartonedits.h"
#include "package/zipsource.h"
#include "savetestutil.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace savetest;
using namespace Qt::StringLiterals;

class TestSaveInPlace : public QObject {
    Q_OBJECT

private slots:
    void saveInPlace();
    void saveInPlaceAgainFromTheSameOriginal();
    void randomEditsSavedInPlaceFromOneOriginal();
    void originalReplacedOnDiskReadsItsOwnFile();
};

void TestSaveInPlace::saveInPlace()
{
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("basic"));
    const std::optional<RawBytes> modelBefore = rawBytes(input, QStringLiteral("model/model.pt"));
    {
        auto opened = Carton::open(input);
        QVERIFY(opened.ok());
        CartonEdits edits(opened->get());
        CartonInfo info = *(*opened)->info();
        info.modelName = QStringLiteral("in place");
        edits.setInfo(info);
        auto saved = saveCarton(edits, input); // no overwrite flag needed for the original itself
        QVERIFY2(saved.ok(), qPrintable(saved ? QString() : errorText(saved.error())));
    }
    auto reopened = Carton::open(input);
    QVERIFY(reopened.ok());
    QCOMPARE((*reopened)->info()->modelName, std::optional<QString>(QStringLiteral("in place")));
    QCOMPARE(rawBytes(input, QStringLiteral("model/model.pt")), modelBefore);
    QVERIFY(verify(input).ok());
    QCOMPARE(topFiles(tmp.path()), QStringList{QStringLiteral("basic.carton")}); // no temporaries
}

// A document keeps the carton it opened (its undo steps refer to its entries)
// and saves in place again and again: each save copies the entries by the
// offsets of the file it read, although that path now holds the file the last
// save renamed over it (where carton.toml, grown, moved every entry after it).
void TestSaveInPlace::saveInPlaceAgainFromTheSameOriginal()
{
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("basic"));
    const std::optional<RawBytes> modelBefore = rawBytes(input, QStringLiteral("model/model.pt"));
    QVERIFY(modelBefore);
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    const CartonInfo original = *(*opened)->info();
    for (const QString &name : {u"a much longer model name than before, to move the entries"_qs, u"short"_qs,
                                original.modelName.value_or(QString())}) {
        CartonEdits edits(opened->get()); // the same original every time
        CartonInfo info = original;
        info.modelName = name;
        edits.setInfo(info);
        auto saved = saveCarton(edits, input);
        QVERIFY2(saved.ok(), qPrintable(saved ? QString() : errorText(saved.error())));
        const VerifyReport report = verify(input);
        QVERIFY2(report.ok(), qPrintable(name));
        QCOMPARE(rawBytes(input, QStringLiteral("model/model.pt")), modelBefore);
        auto reopened = Carton::open(input);
        QVERIFY(reopened.ok());
        QCOMPARE((*reopened)->info()->modelName.value_or(QString()), name);
    }
}

// What a document does over a session: each save starts from the same original
// (the undo steps' states all refer to its entries) with other edits - files
// added, removed, renamed, carton.toml longer or shorter - and saves in place.
// Every result holds exactly the expected bytes under every name.
void TestSaveInPlace::randomEditsSavedInPlaceFromOneOriginal()
{
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("basic"));
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    const Carton &original = **opened;
    QHash<QString, QByteArray> originalBytes;
    for (const QString &path : CartonEdits(&original).paths()) {
        if (path == u"MANIFEST")
            continue;
        auto bytes = original.source().read(path, 1 << 24);
        QVERIFY2(bytes.ok(), qPrintable(path));
        originalBytes.insert(path, *bytes);
    }
    QVERIFY(originalBytes.contains(QStringLiteral("model/model.pt")));
    QRandomGenerator random(20261128);
    for (int round = 0; round < 12; ++round) {
        CartonEdits edits(&original);
        QHash<QString, QByteArray> expected = originalBytes;
        CartonInfo info = *original.info();
        info.shortDescription = QString(int(random.bounded(2000)), QLatin1Char('d'));
        edits.setInfo(info);
        expected.remove(QStringLiteral("carton.toml"));
        if (random.bounded(2)) {
            QVERIFY(edits.rename(QStringLiteral("model/model.pt"), QStringLiteral("model/renamed.pt")).ok());
            expected.insert(QStringLiteral("model/renamed.pt"), expected.take(QStringLiteral("model/model.pt")));
        }
        if (random.bounded(2)) {
            QVERIFY(edits.remove(QStringLiteral("misc/readme.txt")).ok());
            expected.remove(QStringLiteral("misc/readme.txt"));
        }
        QByteArray added(int(random.bounded(70000)), Qt::Uninitialized);
        for (char &c : added)
            c = char(random.bounded(256));
        QVERIFY(edits.putBytes(QStringLiteral("misc/added.bin"), added).ok());
        expected.insert(QStringLiteral("misc/added.bin"), added);

        auto saved = saveCarton(edits, input);
        QVERIFY2(saved.ok(), qPrintable(saved ? QString() : errorText(saved.error())));
        QVERIFY2(verify(input).ok(), qPrintable(QString::number(round)));
        auto result = Carton::open(input);
        QVERIFY(result.ok());
        QCOMPARE((*result)->info()->shortDescription, info.shortDescription);
        for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
            if (it.key() == u"tensor_data/index.toml")
                continue; // rewritten by every save
            auto bytes = (*result)->source().read(it.key(), 1 << 24);
            QVERIFY2(bytes.ok(), qPrintable(it.key()));
            QVERIFY2(*bytes == it.value(), qPrintable(u"round %1: %2"_qs.arg(round).arg(it.key())));
        }
    }
}

// After a save in place the original, still open, no longer lends its entries
// by path (that path holds the new file now): reads go through the file it has
// open, and verifying it still finds every file whole.
void TestSaveInPlace::originalReplacedOnDiskReadsItsOwnFile()
{
    QTemporaryDir tmp;
    const QString input = packSample(tmp, QStringLiteral("basic"), ZipMethod::Stored);
    auto opened = Carton::open(input);
    QVERIFY(opened.ok());
    const CartonSource &source = (*opened)->source();
    QVERIFY(source.rawRegion(QStringLiteral("model/model.pt")).has_value()); // Stored, on disk
    // Asked once per open, not per file: verifying 100k entries must not stat 200k times.
    const auto &zip = dynamic_cast<const ZipSource &>(source);
    QVERIFY(verifyCarton(**opened).ok());
    QVERIFY(verifyCarton(**opened).ok());
    QCOMPARE(zip.pathChecks(), 1);
    CartonEdits edits(opened->get());
    CartonInfo info = *(*opened)->info();
    info.modelName = QStringLiteral("a much longer model name, so that every entry moves");
    edits.setInfo(info);
    QVERIFY(saveCarton(edits, input).ok());
    QVERIFY(!source.rawRegion(QStringLiteral("model/model.pt")).has_value()); // the save asked to check again
    QCOMPARE(zip.pathChecks(), 2);
    const VerifyReport report = verifyCarton(**opened);
    QVERIFY(report.ok());
    QVERIFY(verify(input).ok());
}

QTEST_GUILESS_MAIN(TestSaveInPlace)
#include "tst_saveinplace.moc"
