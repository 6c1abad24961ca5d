// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/sha256.h"
#include "fixturepolicy.h"
#include "format/manifest.h"
#include "testpaths.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

const QByteArray kHashA = "712f4a7aa03b1ba5ac4e6c3ee90ec2ece4cc2f78470d7ef40dda9e96e356ad4a";
const QByteArray kHashB = "e550f6224a5133f597d823ab4590f369e0b20e3c6446488225fc6f7a372b9fe2";

QByteArray fixture(const QString &name, bool *found)
{
    QFile f(testutil::sharedPath(u"/fixtures/upstream/") + name);
    *found = f.open(QIODevice::ReadOnly);
    return *found ? f.readAll() : QByteArray();
}

} // namespace

class TestManifest : public QObject {
    Q_OBJECT
private slots:
    void parseValid_data();
    void parseValid();
    void parseErrors_data();
    void parseErrors();
    void pathOrder_data();
    void pathOrder();
    void constructorSortsAndSerializes();
    void modelHashOfEmpty();
    void upstreamManifest();
};

void TestManifest::parseValid_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("paths");
    QTest::newRow("empty") << QByteArray() << QStringList();
    QTest::newRow("spec example") << QByteArray("carton.toml=" + kHashA + "\nmodel/model.pt=" + kHashB + "\n")
                                  << QStringList{u"carton.toml"_s, u"model/model.pt"_s};
    QTest::newRow("dotfolder before main")
        << QByteArray("model/.carton/x=" + kHashA + "\nmodel/main.py=" + kHashB + "\n")
        << QStringList{u"model/.carton/x"_s, u"model/main.py"_s};
    QTest::newRow("uppercase before lowercase")
        << QByteArray("model/B=" + kHashA + "\nmodel/a=" + kHashB + "\n") << QStringList{u"model/B"_s, u"model/a"_s};
    QTest::newRow("equals in path") << QByteArray("misc/a=b=" + kHashA + "\n") << QStringList{u"misc/a=b"_s};
    QTest::newRow("utf8 paths") << QByteArray("misc/\xc3\xa9=" + kHashA + "\nmisc/\xef\xbf\xbd=" + kHashA +
                                              "\nmisc/\xf0\x9f\xa5\xb3=" + kHashB + "\n")
                                << QStringList{u"misc/é"_s, u"misc/\uFFFD"_s, u"misc/🥳"_s};
}

void TestManifest::parseValid()
{
    QFETCH(QByteArray, text);
    QFETCH(QStringList, paths);
    const Result<Manifest> m = Manifest::parse(text);
    QVERIFY2(m.ok(), m.ok() ? "" : qPrintable(m.error().toString()));
    QCOMPARE(m->entries().size(), paths.size());
    for (qsizetype i = 0; i < paths.size(); ++i) {
        QCOMPARE(m->entries().at(i).path, paths.at(i));
        QVERIFY(m->find(paths.at(i)) == &m->entries().at(i));
    }
    QVERIFY(!m->find(u"nope"_s));
    QCOMPARE(m->serialize(), text);
    QCOMPARE(m->modelHash(), Sha256::hashHex(text));
}

