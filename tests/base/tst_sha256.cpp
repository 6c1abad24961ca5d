// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/sha256.h"

#include <QCryptographicHash>
#include <QRandomGenerator>
#include <QTest>

using namespace carton;

class TestSha256 final : public QObject {
    Q_OBJECT
private slots:
    void knownVectors_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("hex");
        QTest::newRow("empty") << QByteArray()
                               << QByteArray("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        QTest::newRow("abc") << QByteArray("abc")
                             << QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
    void knownVectors()
    {
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, hex);
        QCOMPARE(Sha256::hashHex(input), hex);
    }
    void incrementalMatchesQt()
    {
        QByteArray data(3 * 1024 * 1024 + 17, Qt::Uninitialized);
        QRandomGenerator gen(42);
        for (char &c : data)
            c = char(gen.generate());
        Sha256 sha;
        for (qsizetype pos = 0; pos < data.size(); pos += 65537)
            sha.add(data.constData() + pos, std::min<qsizetype>(65537, data.size() - pos));
        QCOMPARE(sha.finishHex(), QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
        // finish() resets: the object can be reused.
        sha.add(QByteArrayView("abc"));
        QCOMPARE(sha.finishHex(), Sha256::hashHex("abc"));
    }
    void hexCheck_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("valid");
        QTest::newRow("ok") << Sha256::hashHex("x") << true;
        QTest::newRow("upper") << Sha256::hashHex("x").toUpper() << false;
        QTest::newRow("short") << Sha256::hashHex("x").left(63) << false;
        QTest::newRow("non-hex") << QByteArray(64, 'g') << false;
    }
    void hexCheck()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, valid);
        QCOMPARE(isSha256Hex(text), valid);
    }
};

QTEST_GUILESS_MAIN(TestSha256)
#include "tst_sha256.moc"
