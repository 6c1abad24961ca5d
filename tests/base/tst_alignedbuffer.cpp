// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/alignedbuffer.h"

#include <QTest>
#include <cstdint>
#include <cstring>

using carton::AlignedBuffer;

class TestAlignedBuffer : public QObject {
    Q_OBJECT
private slots:
    void emptyHasNoData();
    void pageAlignedAtEverySize_data();
    void pageAlignedAtEverySize();
    void shrinkKeepsTheBlockGrowReplacesIt();
};

void TestAlignedBuffer::emptyHasNoData()
{
    AlignedBuffer b;
    QCOMPARE(b.size(), 0);
    QVERIFY(!b.data());
    b.resize(-5);
    QCOMPARE(b.size(), 0);
}

void TestAlignedBuffer::pageAlignedAtEverySize_data()
{
    QTest::addColumn<qint64>("size");
    for (qint64 size : {qint64(1), qint64(15), qint64(4095), qint64(4096), qint64(4097), qint64(65536),
                        qint64(256) << 10, (qint64(1) << 20) + 3})
        QTest::addRow("%lld", size) << size;
}

void TestAlignedBuffer::pageAlignedAtEverySize()
{
    QFETCH(qint64, size);
    AlignedBuffer b(size);
    QCOMPARE(b.size(), size);
    QVERIFY(b.data());
    QCOMPARE(reinterpret_cast<std::uintptr_t>(b.data()) % 4096, std::uintptr_t(0));
    // Every byte is writable (ASan checks the bounds in the asan tree).
    std::memset(b.data(), 0x5a, std::size_t(size));
    QCOMPARE(b.constData()[size - 1], char(0x5a));
}

void TestAlignedBuffer::shrinkKeepsTheBlockGrowReplacesIt()
{
    AlignedBuffer b(10000);
    char *first = b.data();
    b.resize(100);
    QCOMPARE(b.size(), 100);
    QCOMPARE(static_cast<const void *>(b.data()), static_cast<const void *>(first)); // no reallocation to shrink
    b.resize(12288); // within the rounded-up capacity (3 pages)
    QCOMPARE(static_cast<const void *>(b.data()), static_cast<const void *>(first));
    b.resize(12289);
    QCOMPARE(b.size(), 12289);
    QCOMPARE(reinterpret_cast<std::uintptr_t>(b.data()) % 4096, std::uintptr_t(0));
    std::memset(b.data(), 1, 12289);
}

QTEST_GUILESS_MAIN(TestAlignedBuffer)
#include "tst_alignedbuffer.moc"