void TestManifest::parseErrors_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("messageContains");
    const QByteArray a = "carton.toml=" + kHashA + "\n";
    QTest::newRow("no final newline") << QByteArray(a + "model/m=" + kHashB) << u"MANIFEST:2"_s
                                      << u"expected '\\n' at the end"_s;
    QTest::newRow("crlf") << QByteArray("carton.toml=" + kHashA + "\r\n") << u"MANIFEST:1"_s
                          << u"CR before the line end"_s;
    QTest::newRow("blank line") << QByteArray(a + "\n") << u"MANIFEST:2"_s << u"empty line"_s;
    QTest::newRow("no equals") << QByteArray(a + "model/m " + kHashB + "\n") << u"MANIFEST:2"_s << u"no '='"_s;
    QTest::newRow("uppercase hex") << QByteArray("carton.toml=" + kHashA.toUpper() + "\n") << u"MANIFEST:1"_s
                                   << u"found uppercase hex"_s;
    QTest::newRow("short hash") << QByteArray("carton.toml=" + kHashA.left(63) + "\n") << u"MANIFEST:1"_s
                                << u"found 63 characters"_s;
    QTest::newRow("space after =") << QByteArray("carton.toml= " + kHashA + "\n") << u"MANIFEST:1"_s
                                   << u"found spaces"_s;
    QTest::newRow("space before =") << QByteArray("carton.toml =" + kHashA + "\n") << u"MANIFEST:1"_s
                                    << u"spaces around path"_s;
    QTest::newRow("unsorted") << QByteArray("model/m=" + kHashB + "\n" + a) << u"MANIFEST:2"_s << u"out of order"_s;
    QTest::newRow("duplicate") << QByteArray(a + a) << u"MANIFEST:2"_s << u"duplicate entry \"carton.toml\""_s;
    QTest::newRow("lists MANIFEST") << QByteArray("MANIFEST=" + kHashA + "\n") << u"MANIFEST:1"_s
                                    << u"must not list itself"_s;
    QTest::newRow("lists LINKS") << QByteArray("LINKS=" + kHashA + "\n") << u"MANIFEST:1"_s
                                 << u"must not list itself or LINKS"_s;
    QTest::newRow("dotdot") << QByteArray(a + "model/../../etc/passwd=" + kHashB + "\n") << u"MANIFEST:2"_s
                            << u"unsafe path"_s;
    QTest::newRow("absolute") << QByteArray("/etc/passwd=" + kHashB + "\n") << u"MANIFEST:1"_s << u"absolute path"_s;
    QTest::newRow("dot slash") << QByteArray("./carton.toml=" + kHashB + "\n") << u"MANIFEST:1"_s
                               << u"\".\" or \"..\""_s;
    QTest::newRow("backslash") << QByteArray("model\\m=" + kHashB + "\n") << u"MANIFEST:1"_s << u"backslash"_s;
    QTest::newRow("folder entry") << QByteArray("model/=" + kHashB + "\n") << u"MANIFEST:1"_s
                                  << u"empty path component"_s;
    QTest::newRow("empty path") << QByteArray("=" + kHashB + "\n") << u"MANIFEST:1"_s << u"empty path"_s;
    QTest::newRow("bad utf8") << QByteArray("misc/\xff\xfe=" + kHashB + "\n") << u"MANIFEST:1"_s
                              << u"not valid UTF-8"_s;
    QTest::newRow("control char") << QByteArray("misc/a\tb=" + kHashB + "\n") << u"MANIFEST:1"_s
                                  << u"control character"_s;
    QTest::newRow("surrogate order") << QByteArray("misc/\xf0\x9f\xa5\xb3=" + kHashA + "\nmisc/\xef\xbf\xbd=" + kHashB +
                                                   "\n")
                                     << u"MANIFEST:2"_s << u"out of order"_s;
    QTest::newRow("leading BOM") << QByteArray("\xef\xbb\xbf" + a) << u"MANIFEST:1"_s
                                 << u"\"\ufeffcarton.toml\" begins with U+FEFF"_s;
    QTest::newRow("BOM path on line 2") << QByteArray(a + "\xef\xbb\xbfmodel/m=" + kHashB + "\n") << u"MANIFEST:2"_s
                                        << u"begins with U+FEFF"_s;
    QTest::newRow("third line") << QByteArray(a + "model/a=" + kHashB + "\nmodel/b=" + kHashB + "x\n")
                                << u"MANIFEST:3"_s << u"expected 64 lowercase hex digits"_s;
}

void TestManifest::parseErrors()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, location);
    QFETCH(QString, messageContains);
    const Result<Manifest> m = Manifest::parse(text);
    QVERIFY(!m.ok());
    QCOMPARE(m.error().location, location);
    QVERIFY2(m.error().message.contains(messageContains), qPrintable(m.error().toString()));
}

