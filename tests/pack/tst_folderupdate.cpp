// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// writeEditsToFolder: in-memory files written into an unpacked carton, MANIFEST
// kept right, what it refuses, and its speed against cp.
#include "base/sha256.h"
#include "format/manifest.h"
#include "pack/folderupdate.h"
#include "package/carton.h"
#include "package/cartonedits.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace carton;

class TestFolderUpdate final : public QObject {
    Q_OBJECT

private slots:
    void writesNewAndReplacedFiles();
    void manifestGetsTheNewLines();
    void refusesWhatItCannotWrite();
    void speedAgainstCp();

private:
    static QString makeFolder(const QTemporaryDir &dir, bool manifest);
};

QString TestFolderUpdate::makeFolder(const QTemporaryDir &dir, bool manifest)
{
    const QString root = dir.filePath(u"c"_s);
    const QByteArray toml = "spec_version = 1\nmodel_name = \"m\"\n[runner]\nrunner_name = \"noop\"\n"
                            "required_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n";
    if (!testutil::writeFile(root + u"/carton.toml"_s, toml) || !testutil::writeFile(root + u"/model/m.bin"_s, "m"))
        return {};
    if (manifest) {
        const Manifest m({{u"carton.toml"_s, Sha256::hashHex(toml)}, {u"model/m.bin"_s, Sha256::hashHex("m")}});
        if (!testutil::writeFile(root + u"/MANIFEST"_s, m.serialize()))
            return {};
    }
    return root;
}

void TestFolderUpdate::writesNewAndReplacedFiles()
{
    QTemporaryDir dir;
    const QString root = makeFolder(dir, false);
    QVERIFY(!root.isEmpty());
    auto carton = Carton::open(root);
    QVERIFY(carton);
    CartonEdits edits(carton->get());
    QVERIFY(edits.putBytes(u"tensor_data/tensor_0.bin"_s, "abcd"));
    QVERIFY(edits.putBytes(u"model/m.bin"_s, "replaced"));
    QVERIFY(edits.tensorIndex());
    QVERIFY(writeEditsToFolder(edits, root));
    QCOMPARE(testutil::readFile(root + u"/tensor_data/tensor_0.bin"_s), QByteArray("abcd"));
    QCOMPARE(testutil::readFile(root + u"/model/m.bin"_s), QByteArray("replaced"));
    QVERIFY(!QFile::exists(root + u"/MANIFEST"_s)); // none before, none after
}

void TestFolderUpdate::manifestGetsTheNewLines()
{
    QTemporaryDir dir;
    const QString root = makeFolder(dir, true);
    QVERIFY(!root.isEmpty());
    auto carton = Carton::open(root);
    QVERIFY(carton);
    CartonEdits edits(carton->get());
    QVERIFY(edits.putBytes(u"tensor_data/tensor_0.bin"_s, "abcd"));
    QVERIFY(edits.putBytes(u"model/m.bin"_s, "replaced"));
    QVERIFY(writeEditsToFolder(edits, root));
    const Result<Manifest> m = Manifest::parse(testutil::readFile(root + u"/MANIFEST"_s));
    QVERIFY(m);
    QCOMPARE(m->entries().size(), 3);
    QCOMPARE(m->find(u"tensor_data/tensor_0.bin"_s)->sha256, Sha256::hashHex("abcd"));
    QCOMPARE(m->find(u"model/m.bin"_s)->sha256, Sha256::hashHex("replaced"));
    QCOMPARE(m->find(u"carton.toml"_s)->sha256, Sha256::hashHex(testutil::readFile(root + u"/carton.toml"_s)));
}

void TestFolderUpdate::refusesWhatItCannotWrite()
{
    QTemporaryDir dir;
    const QString root = makeFolder(dir, false);
    QVERIFY(!root.isEmpty());
    auto carton = Carton::open(root);
    QVERIFY(carton);
    {
        CartonEdits edits(carton->get());
        QVERIFY(edits.putBytes(u"tensor_data/tensor_0.bin"_s, "abcd"));
        QVERIFY(edits.remove(u"model/m.bin"_s));
        const Status s = writeEditsToFolder(edits, root);
        QVERIFY(!s);
        QCOMPARE(s.error().code, ErrorCode::Unsupported);
        QVERIFY2(s.error().message.contains(u"model/m.bin"_s), qPrintable(s.error().message));
        QVERIFY(!QFile::exists(root + u"/tensor_data/tensor_0.bin"_s)); // nothing touched
    }
    {
        CartonEdits edits(carton->get());
        QVERIFY(edits.rename(u"model/m.bin"_s, u"model/n.bin"_s));
        QCOMPARE(writeEditsToFolder(edits, root).error().code, ErrorCode::Unsupported);
    }
    const QString notCarton = dir.filePath(u"empty"_s);
    QVERIFY(QDir().mkpath(notCarton));
    QCOMPARE(writeEditsToFolder(CartonEdits(carton->get()), notCarton).error().code, ErrorCode::Io);
}

// What `carton record` costs for a 100 MiB output beyond running the model:
// against cp of the same bytes (the bound is 1.2x; printed, not
// asserted: the figure depends on the machine's load).
void TestFolderUpdate::speedAgainstCp()
{
    QTemporaryDir dir;
    const QString root = makeFolder(dir, false);
    QVERIFY(!root.isEmpty());
    QByteArray bytes(100 * 1024 * 1024, Qt::Uninitialized);
    for (qsizetype i = 0; i < bytes.size(); ++i)
        bytes[i] = char(i * 7);
    QVERIFY(testutil::writeFile(dir.filePath(u"source.bin"_s), bytes));
    auto carton = Carton::open(root);
    QVERIFY(carton);
    double bestWrite = 1e9, bestCp = 1e9;
    for (int round = 0; round < 3; ++round) {
        QFile::remove(root + u"/tensor_data/tensor_0.bin"_s);
        QFile::remove(dir.filePath(u"copy.bin"_s));
        CartonEdits edits(carton->get());
        QVERIFY(edits.putBytes(u"tensor_data/tensor_0.bin"_s, bytes));
        QElapsedTimer t;
        t.start();
        QVERIFY(writeEditsToFolder(edits, root));
        bestWrite = std::min(bestWrite, t.nsecsElapsed() / 1e6);
        t.restart();
        QCOMPARE(QProcess::execute(u"cp"_s, {dir.filePath(u"source.bin"_s), dir.filePath(u"copy.bin"_s)}), 0);
        bestCp = std::min(bestCp, t.nsecsElapsed() / 1e6);
    }
    qInfo("100 MiB: writeEditsToFolder %.1f ms, cp %.1f ms (%.2fx)", bestWrite, bestCp, bestWrite / bestCp);
    QCOMPARE(testutil::readFile(root + u"/tensor_data/tensor_0.bin"_s).size(), bytes.size());
}

QTEST_GUILESS_MAIN(TestFolderUpdate)
#include "tst_folderupdate.moc"
