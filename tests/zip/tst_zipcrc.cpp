// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// zipCrc32 (carry-less multiplication where the CPU has it) against zlib's crc32_z:
// every length around the 16- and 64-byte steps, every alignment, pieces chained.

#include "zip/zipcrc.h"

#include <QByteArray>
#include <QTest>
#include <zlib.h>

using namespace carton;

namespace {
QByteArray noise(qsizetype size, quint32 seed)
{
    QByteArray out(size, Qt::Uninitialized);
    for (qsizetype i = 0; i < size; ++i) {
        seed = seed * 1664525u + 1013904223u;
        out[i] = char(seed >> 24);
    }
    return out;
}
quint32 zlibCrc(quint32 crc, const char *data, std::size_t size)
{
    return quint32(crc32_z(crc, reinterpret_cast<const Bytef *>(data), size));
}
} // namespace

class TestZipCrc final : public QObject {
    Q_OBJECT

private slots:
    void knownValue()
    {
        QCOMPARE(zipCrc32(0, "123456789", 9), 0xCBF43926u); // the check value of CRC-32/ISO-HDLC
        const QByteArray zeros(1 << 20, '\0');
        QCOMPARE(zipCrc32(0, zeros.constData(), std::size_t(zeros.size())),
                 zlibCrc(0, zeros.constData(), std::size_t(zeros.size())));
    }

    void everyLengthAndAlignment()
    {
        const QByteArray data = noise(4096 + 64, 3);
        for (std::size_t align = 0; align < 16; ++align)
            for (std::size_t size = 0; size <= 600; ++size) {
                const char *p = data.constData() + align;
                QCOMPARE(zipCrc32(0x12345678u, p, size), zlibCrc(0x12345678u, p, size));
            }
    }

    void chainedPieces()
    {
        const QByteArray data = noise((8 << 20) + 13, 9);
        const quint32 whole = zlibCrc(0, data.constData(), std::size_t(data.size()));
        QCOMPARE(zipCrc32(0, data.constData(), std::size_t(data.size())), whole);
        for (const std::size_t piece : {std::size_t(63), std::size_t(64), std::size_t(1000), std::size_t(65537)}) {
            quint32 crc = zipCrc32(0, nullptr, 0);
            for (std::size_t at = 0; at < std::size_t(data.size()); at += piece)
                crc = zipCrc32(crc, data.constData() + at, std::min(piece, std::size_t(data.size()) - at));
            QCOMPARE(crc, whole);
        }
    }
};

QTEST_GUILESS_MAIN(TestZipCrc)
#include "tst_zipcrc.moc"