void TestManifest::pathOrder_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::newRow("prefix") << u"model"_s << u"model/a"_s;
    QTest::newRow("dot before letter") << u"model/.carton/x"_s << u"model/main.py"_s;
    QTest::newRow("slash before letter") << u"a/b"_s << u"a_b"_s;
    QTest::newRow("upper before lower") << u"Z"_s << u"a"_s;
    QTest::newRow("ascii before latin1") << u"z"_s << u"é"_s;
    QTest::newRow("bmp before private use") << u"\u4e00"_s << u"\ue000"_s;
    // UTF-16 order would put the surrogate pair (U+1F973) first; UTF-8 order does not.
    QTest::newRow("U+FFFD before emoji") << u"\uFFFD"_s << u"🥳"_s;
    QTest::newRow("U+E000 before U+10000") << u"\ue000"_s << u"\U00010000"_s;
    QTest::newRow("emoji order") << u"😀"_s << u"🥳"_s;
}

void TestManifest::pathOrder()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QVERIFY(Manifest::pathLess(a, b));
    QVERIFY(!Manifest::pathLess(b, a));
    QVERIFY(!Manifest::pathLess(a, a));
    QCOMPARE(Manifest::pathLess(a, b), a.toUtf8() < b.toUtf8());
}

void TestManifest::constructorSortsAndSerializes()
{
    const Manifest m({{u"tensor_data/index.toml"_s, kHashA},
                      {u"misc/🥳"_s, kHashB},
                      {u"carton.toml"_s, kHashB},
                      {u"misc/\uFFFD"_s, kHashA},
                      {u"model/main.py"_s, kHashA}});
    QStringList paths;
    for (const ManifestEntry &e : m.entries())
        paths.append(e.path);
    QCOMPARE(paths, (QStringList{u"carton.toml"_s, u"misc/\uFFFD"_s, u"misc/🥳"_s, u"model/main.py"_s,
                                 u"tensor_data/index.toml"_s}));
    const QByteArray text = m.serialize();
    QVERIFY(text.endsWith('\n'));
    QCOMPARE(text.count('\n'), 5);
    const Result<Manifest> again = Manifest::parse(text);
    QVERIFY2(again.ok(), again.ok() ? "" : qPrintable(again.error().toString()));
    QCOMPARE(again->entries(), m.entries());
    QCOMPARE(again->modelHash(), m.modelHash());
    QVERIFY(m.find(u"misc/🥳"_s));
    QCOMPARE(m.find(u"misc/🥳"_s)->sha256, kHashB);
}

void TestManifest::modelHashOfEmpty()
{
    QCOMPARE(Manifest().modelHash(), QByteArray("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
}

void TestManifest::upstreamManifest()
{
    bool found = false;
    fixture(u"test.carton"_s, &found);
    if (!found)
        CARTON_MISSING_FIXTURE("fixtures/upstream/test.carton not available");
    const QString bsdtar = QStandardPaths::findExecutable(u"bsdtar"_s);
    if (bsdtar.isEmpty())
        CARTON_MISSING_TOOL("bsdtar");
    QProcess p;
    p.start(bsdtar, {u"-xOf"_s, testutil::sharedPath(u"/fixtures/upstream/test.carton"), u"MANIFEST"_s});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const QByteArray text = p.readAllStandardOutput();
    const Result<Manifest> m = Manifest::parse(text);
    QVERIFY2(m.ok(), m.ok() ? "" : qPrintable(m.error().toString()));
    QCOMPARE(m->entries().size(), 11);
    QCOMPARE(m->entries().first().path, u"carton.toml"_s);
    QVERIFY(m->find(u"model/.carton/carton.lock"_s));
    QCOMPARE(m->find(u"model/main.py"_s)->sha256,
             QByteArray("f1bcb790dc3c858254f5af2eafc496bc4dcc5d42b83fb0b80772f96434bc9461"));
    QCOMPARE(m->serialize(), text);
    QCOMPARE(m->modelHash(), QByteArray("f1cae5143a92a44e3a7e1d9c32a0245065dfb6e0f1e91c18b5e44356d081dfb5"));
}

QTEST_GUILESS_MAIN(TestManifest)
#include "tst_manifest.moc"
