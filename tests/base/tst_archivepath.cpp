// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/archivepath.h"

#include <QTest>
#include <algorithm>

using namespace carton;

class TestArchivePath final : public QObject {
    Q_OBJECT
private slots:
    void check_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("safe");
        QTest::newRow("plain") << QStringLiteral("model/model.pt") << true;
        QTest::newRow("dotfile") << QStringLiteral("model/.carton/carton.lock") << true;
        QTest::newRow("unicode") << QStringLiteral("misc/తెలుగు 🐈.png") << true;
        QTest::newRow("dots in name") << QStringLiteral("a..b/c...d") << true;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("absolute") << QStringLiteral("/etc/passwd") << false;
        QTest::newRow("parent") << QStringLiteral("../evil") << false;
        QTest::newRow("inner parent") << QStringLiteral("model/../../evil") << false;
        QTest::newRow("dot component") << QStringLiteral("model/./x") << false;
        QTest::newRow("backslash") << QStringLiteral("model\\..\\x") << false;
        QTest::newRow("drive") << QStringLiteral("C:/Windows/x") << false;
        QTest::newRow("double slash") << QStringLiteral("model//x") << false;
        QTest::newRow("trailing slash") << QStringLiteral("model/") << false;
        QTest::newRow("control") << QStringLiteral("model/a\nb") << false;
        QTest::newRow("nul") << QString(QStringLiteral("model/a") + QChar(0) + QStringLiteral("b")) << false;
        QTest::newRow("too long") << QString(5000, u'a') << false;
        QTest::newRow("4096 bytes") << QString(4096, u'a') << true;
        QTest::newRow("4097 bytes") << QString(4097, u'a') << false;
        QTest::newRow("dot") << QStringLiteral(".") << false;
        QTest::newRow("dot dot at the end") << QStringLiteral("model/..") << false;
        QTest::newRow("dot prefix") << QStringLiteral(".a/b.") << true;
        QTest::newRow("colon, no letter") << QStringLiteral("1:/x") << true;
        QTest::newRow("drive, lowercase") << QStringLiteral("z:x") << false;
        QTest::newRow("DEL") << QStringLiteral("model/a\x7f") << false;
        QTest::newRow("space") << QStringLiteral("model/a b") << true;
    }
    void check()
    {
        QFETCH(QString, path);
        QFETCH(bool, safe);
        const auto r = checkArchivePath(path, QStringLiteral("x.carton"));
        QCOMPARE(r.ok(), safe);
        // The byte-level fast path (zip names, MANIFEST lines) never passes what the
        // full check refuses, and passes every safe ASCII name.
        const QByteArray utf8 = path.toUtf8();
        const bool ascii = std::all_of(utf8.cbegin(), utf8.cend(), [](char c) { return uchar(c) < 0x80; });
        QCOMPARE(isPlainSafeArchivePath(utf8), safe && ascii);
        if (!safe) {
            QCOMPARE(r.error().code, ErrorCode::Unsafe);
            QCOMPARE(r.error().location, QStringLiteral("x.carton"));
            QVERIFY(r.error().message.contains(u"unsafe path"));
        } else {
            QCOMPARE(*r, path);
        }
    }
    void resolve_data()
    {
        QTest::addColumn<QString>("link");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("expected"); // empty: must fail
        QTest::newRow("sibling") << QStringLiteral("model/a") << QStringLiteral("b") << QStringLiteral("model/b");
        QTest::newRow("up one") << QStringLiteral("model/x/a") << QStringLiteral("../b") << QStringLiteral("model/b");
        QTest::newRow("to root file") << QStringLiteral("model/a") << QStringLiteral("../carton.toml")
                                      << QStringLiteral("carton.toml");
        QTest::newRow("dot") << QStringLiteral("model/a") << QStringLiteral("./c/d") << QStringLiteral("model/c/d");
        QTest::newRow("escapes") << QStringLiteral("model/a") << QStringLiteral("../../etc/passwd") << QString();
        QTest::newRow("absolute") << QStringLiteral("model/a") << QStringLiteral("/etc/passwd") << QString();
        QTest::newRow("empty") << QStringLiteral("model/a") << QString() << QString();
        QTest::newRow("root itself") << QStringLiteral("model/a") << QStringLiteral("..") << QString();
    }
    void resolve()
    {
        QFETCH(QString, link);
        QFETCH(QString, target);
        QFETCH(QString, expected);
        const auto r = resolveLinkTarget(link, target, QStringLiteral("x.carton"));
        QCOMPARE(r.ok(), !expected.isEmpty());
        if (r)
            QCOMPARE(*r, expected);
        else
            QCOMPARE(r.error().code, ErrorCode::Unsafe);
    }
};

QTEST_GUILESS_MAIN(TestArchivePath)
#include "tst_archivepath.moc"
