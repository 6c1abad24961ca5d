// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// TarMembers: tar archives written here byte by byte (ustar, pax and GNU long
// names, pax sizes, folders and links), listed as Python's tarfile lists them,
// and the ways a listing ends (end blocks, a bad header, a cap).
#include "scan/tarmembers.h"
#include "scantestutil.h"

#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;
using namespace scantest;

namespace {
Result<QList<TarMember>> list(const QByteArray &tar, int maxMembers = 100'000)
{
    return TarMembers::list(MemorySource(tar, u"t.tar"_s), maxMembers);
}
QStringList names(const QList<TarMember> &members)
{
    QStringList out;
    for (const TarMember &m : members)
        out << m.name;
    return out;
}
} // namespace

class TestTarMembers : public QObject {
    Q_OBJECT
private slots:
    void legacyTorchTarFile();
    void extendedHeaders();
    void isTarHeader_data();
    void isTarHeader();
    void endsLikeTarfile();
    void caps();
};

void TestTarMembers::legacyTorchTarFile()
{
    const QByteArray tar = legacyTorchTar(protocol0Reduce("os", "system", "id"));
    QVERIFY(TarMembers::isTarHeader(tar));
    const Result<QList<TarMember>> members = list(tar);
    QVERIFY2(members, qPrintable(members ? QString() : members.error().toString()));
    QCOMPARE(names(*members), (QStringList{u"sys_info"_s, u"pickle"_s, u"storages"_s, u"tensors"_s}));
    const TarMember &pickle = members->at(1);
    QCOMPARE(pickle.offset, 512 * 3); // sys_info's header and block, then pickle's header
    QCOMPARE(pickle.size, protocol0Reduce("os", "system", "id").size());
    QCOMPARE(tar.mid(pickle.offset, pickle.size), protocol0Reduce("os", "system", "id"));
    QVERIFY(!pickle.sparse);
}

void TestTarMembers::extendedHeaders()
{
    const QByteArray longName = "deep/" + QByteArray(150, 'x') + "/state.pkl";
    const QByteArray data = "payload";
    QByteArray prefixed = tarEntry("inner.pkl", data);
    prefixed.replace(345, 5, "outer"); // the ustar prefix field
    fixTarChecksum(prefixed);
    const QByteArray tar = tarEntry("././@LongLink", longName + '\0', 'L') + tarEntry("truncated", data) +
                           tarEntry("pax", paxRecord("path", "from/pax.pkl") + paxRecord("size", "3"), 'x') +
                           tarEntry("header-name", data) + // pax size 3: the data is "pay", then the walk
                           tarEntry("folder", {}, '5') + tarEntry("link", {}, '1') + prefixed + QByteArray(1024, '\0');
    // The pax member's header says 7 bytes and pax 3: tarfile walks 3 (one block either way here).
    const Result<QList<TarMember>> members = list(tar);
    QVERIFY2(members, qPrintable(members ? QString() : members.error().toString()));
    QCOMPARE(names(*members), (QStringList{QString::fromLatin1(longName), u"from/pax.pkl"_s, u"outer/inner.pkl"_s}));
    QCOMPARE(members->at(1).size, 3);
    QCOMPARE(tar.mid(members->at(1).offset, 3), QByteArray("pay"));
}

void TestTarMembers::isTarHeader_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<bool>("tar");
    const QByteArray good = tarEntry("pickle", "x");
    QTest::newRow("ustar") << good << true;
    QByteArray v7 = good;
    v7.replace(257, 8, QByteArray(8, '\0')); // no magic: a v7 header
    fixTarChecksum(v7);
    QTest::newRow("v7 (no magic)") << v7 << true;
    QByteArray bad = good;
    bad[0] = 'q';
    QTest::newRow("bad checksum") << bad << false;
    QTest::newRow("zeros") << QByteArray(512, '\0') << false;
    QTest::newRow("short") << good.left(511) << false;
    QTest::newRow("a pickle") << protocol0Reduce("os", "system", "id").leftJustified(512, '\0') << false;
}

void TestTarMembers::isTarHeader()
{
    QFETCH(QByteArray, head);
    QFETCH(bool, tar);
    QCOMPARE(TarMembers::isTarHeader(head), tar);
}

void TestTarMembers::endsLikeTarfile()
{
    // tarfile ends the listing at an end block or a header that is not one.
    const QByteArray one = tarEntry("a.pkl", "1");
    QCOMPARE(names(*list(one + QByteArray(512, '\0') + tarEntry("hidden.pkl", "2"))), QStringList{u"a.pkl"_s});
    QCOMPARE(names(*list(one + QByteArray(512, 'g') + tarEntry("hidden.pkl", "2"))), QStringList{u"a.pkl"_s});
    QCOMPARE(names(*list(one + tarEntry("b.pkl", "2").left(300))), QStringList{u"a.pkl"_s});
    // A member cut by the end of the file: what is there.
    const QList<TarMember> cut = *list(tarEntry("big.pkl", QByteArray(2000, 'x')).left(512 + 100));
    QCOMPARE(cut.size(), 1);
    QCOMPARE(cut.front().size, 100);
}

void TestTarMembers::caps()
{
    QByteArray many;
    for (int i = 0; i < 20; ++i)
        many += tarEntry("f" + QByteArray::number(i), "x");
    const Result<QList<TarMember>> capped = list(many, 10);
    QVERIFY(!capped);
    QCOMPARE(capped.error().code, ErrorCode::Limit);
    QVERIFY(capped.error().message.contains(u"more than 10 tar headers"_s));
    QCOMPARE(list(many)->size(), 20);
    // A GNU long name of more than 1 MiB is refused, not read.
    QByteArray huge = tarEntry("././@LongLink", "x", 'L');
    huge.replace(124, 11, QByteArray::number(2 << 20, 8).rightJustified(11, '0'));
    fixTarChecksum(huge);
    const Result<QList<TarMember>> refused = list(huge + QByteArray(3 << 20, 'n'));
    QVERIFY(!refused);
    QCOMPARE(refused.error().code, ErrorCode::Limit);
}

QTEST_GUILESS_MAIN(TestTarMembers)
#include "tst_tarmembers.moc"
