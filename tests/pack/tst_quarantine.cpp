// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// A carton with one hostile entry: refused whole by default; with
// Limits::quarantineUnsafeEntries (the app) opened read-only with the entry left
// out and reported, while extraction and saving stay refused.
#include "pack/cartonsaver.h"
#include "pack/unpacker.h"
#include "package/carton.h"
#include "package/cartonedits.h"
#include "packtestutil.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace packtest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(QList<packtest::RawEntry>)

class tst_Quarantine : public QObject {
    Q_OBJECT
private slots:
    void hostileEntryOpensReadOnly_data();
    void hostileEntryOpensReadOnly();
};

void tst_Quarantine::hostileEntryOpensReadOnly_data()
{
    QTest::addColumn<QList<RawEntry>>("entries");
    QTest::addColumn<QString>("badName");
    QTest::addColumn<QString>("why");
    auto link = [](QByteArray from, QByteArray to) {
        RawEntry e{std::move(from), std::move(to)};
        e.mode = 0120777;
        return e;
    };
    const RawEntry toml{"carton.toml", minimalToml()};
    const RawEntry ok{"model/ok.bin", "fine"};
    QTest::newRow("dotdot") << QList<RawEntry>{toml, ok, {"../evil.txt", "evil"}} << u"../evil.txt"_s << u"\"..\""_s;
    QTest::newRow("absolute") << QList<RawEntry>{toml, ok, {"/etc/evil", "evil"}} << u"/etc/evil"_s << u"absolute"_s;
    QTest::newRow("bom") << QList<RawEntry>{toml, ok, {"\xEF\xBB\xBFmodel/ok.bin", "evil"}}
                         << QString(QChar(0xFEFF)) + u"model/ok.bin"_s << u"byte order mark"_s;
    QTest::newRow("symlink escaping") << QList<RawEntry>{toml, ok, link("model/link", "../../outside")}
                                      << u"model/link"_s << u"model/link"_s;
    QTest::newRow("symlink loop") << QList<RawEntry>{toml, ok, link("model/a", "b"), link("model/b", "a")}
                                  << u"model/a"_s << u"loops"_s;
}

void tst_Quarantine::hostileEntryOpensReadOnly()
{
    QFETCH(QList<RawEntry>, entries);
    QFETCH(QString, badName);
    QFETCH(QString, why);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString zip = tmp.filePath(u"hostile.carton"_s);
    QVERIFY(writeFile(zip, buildZip(entries)));

    // By default the whole carton is refused.
    const auto refused = Carton::open(zip);
    QVERIFY(!refused);
    QCOMPARE(refused.error().code, ErrorCode::Unsafe);

    Limits limits;
    limits.quarantineUnsafeEntries = true;
    auto opened = Carton::open(zip, limits);
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().toString()));
    const Carton &c = **opened;
    QVERIFY(c.isReadOnly());
    QVERIFY(c.info().has_value()); // the rest is readable
    QVERIFY(c.source().find(u"model/ok.bin"_s));
    QCOMPARE(c.source().read(u"model/ok.bin"_s, 100).value(), QByteArray("fine"));
    QVERIFY(!c.source().find(badName));
    QVERIFY(!c.source().quarantined().isEmpty());
    QCOMPARE(c.source().quarantined().first().path, badName);
    QVERIFY2(c.source().quarantined().first().reason.contains(why),
             qPrintable(c.source().quarantined().first().reason));
    bool reported = false;
    for (const Diagnostic &d : c.loadDiagnostics())
        reported |=
            d.severity == Severity::Error && d.location.toString() == badName && d.message.contains(u"read-only"_s);
    QVERIFY(reported);

    // Extraction and saving are refused, and write nothing.
    const QString out = tmp.filePath(u"out"_s);
    const auto unpacked = unpackCarton(c, out, {});
    QVERIFY(!unpacked);
    QCOMPARE(unpacked.error().code, ErrorCode::Unsafe);
    QVERIFY2(unpacked.error().message.contains(u"cannot be extracted"_s), qPrintable(unpacked.error().message));
    QVERIFY(!QFileInfo::exists(out));
    const CartonEdits edits(&c);
    const QString saved = tmp.filePath(u"saved.carton"_s);
    const auto save = saveCarton(edits, saved);
    QVERIFY(!save);
    QCOMPARE(save.error().code, ErrorCode::Unsafe);
    QVERIFY(!QFileInfo::exists(saved));
}

QTEST_GUILESS_MAIN(tst_Quarantine)
#include "tst_quarantine.moc"
